from __future__ import annotations

from django.http import HttpResponse


def home(request):
    return HttpResponse("archive")


game_detail = evidence_list = evidence_detail = source_detail = home
