"""Reads of matches: what the API and the pages show."""
from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.urls import reverse

from core.paths import path_for
from games.engine import EngineError, get_variant
from games.engine import ai
from games.models import LOG_COLUMNS, Match, MatchAction, entry_from_row
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
        # Ways to take one piece through several legal steps in a row (a tables checker over
        # both dice): the board offers their ends as targets and plays them step by step.
        "legal_paths": live.legal_paths(),
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


# -- the match record: replayed in parts, each part once ------------------------------------------

RECORD_FORMAT = "board-game-archive match record 1"
# A record is replayed in parts of this many moves; each part is kept in the cache (its moves as
# JSON, and the state after it, where the next part's replay starts). A part that no step can
# take back any more (a confirmed turn is never undone: an undo takes back only the open turn's
# ``turn_steps`` entries) is the same for every later version, so it is kept by match alone; the
# parts from there to the end (the open turn, and the last part while the log is filling it)
# are kept together per match version, one version at a time. A window of the record then costs
# the cache reads of the parts it overlaps, whatever its ``from``: no request replays the log
# from its start again, and no answer is kept per window.
RECORD_PART = 1000
RECORD_CACHE_SECONDS = 3600


def _dumps(value: Any) -> bytes:
    # What the record endpoint has always written: UTF-8, compact, no NaN.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


@dataclass(frozen=True)
class RecordPart:
    moves: list[bytes]  # each move of the part as the record writes it (JSON)
    end: dict[str, Any]  # the state after its last move (JSON): where the next part starts


def replay_part(variant: Any, state: Any, entries: list[dict[str, Any]], before: int) -> tuple[list[bytes], Any]:
    """The log ``entries`` (moves ``before`` + 1 on) applied from ``state``: each move as the
    record writes it, and the state after the last."""
    moves = []
    for n, entry in enumerate(entries, start=before + 1):
        state = variant.apply(state, entry["action"])
        # The variant's fields come from the replayed state, so a record is whole even for
        # entries logged before a variant recorded them.
        moves.append(_dumps({"n": n, **entry, **log_fields(variant, state), "state": state.to_json()}))
    return moves, state


class RecordReplay:
    """A match's record, part by part, from the cache where it is kept, else replayed from the
    nearest state kept before it (and kept for the next request)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.size = RECORD_PART
        self.variant = get_variant(match.variant)
        self.total = match.log_length
        self.parts = -(-self.total // self.size)
        # Parts wholly within the entries no step can take back any more: kept by match alone.
        self.sealed = max(0, self.total - (match.turn_steps or 0)) // self.size
        self._tail: dict[int, RecordPart] | None = None

    def _key(self, part: int) -> str:
        return f"match-record:{self.match.pk}:{self.size}:{part}"

    def _tail_key(self) -> str:
        return f"match-record-tail:{self.match.pk}:{self.size}"

    def kept(self, part: int) -> RecordPart | None:
        if part < self.sealed:
            return cache.get(self._key(part))
        if self._tail is None:
            kept = cache.get(self._tail_key())
            # One version at a time: another version's open turn may have been taken back since.
            self._tail = kept[1] if kept and kept[0] == (self.match.version, self.sealed, self.total) else {}
        return self._tail.get(part)

    def part(self, part: int, before: dict[str, Any] | None = None) -> RecordPart:
        """Part ``part`` (moves ``part * size`` + 1 on); ``before``: the state before it, when
        the caller holds it (the previous part's ``end``)."""
        found = self.kept(part)
        return found if found is not None else self._replay(part, before)

    def _replay(self, part: int, before: dict[str, Any] | None) -> RecordPart:
        # A part after the sealed ones is replayed with every part after it, to the end of the
        # log: they are kept together, for this version.
        first = min(part, self.sealed)
        if first != part:
            before = None
        start = first
        if before is None:
            # The nearest kept part before it says where to start (or the match's start).
            while start > 0:
                previous = self.kept(start - 1)
                if previous is not None:
                    before = previous.end
                    break
                start -= 1
        state = self.variant.state_from_json(self.match.initial_state if before is None else before)
        last = part if part < self.sealed else self.parts - 1
        made, tail = None, {}
        for n in range(start, last + 1):
            upto = min((n + 1) * self.size, self.total)
            entries = [entry_from_row(*row) for row in MatchAction.objects.filter(
                match_id=self.match.pk, seq__gt=n * self.size, seq__lte=upto).order_by("seq").values_list(*LOG_COLUMNS)]
            moves, state = replay_part(self.variant, state, entries, n * self.size)
            replayed = RecordPart(moves, state.to_json())
            if n < self.sealed:
                cache.set(self._key(n), replayed, RECORD_CACHE_SECONDS)
            else:
                tail[n] = replayed
            if n == part:
                made = replayed
        if tail:
            self._tail = tail
            # Kept only if the open turn read is still this version's (not taken back meanwhile).
            if Match.objects.filter(pk=self.match.pk, version=self.match.version).exists():
                cache.set(self._tail_key(), ((self.match.version, self.sealed, self.total), tail), RECORD_CACHE_SECONDS)
        assert made is not None
        return made


def record_parts_spanned(total: int, start: int, limit: int | None) -> int:
    """How many parts of the replay a window of the record reads."""
    end = total if limit is None else min(total, start + limit)
    return 0 if end <= start else (end - 1) // RECORD_PART - start // RECORD_PART + 1


def record_chunks(match: Match, start: int = 0, limit: int | None = None) -> Iterator[bytes]:
    """The match record (see ``match_record``) as JSON, in pieces: the fields before the moves,
    the moves part by part (each read or replayed only when the piece before it has been taken,
    so a whole long match is never held at once), then the fields after them."""
    replay = RecordReplay(match)
    total = match.log_length
    end = total if limit is None else min(total, start + limit)
    head = {
        "format": RECORD_FORMAT,
        "id": match.id,
        "url": reverse("games:match", args=[match.id]),
        "variant": match.variant,
        "title": replay.variant.title,
        "options": match.options,
        "opponent": match.opponent,
        "sides": match_sides_payload(match),
        "version": match.version,
        "created": match.created.isoformat() if match.created else None,
        "updated": match.updated.isoformat() if match.updated else None,
        "initial_state": match.initial_state,
    }
    tail = {
        "moves_from": start,
        "moves_total": total,
        "next_from": end if end < total else None,
        "outcome": match.outcome,
    }
    yield _dumps(head)[:-1] + b',"moves":['
    before, comma = None, b""
    if end > start:
        size = replay.size
        for n in range(start // size, (end - 1) // size + 1):
            part = replay.part(n, before)
            yield comma + b",".join(part.moves[max(0, start - n * size):end - n * size])
            before, comma = part.end, b","
    yield b"]," + _dumps(tail)[1:]


def match_record(match: Match, start: int = 0, limit: int | None = None) -> dict[str, Any]:
    """The match, replayable: the start, and every action with the state after it (only the
    actions after the first ``start`` when it is given: a board catching up), at most ``limit``
    of them; ``next_from`` is where the next part starts (None when this one reaches the end)."""
    return json.loads(b"".join(record_chunks(match, start, limit)))


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
