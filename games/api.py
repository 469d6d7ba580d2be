"""The play API (DESIGN.md, "Playing in the browser"): create a match, read it, act in it.

Anonymous players create matches; a request acts for a side with ``Authorization: Bearer
<token>``. No cookies are read, so there is no session and no CSRF to consider.
"""
from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ParseError, Throttled
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from games import selectors, services
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


class PlayThrottle(SimpleRateThrottle):
    """Limits writes per client address; reading (polling) is not limited, it is a 304."""

    scope = "play"

    def get_rate(self) -> str | None:
        # Read at request time, so a deployment (or a test) can change it without a restart.
        return settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}).get("play")

    def allow_request(self, request, view) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


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
        self, match: Match, sides: list[int], status_code: int = 200, live: services.Live | None = None, **extra: Any
    ) -> Response:
        body = selectors.match_payload(match, sides, live)
        body.update(extra)
        response = Response(body, status=status_code)
        return match_headers(response, match, sides)


def match_headers(response, match: Match, sides: list[int]):
    response["ETag"] = selectors.match_etag(match.id, match.version, sides)
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


def json_response(body: dict[str, Any], status_code: int = 200) -> HttpResponse:
    # What DRF's JSONRenderer writes (UTF-8, compact, no NaN), without the negotiation around it.
    return HttpResponse(
        json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode(),
        status=status_code, content_type="application/json",
    )


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
            raise services.BadRequest("the body must be a JSON object", "malformed")
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
        )
        match = created.match
        sides = services.match_sides_for_token(match, created.token)
        live = created.live
        invite_url = None
        if created.invite_token:
            # The token rides in the fragment: browsers never send it to a server or a Referer.
            invite_url = request.build_absolute_uri(match.get_absolute_url()) + f"#t={created.invite_token}"
        return self.match_response(match, sides, 201, live=live, token=created.token, invite_url=invite_url)


class MatchDetailView(PlayView):
    @extend_schema(
        operation_id="matches_retrieve",
        responses={200: OpenApiTypes.OBJECT, 304: OpenApiResponse(description="Not modified"), 404: ErrorResponse},
        description="Read a match. Answers `ETag`; send it back as `If-None-Match` to wait cheaply (304).",
    )
    def get(self, request: Request, match_id: str) -> Response:
        token = bearer_token(request)
        if_none_match = request.META.get("HTTP_IF_NONE_MATCH")
        if if_none_match:
            # The cheap path for a waiting player: one small query, no engine work.
            row = Match.objects.filter(pk=match_id).values("version", "side0_token_hash", "side1_token_hash").first()
            if row is not None:
                shell = Match(id=match_id, **row)
                sides = services.match_sides_for_token(shell, token)
                etag = selectors.match_etag(match_id, row["version"], sides)
                offered = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
                if etag in offered or "*" in offered:
                    response = Response(status=status.HTTP_304_NOT_MODIFIED)
                    response["ETag"] = etag
                    response["Cache-Control"] = "no-cache"
                    patch_vary_headers(response, ["Authorization"])
                    return response
        match = get_object_or_404(Match.objects.defer("initial_state"), pk=match_id)
        return self.match_response(match, services.match_sides_for_token(match, token))


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
        "shows it; send `log_from` to receive only the log entries you do not hold yet.",
    )
    def post(self, request: HttpRequest, match_id: str) -> HttpResponse:
        throttle = PlayThrottle()
        if not throttle.allow_request(request, self):
            wait = throttle.wait()
            response = json_response(
                {"code": "throttled", "reason": f"too many requests; try again in {wait or 1:.0f} s"}, 429
            )
            if wait:
                response["Retry-After"] = str(int(wait) + 1)
            return response
        content_type = request.META.get("CONTENT_TYPE", "").split(";")[0].strip().lower()
        if request.body and content_type != "application/json":
            return json_response({"code": "unsupported_media_type",
                                  "reason": f"the body must be application/json, not {content_type or 'untyped'}"}, 415)
        data = parse_body(request.body) if request.body else {}
        log_from = parse_log_from(data.get("log_from") if isinstance(data, dict) else None, "log_from")
        # The starting position is only read for the record; an action never needs it.
        match = get_object_or_404(Match.objects.defer("initial_state"), pk=match_id)
        sides = services.match_sides_for_token(match, bearer_token(request))
        live = services.match_act(match=match, data=data, sides=sides)
        body = selectors.match_payload(live.match, sides, live, log_from)
        return match_headers(json_response(body), live.match, sides)


class MatchRecordView(PlayView):
    @extend_schema(
        operation_id="matches_record",
        responses={200: OpenApiTypes.OBJECT},
        description="The match record: the starting state and every action with the state after it "
        "(and the fields the variant records with each action, e.g. a tables game's position ID), "
        "for replay and download.",
    )
    def get(self, request: Request, match_id: str) -> Response:
        match = get_object_or_404(Match, pk=match_id)
        start = request.query_params.get("from", "0")
        if not start.isdigit():
            raise services.BadRequest(f"from: a whole number is required, got {start!r}", "malformed")
        response = Response(selectors.match_record(match, int(start)))
        if request.query_params.get("download"):
            response["Content-Disposition"] = f'attachment; filename="match-{match.id}.json"'
        response["ETag"] = selectors.match_etag(match.id, match.version, [])
        response["Cache-Control"] = "no-cache"
        return response
