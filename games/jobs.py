"""Simulated play as jobs (issue 39): a simulation asked for from a page or the API is cut into
chunks of games that Celery workers play (games/tasks.py), on this machine or on others that share
the database and the broker, and merged into one result when the last chunk is in.

Game ``i`` of a simulation is played from its own seed (games/engine/simulate.py), so the result
is the same however the games are cut and whichever worker plays which chunk: the chunks' records,
in game order, are exactly those one process playing every game would make.

Identical requests (same engine version, variant, options, players, games and seed) share one
job. Limits keep the site up: the games one request may ask for, an anonymous address's budget of
games an hour, the number of jobs waiting or running (a full queue is refused with a clear
answer), and jobs that wait too long are expired. Nothing here blocks a web worker: a request
creates rows and sends messages; workers play.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone

from games.engine import EngineError, get_variant
from games.engine.simulate import PLAYERS, engine_version, simulation_options
from games.engine.simulate_chunks import play_range, summarize
from games.models import SimulationChunk, SimulationJob
from games.simulation import options_key, store

Status = SimulationJob.Status


class JobError(ValueError):
    """A request that cannot be queued; ``code`` says why (the API's status follows it)."""

    def __init__(self, message: str, code: str = "invalid") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Requester:
    """Who asks: a curator (staff) is queued ahead and has a larger cap; an anonymous address is
    known only by a keyed hash and has an hourly budget."""

    user: Any = None
    address: str = ""
    #: The site's own commands (simulate_ruleset --jobs): a curator's priority, and no queue cap.
    trusted: bool = False

    @property
    def curator(self) -> bool:
        return self.trusted or bool(self.user is not None and getattr(self.user, "is_staff", False))

    @property
    def address_hash(self) -> str:
        if not self.address:
            return ""
        return hmac.new(settings.SECRET_KEY.encode(), self.address.encode(), hashlib.sha256).hexdigest()


def request_key(version: str, variant: str, options: Mapping[str, Any], players: str, games: int, seed: int) -> str:
    text = json.dumps([version, variant, options_key(options), players, games, seed], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def cost(players: str, games: int) -> int:
    """Games counted against an anonymous address's budget (a strong game weighs more)."""
    return games * (settings.SIMULATION_STRONG_WEIGHT if players == "strong" else 1)


def _check_request(variant: str, options: Any, players: Any, games: Any, seed: Any, who: Requester) -> dict[str, Any]:
    try:
        v = get_variant(variant)
    except EngineError:
        raise JobError(f"variant: unknown variant {variant!r}") from None
    if players not in PLAYERS:
        raise JobError(f"players: must be one of {', '.join(PLAYERS)}, got {players!r}")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise JobError(f"games: must be a whole number of at least 1, got {games!r}")
    cap = settings.SIMULATION_MAX_GAMES["curator" if who.curator else "anonymous"]
    if games > cap:
        raise JobError(f"games: at most {cap} games a request{'' if who.curator else ' (anonymous)'}, got {games}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**53:
        raise JobError(f"seed: must be a whole number from 0 to 2^53 - 1, got {seed!r}")
    if not isinstance(options, Mapping):
        raise JobError(f"options: must be an object of option names and values, got {type(options).__name__}")
    try:
        return simulation_options(v, options)
    except EngineError as exc:
        raise JobError(f"options: {exc}") from None


def submit(*, variant: str, options: Any = None, players: Any = "random", games: Any = 100, seed: Any = 1,
           who: Requester = Requester()) -> tuple[SimulationJob, bool]:
    """The job for this request: an identical one already queued, running or done (``False``),
    or a new one, its chunks sent to the workers once the transaction commits (``True``).
    ``JobError`` for bad input, a spent budget (``budget``) or a full queue (``queue_full``);
    nothing is stored then."""
    opts = _check_request(variant, options if options is not None else {}, players, games, seed, who)
    version = engine_version(get_variant(variant), players)
    key = request_key(version, variant, opts, players, games, seed)
    same = SimulationJob.objects.filter(request_key=key, status__in=SimulationJob.SHARED).first()
    if same is not None:
        return same, False
    expire_stale()
    if not who.trusted and SimulationJob.objects.filter(status__in=SimulationJob.ACTIVE).count() >= settings.SIMULATION_QUEUE_MAX:
        raise JobError(f"the queue is full ({settings.SIMULATION_QUEUE_MAX} runs waiting or running); "
                       "try again when some have finished", "queue_full")
    price = 0 if who.curator else cost(players, games)
    if price and who.address_hash:
        since = timezone.now() - timedelta(hours=1)
        spent = (SimulationJob.objects.filter(address_hash=who.address_hash, created__gte=since)
                 .aggregate(n=Sum("cost"))["n"] or 0)
        if spent + price > settings.SIMULATION_ANON_BUDGET:
            raise JobError(f"this request costs {price} games of an hourly budget of {settings.SIMULATION_ANON_BUDGET} "
                           f"per address, of which {spent} are spent; a strong game counts "
                           f"{settings.SIMULATION_STRONG_WEIGHT}", "budget")
    per = max(1, settings.SIMULATION_CHUNK_GAMES[players])
    n = math.ceil(games / per)
    try:
        with transaction.atomic():
            job = SimulationJob.objects.create(
                request_key=key, variant=variant, options=opts, players=players, games=games, seed=seed,
                engine_version=version, chunk_games=per, chunks=n, curator=who.curator,
                requested_by=who.user if who.user is not None and who.user.is_authenticated else None,
                address_hash=who.address_hash, cost=price,
            )
            SimulationChunk.objects.bulk_create(
                SimulationChunk(job=job, index=i, start=i * per, stop=min(games, (i + 1) * per)) for i in range(n)
            )
            transaction.on_commit(lambda: enqueue(job))
    except IntegrityError:  # the same request, created at the same moment by another
        return SimulationJob.objects.get(request_key=key, status__in=SimulationJob.SHARED), False
    return job, True


def enqueue(job: SimulationJob) -> None:
    """Send each chunk of ``job`` to the workers (curators' ahead of anonymous requests)."""
    from games.tasks import play_chunk

    if settings.CELERY_BROKER_URL == "filesystem://":
        settings.SIMULATION_QUEUE_DIR.mkdir(parents=True, exist_ok=True)
    priority = 0 if job.curator else 5
    for index in range(job.chunks):
        play_chunk.apply_async((job.id, index), priority=priority)


def run_chunk(job_id: str, index: int) -> str:
    """Play one chunk (a worker's task). Idempotent: a chunk already played, or a job cancelled,
    expired or failed, is left as it is. Returns what it did, for the worker's log."""
    job = SimulationJob.objects.filter(pk=job_id).first()
    if job is None:
        return "no such job"
    if job.status not in (Status.QUEUED, Status.RUNNING):
        return f"job {job.status}"
    chunk = SimulationChunk.objects.filter(job_id=job_id, index=index).first()
    if chunk is None or chunk.done:
        return "already played"
    SimulationJob.objects.filter(pk=job_id, status=Status.QUEUED).update(status=Status.RUNNING, started=timezone.now())
    started = time.perf_counter()
    try:
        records = play_range(job.variant, job.options, seed=job.seed, players=job.players, start=chunk.start, stop=chunk.stop)
    except EngineError as exc:
        SimulationJob.objects.filter(pk=job_id, status__in=SimulationJob.ACTIVE).update(
            status=Status.FAILED, error=f"games {chunk.start}-{chunk.stop - 1}: {exc}", finished=timezone.now())
        return "failed"
    seconds = time.perf_counter() - started
    with transaction.atomic():
        # Only the first worker to finish a chunk counts it (a chunk redelivered after a lost
        # worker may be played twice; its records are the same).
        claimed = SimulationChunk.objects.filter(pk=chunk.pk, done=False).update(done=True, records=records, seconds=seconds)
        if not claimed:
            return "already played"
        SimulationJob.objects.filter(pk=job_id).update(
            chunks_done=F("chunks_done") + 1, games_done=F("games_done") + len(records),
            play_seconds=F("play_seconds") + seconds)
    finish(job_id)
    return "played"


def finish(job_id: str) -> bool:
    """Merge the chunks once every one is in: one caller wins the move to ``merging`` and stores
    the result. True when this call finished the job."""
    job = SimulationJob.objects.get(pk=job_id)
    if job.chunks_done < job.chunks or job.status not in (Status.QUEUED, Status.RUNNING):
        return False
    if not SimulationJob.objects.filter(pk=job_id, status__in=(Status.QUEUED, Status.RUNNING)).update(status=Status.MERGING):
        return False
    records: list[dict[str, Any]] = []
    for chunk in SimulationChunk.objects.filter(job_id=job_id).order_by("index"):
        records.extend(chunk.records or [])
    try:
        result = summarize(job.variant, job.options, games=job.games, seed=job.seed, players=job.players,
                           records=records, seconds=job.play_seconds)
        with transaction.atomic():
            run = store(result)
            SimulationJob.objects.filter(pk=job_id).update(status=Status.DONE, result=run, finished=timezone.now())
            # The records live on in the result; the chunks' copies are not needed any more.
            SimulationChunk.objects.filter(job_id=job_id).update(records=None)
    except EngineError as exc:
        SimulationJob.objects.filter(pk=job_id).update(status=Status.FAILED, error=str(exc), finished=timezone.now())
        return False
    return True


def cancel(job: SimulationJob) -> bool:
    """Stop a job that has not finished: workers skip its chunks left. False when it had ended."""
    return bool(SimulationJob.objects.filter(pk=job.pk, status__in=(Status.QUEUED, Status.RUNNING)).update(
        status=Status.CANCELLED, finished=timezone.now()))


def expire_stale() -> int:
    """Expire jobs that have waited longer than SIMULATION_EXPIRE_HOURS without a worker."""
    before = timezone.now() - timedelta(hours=settings.SIMULATION_EXPIRE_HOURS)
    return SimulationJob.objects.filter(status=Status.QUEUED, created__lt=before).update(
        status=Status.EXPIRED, finished=timezone.now())


def progress(job: SimulationJob) -> dict[str, Any]:
    """What a page or the API shows of a job: where it is, and an estimate of the time left."""
    left = None
    if job.status == Status.RUNNING and job.games_done and job.started:
        elapsed = (timezone.now() - job.started).total_seconds()
        left = round(elapsed / job.games_done * (job.games - job.games_done), 1)
    return {
        "id": job.id, "status": job.status, "status_text": job.get_status_display(),
        "variant": job.variant, "options": job.options, "players": job.players, "games": job.games, "seed": job.seed,
        "engine_version": job.engine_version, "games_done": job.games_done, "chunks": job.chunks,
        "chunks_done": job.chunks_done, "seconds_left": left, "error": job.error,
        "created": job.created, "started": job.started, "finished": job.finished,
    }


def request_fields(variant: str, base: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The options of ``variant`` a run may set, as form fields at the values of ``base`` (a
    ruleset's options): a checkbox for a yes/no option, a list for a choice, a number otherwise.
    The options a simulation fixes (one game, no cube) are left out."""
    from games.engine.simulate import FIXED

    try:
        v = get_variant(variant)
        values = simulation_options(v, base)
    except EngineError:
        return []
    fields = []
    for name, spec in v.options.items():
        if name in FIXED:
            continue
        value = values.get(name, spec.default)
        if isinstance(spec.default, bool):
            kind = "bool"
        elif spec.choices:
            kind = "choice"
        elif isinstance(spec.default, int):
            kind = "int"
        else:
            continue  # free text or structured options are set through the API
        fields.append({"name": name, "kind": kind, "value": value, "help": spec.help,
                       "choices": [json.dumps(c) if not isinstance(c, str) else c for c in (spec.choices or ())],
                       "minimum": spec.minimum, "maximum": spec.maximum,
                       "clause": getattr(spec, "clause", "") or ""})
    return fields
