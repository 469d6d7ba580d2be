"""A finished match's review, and the estimate of a match's position: the engine's review
(games/engine/review.py) over a stored match, kept in the cache so a second request is cheap."""
from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games.engine import get_variant
from games.engine import review as engine_review
from games.models import Match
from games.services import BadRequest

REVIEW_FORMAT = "board-game-archive review 1"
REVIEW_KEY_VERSION = 1  # moves on when a review's content changes, so no older one is served
# A finished match's log never changes again: its review is kept a day (a rematch link moves the
# version on, not the log, so the key is the log's length).
REVIEW_CACHE_SECONDS = 24 * 3600
ESTIMATE_CACHE_SECONDS = 600


def _review_key(match: Match) -> str:
    return f"match-review:{match.pk}:{match.log_length}:{REVIEW_KEY_VERSION}"


def match_review(match: Match) -> dict[str, Any]:
    """The review of ``match`` (see games.engine.review.review), with ``cached`` saying whether
    it was computed for this request. ``BadRequest`` (code ``match_not_over``) while the match
    is still being played."""
    if match.outcome is None:
        raise BadRequest("the match is not over: a review is made once it has ended", "match_not_over")
    key = _review_key(match)
    kept = cache.get(key)
    if kept is not None:
        return {**kept, "cached": True}
    variant = get_variant(match.variant)
    initial = variant.state_from_json(match.initial_state)
    body = engine_review.review(variant, initial, match.log_entries())
    body = {"format": REVIEW_FORMAT, "id": match.id, "log_length": match.log_length, "outcome": match.outcome,
            **body}
    cache.set(key, body, REVIEW_CACHE_SECONDS)
    return {**body, "cached": False}


def match_estimate(match: Match) -> dict[str, Any]:
    """The evaluator's estimate of the match's current position (games.engine.review.estimate),
    kept per match version."""
    key = f"match-estimate:{match.pk}:{match.version}"
    kept = cache.get(key)
    if kept is not None:
        return kept
    variant = get_variant(match.variant)
    found = engine_review.estimate(variant, variant.state_from_json(match.state))
    if match.outcome is not None and found["available"]:  # resigned: the position goes on, the match not
        found.update(available=False, win_chance=None, value=None, reason="the game is over")
    body = {"id": match.id, "version": match.version, **found}
    cache.set(key, body, ESTIMATE_CACHE_SECONDS)
    return body
