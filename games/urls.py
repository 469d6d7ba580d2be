from django.urls import path

from games import api, views

app_name = "games"

urlpatterns = [
    path("play/m/<str:match_id>/", views.match_page, name="match"),
    path("play/<str:variant>/", views.play_page, name="play"),
    path("api/v1/matches/", api.MatchCreateView.as_view(), name="api-matches"),
    path("api/v1/matches/<str:match_id>/", api.MatchDetailView.as_view(), name="api-match"),
    path("api/v1/matches/<str:match_id>/actions/", api.MatchActionView.as_view(), name="api-match-actions"),
    path("api/v1/matches/<str:match_id>/record/", api.MatchRecordView.as_view(), name="api-match-record"),
]
