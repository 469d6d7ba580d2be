"""Reads of matches: what the API and the pages show."""
from __future__ import annotations

from typing import Any

from django.urls import reverse

from core.paths import path_for
from games.engine import EngineError, get_variant
from games.engine import ai
from games.models import Match
from games.services import Live, log_fields


def match_etag(match_id: str, version: int, sides: list[int]) -> str:
    # Whose token asked changes the answer ("you"), so it is part of the tag.
    return '"%s-%d-%s"' % (match_id, version, "".join(map(str, sides)) or "x")


def match_sides_payload(match: Match) -> list[dict[str, Any]]:
    return [
        {"player": "computer", "level": match.level(side)} if match.is_computer(side) else {"player": "human"}
        for side in (0, 1)
    ]


def match_payload(
    match: Match, sides: list[int], live: Live | None = None, log_from: int | None = None
) -> dict[str, Any]:
    """The match as the API shows it. ``log`` is the whole log, or with ``log_from`` = N (what a
    client already holds) only the entries from N on, and ``log_from`` says where they start:
    N, or fewer when steps it holds were taken back. Without it, nothing changes for a client."""
    # An action's answer passes the Live it has just worked on: no second read of the state.
    if live is None or live.match is not match:
        live = Live.load(match)
    legal = live.legal_actions()
    notation = []
    for action in legal:
        if action.keys() in ({"undo"}, {"confirm"}):
            notation.append(next(iter(action)))
            continue
        try:
            notation.append(live.variant.describe(live.state, action))
        except EngineError:
            notation.append("")
    start = 0 if log_from is None else min(max(0, log_from), live.kept)
    body = {
        "id": match.id,
        "url": path_for("games:match", match.id),
        "variant": match.variant,
        "options": match.options,
        "board": live.variant.board_info(match.options),
        "opponent": match.opponent,
        "version": match.version,
        "state": match.state,
        "to_move": live.to_move(),
        "legal_actions": legal,
        "legal_notation": notation,
        "turn": (
            None
            if match.turn_side is None
            else {"side": match.turn_side, "steps": match.turn_steps, "complete": live.awaiting_confirm()}
        ),
        "log": live.entries(start),
        "outcome": match.outcome,
        "sides": match_sides_payload(match),
        "you": sides,
        "thinking": False,
        "created": match.created.isoformat() if match.created else None,
        "updated": match.updated.isoformat() if match.updated else None,
    }
    if log_from is not None:
        body["log_from"] = start
    return body


def match_record(match: Match, start: int = 0, limit: int | None = None) -> dict[str, Any]:
    """The match, replayable: the start, and every action with the state after it (only the
    actions after the first ``start`` when it is given: a board catching up), at most ``limit``
    of them; ``next_from`` is where the next part starts (None when this one reaches the end)."""
    from games.models import MatchAction

    variant = get_variant(match.variant)
    state = variant.state_from_json(match.initial_state)
    end = match.log_length if limit is None else min(match.log_length, start + limit)
    rows = MatchAction.objects.filter(match_id=match.pk, seq__lte=end).order_by("seq")
    moves = []
    for n, row in enumerate(rows, start=1):
        entry = row.entry()
        state = variant.apply(state, entry["action"])
        if n <= start:
            continue
        # The variant's fields come from the replayed state, so a record is whole even for
        # entries logged before a variant recorded them.
        moves.append({"n": n, **entry, **log_fields(variant, state), "state": state.to_json()})
    return {
        "format": "board-game-archive match record 1",
        "id": match.id,
        "url": reverse("games:match", args=[match.id]),
        "variant": match.variant,
        "title": variant.title,
        "options": match.options,
        "opponent": match.opponent,
        "sides": match_sides_payload(match),
        "version": match.version,
        "created": match.created.isoformat() if match.created else None,
        "updated": match.updated.isoformat() if match.updated else None,
        "initial_state": match.initial_state,
        "moves": moves,
        "moves_from": start,
        "moves_total": match.log_length,
        "next_from": end if end < match.log_length else None,
        "outcome": match.outcome,
    }


def variant_board_config(variant_key: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a board needs before any match exists: the variant, its options and levels, and
    what the variant tells the board (``board``: ``Variant.board_info``; ``text_help``)."""
    variant = get_variant(variant_key)
    info = variant.info()
    validated = variant.validate_options(options or {})
    return {
        "variant": variant.key,
        "title": variant.title,
        "family": variant.family,
        "options": validated,
        "option_specs": info["options"],
        "levels": ai.levels(variant),
        "board": variant.board_info(validated),
        "text_help": variant.text_help(),
        "api": reverse("games:api-matches"),
    }
