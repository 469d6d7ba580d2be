from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.engine import EngineError, get_variant
from games.models import Match


def play_page(request: HttpRequest, variant: str) -> HttpResponse:
    """A board alone: ``/play/<variant key>/`` (tables.shesh-besh). ``/play/<game slug>/`` is the
    archive's (archive/views.py: game_play_page), which knows the games."""
    try:
        found = get_variant(variant)
    except EngineError:
        raise Http404(f"no playable variant {variant!r}") from None
    board = {"variant": found.key, "options": {}, "name": found.title, "slug": "play"}
    return render(request, "games/play.html", {"ruleset": board, "title": found.title})


def match_page(request: HttpRequest, match_id: str) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    try:
        found = get_variant(match.variant)
    except EngineError:
        raise Http404("this match's game is no longer playable") from None
    board = {"variant": found.key, "options": match.options, "name": found.title, "slug": "match", "match": match.id}
    return render(request, "games/play.html", {"ruleset": board, "title": f"{found.title}: a match", "match": match})
