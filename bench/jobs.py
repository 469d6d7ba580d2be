"""Simulation runs as jobs: scaling with worker processes, and the cost of cutting a run into chunks.

    .venv/bin/python bench/jobs.py [--games 400] [--variant race.ur] [--chunk 50] [--postgres URL]

The same simulation (``--games`` random games of ``--variant``, seed 1) is played:

- in this process, straight through (``games.engine.simulate.simulate``): the reference;
- as a job (games/jobs.py) by one Celery worker process, then by two (``celery worker -c 1`` and
  ``-c 2``), each on a fresh run (another seed, so no run is shared), timed from the request to
  the stored result.

Printed: games per second for each, the ratio of two workers to one (on two cores it should
approach 2), and the overhead per chunk: the job's time with one worker less the reference's,
over the chunks. The broker is Redis on 127.0.0.1:6379 where it answers, else the folder broker a
fresh install uses; the database a fresh SQLite file (or ``--postgres URL``, a database this
benchmark may empty). Each run's result is checked equal to the reference's metrics.
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--variant", default="race.ur")
    parser.add_argument("--chunk", type=int, default=50, help="games per chunk")
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL database to use (emptied)")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-jobs-"))
    env = dict(os.environ, DEBUG="1", SIMULATION_CHUNK_RANDOM=str(args.chunk), SIMULATION_QUEUE_MAX="1000",
               SIMULATION_QUEUE_DIR=str(work / "queue"), DATABASE_URL=args.postgres or f"sqlite:///{work / 'db.sqlite3'}",
               CELERY_BROKER_URL="redis://127.0.0.1:6379/13" if redis_up() else "filesystem://")
    os.environ.update(env)
    (work / "queue").mkdir()
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    if env["CELERY_BROKER_URL"].startswith("redis"):
        import redis

        redis.Redis.from_url(env["CELERY_BROKER_URL"]).flushdb()

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from games import jobs
    from games.engine.simulate import simulate
    from games.models import SimulationJob

    stable = lambda r: {k: v for k, v in r.items() if k not in ("seconds", "variant", "options", "players", "level",  # noqa: E731
                                                                "games", "seed", "engine_version")}
    print(f"{args.games} random games of {args.variant}, chunks of {args.chunk}; broker {env['CELERY_BROKER_URL']}; "
          f"database {'PostgreSQL' if args.postgres else 'SQLite (a file)'}")
    t0 = time.perf_counter()
    reference = {seed: simulate(args.variant, {}, games=args.games, seed=seed) for seed in (2, 3)}
    ref_seconds = (time.perf_counter() - t0) / 2
    print(f"{'in this process (reference)':34} {ref_seconds:8.2f} s {args.games / ref_seconds:9.1f} games/s")

    rates = {}
    for workers, seed in ((1, 2), (2, 3)):
        log = open(work / f"worker-{workers}.log", "w")
        worker = subprocess.Popen(
            [python, "-m", "celery", "-A", "config", "worker", "-Q", "simulations", "-c", str(workers),
             "--loglevel=warning", "--without-mingle", "--without-gossip", "--without-heartbeat"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        time.sleep(4)  # the worker's start-up is not timed
        try:
            started = time.perf_counter()
            job, _ = jobs.submit(variant=args.variant, options={}, players="random", games=args.games, seed=seed,
                                 who=jobs.Requester(address="bench"))
            while True:
                job.refresh_from_db()
                if job.status not in SimulationJob.ACTIVE:
                    break
                if time.perf_counter() - started > 3600:
                    raise SystemExit("the job did not finish within an hour")
                time.sleep(0.05)
            seconds = time.perf_counter() - started
        finally:
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(timeout=60)
        if job.status != "done":
            raise SystemExit(f"the job ended {job.status}: {job.error} (see {work / f'worker-{workers}.log'})")
        assert job.result.metrics == stable(reference[seed]), "the job's result differs from one process's"
        rates[workers] = args.games / seconds
        print(f"{f'as a job, {workers} worker process(es)':34} {seconds:8.2f} s {rates[workers]:9.1f} games/s "
              f"({job.chunks} chunks; x ref {ref_seconds / seconds:5.2f})")
        if workers == 1:
            per_chunk = (seconds - ref_seconds) / job.chunks
    print(f"two workers / one: {rates[2] / rates[1]:.2f}x; overhead per chunk (one worker against the reference): "
          f"{per_chunk * 1000:.0f} ms")


if __name__ == "__main__":
    main()
