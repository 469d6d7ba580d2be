from django.urls import include, path
from rest_framework.routers import DefaultRouter

from archive.api import points, simulations, views

app_name = "api"

class Router(DefaultRouter):
    # No format suffixes: evidence identifiers contain dots (DLP.Evidence.1188); use ?format=.
    include_format_suffixes = False


router = Router()
router.register("evidence", views.EvidenceViewSet, basename="evidence")
router.register("games", views.GameViewSet, basename="game")
router.register("rulesets", views.RulesetViewSet, basename="ruleset")
router.register("sources", views.SourceViewSet, basename="source")

urlpatterns = [
    path("export/evidence.csv", views.EvidenceCSVExport.as_view(), name="export-csv"),
    path("export/evidence.geojson", views.EvidenceGeoJSONExport.as_view(), name="export-geojson"),
    path("export/evidence.jsonl", views.EvidenceJSONLExport.as_view(), name="export-jsonl"),
    # Before the router, whose evidence/<id>/ would take "points" for an identifier.
    path("evidence/points/", points.EvidencePointsView.as_view(), name="evidence-points"),
    path("evidence/periods/", points.EvidencePeriodsView.as_view(), name="evidence-periods"),
    path("rulesets/<int:id>/simulations/", simulations.RulesetSimulationsView.as_view(), name="ruleset-simulations"),
    path("", include(router.urls)),
]
