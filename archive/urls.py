from django.urls import path

from archive import views

app_name = "archive"

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:slug>/", views.game_detail, name="game"),
    path("evidence/", views.evidence_list, name="evidence-list"),
    path("evidence/<str:identifier>/", views.evidence_detail, name="evidence"),
    path("sources/<str:ref>/", views.source_detail, name="source"),
]
