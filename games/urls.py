from django.urls import path, re_path

from games import api, views

app_name = "games"

urlpatterns = [
    path("play/m/<str:match_id>/", views.match_page, name="match"),
    # A variant key has a dot (tables.ses-bes); /play/<game slug>/ is the archive's (archive/urls.py).
    re_path(r"^play/(?P<variant>[^/.]+\.[^/]+)/$", views.play_page, name="play"),
    path("api/v1/matches/", api.MatchCreateView.as_view(), name="api-matches"),
    path("api/v1/matches/<str:match_id>/", api.MatchDetailView.as_view(), name="api-match"),
    path("api/v1/matches/<str:match_id>/actions/", api.MatchActionView.as_view(), name="api-match-actions"),
    path("api/v1/matches/<str:match_id>/record/", api.MatchRecordView.as_view(), name="api-match-record"),
    path("api/v1/matches/<str:match_id>/review/", api.MatchReviewView.as_view(), name="api-match-review"),
    path("api/v1/matches/<str:match_id>/estimate/", api.MatchEstimateView.as_view(), name="api-match-estimate"),
    path("api/v1/matches/<str:match_id>/events/", api.match_events, name="api-match-events"),
    path("api/v1/matches/<str:match_id>/resign/", api.MatchResignView.as_view(), name="api-match-resign"),
    path("api/v1/matches/<str:match_id>/rematch/", api.MatchRematchView.as_view(), name="api-match-rematch"),
    path("api/v1/matches/<str:match_id>/export/<str:fmt>/", api.match_export, name="api-match-export"),
]
