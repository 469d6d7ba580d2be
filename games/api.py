"""The play API (DESIGN.md, "Playing in the browser"): create a match, read it, act in it.

Anonymous players create matches; a request acts for a side with ``Authorization: Bearer
<token>``. No cookies are read, so there is no session and no CSRF to consider.
"""
from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_vary_headers
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ParseError, Throttled
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.bodies import body_too_big
from core.numbers import whole_number
from core.paths import path_for
from core.renderers import JSONRenderer as FastJSONRenderer
from core.throttling import SharedRateThrottle, client_ip
from games import exports, review, selectors, services
from games.engine.core import EngineError, brief, loads
from games.models import Match


def parse_body(raw: bytes) -> Any:
    """A request body's JSON, or ``BadRequest`` in one line: not UTF-8, not JSON, nested deeper
    than any state or action (which would exhaust the parser's stack), numbers too long to read."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise services.BadRequest("the body is not UTF-8 text", "malformed") from None
    try:
        return loads(text, "the body", EngineError)
    except EngineError as exc:
        raise services.BadRequest(str(exc), "malformed") from None


class BodyParser(JSONParser):
    """DRF's JSON parser with :func:`parse_body`'s limits."""

    def parse(self, stream, media_type=None, parser_context=None):  # type: ignore[no-untyped-def]
        return parse_body(stream.read() if stream is not None else b"")


class PlayThrottle(SharedRateThrottle):
    """Limits writes per client address (API_PLAY_RATE), counted atomically in the store every
    worker shares (core.throttling: Redis or the database), the address read as NUM_PROXIES
    says. Reads are not limited here: a waiting player's poll is a 304, and the reads that cost
    more count against their own rates (ReadThrottle)."""

    scope = "play"
    only_anonymous = False

    def ident(self, request) -> str:
        # Play requests carry match tokens, never a user: every client is its address.
        return f"ip:{client_ip(request)}"

    def allow_request(self, request, view, read=None) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view, read)


RECORD_RATE = "120/minute"
REVIEW_RATE = "10/minute"
ESTIMATE_RATE = "120/minute"


class ReadThrottle(PlayThrottle):
    """A read of the play API that costs more than a poll: counted per client address at
    REST_FRAMEWORK's rate for its scope where settings give one (None there: no limit), else
    ``default``."""

    default: str | None = None

    def get_rate(self) -> str | None:
        rates = settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {})
        return rates[self.scope] if self.scope in rates else self.default

    def allow_request(self, request, view, read=None) -> bool:
        return SharedRateThrottle.allow_request(self, request, view, read)


class RecordThrottle(ReadThrottle):
    """The match as a file: the record (a replay of the log) and the exports (written from it),
    at the 'record' rate (API_RECORD_RATE)."""

    scope = "record"
    default = RECORD_RATE


class MatchReadThrottle(ReadThrottle):
    """A match's full answer (its state, legal actions and log): the 'read' rate (API_READ_RATE).
    The 304 a waiting player polls for is not counted."""

    scope = "read"
    default = "600/minute"


def throttled_response(throttle: SharedRateThrottle) -> HttpResponse:
    """The API's 429: the JSON refusal, and Retry-After."""
    wait = throttle.wait()
    response = json_response({"code": "throttled", "reason": f"too many requests; try again in {wait or 1:.0f} s"}, 429)
    if wait:
        response["Retry-After"] = str(int(wait) + 1)
    return response


def bearer_token(request: Request) -> str | None:
    header = request.META.get("HTTP_AUTHORIZATION", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def error(exc: services.PlayError) -> Response:
    return Response({"code": exc.code, "reason": exc.reason}, status=exc.status)


class PlayView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [PlayThrottle]
    parser_classes = [BodyParser]
    renderer_classes = [JSONRenderer]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, services.PlayError):
            return error(exc)
        if isinstance(exc, ParseError):
            return error(services.BadRequest(f"the body is not valid JSON: {exc.detail}", "malformed"))
        if isinstance(exc, RequestDataTooBig):
            return Response({"code": "too_large", "reason": body_too_big()}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        if isinstance(exc, Http404):
            return Response({"code": "not_found", "reason": "no match with that id"}, status=404)
        if isinstance(exc, Throttled):
            response = Response(
                {"code": "throttled", "reason": f"too many requests; try again in {exc.wait or 1:.0f} s"},
                status=status.HTTP_429_TOO_MANY_REQUESTS,
            )
            if exc.wait:
                response["Retry-After"] = str(int(exc.wait) + 1)
            return response
        if isinstance(exc, APIException):
            return Response({"code": exc.default_code, "reason": str(exc.detail)}, status=exc.status_code)
        return super().handle_exception(exc)

    def match_response(
        self, match: Match, sides: list[int], status_code: int = 200, live: services.Live | None = None,
        log_from: int | None = None, **extra: Any
    ) -> Response:
        body = selectors.match_payload(match, sides, live, log_from)
        # The ticket is for the token whose sides these are: a new match's own, else the request's.
        body.update(presence_fields(match, sides, extra.get("token") or bearer_token(self.request)))
        body.update(extra)
        response = Response(body, status=status_code)
        return match_headers(response, match, sides)


def presence_fields(match: Match, sides: list[int], token: str | None) -> dict[str, Any]:
    """Beside the match: who has joined, the rematch offered (and the match this one follows),
    the tag the events stream compares, where the exports are, and for a player the ticket to
    send back with the next action (``resume``: services.resume_ticket)."""
    joined = services.joined_flags(match)
    base = path_for("games:api-match", match.id)
    return {
        "joined": joined,
        "rematch": match.rematch or None,
        "rematch_of": match.rematch_of or None,
        "tag": services.event_tag(match.version, joined, match.rematch),
        "exports": exports.formats_for(match.variant, base, match.options, match.set_up),
        "resume": services.resume_ticket(match, sides, token),
    }


def api_etag(match_id: str, sides: list[int], tag: str) -> str:
    # The tag holds the version, who has joined and the rematch: any of them changes the answer.
    return '"%s-%s-%s"' % (match_id, tag, "".join(map(str, sides)) or "x")


def match_headers(response, match: Match, sides: list[int]):
    joined = services.joined_flags(match)
    response["ETag"] = api_etag(match.id, sides, services.event_tag(match.version, joined, match.rematch))
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Authorization"])
    return response


def parse_log_from(value: Any, where: str) -> int | None:
    """``log_from``: how many log entries the client already holds (absent: send the whole log)."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise services.BadRequest(f"{where}: a whole number (0 or more) is required, got {brief(value)}", "malformed")


_RENDERER = FastJSONRenderer()


def json_response(body: dict[str, Any], status_code: int = 200) -> HttpResponse:
    # What DRF's JSONRenderer writes (UTF-8, compact), encoded by orjson as the rest of the API's
    # JSON is, without the negotiation around it.
    return HttpResponse(_RENDERER.render(body), status=status_code, content_type="application/json")


MATCH_EXAMPLE = OpenApiExample(
    "A match against the computer",
    value={"variant": "tables.ses-bes", "options": {"match_to": 1}, "opponent": "computer", "level": "easy"},
    request_only=True,
)

CreateRequest = inline_serializer(
    "MatchCreate",
    {
        "variant": serializers.CharField(help_text="An engine variant key, e.g. tables.ses-bes"),
        "options": serializers.JSONField(required=False, help_text="The variant's options; defaults fill the rest"),
        "opponent": serializers.ChoiceField(["computer", "hotseat", "remote"], default="computer"),
        "level": serializers.CharField(required=False, help_text="The computer's level: random, easy, strong"),
        "side": serializers.ChoiceField([0, 1], default=0, help_text="The side the creator plays"),
        "state": serializers.JSONField(required=False, help_text="Start from this position (analysis, tests)"),
    },
)
ACTION_FIELDS = frozenset({"action", "version", "confirm", "log_from", "resume"})
ActionRequest = inline_serializer(
    "MatchAction",
    {
        "action": serializers.JSONField(help_text='An engine action, or {"undo": true} / {"confirm": true}'),
        "version": serializers.IntegerField(help_text="The version the action was computed from"),
        "confirm": serializers.BooleanField(default=False, help_text="Confirm the turn if this step ends it"),
        "log_from": serializers.IntegerField(
            required=False, min_value=0,
            help_text="How many log entries the client holds (its log at `version`): the answer's `log` then "
            "carries only the entries from there on, and `log_from` says where they start (fewer than asked "
            "when a step was taken back). Without it, `log` is the whole log.",
        ),
        "resume": serializers.CharField(
            required=False,
            help_text="The `resume` string of the answer the client last had (at `version`, for its token): the "
            "server's signed copy of the match, so whichever server process takes the action need not read the "
            "match first. Optional; one that does not check out (another version, match or token) is ignored.",
        ),
    },
)
ErrorResponse = inline_serializer("PlayError", {"code": serializers.CharField(), "reason": serializers.CharField()})


class MatchCreateView(PlayView):
    @extend_schema(
        operation_id="matches_create",
        request=CreateRequest,
        responses={201: OpenApiTypes.OBJECT, 400: ErrorResponse},
        examples=[MATCH_EXAMPLE],
        description="Create a match. The answer carries `token` (act with `Authorization: Bearer <token>`) "
        "and, for a remote match, `invite_url` (the link for the other player, with their token).",
    )
    def post(self, request: Request) -> Response:
        data = request.data
        if not isinstance(data, dict):
            raise services.not_an_object("the body", data)
        unknown = sorted(set(data) - {"variant", "options", "opponent", "level", "side", "state"})
        if unknown:
            raise services.BadRequest(f"{unknown[0]}: unknown field", "malformed")
        created = services.match_create(
            variant_key=data.get("variant"),
            options=data.get("options"),
            opponent=data.get("opponent", "computer"),
            level=data.get("level"),
            side=data.get("side", 0),
            state=data.get("state"),
            creator=services.creator_key(client_ip(request)),
        )
        match = created.match
        sides = services.match_sides_for_token(match, created.token)
        live = created.live
        services.mark_joined(match, sides)  # the creator is there
        invite_url = None
        if created.invite_token:
            # The token rides in the fragment: browsers never send it to a server or a Referer.
            invite_url = request.build_absolute_uri(match.get_absolute_url()) + f"#t={created.invite_token}"
        return self.match_response(match, sides, 201, live=live, token=created.token, invite_url=invite_url)


class MatchDetailView(PlayView):
    @extend_schema(
        operation_id="matches_retrieve",
        responses={200: OpenApiTypes.OBJECT, 304: OpenApiResponse(description="Not modified"), 404: ErrorResponse},
        description="Read a match. Answers `ETag`; send it back as `If-None-Match` to wait cheaply (304). "
        "`?log_from=N` (how many log entries the client holds) sends only the entries from there on, as "
        "an action's answer does, with `log_from` saying where they start. With a player's token the answer "
        "carries `resume`, to send back with that player's next action.",
    )
    def get(self, request: Request, match_id: str) -> Response:
        token = bearer_token(request)
        raw_from = request.query_params.get("log_from")
        log_from = whole_number(raw_from) if raw_from is not None else None
        if raw_from is not None and log_from is None:
            raise services.BadRequest(f"log_from: a whole number (0 or more) is required, got {raw_from[:20]!r}", "malformed")
        if_none_match = request.META.get("HTTP_IF_NONE_MATCH")
        if if_none_match:
            # The cheap path for a waiting player: one small query, no engine work.
            row = Match.objects.filter(pk=match_id).values(
                "side0_token_hash", "side1_token_hash", *services.TAG_FIELDS
            ).first()
            if row is not None:
                shell = Match(id=match_id, **row)
                sides = services.match_sides_for_token(shell, token)
                etag = api_etag(match_id, sides, services.event_tag(row["version"], services.joined_flags(row), row["rematch"]))
                offered = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
                if etag in offered or "*" in offered:
                    response = Response(status=status.HTTP_304_NOT_MODIFIED)
                    response["ETag"] = etag
                    response["Cache-Control"] = "no-cache"
                    patch_vary_headers(response, ["Authorization"])
                    return response
        # A full answer reads the match, its log and its legal actions: counted.
        throttle = MatchReadThrottle()
        if not throttle.allow_request(request, self):
            self.throttled(request, throttle.wait())
        match = get_object_or_404(Match.objects.defer("initial_state"), pk=match_id)
        sides = services.match_sides_for_token(match, token)
        if sides:
            services.mark_joined(match, sides)  # "your friend has joined", for the other side
        return self.match_response(match, sides, log_from=log_from)


class MatchActionView(PlayView):
    """The hot path: every step of every player comes here. POST bypasses DRF's request
    wrapping, negotiation and rendering (a plain Django view inside the APIView, which stays for
    the OpenAPI documentation and the 405 on other methods); the answer is the same JSON."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return super().dispatch(request, *args, **kwargs)
        self.args, self.kwargs, self.request, self.headers = args, kwargs, request, {}
        try:
            return self.post(request, **kwargs)
        except services.PlayError as exc:
            return json_response({"code": exc.code, "reason": exc.reason}, exc.status)
        except Http404:
            return json_response({"code": "not_found", "reason": "no match with that id"}, 404)

    @extend_schema(
        operation_id="matches_act",
        request=ActionRequest,
        responses={200: OpenApiTypes.OBJECT, 400: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse,
                   415: ErrorResponse, 429: ErrorResponse},
        description="Act for your side with the version the action was computed from. Dice are drawn and the "
        "computer's reply is played by the server before this answers. A turn of steps stays open until "
        '`{"confirm": true}`; `{"undo": true}` takes back its last step. The answer is the match as `GET` '
        "shows it; send `log_from` to receive only the log entries you do not hold yet, and `resume` (the last "
        "answer's) so that any server process can act without reading the match first.",
    )
    def post(self, request: HttpRequest, match_id: str) -> HttpResponse:
        throttle = PlayThrottle()
        content_type = request.META.get("CONTENT_TYPE", "").split(";")[0].strip().lower()
        # The body is read once; a body refused is answered after the count, as any refusal.
        json_body = bool(request.body) and content_type == "application/json"
        data: Any = {}
        refused: services.PlayError | None = None
        if json_body:
            try:
                data = parse_body(request.body)
                unknown = sorted(set(data) - ACTION_FIELDS) if isinstance(data, dict) else []
                if unknown:  # as a create refuses them: a misspelt field is not silently dropped
                    raise services.BadRequest(
                        f"{unknown[0][:40]}: unknown field (an action takes {', '.join(sorted(ACTION_FIELDS))})", "malformed"
                    )
            except services.PlayError as exc:
                refused = exc
        if json_body and refused is None:
            # A well-formed step: read (unless held) and written with the count in the fewest
            # round trips. What it cannot settle comes back None and goes the usual way below.
            answered = self.act_on_step(request, match_id, data, throttle)
            if answered is not None:
                return answered
        if throttle.verdict is None:
            # The match is read with the count where the store can (one round trip on PostgreSQL).
            if not throttle.allow_request(request, self, read=services.match_query(match_id)):
                return self.throttled(throttle)
        if request.body and content_type != "application/json":
            return json_response({"code": "unsupported_media_type",
                                  "reason": f"the body must be application/json, not {content_type or 'untyped'}"}, 415)
        if refused is not None:
            raise refused
        log_from = parse_log_from(data.get("log_from") if isinstance(data, dict) else None, "log_from")
        # The starting position is only read for the record; an action never needs it.
        read, row = throttle.read_row()
        match = services.match_from_row(row) if read else services.match_get(match_id)
        if match is None:
            raise Http404
        token = bearer_token(request)
        sides = services.match_sides_for_token(match, token)
        live = services.match_act(match=match, data=data, sides=sides)
        return self.answer(live, sides, log_from, token)

    def answer(self, live: services.Live, sides: list[int], log_from: int | None, token: str | None) -> HttpResponse:
        services.publish(live.match.pk)  # whoever waits on the events stream hears of it at once
        body = selectors.match_payload(live.match, sides, live, log_from)
        body.update(presence_fields(live.match, sides, token))
        return match_headers(json_response(body), live.match, sides)

    @staticmethod
    def throttled(throttle: PlayThrottle) -> HttpResponse:
        return throttled_response(throttle)

    def act_on_step(self, request: HttpRequest, match_id: str, data: Any, throttle: PlayThrottle) -> HttpResponse | None:
        """A well-formed step, done with as few round trips as the store allows: computed from
        the match this process holds at the version the request names (it wrote that version
        itself: services.held_match), or from the resume ticket the request sent back (a held copy
        signed into the last answer: services.match_from_resume), or else from a plain read of
        the match, then written, with the request's count where the store allows (PostgreSQL), in
        one statement conditional on that version. The count is made after the read here (the
        held path has no read to count with), so a step costs the read and the write and nothing
        more.

        A refusal met after a fresh read (no such match, a token for no side, a stale version,
        an illegal action) is answered here as the usual way would answer it, counted first. A
        held copy is trusted for nothing: anything it leads to refuse, or its version having moved
        on in the database, sends the request the usual way (None), from a fresh read, with the
        usual answer; a ticket is a held copy in this. If the count was made, ``throttle.verdict``
        says so and it is not made again. Over the limit, nothing is written."""
        try:
            action, version, confirm = services.parse_action_request(data)
            log_from = parse_log_from(data.get("log_from"), "log_from")
        except services.PlayError:
            return None  # the usual way answers it, with its own checks first
        token = bearer_token(request)
        # Not held here: the ticket the last answer gave, if the request sent it back.
        match = (services.held_match(match_id, version)
                 or services.match_from_resume(data.get("resume"), match_id, version, token))
        held = match is not None
        if not held:
            match = services.match_get(match_id)
        try:
            if match is None:
                raise Http404
            sides = services.match_sides_for_token(match, token)
            plan = services.check_action(match=match, action=action, version=version, sides=sides, confirm=confirm)
        except (services.PlayError, Http404) as exc:
            if held:
                return None
            return self.refuse_counted(request, throttle, exc)
        counting = throttle.counting(request)
        if counting and len(plan.live.new) > services.ROWS_PER_STATEMENT:
            counting = None  # too long for one statement: counted apart, written in a transaction
        if counting is None and not throttle.allow_request(request, self):
            # The store counts apart (Redis, or the database on SQLite): counted before writing.
            return self.throttled(throttle)
        stale: services.Stale | None = None
        try:
            live = services.do_action(plan, counting=counting or None)
        except services.OverLimit:
            live = None
        except services.Stale as exc:
            live, stale = None, exc
        if counting and not throttle.counted(counting, plan.counted):
            return self.throttled(throttle)  # over the limit: nothing written
        if stale is not None:
            if held:
                # Moved on since this process wrote it (or gone): done again from a read.
                services.forget_match(match_id)
                return None
            raise stale  # another request wrote first, between this one's read and its write
        assert live is not None
        return self.answer(live, sides, log_from, token)

    def refuse_counted(self, request: HttpRequest, throttle: PlayThrottle, refusal: Exception) -> HttpResponse:
        """``refusal`` answered as the usual way answers it: counted first (429 over the limit)."""
        if throttle.verdict is None and not throttle.allow_request(request, self):
            return self.throttled(throttle)
        raise refusal


# The most moves one answer of /record/ carries (each with its state): a long match comes in parts.
RECORD_MAX_MOVES = 1000


WHOLE = 10**9  # a record's limit that takes every move: a download's


class MatchRecordView(PlayView):
    throttle_classes = [RecordThrottle]

    @extend_schema(
        operation_id="matches_record",
        parameters=[
            OpenApiParameter("from", int, description="Start after this many actions (0, the default: from the start)."),
            OpenApiParameter("limit", int, description=f"At most this many moves (1 to {RECORD_MAX_MOVES}, the default)."),
            OpenApiParameter("download", str, description="Any value: served as an attachment, the whole match unless `limit` is given."),
        ],
        responses={200: OpenApiTypes.OBJECT, 304: OpenApiResponse(description="Not modified"), 400: ErrorResponse,
                   404: ErrorResponse, 429: ErrorResponse},
        description="The match record: the starting state and the actions with the state after each "
        "(and the fields the variant records with each action, e.g. a tables game's position ID), "
        f"for replay and download. At most {RECORD_MAX_MOVES} moves an answer: `moves_from` says where "
        "they start, `moves_total` how many the match has, and `next_from`, when not null, is the `from` "
        "of the next part. A long match's download is streamed. The replay is kept per "
        "match version; send the `ETag` back as `If-None-Match`.",
    )
    def get(self, request: Request, match_id: str) -> HttpResponse:
        start = self.whole_number(request, "from", 0)
        download = bool(request.query_params.get("download"))
        if download and "limit" not in request.query_params:
            limit = WHOLE  # the file a player downloads is the whole match, not its first part
        else:
            limit = self.whole_number(request, "limit", RECORD_MAX_MOVES)
            if not 1 <= limit <= RECORD_MAX_MOVES:
                raise services.BadRequest(f"limit: from 1 to {RECORD_MAX_MOVES}, got {limit}", "malformed")
        row = Match.objects.filter(pk=match_id).values_list("version", flat=True).first()
        if row is None:
            raise Http404
        etag = '"record-%s-%d-%d-%d"' % (match_id, row, start, limit)
        offered = {tag.strip().removeprefix("W/") for tag in request.META.get("HTTP_IF_NONE_MATCH", "").split(",")}
        if etag in offered:
            response = HttpResponse(status=status.HTTP_304_NOT_MODIFIED)
        else:
            # The replay is kept in parts (selectors.RecordReplay: a part once, the open turn once
            # per version) and each answer is cut from it: not replayed from the start, and not
            # kept, per window.
            match = get_object_or_404(Match, pk=match_id)
            etag = '"record-%s-%d-%d-%d"' % (match_id, match.version, start, limit)
            chunks = selectors.record_chunks(match, start, limit)
            if selectors.record_parts_spanned(match.log_length, start, limit) > 2:
                # A long match's download: sent part by part, never held whole.
                response = StreamingHttpResponse(chunks, content_type="application/json")
            else:
                response = HttpResponse(b"".join(chunks), content_type="application/json")
            if download:
                response["Content-Disposition"] = f'attachment; filename="match-{match_id}.json"'
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
        return response

    @staticmethod
    def whole_number(request: Request, name: str, default: int) -> int:
        value = request.query_params.get(name)
        if value is None:
            return default
        number = whole_number(value, high=999_999_999)
        if number is None:
            raise services.BadRequest(f"{name}: a whole number is required, got {value[:20]!r}", "malformed")
        return number


# -- the events stream: a waiting player hears of a change without polling the whole match -------

EVENTS_RETRY_MS = 150  # how soon a browser asks again after a stream closes
EVENTS_STEP = 0.05  # how often an open stream looks at the tag


def events_hold(request: HttpRequest) -> float:
    """How long one stream may stay open waiting for a change. Under ASGI the wait is a
    coroutine's sleep and holds no worker, so it may be long; under WSGI it would hold a worker
    for its whole length, so by default the stream answers at once (the browser comes back after
    ``retry``), which keeps DESIGN's rule that waiting holds no worker."""
    if getattr(request, "scope", None) is not None:  # an ASGIRequest
        return float(getattr(settings, "PLAY_EVENTS_ASGI_HOLD", 25.0))
    return float(getattr(settings, "PLAY_EVENTS_HOLD", 0.0))


def event_text(tag: str) -> str:
    version = tag.split(".", 1)[0]
    return f"id: {tag}\nevent: change\ndata: {json.dumps({'tag': tag, 'version': int(version)})}\n\n"


def idle_text() -> str:
    return f"retry: {EVENTS_RETRY_MS}\n: no change yet\n\n"


@csrf_exempt  # GET only (any other method is a JSON 405, not Django's CSRF page); it changes nothing
def match_events(request: HttpRequest, match_id: str) -> HttpResponse:
    """``GET /api/v1/matches/<id>/events/?since=TAG`` (server-sent events): one ``change`` event
    when the match's tag (its version, who has joined, the rematch) differs from ``since`` (or
    the ``Last-Event-ID`` the browser sends back), then the stream ends; with no change by the
    end of the hold, it ends with ``retry`` and the browser reconnects. No token is needed: the
    tag says no more than the match's public page."""
    if request.method != "GET":
        return json_response({"code": "method_not_allowed", "reason": "only GET"}, 405)
    # Not counted against a rate: a stream costs one indexed read of the match's tag, less than
    # a throttle's count would (a write, in the database store), and under WSGI a waiting board
    # comes back every EVENTS_RETRY_MS; a rate low enough to matter would cut a classroom behind
    # one address off from its updates.
    since = request.META.get("HTTP_LAST_EVENT_ID") or request.GET.get("since", "")
    if len(since) > 80:
        return json_response({"code": "malformed", "reason": "since: at most 80 characters"}, 400)
    tag = services.current_tag(match_id)
    if tag is None:
        return json_response({"code": "not_found", "reason": "no match with that id"}, 404)
    hold = events_hold(request)

    if getattr(request, "scope", None) is not None:
        import asyncio

        from asgiref.sync import sync_to_async

        async def agen():
            now = tag
            loop = asyncio.get_running_loop()
            end = loop.time() + hold
            while now == since and loop.time() < end:
                await asyncio.sleep(EVENTS_STEP)
                now = await sync_to_async(services.current_tag)(match_id)
            yield (event_text(now) if now and now != since else idle_text()).encode()

        body = agen()
    else:
        import time

        def gen():
            now = tag
            end = time.monotonic() + hold
            while now == since and time.monotonic() < end:
                time.sleep(EVENTS_STEP)
                now = services.current_tag(match_id)
            yield (event_text(now) if now and now != since else idle_text()).encode()

        body = gen()
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


# -- resigning and the rematch -------------------------------------------------------------------


class MatchResignView(PlayView):
    @extend_schema(
        operation_id="matches_resign",
        request=inline_serializer("MatchResign", {"version": serializers.IntegerField()}),
        responses={200: OpenApiTypes.OBJECT, 400: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse},
        description="Resign the match for your side: the other side wins it (in a match to points it is "
        'credited the points it lacked). `outcome.how` is "resign" and `outcome.resigned` the side.',
    )
    def post(self, request: Request, match_id: str) -> Response:
        match = get_object_or_404(Match.objects.defer("initial_state"), pk=match_id)
        sides = services.match_sides_for_token(match, bearer_token(request))
        live = services.match_resign(match=match, data=request.data, sides=sides)
        return self.match_response(live.match, sides, live=live)


class MatchRematchView(PlayView):
    @extend_schema(
        operation_id="matches_rematch",
        request=None,
        responses={200: OpenApiTypes.OBJECT, 201: OpenApiTypes.OBJECT, 400: ErrorResponse, 403: ErrorResponse},
        description="Offer (or take up) the rematch of a finished match: a new match with the same settings "
        "and the sides swapped; each player's token plays in it. 201 when this request made it, 200 when it "
        "existed already. The finished match's `rematch` names it.",
    )
    def post(self, request: Request, match_id: str) -> Response:
        match = get_object_or_404(Match.objects.defer("initial_state"), pk=match_id)
        sides = services.match_sides_for_token(match, bearer_token(request))
        new, created = services.match_rematch(match=match, sides=sides)
        new_sides = [1 - s for s in sides]
        return self.match_response(new, sorted(new_sides), 201 if created else 200)


# -- the review after a game, and the estimate during one (issue 37) ------------------------------


class ReviewThrottle(ReadThrottle):
    """A review: up to some 20 s of engine work the first time (kept after), counted per address
    at the 'review' rate (API_REVIEW_RATE; REVIEW_RATE where settings give none)."""

    scope = "review"
    default = REVIEW_RATE


class EstimateThrottle(ReadThrottle):
    """An estimate: a fraction of a second of engine work, asked once a turn by a board with the
    bar turned on, at the 'estimate' rate (API_ESTIMATE_RATE; ESTIMATE_RATE where settings give none)."""

    scope = "estimate"
    default = ESTIMATE_RATE


class MatchReviewView(PlayView):
    throttle_classes = [ReviewThrottle]

    @extend_schema(
        operation_id="matches_review",
        responses={200: OpenApiTypes.OBJECT, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse},
        description="The review of a finished match: every decision of each side (a tables turn's "
        "steps are one play; chance and cube decisions are left out) compared with the strongest "
        "computer player's choice by that player's evaluator (`evaluator`: tables games the trained "
        "network's cubeless equity in points, race games the race evaluation in squares, Béchi the "
        "search in counters, rules-file games a small Monte Carlo search's win chance). Each of "
        "`moves` gives the log entries it spans (`entries`, 1-based: the position after the last is "
        "`entries[1]`), `played`, `best` (null when the move played was the best), the values, "
        "`loss`, `loss_text` and `mark` (`inaccuracy`, `mistake`, `blunder` or null, by "
        "`evaluator.thresholds`); `summary` counts them per side. The work is bounded (about 20 s "
        "for the longest games): `depth` says how deeply a move was judged, and `complete` is false "
        "when moves were left unjudged. A game without an evaluator answers `available: false` and "
        "a `reason`. Kept once made (`cached`). 400 `match_not_over` while the match is played.",
    )
    def get(self, request: Request, match_id: str) -> Response:
        match = get_object_or_404(Match, pk=match_id)
        response = Response(review.match_review(match))
        response["Cache-Control"] = "no-cache"
        return response


class MatchEstimateView(PlayView):
    throttle_classes = [EstimateThrottle]

    @extend_schema(
        operation_id="matches_estimate",
        responses={200: OpenApiTypes.OBJECT, 404: ErrorResponse, 429: ErrorResponse},
        description="The strongest computer player's estimate of the match's current position, for "
        "the win-chance bar: `win_chance` (side 0's, then side 1's) where the evaluator gives one "
        "(tables games, rules-file games), else `value`, side 0's lead in the evaluator's unit "
        "(`evaluator.unit`: squares in the race games, counters in Béchi). `available` is false, "
        "with a `reason`, where there is none (the game over, dice due in a rules-file game, a game "
        "without an evaluator). Kept per match `version`.",
    )
    def get(self, request: Request, match_id: str) -> Response:
        match = get_object_or_404(Match.objects.defer("initial_state"), pk=match_id)
        response = Response(review.match_estimate(match))
        response["Cache-Control"] = "no-cache"
        return response


# -- exports -------------------------------------------------------------------------------------


EXPORT_CACHE_SECONDS = 3600


@csrf_exempt  # as match_events
def match_export(request: HttpRequest, match_id: str, fmt: str) -> HttpResponse:
    """``GET /api/v1/matches/<id>/export/<fmt>/``: the match as a file other programs read
    (``mat``: the gnubg/Jellyfish match text; ``sgf``: SGF for backgammon, GM[6]). Counted as the
    record is (RecordThrottle); written once per match version and format, and kept for the
    next request (one version at a time)."""
    if request.method != "GET":
        return json_response({"code": "method_not_allowed", "reason": "only GET"}, 405)
    throttle = RecordThrottle()
    if not throttle.allow_request(request, None):
        return throttled_response(throttle)
    version = Match.objects.filter(pk=match_id).values_list("version", flat=True).first()
    if version is None:
        return json_response({"code": "not_found", "reason": "no match with that id"}, 404)
    # Only the known formats are kept: an unknown one is refused before any work.
    key = f"match-export:{match_id}:{fmt}" if fmt in exports.FORMATS else None
    kept = cache.get(key) if key else None
    if kept is not None and kept[0] == version:
        _, status_code, content, content_type = kept
    else:
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return json_response({"code": "not_found", "reason": "no match with that id"}, 404)
        try:
            text, content_type, suffix = exports.export(match, fmt)
            status_code, content, content_type = 200, text.encode(), f"{content_type}; charset=utf-8"
        except exports.ExportError as exc:
            body = {"code": "invalid", "reason": str(exc)}
            if isinstance(exc, exports.Unwritable):  # where this match can be had instead
                offered = exports.formats_for(match.variant, path_for("games:api-match", match.id), match.options, match.set_up)
                body["exports"] = {name: url for name, url in offered.items() if name in exc.fits}
            status_code, content, content_type = 400, _RENDERER.render(body), "application/json"
        if key:
            cache.set(key, (match.version, status_code, content, content_type), EXPORT_CACHE_SECONDS)
    response = HttpResponse(content, status=status_code, content_type=content_type)
    if status_code == 200:
        response["Content-Disposition"] = f'attachment; filename="match-{match_id}.{exports.FORMATS[fmt][1]}"'
        response["Cache-Control"] = "no-cache"
    return response
