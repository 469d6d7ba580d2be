"""The API of simulated play as jobs (games/jobs.py; here, beside the archive, because a run may be
asked for by an archive ruleset): ask for a run, follow its progress, read its
result, list a ruleset's runs, cancel one.

    POST /api/v1/simulations/                 {"variant" | "ruleset", "options", "players", "games", "seed"}
    GET  /api/v1/simulations/?variant=KEY     (or ?ruleset=ID) the runs asked for, newest first
    GET  /api/v1/simulations/<id>/            progress, and the result once done
    POST /api/v1/simulations/<id>/cancel/     by whoever asked (their address) or a curator

A request is answered at once (201 for a new run, 200 for an identical one already queued,
running or done); workers play the games. Refusals are ``{"code", "reason"}``: 400 for bad input,
404 for an unknown run or ruleset, 403 for a cancel by someone else, 429 for a spent hourly budget,
503 for a full queue.
"""
from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from archive.api.simulations import SimulationResultSerializer
from core.throttling import client_ip
from games import jobs
from games.models import SimulationJob
from games.simulation import as_json

STATUS = {"invalid": 400, "budget": 429, "queue_full": 503}


class JobSerializer(serializers.Serializer):
    id = serializers.CharField()
    url = serializers.CharField(help_text="The run's page (a stable address to cite or share)")
    api_url = serializers.CharField()
    status = serializers.ChoiceField(choices=SimulationJob.Status.choices)
    status_text = serializers.CharField()
    variant = serializers.CharField()
    options = serializers.DictField(help_text="The complete options played")
    players = serializers.ChoiceField(choices=["random", "strong"])
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    engine_version = serializers.CharField()
    games_done = serializers.IntegerField()
    chunks = serializers.IntegerField(help_text="Chunks of games the run is cut into, each played by one worker")
    chunks_done = serializers.IntegerField()
    seconds_left = serializers.FloatField(allow_null=True, help_text="An estimate while it runs")
    error = serializers.CharField(allow_blank=True)
    created = serializers.DateTimeField()
    started = serializers.DateTimeField(allow_null=True)
    finished = serializers.DateTimeField(allow_null=True)
    result = SimulationResultSerializer(allow_null=True, help_text="The metrics, as /api/v1/rulesets/<id>/simulations/ gives them, once done")


ERROR = inline_serializer("SimulationJobError", {"code": serializers.CharField(), "reason": serializers.CharField()})


def job_json(job: SimulationJob, request: Request) -> dict[str, Any]:
    out = jobs.progress(job)
    out["url"] = request.build_absolute_uri(job.get_absolute_url())
    out["api_url"] = request.build_absolute_uri(f"/api/v1/simulations/{job.pk}/")
    out["result"] = as_json(job.result) if job.status == SimulationJob.Status.DONE and job.result else None
    return out


def refuse(code: str, reason: str, status: int) -> Response:
    return Response({"code": code, "reason": reason}, status=status)


def requester(request: Request) -> jobs.Requester:
    user = request.user if getattr(request, "user", None) is not None and request.user.is_authenticated else None
    return jobs.Requester(user=user, address=client_ip(request))


class JobsView(APIView):
    permission_classes = [AllowAny]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, ParseError):
            return refuse("malformed", f"the body is not valid JSON: {exc.detail}", 400)
        return super().handle_exception(exc)

    @extend_schema(
        summary="Ask for a simulated-play run",
        description=(
            "Plays `games` single games of a variant (or of a ruleset's engine and options) with `options`, "
            "both sides `random` or `strong`, game i seeded from `seed` and i, cut into chunks that workers "
            "play. 201 with the new run; 200 with an identical run already queued, running or done (same "
            "engine version, variant, options, players, games and seed). Anonymous requests have a budget "
            "of games an hour per address (a strong game counts more): 429 when spent. 503 when the queue is full."
        ),
        request=inline_serializer("SimulationJobRequest", {
            "variant": serializers.CharField(required=False, help_text="An engine variant key, e.g. race.ur"),
            "ruleset": serializers.IntegerField(required=False, help_text="Or an archive ruleset's id: its variant and options"),
            "options": serializers.DictField(required=False, help_text="Options over the ruleset's (or the variant's defaults)"),
            "players": serializers.ChoiceField(choices=["random", "strong"], required=False, default="random"),
            "games": serializers.IntegerField(required=False, default=100),
            "seed": serializers.IntegerField(required=False, default=1),
        }),
        responses={201: JobSerializer, 200: JobSerializer, 400: ERROR, 404: ERROR, 429: ERROR, 503: ERROR},
        tags=["simulations"],
    )
    def post(self, request: Request) -> Response:
        data = request.data
        if not isinstance(data, dict):
            return refuse("invalid", "the body must be a JSON object", 400)
        unknown = sorted(set(data) - {"variant", "ruleset", "options", "players", "games", "seed"})
        if unknown:
            return refuse("invalid", f"{unknown[0]}: unknown field", 400)
        options = data.get("options", {})
        variant = data.get("variant")
        if "ruleset" in data:
            from archive.models import Ruleset

            rid = data["ruleset"]
            if not isinstance(rid, int) or isinstance(rid, bool):
                return refuse("invalid", f"ruleset: must be a ruleset id, got {rid!r}", 400)
            ruleset = Ruleset.objects.filter(pk=rid).first()
            if ruleset is None:
                return refuse("not_found", f"ruleset: no ruleset {rid}", 404)
            if not ruleset.variant:
                return refuse("invalid", f"ruleset: ruleset {rid} is not playable, so it cannot be simulated", 400)
            if variant is not None and variant != ruleset.variant:
                return refuse("invalid", f"variant: {variant!r} is not ruleset {rid}'s engine ({ruleset.variant})", 400)
            variant = ruleset.variant
            if isinstance(options, dict):
                options = {**(ruleset.options or {}), **options}
        if not isinstance(variant, str):
            return refuse("invalid", "variant: give a variant key or a ruleset id", 400)
        try:
            job, new = jobs.submit(variant=variant, options=options, players=data.get("players", "random"),
                                   games=data.get("games", 100), seed=data.get("seed", 1), who=requester(request))
        except jobs.JobError as exc:
            return refuse(exc.code, str(exc), STATUS.get(exc.code, 400))
        return Response(job_json(job, request), status=201 if new else 200)

    @extend_schema(
        summary="Runs of simulated play asked for",
        parameters=[
            OpenApiParameter("variant", str, description="Only this variant's runs"),
            OpenApiParameter("ruleset", int, description="Only the runs of this ruleset's variant"),
        ],
        responses={200: JobSerializer(many=True), 400: ERROR, 404: ERROR},
        tags=["simulations"],
    )
    def get(self, request: Request) -> Response:
        runs = SimulationJob.objects.select_related("result")
        variant = request.query_params.get("variant")
        ruleset = request.query_params.get("ruleset")
        if ruleset is not None:
            from archive.models import Ruleset

            if not ruleset.isascii() or not ruleset.isdigit():
                return refuse("invalid", f"ruleset: must be a ruleset id, got {ruleset!r}", 400)
            found = Ruleset.objects.filter(pk=int(ruleset)).first()
            if found is None:
                return refuse("not_found", f"ruleset: no ruleset {ruleset}", 404)
            variant = found.variant or ""
        if variant is not None:
            runs = runs.filter(variant=variant)
        return Response([job_json(job, request) for job in runs[:100]])


class JobDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="A simulated-play run: its progress, and its result once done",
                   responses={200: JobSerializer, 404: ERROR}, tags=["simulations"])
    def get(self, request: Request, job_id: str) -> Response:
        job = SimulationJob.objects.select_related("result").filter(pk=job_id).first()
        if job is None:
            return refuse("not_found", f"no simulation run {job_id!r}", 404)
        return Response(job_json(job, request))


class JobCancelView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="Cancel a simulated-play run that has not finished",
                   description="By the address that asked for it, or a curator. 409 when it has already ended.",
                   request=None, responses={200: JobSerializer, 403: ERROR, 404: ERROR, 409: ERROR}, tags=["simulations"])
    def post(self, request: Request, job_id: str) -> Response:
        job = SimulationJob.objects.filter(pk=job_id).first()
        if job is None:
            return refuse("not_found", f"no simulation run {job_id!r}", 404)
        who = requester(request)
        if not who.curator and (not job.address_hash or job.address_hash != who.address_hash):
            return refuse("forbidden", "only whoever asked for this run, or a curator, may cancel it", 403)
        if not jobs.cancel(job):
            return refuse("conflict", f"this run has already ended ({job.status})", 409)
        job.refresh_from_db()
        return Response(job_json(job, request))
