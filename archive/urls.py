from django.contrib.sitemaps import views as sitemap_views
from django.urls import path

from archive import simulation_views, views
from archive.sitemaps import SITEMAPS

app_name = "archive"

urlpatterns = [
    path("", views.home, name="home"),
    path("games/", views.game_list, name="game-list"),
    # Simulated play as jobs (games/jobs.py): asked for from a ruleset's page, a page per run.
    path("simulations/new/", simulation_views.simulation_new, name="simulation-new"),
    path("simulations/compare/", simulation_views.simulation_compare, name="simulation-compare"),
    path("simulations/<str:job_id>/", simulation_views.simulation_job, name="simulation-job"),
    path("games/<slug:slug>/", views.game_detail, name="game"),
    path("evidence/", views.evidence_list, name="evidence-list"),
    path("evidence/<str:identifier>/", views.evidence_detail, name="evidence"),
    path("sources/", views.source_list, name="source-list"),
    path("sources/export.<slug:ext>", views.sources_export, name="sources-export"),
    path("sources/<str:ref>/", views.source_detail, name="source"),
    path("play/<slug:slug>/", views.game_play_page, name="play-game"),
    path(
        "sitemap.xml", sitemap_views.index,
        {"sitemaps": SITEMAPS, "sitemap_url_name": "archive:sitemap-section"}, name="sitemap",
    ),
    path("sitemap-<section>.xml", sitemap_views.sitemap, {"sitemaps": SITEMAPS}, name="sitemap-section"),
]
