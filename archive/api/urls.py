from django.urls import include, path
from rest_framework.routers import DefaultRouter

from archive.api import points, simulation_jobs, simulations, views

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
    path("export/evidence.jsonld", views.EvidenceJSONLDExport.as_view(), name="export-jsonld"),
    path("export/evidence.bib", views.EvidenceBibTeXExport.as_view(), name="export-bibtex"),
    path("export/evidence.csl.json", views.EvidenceCSLExport.as_view(), name="export-csl"),
    path("export/evidence.ris", views.EvidenceRISExport.as_view(), name="export-ris"),
    # Before the router, whose evidence/<id>/ would take "points" for an identifier.
    path("evidence/points/", points.EvidencePointsView.as_view(), name="evidence-points"),
    path("evidence/periods/", points.EvidencePeriodsView.as_view(), name="evidence-periods"),
    path("rulesets/<int:id>/simulations/", simulations.RulesetSimulationsView.as_view(), name="ruleset-simulations"),
    path("simulations/", simulation_jobs.JobsView.as_view(), name="simulations"),
    path("simulations/<str:job_id>/", simulation_jobs.JobDetailView.as_view(), name="simulation"),
    path("simulations/<str:job_id>/cancel/", simulation_jobs.JobCancelView.as_view(), name="simulation-cancel"),
    path("", include(router.urls)),
]
