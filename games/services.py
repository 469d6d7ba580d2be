"""Writes to matches: create one, and act in one (validate and authorise, then write).

The check_/do_ split follows Zulip's actions: ``check_action`` reads the match and works out
the complete next match in memory (the player's action, then any dice and the computer's
reply) without touching the database; ``do_action`` writes it with a conditional UPDATE on the
version, so of two simultaneous requests computed from one version only one can apply.

Taking back steps: a human turn made of steps (where the variant's ``turn_is_open`` says so: a
tables checker step, a Béchi sowing) stays open after its last step until the player confirms it. Until then the match keeps the state at
the start of the turn, ``{"undo": true}`` takes back the last step, ``{"confirm": true}`` ends
the turn, and no dice are drawn and the opponent cannot act. Posting a step with
``"confirm": true`` beside the action confirms the turn at once if that step ends it.
"""
from __future__ import annotations

import base64
import copy
import datetime
import functools
import hashlib
import hmac
import json
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.db.models.base import ModelState
from django.utils import timezone

from core.prepared import convert_row, prepared_cursor, row_converters

from games.engine import Action, EngineError, State, Variant, get_variant
from games.engine.core import LOG_ENTRY_FIELDS, brief, loads
from games.engine import ai
from games import exports
from games.models import Match, MatchAction, Opponent

UNDO = {"undo": True}
CONFIRM = {"confirm": True}
# A runaway loop of chance and computer actions would hold a worker forever; no real game
# needs anything near this many in one request.
MAX_AUTOMATIC_ACTIONS = 5000


class PlayError(Exception):
    status = 400
    code = "invalid"

    def __init__(self, reason: str, code: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        if code:
            self.code = code


class BadRequest(PlayError):
    status = 400
    code = "illegal_action"


class Forbidden(PlayError):
    status = 403
    code = "forbidden"


class Stale(PlayError):
    status = 409
    code = "stale_version"


class TooMany(PlayError):
    """A bound on what one client may store: open matches per address, entries in a match's log."""

    status = 429
    code = "too_many"


def creator_key(address: str) -> str:
    """The keyed hash a match keeps of its creator's address (the address itself is not kept)."""
    return hashlib.sha256(f"{settings.SECRET_KEY}:match-creator:{address}".encode()).hexdigest()


def check_open_matches(creator: str) -> None:
    """Refuse a new match while ``creator`` holds MATCH_OPEN_PER_ADDRESS matches still in play."""
    cap = settings.MATCH_OPEN_PER_ADDRESS
    if creator and Match.objects.filter(creator=creator, outcome__isnull=True).count() >= cap:
        raise TooMany(
            f"this address already has {cap} matches in play, the most it may hold; finish or resign one "
            f"(or wait: unplayed matches are removed after a day, idle ones after {settings.MATCH_IDLE_DAYS} days)",
            "too_many_matches",
        )


class OverLimit(PlayError):
    """A write counted in its own statement found the client over its limit: nothing written
    (the count is in the plan's ``counted``)."""

    status = 429
    code = "throttled"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def match_sides_for_token(match: Match, token: str | None) -> list[int]:
    """The sides the bearer of ``token`` plays (both for a hotseat token, none for no token)."""
    if not token:
        return []
    digest = token_hash(token)
    # Compare in constant time, and always both sides, so timing says nothing about either hash.
    hits = [hmac.compare_digest(digest, match.token_hash(side) or "-") for side in (0, 1)]
    return [side for side in (0, 1) if hits[side]]


def dice_rng(match: Match, log_length: int) -> random.Random:
    seed = settings.PLAY_DICE_SEED
    if seed:
        # Tests only: the n-th action of any match draws the same dice, so a test is repeatable.
        return random.Random(f"{seed}:{log_length}")
    return secrets.SystemRandom()


def computer_rng(match: Match, log_length: int) -> random.Random:
    seed = settings.PLAY_DICE_SEED
    if seed:
        return random.Random(f"{seed}:computer:{log_length}")
    return random.Random(secrets.randbits(64))


def log_fields(variant: Variant, state: State) -> dict[str, Any]:
    """The variant's extra fields for a log entry, refused if they would overwrite the entry's own."""
    extra = variant.log_fields(state)
    clash = sorted(LOG_ENTRY_FIELDS & set(extra))
    if clash:
        raise EngineError(f"{variant.key}: log_fields may not set {clash[0]!r}, a field of every log entry")
    return extra


# -- reading a match -----------------------------------------------------------------------------

# States this process has read or written, by (match id, version). Every write to a match bumps
# its version in the same conditional UPDATE, so a version names one stored state for good: a
# state the server validated once (when it computed it, or the first time it read it) is taken
# as it is the next time, not re-read through the engine's untrusted-input checks. Filled only
# once a write has committed; a process that has not seen a version reads and checks it.
TRUSTED_STATES: OrderedDict[tuple[str, int], State] = OrderedDict()
TRUSTED_STATES_MAX = 1024
_trusted_lock = threading.Lock()


def trust_state(match_id: str, version: int, state: State) -> None:
    with _trusted_lock:
        TRUSTED_STATES[(match_id, version)] = state
        TRUSTED_STATES.move_to_end((match_id, version))
        while len(TRUSTED_STATES) > TRUSTED_STATES_MAX:
            TRUSTED_STATES.popitem(last=False)


def trusted_state(match_id: str, version: int) -> State | None:
    with _trusted_lock:
        return TRUSTED_STATES.get((match_id, version))


# The match as this process last wrote it, by id: a step from that version needs no read of the
# match before it is computed (MatchActionView). Nothing in it is taken on trust: the write is
# conditional on the version, which every change to a match's play or its rematch moves on, so
# a held match that is out of date writes nothing and the request is done again from a fresh
# read. What changes without a new version (who has joined; in the admin, the rematch links)
# comes back from the write itself (PRESENCE_COLUMNS); the rest (variant, options, tokens'
# hashes, levels) never changes.
HELD_MATCHES: OrderedDict[str, Match] = OrderedDict()
HELD_MATCHES_MAX = 1024


def hold_match(snapshot: Match) -> None:
    """Hold ``snapshot`` (a copy no request works on: held_match hands out copies of it)."""
    with _trusted_lock:
        HELD_MATCHES[snapshot.pk] = snapshot
        HELD_MATCHES.move_to_end(snapshot.pk)
        while len(HELD_MATCHES) > HELD_MATCHES_MAX:
            HELD_MATCHES.popitem(last=False)


def held_match(match_id: str, version: int) -> Match | None:
    """A copy of the match this process holds, if it holds it at ``version``."""
    with _trusted_lock:
        held = HELD_MATCHES.get(match_id)
    return copy.copy(held) if held is not None and held.version == version else None


def forget_match(match_id: str) -> None:
    with _trusted_lock:
        HELD_MATCHES.pop(match_id, None)


# -- the resume ticket -----------------------------------------------------------------------
# A match as an answer left it, signed by the server and bound to the token that asked: the
# board sends it back with its next action, and whichever process gets that action acts from it
# as from a match it holds (held_match), without reading the match first. It is trusted for no
# more than a held copy is: the write stays conditional on the version, so a ticket for a version
# that has moved on writes nothing and the request is done again from a fresh read. The token
# hashes are not in it (the sides the token plays are, under the signature); nothing else in a
# match is hidden from its players. A ticket that fails its check is ignored, never an error.
RESUME_MAX = 64 * 1024
_RESUME_SALT = "games.services.resume"
_RESUME_FIELDS = [f for f in Match._meta.concrete_fields
                  if f.name not in ("initial_state", "side0_token_hash", "side1_token_hash")]
_RESUME_NAMES = [f.attname for f in _RESUME_FIELDS]
_RESUME_TIMES = frozenset(i for i, f in enumerate(_RESUME_FIELDS) if f.get_internal_type() == "DateTimeField")
_RESUME_ID, _RESUME_VERSION = _RESUME_NAMES.index("id"), _RESUME_NAMES.index("version")
# Signed with the payload: a ticket written for other columns (code before a migration, during a
# rolling deploy) fails its check instead of being read into the wrong fields.
_RESUME_LAYOUT = ",".join(_RESUME_NAMES)


def _resume_mac(secret: str, digest: str, payload: str) -> str:
    key = _resume_key(secret)
    mac = hmac.new(key, f"{_RESUME_LAYOUT}:{digest}:{payload}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


@functools.cache
def _resume_key(secret: str) -> bytes:
    # As django.utils.crypto.salted_hmac derives its key, once per secret instead of per call.
    return hashlib.sha256((_RESUME_SALT + secret).encode()).digest()


def resume_ticket(match: Match, sides: list[int], token: str | None) -> str | None:
    """The ticket for ``match`` as it stands (its version), for the bearer of ``token``."""
    if not token or not sides:
        return None
    values: list[Any] = [sides]
    for i, name in enumerate(_RESUME_NAMES):
        value = getattr(match, name)
        values.append(value.isoformat() if i in _RESUME_TIMES and value is not None else value)
    try:
        # Keys sorted: the same match gives the same ticket, read from PostgreSQL (jsonb keeps its
        # own key order) or computed here. orjson: a fifth of json's time, on every answer.
        text = orjson.dumps(values, option=orjson.OPT_SORT_KEYS)
    except (TypeError, ValueError):
        return None  # nothing a match holds (integers beyond 64 bits?): the next move reads it
    payload = base64.urlsafe_b64encode(text).rstrip(b"=").decode()
    return f"{payload}.{_resume_mac(settings.SECRET_KEY, token_hash(token), payload)}"


def _match_from_values(row: list[Any]) -> Match:
    """A Match of _RESUME_NAMES' values, as ``Match.from_db`` makes it (saved, in "default", the
    columns not given deferred), without the constructor's work per field: a ticket is read on
    every move a process does not hold."""
    match = Match.__new__(Match)
    match._state = ModelState()
    match._state.adding, match._state.db = False, "default"
    match.__dict__.update(zip(_RESUME_NAMES, row))
    return match


def match_from_resume(ticket: Any, match_id: str, version: int, token: str | None) -> Match | None:
    """The match, with the hashes of the sides ``token`` plays, from a ticket resume_ticket gave
    that token for this match at ``version``; None for anything else (no ticket, another match, version or
    token, a signature that does not match, a ticket from before the secret key changed)."""
    if not isinstance(ticket, str) or not token or len(ticket) > RESUME_MAX:
        return None
    payload, dot, mac = ticket.rpartition(".")
    digest = token_hash(token)
    if not dot or not hmac.compare_digest(mac.encode(), _resume_mac(settings.SECRET_KEY, digest, payload).encode()):
        return None
    try:
        values = orjson.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        sides, row = values[0], values[1:]
        if len(row) != len(_RESUME_NAMES) or row[_RESUME_ID] != match_id or row[_RESUME_VERSION] != version:
            return None
        for i in _RESUME_TIMES:
            if row[i] is not None:
                row[i] = datetime.datetime.fromisoformat(row[i])
        match = _match_from_values(row)
    except (ValueError, TypeError, IndexError):
        return None  # signed by this server, so not expected: a ticket from an older layout
    # Only the token's own sides are known: the other side's hash matches no token here, and
    # such a match is not held for other requests (_written).
    match.side0_token_hash, match.side1_token_hash = (digest if side in sides else "" for side in (0, 1))
    match._hashes_partial = len(sides) < 2
    return match


_MATCH_READ: dict[str, tuple[str, list[str], list]] = {}


def _match_read(connection) -> tuple[str, list[str], list]:
    """The match to act in (without its initial state, which an action never needs): a plain
    SELECT written once per database rather than compiled on every request, its columns' field
    names, and the ORM's converters for each column (JSON is parsed by its field)."""
    read = _MATCH_READ.get(connection.vendor)
    if read is None:
        q = connection.ops.quote_name
        fields = [f for f in Match._meta.concrete_fields if f.name != "initial_state"]
        sql = f"SELECT {', '.join(q(f.column) for f in fields)} FROM {q(Match._meta.db_table)} WHERE {q('id')} = %s"
        converters = row_converters(connection, Match, fields)
        read = _MATCH_READ[connection.vendor] = (sql, [f.attname for f in fields], converters)
    return read


def match_query(match_id: str) -> tuple[str, list]:
    """The SQL and parameters that read the match to act in (see match_get)."""
    from django.db import connection

    return _match_read(connection)[0], [match_id]


def match_from_row(row: tuple | None) -> Match | None:
    """A Match from a row of match_query's columns, as the ORM would make it."""
    if row is None:
        return None
    from django.db import connection

    _, names, converters = _match_read(connection)
    return Match.from_db(connection.alias, names, convert_row(connection, row, converters))


def match_get(match_id: str) -> Match | None:
    """The match to act in, or None: one plain SELECT (match_query)."""
    sql, params = match_query(match_id)
    with prepared_cursor() as cursor:
        cursor.execute(sql, params)
        return match_from_row(cursor.fetchone())


@dataclass
class Live:
    """A match being worked on in memory: the engine state and what will be written.

    The log itself stays in the database (one MatchAction row per entry): a Live knows how many
    stored entries still stand (``kept``: fewer than ``stored`` after a step is taken back) and
    the entries it has added (``new``), and reads stored entries only when it needs them."""

    match: Match
    variant: Variant
    state: State
    state_json: dict[str, Any]
    stored: int
    turn_start: dict[str, Any] | None
    turn_side: int | None
    turn_steps: int
    outcome: dict[str, Any] | None
    kept: int = 0
    new: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.kept = self.stored

    @classmethod
    def load(cls, match: Match) -> Live:
        variant = get_variant(match.variant)
        stored = not match._state.adding  # read from the database, at match.version
        state = trusted_state(match.pk, match.version) if stored else None
        if state is None:
            state = variant.state_from_json(match.state)
            if stored:
                trust_state(match.pk, match.version, state)
        return cls(
            match=match,
            variant=variant,
            state=state,
            state_json=match.state,
            stored=match.log_length,
            turn_start=match.turn_start,
            turn_side=match.turn_side,
            turn_steps=match.turn_steps,
            outcome=match.outcome,
        )

    @property
    def length(self) -> int:
        return self.kept + len(self.new)

    def entries(self, start: int = 0) -> list[dict[str, Any]]:
        """The log from entry ``start`` (0-based) on, reading stored entries only if needed."""
        start = max(0, start)
        head: list[dict[str, Any]] = []
        if start < self.kept:
            head = self.match.log_entries(start)[: self.kept - start]
        return head + self.new[max(0, start - self.kept):]

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.entries(0)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def awaiting_confirm(self) -> bool:
        """The turn in progress has no step left to play: only undo or confirm remain."""
        if self.turn_side is None:
            return False
        return not (
            self.variant.to_move(self.state) == self.turn_side
            and not self.variant.is_chance(self.state)
            and self.variant.outcome(self.state) is None
            and self.variant.turn_is_open(self.state)
        )

    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.turn_side is not None and self.awaiting_confirm():
            return self.turn_side
        return self.variant.to_move(self.state)

    def engine_actions(self) -> list[Action]:
        if self.over or self.awaiting_confirm():
            return []
        return self.variant.legal_actions(self.state)

    def legal_paths(self) -> list[list[dict[str, Any]]]:
        """The variant's combined moves (``Variant.legal_paths``) while a side has steps to play."""
        if self.over or self.awaiting_confirm() or self.variant.is_chance(self.state):
            return []
        return self.variant.legal_paths(self.state)

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.over:
            return []
        actions = [a.to_json() for a in self.engine_actions()] if not self.variant.is_chance(self.state) else []
        if self.turn_steps:
            actions.append(dict(UNDO))
        if self.awaiting_confirm():
            actions.append(dict(CONFIRM))
        return actions

    # -- changing it --------------------------------------------------------------------------

    def _apply(self, action: Action, by: str) -> None:
        side = None if by == "chance" else self.variant.to_move(self.state)
        before = self.state
        # apply first: for an illegal action it raises with the engine's own reason.
        self.state = self.variant.apply(before, action)
        notation = self.variant.describe(before, action)
        self.state_json = self.state.to_json()
        entry: dict[str, Any] = {"side": side, "by": by, "action": action.to_json(), "notation": notation}
        entry.update(log_fields(self.variant, self.state))
        self.new.append(entry)

    def _finish_if_over(self) -> bool:
        result = self.variant.outcome(self.state)
        if result is not None and not self.variant.legal_actions(self.state):
            self.outcome = result.to_json()
            self.turn_start, self.turn_side, self.turn_steps = None, None, 0
            return True
        return False

    def advance(self) -> None:
        """Draw dice and play the computer's moves until a human decision is due or it ends."""
        match = self.match
        for _ in range(MAX_AUTOMATIC_ACTIONS):
            if self._finish_if_over():
                return
            if self.variant.is_chance(self.state):
                self._apply(self.variant.draw(self.state, dice_rng(match, self.length)), "chance")
                continue
            side = self.variant.to_move(self.state)
            if side is None:
                return
            if not match.is_computer(side):
                return
            action = ai.choose(self.variant, self.state, match.level(side), computer_rng(match, self.length))
            self._apply(action, "computer")
        raise EngineError(f"more than {MAX_AUTOMATIC_ACTIONS} automatic actions in one request")

    def undo(self) -> None:
        if not self.turn_steps or self.turn_start is None:
            raise BadRequest("there is no step of this turn to take back", "nothing_to_undo")
        # Replay the turn's steps but its last from the turn's start (one read of those rows).
        steps = self.entries(self.length - self.turn_steps)[:-1]
        state = self.variant.state_from_json(self.turn_start)
        for entry in steps:
            state = self.variant.apply(state, entry["action"])
        self.state = state
        self.state_json = state.to_json()
        if self.new:
            self.new.pop()
        else:
            self.kept -= 1
        self.turn_steps -= 1
        if not self.turn_steps:
            self.turn_start, self.turn_side = None, None

    def confirm(self) -> None:
        if not self.awaiting_confirm():
            raise BadRequest("the turn is not finished: there are steps still to play", "turn_not_finished")
        self.turn_start, self.turn_side, self.turn_steps = None, None, 0
        self.advance()

    def step(self, action: Action, *, confirm: bool) -> None:
        side = self.variant.to_move(self.state)
        if self.variant.turn_is_open(self.state):
            if self.turn_side is None:
                self.turn_start, self.turn_side, self.turn_steps = self.state_json, side, 0
            self._apply(action, "human")
            self.turn_steps += 1
            if self._finish_if_over():
                return
            if confirm and self.awaiting_confirm():
                self.confirm()
        else:
            self._apply(action, "human")
            self.advance()


# -- creating ------------------------------------------------------------------------------------


@dataclass
class Created:
    match: Match
    token: str
    invite_token: str | None
    live: Live | None = None  # the match as computed: its log without reading it back


def _clean_level(variant: Variant, level: Any) -> str:
    offered = ai.levels(variant)
    if level in (None, ""):
        if not offered:
            raise BadRequest(f"no computer opponent is available for {variant.key}", "invalid")
        return "easy" if "easy" in offered else offered[0]
    if level not in offered:
        raise BadRequest(
            f"level: unknown level {level!r} for {variant.key} (known: {', '.join(offered) or 'none'})", "invalid"
        )
    return level


def match_create(
    *,
    variant_key: Any,
    options: Any = None,
    opponent: Any = Opponent.COMPUTER,
    level: Any = None,
    side: Any = 0,
    state: Any = None,
    creator: str = "",
) -> Created:
    """Create a match; ``state`` (optional) starts it from a position set up by hand; ``creator``
    (creator_key of the client's address) is held to MATCH_OPEN_PER_ADDRESS matches in play."""
    if not isinstance(variant_key, str):
        raise BadRequest("variant: a variant key is required, e.g. \"tables.ses-bes\"", "invalid")
    try:
        variant = get_variant(variant_key)
    except EngineError as exc:
        raise BadRequest(f"variant: {exc}", "invalid") from None
    if opponent not in Opponent.values:
        raise BadRequest(f"opponent: must be one of {', '.join(Opponent.values)}, got {opponent!r}", "invalid")
    if side not in (0, 1) or isinstance(side, bool):
        raise BadRequest(f"side: must be 0 or 1, got {side!r}", "invalid")
    given_options = dict(options) if isinstance(options, dict) else {}
    try:
        options = variant.validate_options(options)
    except EngineError as exc:
        raise BadRequest(f"options: {exc}", "invalid") from None
    if state is None:
        start = variant.new_game(options)
    else:
        try:
            start = variant.state_from_json(state)
        except EngineError as exc:
            raise BadRequest(f"state: {exc}", "invalid") from None
        try:
            fixed = variant.state_options(start)
        except EngineError as exc:
            raise BadRequest(f"state: {exc}", "invalid") from None
        if given_options:  # the state fixes the options: say so rather than drop what was asked
            differ = sorted(k for k, v in options.items() if k in given_options and fixed.get(k) != v)
            if differ:
                raise BadRequest(
                    f"options: {differ[0]} {options[differ[0]]!r} differs from the state's {fixed.get(differ[0])!r}; "
                    "a match from a state plays the state's options", "invalid",
                )
        options = fixed

    token = secrets.token_urlsafe(24)
    invite = None
    check_open_matches(creator)
    match = Match(variant=variant.key, options=options, opponent=opponent, creator=creator)
    hashes = ["", ""]
    levels = ["", ""]
    if opponent == Opponent.HOTSEAT:
        hashes = [token_hash(token)] * 2
    elif opponent == Opponent.REMOTE:
        invite = secrets.token_urlsafe(24)
        hashes[side], hashes[1 - side] = token_hash(token), token_hash(invite)
    else:
        hashes[side] = token_hash(token)
        levels[1 - side] = _clean_level(variant, level)
    if opponent != Opponent.COMPUTER and level not in (None, ""):
        raise BadRequest(f"level: the computer's level, for opponent computer only (this match is {opponent})", "invalid")
    match.side0_token_hash, match.side1_token_hash = hashes
    match.side0_level, match.side1_level = levels

    start_json = start.to_json()
    match.initial_state = start_json
    match.set_up = state is not None and exports.starts_set_up(variant, start)
    match.state = start_json
    match.log_length = 0
    live = Live.load(match)
    live.advance()  # the opening throw, and the computer's first turn if it starts
    _store(live)
    with transaction.atomic():
        match.save(force_insert=True)
        _write_log(live)
        state, match_id = live.state, match.pk
        transaction.on_commit(lambda: trust_state(match_id, 1, state))
    return Created(match=match, token=token, invite_token=invite, live=live)


def _store(live: Live) -> None:
    m = live.match
    m.state = live.state_json
    m.log_length = live.length
    m.turn_start, m.turn_side, m.turn_steps = live.turn_start, live.turn_side, live.turn_steps
    m.outcome = live.outcome


def _log_rows(live: Live, connection) -> list[tuple[Any, ...]]:
    """The new log entries as rows of ACTION_COLUMNS, ready for the database."""
    match_id = live.match.pk
    action_field, extra_field = MatchAction._meta.get_field("action"), MatchAction._meta.get_field("extra")
    return [
        (match_id, seq, e["side"], e["by"], action_field.get_db_prep_save(e["action"], connection),
         e["notation"] or "",
         extra_field.get_db_prep_save({k: v for k, v in e.items() if k not in LOG_ENTRY_FIELDS}, connection))
        for seq, e in enumerate(live.new, start=live.kept + 1)
    ]


def _write_log(live: Live) -> None:
    """Make the stored log match ``live``: drop the entries taken back, insert the new ones."""
    match_id = live.match.pk
    from django.db import connection

    if live.kept < live.stored:
        # A plain DELETE (the ORM's reads the rows first, for signal receivers log entries lack).
        with connection.cursor() as cursor:
            cursor.execute(_sql("delete_actions", connection), [match_id, live.kept])
    if live.new:
        # A plain INSERT written once per database (bulk_create compiles one on every call).
        rows = _log_rows(live, connection)
        # One statement for up to 500 rows (executemany runs one per row, and on
        # PostgreSQL sets up a pipeline for them: most of a lone step's INSERT).
        with connection.cursor() as cursor:
            for start in range(0, len(rows), ROWS_PER_STATEMENT):  # well within every database's parameter limit
                chunk = rows[start:start + ROWS_PER_STATEMENT]
                values = ", ".join([ACTION_ROW] * len(chunk))
                cursor.execute(f"{_sql('insert_actions', connection)} VALUES {values}", [v for r in chunk for v in r])


_SQL: dict[tuple[str, str], str] = {}
# A log entry's columns, as _write_log gives them, and one row's placeholders.
ACTION_COLUMNS = ["match_id", "seq", "side", "by", "action", "notation", "extra"]
ACTION_ROW = f"({', '.join(['%s'] * len(ACTION_COLUMNS))})"
ROWS_PER_STATEMENT = 500
# The columns an action writes to its match, besides the version it bumps.
ACT_COLUMNS = ["state", "log_length", "turn_start", "turn_side", "turn_steps", "outcome", "updated"]


def _sql(name: str, connection) -> str:
    """The play path's writes as SQL, built once per database."""
    sql = _SQL.get((name, connection.vendor))
    if sql is None:
        q = connection.ops.quote_name
        if name == "insert_actions":  # its rows follow: VALUES ACTION_ROW, ...
            sql = f"INSERT INTO {q(MatchAction._meta.db_table)} ({', '.join(q(c) for c in ACTION_COLUMNS)})"
        elif name == "delete_actions":
            sql = f"DELETE FROM {q(MatchAction._meta.db_table)} WHERE {q('match_id')} = %s AND {q('seq')} > %s"
        elif name == "update_match_returning":  # and what changes without a new version
            sql = f"{_sql('update_match', connection)} RETURNING {', '.join(q(c) for c in PRESENCE_COLUMNS)}"
        else:
            sets = ", ".join(f"{q(Match._meta.get_field(c).column)} = %s" for c in ACT_COLUMNS)
            sql = (f"UPDATE {q(Match._meta.db_table)} SET {sets}, {q('version')} = {q('version')} + 1 "
                   f"WHERE {q('id')} = %s AND {q('version')} = %s")
        _SQL[(name, connection.vendor)] = sql
    return sql


# What the one-statement write answers, after the count (or NULL): the match's id if it was
# updated (NULL: stale, or over the limit), and its columns that change without a new version.
PRESENCE_COLUMNS = ["side0_joined", "side1_joined", "rematch", "rematch_of"]


def _set_presence(match: Match, values, connection) -> None:
    """PRESENCE_COLUMNS as a write returned them, through the ORM's converters, onto ``match``."""
    fields = [Match._meta.get_field(name) for name in PRESENCE_COLUMNS]
    for name, value in zip(PRESENCE_COLUMNS, convert_row(connection, values, row_converters(connection, Match, fields))):
        setattr(match, name, value)


def _one_statement_sql(connection, *, drop: bool, rows: int, counted: bool = False) -> str:
    """A move's three writes as one PostgreSQL statement: the conditional UPDATE of the match,
    then (only if it matched) the DELETE of the entries taken back and the INSERT of the new
    ones, in data-modifying WITH clauses. A statement is atomic on its own, so in autocommit it
    needs no BEGIN and COMMIT around it: one round trip to the server instead of four or five.
    The INSERT reads the DELETE's count, so it runs after it (an entry taken back and written
    again keeps its seq). With ``counted``, the request's throttle count (a Counting's upsert)
    comes first and the UPDATE happens only within its limit. The answer is one row: the count
    (or NULL), then the match's id (NULL if nothing was written) and PRESENCE_COLUMNS."""
    key = ("one_statement", connection.vendor, drop, rows, counted)
    sql = _SQL.get(key)
    if sql is None:
        sql = _SQL[key] = _build_one_statement_sql(connection, drop=drop, rows=rows, counted=counted)
    return sql


def _build_one_statement_sql(connection, *, drop: bool, rows: int, counted: bool) -> str:
    from core.throttling import count_sql

    q = connection.ops.quote_name
    table = q(MatchAction._meta.db_table)
    returning = ", ".join(q(c) for c in ["id", *PRESENCE_COLUMNS])
    update = _sql("update_match", connection)
    parts = []
    if counted:
        parts.append(f"{q('hit')} AS ({count_sql(connection)})")
        update += f" AND (SELECT {q('count')} FROM {q('hit')}) <= %s"
    parts.append(f"{q('moved')} AS ({update} RETURNING {returning})")
    after = f"EXISTS (SELECT FROM {q('moved')})"
    if drop:
        parts.append(f"{q('dropped')} AS (DELETE FROM {table} WHERE {q('match_id')} IN (SELECT {q('id')} FROM "
                     f"{q('moved')}) AND {q('seq')} > %s RETURNING 1)")
        after += f" AND (SELECT count(*) FROM {q('dropped')}) >= 0"
    if rows:
        # The first row says each column's type (a column of NULLs would otherwise be text).
        typed = _SQL.get(("typed_row", connection.vendor))
        if typed is None:
            casts = [MatchAction._meta.get_field(c.removesuffix("_id")).db_type(connection) for c in ACTION_COLUMNS]
            typed = _SQL[("typed_row", connection.vendor)] = f"({', '.join(f'%s::{c}' for c in casts)})"
        columns = ", ".join(q(c) for c in ACTION_COLUMNS)
        values = ", ".join([typed, *[ACTION_ROW] * (rows - 1)])
        parts.append(f"{q('added')} AS (INSERT INTO {table} ({columns}) SELECT * FROM (VALUES {values}) AS "
                     f"{q('v')} ({columns}) WHERE {after} RETURNING 1)")
    count = f"(SELECT {q('count')} FROM {q('hit')})" if counted else "NULL::integer"
    columns = ", ".join(f"{q('m')}.{q(c)}" for c in ["id", *PRESENCE_COLUMNS])
    return (f"WITH {', '.join(parts)} SELECT {count}, {columns} FROM (VALUES (1)) AS {q('one')} ({q('x')}) "
            f"LEFT JOIN {q('moved')} AS {q('m')} ON TRUE")


# -- acting --------------------------------------------------------------------------------------


@dataclass
class Plan:
    live: Live
    expected_version: int
    counted: int | None = None  # the throttle's count, when the write made it (do_action's counting)


def _json_kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    kinds = {str: "a string", list: "a list", dict: "an object", int: "a number", float: "a number"}
    return kinds.get(type(value), type(value).__name__)


def not_an_object(where: str, value: Any, wanted: str = "") -> BadRequest:
    """The refusal of ``value`` where a JSON object is wanted, saying what came instead; for a
    string that holds an object (JSON encoded twice), how to send it."""
    reason = f"{where} must be a JSON object{wanted}, got {_json_kind(value)}"
    if isinstance(value, str):
        try:
            held = loads(value, "the string", EngineError)
        except EngineError:
            held = None
        if isinstance(held, Mapping):
            reason += "; send the object itself, not a string holding it"
    return BadRequest(reason, "malformed")


def parse_action_request(data: Any) -> tuple[Action, int, bool]:
    if not isinstance(data, Mapping):
        raise not_an_object("the body", data, ': {"action": {...}, "version": N}')
    if "action" not in data:
        raise BadRequest("action: this field is required", "malformed")
    if not isinstance(data["action"], Mapping):
        # Action.from_json would read JSON text too (the command line's way): not the API's.
        raise not_an_object("action:", data["action"], " (one of legal_actions)")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadRequest(f"version: a whole number is required, got {json.dumps(version)}", "malformed")
    confirm = data.get("confirm", False)
    if not isinstance(confirm, bool):
        raise BadRequest(f"confirm: must be true or false, got {json.dumps(confirm)}", "malformed")
    resume = data.get("resume")
    if resume is not None and (not isinstance(resume, str) or len(resume) > RESUME_MAX):
        got = f"{len(resume)} characters" if isinstance(resume, str) else brief(resume)
        raise BadRequest(f"resume: the string the last answer gave (at most {RESUME_MAX} characters), got {got}",
                         "malformed")
    try:
        action = Action.from_json(data["action"])
    except EngineError as exc:
        raise BadRequest(f"action: {exc}", "malformed") from None
    return action, version, confirm


def open_for_action(match: Match, version: int, sides: list[int]) -> Live:
    """What every action on a match (a move, resigning) checks first: a token for one of its
    sides, the version the client read, a match still in play. The match, loaded."""
    if not sides:
        raise Forbidden("this request carries no token for a side of this match (Authorization: Bearer <token>)")
    if version != match.version:
        raise Stale(f"version {version} is stale: the match is at version {match.version}; read it again")
    live = Live.load(match)
    if live.over:
        raise BadRequest("the match is over", "match_over")
    return live


def check_action(*, match: Match, action: Action, version: int, sides: list[int], confirm: bool = False) -> Plan:
    """Validate and authorise one request and compute the match it leads to; writes nothing."""
    live = open_for_action(match, version, sides)
    due = live.to_move()
    if due is None:
        raise BadRequest("no side has a decision due", "illegal_action")
    if due not in sides:
        raise Forbidden(f"it is side {due}'s turn, and this token plays side {sides[0]}", "not_your_turn")
    try:
        if action == UNDO:
            live.undo()
        elif action == CONFIRM:
            live.confirm()
        else:
            if live.awaiting_confirm():
                raise BadRequest("the turn is complete: confirm it or take a step back", "turn_complete")
            live.step(action, confirm=confirm)
    except EngineError as exc:
        raise BadRequest(str(exc), "illegal_action") from None
    if live.length > settings.MATCH_LOG_MAX and action != UNDO:
        raise TooMany(
            f"this match has reached {settings.MATCH_LOG_MAX:,} log entries, the most a match keeps; "
            "export it from its page, then resign or start a new one", "match_log_full",
        )
    return Plan(live=live, expected_version=version)


def _stale(version: int) -> Stale:
    return Stale(f"version {version} is stale: another action was applied first; read it again")


def _written(match: Match, version: int, state: State) -> None:
    """After a write commits: this process knows the state at ``version``, and holds the match."""
    if getattr(match, "_hashes_partial", False):
        # Made from a ticket for one side: it knows only that side's hash, so it is not held.
        transaction.on_commit(lambda: trust_state(match.pk, version, state))
        return
    snapshot = copy.copy(match)
    snapshot.version = version
    # Straight away in autocommit; at the end of the caller's transaction if there is one.
    transaction.on_commit(lambda: (trust_state(match.pk, version, state), hold_match(snapshot)))


def do_action(plan: Plan, counting: Any = None) -> Live:
    """Write the plan: the conditional UPDATE on the version first (of two requests computed
    from one version only one matches it; on PostgreSQL the second waits for the first's row
    lock, then finds the version moved on), then the log rows, all at once: one transaction,
    or on PostgreSQL one statement (``_one_statement_sql``). ``counting`` (a throttle's
    Counting, PostgreSQL only) counts the request in that statement too: the count goes in
    ``plan.counted``, and over the limit nothing is written (``OverLimit``)."""
    live = plan.live
    match = live.match
    _store(live)
    now = timezone.now()
    from django.db import connection

    match.updated = now
    params = [Match._meta.get_field(c).get_db_prep_save(getattr(match, c), connection) for c in ACT_COLUMNS]
    version, state = plan.expected_version + 1, live.state
    if counting is not None and (connection.vendor != "postgresql" or len(live.new) > ROWS_PER_STATEMENT):
        raise ValueError(f"a write counts the request only on PostgreSQL, in one statement of at most "
                         f"{ROWS_PER_STATEMENT} log entries")
    if connection.vendor == "postgresql" and len(live.new) <= ROWS_PER_STATEMENT:
        drop = live.kept < live.stored
        rows = _log_rows(live, connection)
        sql = _one_statement_sql(connection, drop=drop, rows=len(rows), counted=counting is not None)
        with prepared_cursor() as cursor:
            cursor.execute(sql, [*(counting.params if counting is not None else []), *params, match.pk,
                                 plan.expected_version, *([counting.limit] if counting is not None else []),
                                 *([live.kept] if drop else []), *[v for r in rows for v in r]])
            plan.counted, moved, *presence = cursor.fetchone()
        if counting is not None and plan.counted > counting.limit:
            raise OverLimit("too many requests")
        if moved is None:
            raise _stale(plan.expected_version)
        _set_presence(match, presence, connection)
        _written(match, version, state)
    else:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(_sql("update_match_returning", connection), [*params, match.pk, plan.expected_version])
                presence = cursor.fetchone()
            if presence is None:
                raise _stale(plan.expected_version)
            _set_presence(match, presence, connection)
            _write_log(live)
            _written(match, version, state)
    match.version = version
    return live


def match_act(*, match: Match, data: Any, sides: list[int]) -> Live:
    """Act in ``match``; the answer is the match as written, with its engine state at hand."""
    action, version, confirm = parse_action_request(data)
    plan = check_action(match=match, action=action, version=version, sides=sides, confirm=confirm)
    return do_action(plan)


# -- resigning, the rematch, presence and change notices -----------------------------------------
# Beside the move path above: resigning shares its first checks (open_for_action), not its writes.


def _acting_side(live: Live, sides: list[int]) -> int:
    """The side a request acts for: its only side, or (one device, both sides) the side due."""
    if len(sides) == 1:
        return sides[0]
    due = live.to_move()
    return due if due in sides else sides[0]


def match_resign(*, match: Match, data: Any, sides: list[int]) -> Live:
    """The side of the token gives up the match: the variant's ``resign`` outcome is recorded
    (the other side wins; a match to points credits the winner the points missing). The log is
    untouched; the version moves on like any action, so a stale client is refused (409)."""
    if not isinstance(data, Mapping):
        raise not_an_object("the body", data, ': {"version": N}')
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadRequest(f"version: a whole number is required, got {json.dumps(version)}", "malformed")
    live = open_for_action(match, version, sides)
    side = _acting_side(live, sides)
    outcome = live.variant.resign(live.state, side).to_json()
    outcome["resigned"] = side
    now = timezone.now()
    with transaction.atomic():
        updated = Match.objects.filter(pk=match.pk, version=version).update(
            outcome=outcome, turn_start=None, turn_side=None, turn_steps=0, version=F("version") + 1, updated=now,
        )
        if not updated:
            raise _stale(version)
    # A turn's steps not yet confirmed stay in the log as played; the result ends the match.
    match.outcome, match.turn_start, match.turn_side, match.turn_steps = outcome, None, None, 0
    match.version, match.updated = version + 1, now
    live.outcome, live.turn_start, live.turn_side, live.turn_steps = outcome, None, None, 0
    publish(match.pk)
    return live


def match_rematch(*, match: Match, sides: list[int]) -> tuple[Match, bool]:
    """The next match after a finished one: same variant, options and opponent, sides swapped
    (each token, and the computer's level, plays the other side), linked both ways. Asked twice
    (by both players, or twice by one), it answers the same rematch; ``created`` says which."""
    if not sides:
        raise Forbidden("this request carries no token for a side of this match (Authorization: Bearer <token>)")
    if match.outcome is None:
        raise BadRequest("the match is not over: a rematch follows a finished match", "match_not_over")
    if match.rematch:
        return _rematch_taken_up(match.rematch, sides), False
    variant = get_variant(match.variant)
    new = Match(variant=match.variant, options=match.options, opponent=match.opponent, rematch_of=match.pk,
                creator=match.creator)
    new.side0_token_hash, new.side1_token_hash = match.side1_token_hash, match.side0_token_hash
    new.side0_level, new.side1_level = match.side1_level, match.side0_level
    now = timezone.now()
    # Who asks is there; the other side joins the rematch only by taking it up (or opening it):
    # having played the match before is no answer to the offer.
    joined = [None, None]
    for side in sides:
        joined[1 - side] = now
    new.side0_joined, new.side1_joined = joined
    start = variant.new_game(match.options).to_json()
    new.initial_state = start
    new.state = start
    new.log_length = 0
    live = Live.load(new)
    live.advance()
    _store(live)
    with transaction.atomic():
        new.save(force_insert=True)
        _write_log(live)
        linked = Match.objects.filter(pk=match.pk, rematch="").update(rematch=new.pk, version=F("version") + 1)
        if not linked:
            transaction.set_rollback(True)
    if not linked:
        # Another request offered the rematch first: that one stands.
        match.refresh_from_db()
        return _rematch_taken_up(match.rematch, sides), False
    match.rematch = new.pk
    match.version += 1
    publish(match.pk)
    return new, True


def _rematch_taken_up(rematch_id: str, sides: list[int]) -> Match:
    """The rematch offered, taken up by the holder of ``sides`` of the match before: there, as
    they are in that match (and as the one who offered it is), their sides swapped in it."""
    new = Match.objects.get(pk=rematch_id)
    mark_joined(new, [1 - side for side in sides])
    return new


def mark_joined(match: Match, sides: list[int]) -> bool:
    """Record that the holder of a side's token has opened the match (the first time only)."""
    now = timezone.now()
    changed = False
    for side in sides:
        if match.is_computer(side) or match.joined(side) is not None:
            continue
        field_name = f"side{side}_joined"
        if Match.objects.filter(pk=match.pk, **{f"{field_name}__isnull": True}).update(**{field_name: now}):
            setattr(match, field_name, now)
            changed = True
    if changed:
        publish(match.pk)
    return changed


def joined_flags(match_or_row: Any) -> list[bool]:
    """Per side: played by the computer, or its player has opened the match."""
    get = (lambda k: match_or_row[k]) if isinstance(match_or_row, Mapping) else (lambda k: getattr(match_or_row, k))
    return [bool(get(f"side{s}_level")) or get(f"side{s}_joined") is not None for s in (0, 1)]


def event_tag(version: int, joined: list[bool], rematch: str) -> str:
    """What a waiting client compares: it changes with every version, a player joining and a
    rematch offered."""
    return f"{version}.{''.join('1' if j else '0' for j in joined)}.{rematch or '-'}"


TAG_FIELDS = ("version", "side0_level", "side1_level", "side0_joined", "side1_joined", "rematch")
TAG_SECONDS = 10  # how long a cached tag may serve before it is read from the database again


def _shared_cache() -> bool:
    # Only a cache every worker shares can stand in for the database (per-process memory cannot).
    return settings.CACHES.get("default", {}).get("BACKEND", "").endswith("RedisCache")


def current_tag(match_id: str) -> str | None:
    """The match's event tag, from the shared cache when there is one, else one small query;
    None when there is no such match."""
    from django.core.cache import cache

    key = f"play:tag:{match_id}"
    if _shared_cache():
        tag = cache.get(key)
        if tag is not None:
            return tag
    row = Match.objects.filter(pk=match_id).values(*TAG_FIELDS).first()
    if row is None:
        return None
    tag = event_tag(row["version"], joined_flags(row), row["rematch"])
    if _shared_cache():
        cache.set(key, tag, TAG_SECONDS)
    return tag


def publish(match_id: str) -> None:
    """A match changed: drop its cached tag, so the next reader takes it from the database."""
    if _shared_cache():
        from django.core.cache import cache

        cache.delete(f"play:tag:{match_id}")
