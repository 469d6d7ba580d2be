"""Bounded load on loopback: gunicorn with 4 workers on PostgreSQL holding the whole archive,
deployed as the README's "Serving in production" says, then a fixed number of concurrent clients
for a fixed time per kind of request.

    .venv/bin/python bench/load.py [--db postgres://postgres@127.0.0.1:5432/postgres] [--name DB]
                                   [--clients 8] [--seconds 10] [--workers 4]

Creates its own database on that server (``--name``, default ``bench_load_<pid>``; it must not
exist) and drops it at the end. The deployment: DEBUG=0, a fresh SECRET_KEY, ALLOWED_HOSTS,
HTTPS=1 and NUM_PROXIES=1 (the client plays the TLS proxy: it sends X-Forwarded-Proto and
X-Forwarded-For), migrate, collectstatic, load_catalogue (the shipped DLP dump and our catalogue),
then gunicorn. The throttles stay on, with their counts in the database as the README's deployment
without Redis keeps them: each simulated visitor has its own address and makes at most
``VISIT`` requests, well under every per-address limit, so a 429 is an error like any other.

For each kind of request (the trivial view first, as the reference: /healthz/, answered by the
first middleware with no database or cache; a static file: whitenoise, no view; then home,
browse, search, an evidence page, the API list, and play: creating a match and posting actions
in it) the clients run it back to back for ``--seconds``, after a short untimed warm-up. This runs
twice: "warm", as deployed (pages and API pages kept in the cache per data version), and
"cold", on a second gunicorn with the cache turned off (bench/settings_nocache.py), so every page
is rendered: what a first visit, or any request after a write, costs. Printed: requests,
requests per second, p50 and p99 in milliseconds, p50 as a ratio to the trivial view's (issue
14's "ratio to a trivial view", here measured over HTTP as its audit did), and errors (any status
but the expected one, or a failed connection). The client
runs on the same machine as the server, so on a small machine the figures include its own CPU.
Exits 1 if any request failed.
"""
from __future__ import annotations

import argparse
import gzip
import http.client
import itertools
import json
import os
import random
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable
GUNICORN = str(Path(PYTHON).parent / "gunicorn")
VISIT = 20  # requests per simulated visitor (one address) before the next visitor comes

# Run inside the deployment by `manage.py shell`: what the clients will ask for.
PREPARE = """
import json
from archive.models import Evidence, Game
urls = [e.get_absolute_url() for e in Evidence.objects.order_by("?")[:300]]
names = list(Game.objects.order_by("name").values_list("name", flat=True))
print(json.dumps({"evidence": urls, "games": names, "records": Evidence.objects.count()}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def manage(env: dict, *args: str) -> str:
    t0 = time.perf_counter()
    done = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"bench/load.py: `manage.py {' '.join(args)}` failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    print(f"  manage.py {args[0]}: {time.perf_counter() - t0:.1f} s", flush=True)
    return done.stdout


class Visitor:
    """One client thread's HTTP session: a distinct forwarded address every ``VISIT`` requests."""

    addresses = itertools.count(1)
    lock = threading.Lock()

    def __init__(self, port: int) -> None:
        self.port = port
        self.used = VISIT

    def address(self) -> str:
        if self.used >= VISIT:
            with Visitor.lock:
                n = next(Visitor.addresses)
            self.current = f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"
            self.used = 0
        self.used += 1
        return self.current

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, bytes]:
        headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": self.address(), "Accept-Encoding": "gzip",
                   "Host": "127.0.0.1"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        # gunicorn's sync workers close every connection after its response: one per request.
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            content = response.read()
            if response.getheader("Content-Encoding") == "gzip":
                content = gzip.decompress(content)
            return response.status, content
        finally:
            conn.close()


@dataclass
class Result:
    name: str
    samples: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    elapsed: float = 0.0

    def quantile(self, q: float) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else float("nan")


class Scenario:
    """A kind of request. ``run_once`` makes one or more requests, timing each into ``record``."""

    def __init__(self, name: str, paths: list[str] | None = None, status: int = 200) -> None:
        self.name = name
        self.paths = paths or []
        self.status = status

    def results(self) -> list[str]:
        return [self.name]

    def run_once(self, visitor: Visitor, rng: random.Random, record) -> None:
        path = rng.choice(self.paths)
        timed(visitor, record, self.name, "GET", path, expect=self.status)


def timed(visitor: Visitor, record, name: str, method: str, path: str, *, body=None, token=None, expect=200):
    t0 = time.perf_counter()
    try:
        status, content = visitor.request(method, path, body, token)
    except (OSError, http.client.HTTPException) as exc:
        record(name, time.perf_counter() - t0, f"{method} {path}: {type(exc).__name__}: {exc}")
        return None
    took = time.perf_counter() - t0
    if status != expect:
        record(name, took, f"{method} {path}: {status} {content[:200]!r}")
        return None
    record(name, took, None)
    return content


class ApiList(Scenario):
    """The API's evidence list, 100 records a page, walked by its (cursor) ``next`` links for up
    to ``pages`` pages, then from the start again."""

    def __init__(self, pages: int = 10) -> None:
        super().__init__("API list")
        self.pages = pages

    def run_once(self, visitor: Visitor, rng: random.Random, record) -> None:
        path = "/api/v1/evidence/"
        for _ in range(self.pages):
            content = timed(visitor, record, self.name, "GET", path)
            if content is None:
                return
            following = json.loads(content).get("next")
            if not following:
                return
            parts = urlsplit(following)
            path = parts.path + (f"?{parts.query}" if parts.query else "")


class Play(Scenario):
    """A hot-seat match of Ses-Bes created, then ``steps`` actions posted in it (the first legal
    action each time, confirming the turn), as the board does: with the log it holds
    (``log_from``) and the ticket the last answer gave (``resume``)."""

    def __init__(self, steps: int = 6) -> None:
        super().__init__("play")
        self.steps = steps

    def results(self) -> list[str]:
        return ["play: create a match", "play: post an action"]

    def run_once(self, visitor: Visitor, rng: random.Random, record) -> None:
        content = timed(visitor, record, "play: create a match", "POST", "/api/v1/matches/",
                        body={"variant": "tables.ses-bes", "opponent": "hotseat"}, expect=201)
        if content is None:
            return
        match = json.loads(content)
        token, url, held = match["token"], f"/api/v1/matches/{match['id']}/actions/", len(match["log"])
        for _ in range(self.steps):
            actions = [a for a in match["legal_actions"] if a != {"undo": True}]
            if not actions or match.get("outcome"):
                return
            content = timed(visitor, record, "play: post an action", "POST", url, token=token, body={
                "action": rng.choice(actions), "version": match["version"], "confirm": True, "log_from": held,
                "resume": match["resume"]})
            if content is None:
                return
            answer = json.loads(content)
            held = answer["log_from"] + len(answer["log"]) if "log_from" in answer else len(answer["log"])
            match = answer


def load(port: int, scenario: Scenario, clients: int, seconds: float, warmup: float) -> dict[str, Result]:
    results = {name: Result(name) for name in scenario.results()}
    lock = threading.Lock()
    phase = {"timing": False}

    def record(name: str, took: float, error: str | None) -> None:
        if not phase["timing"]:
            return
        with lock:
            if error is None:
                results[name].samples.append(took)
            else:
                results[name].errors.append(error)

    start = time.perf_counter()
    timing_from = start + warmup
    stop_at = timing_from + seconds

    def client(seed: int) -> None:
        visitor, rng = Visitor(port), random.Random(seed)
        while time.perf_counter() < stop_at:
            scenario.run_once(visitor, rng, record)

    def switch() -> None:
        time.sleep(max(0.0, timing_from - time.perf_counter()))
        phase["timing"] = True
        time.sleep(max(0.0, stop_at - time.perf_counter()))
        phase["timing"] = False

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)] + [threading.Thread(target=switch)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results.values():
        r.elapsed = seconds
    return results


def start_server(port: int, workers: int, env: dict) -> subprocess.Popen:
    server = subprocess.Popen(
        [GUNICORN, "config.wsgi", "--workers", str(workers), "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
        cwd=ROOT, env=env)
    probe = Visitor(port)
    for _ in range(300):
        try:
            if probe.request("GET", "/readyz/")[0] == 200:
                return server
        except OSError:
            pass
        if server.poll() is not None:
            sys.exit(f"bench/load.py: gunicorn exited with {server.returncode}")
        time.sleep(0.2)
    stop_server(server)
    sys.exit("bench/load.py: gunicorn was not ready (/readyz/) within 60 s")


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()


def report(rows: list[Result], reference: Result) -> int:
    print(f"{'what':34} {'requests':>9} {'req/s':>8} {'p50 ms':>9} {'p99 ms':>9} {'p50 x ref':>10} {'errors':>7}")
    errors = 0
    for r in [reference, *rows]:
        count = len(r.samples) + len(r.errors)
        ratio = r.quantile(0.5) / reference.quantile(0.5)
        print(f"{r.name:34} {count:9d} {count / r.elapsed:8.1f} {r.quantile(0.5) * 1000:9.1f}"
              f" {r.quantile(0.99) * 1000:9.1f} {ratio:10.1f} {len(r.errors):7d}")
        errors += len(r.errors)
    for r in [reference, *rows]:
        for e in r.errors[:5]:
            print(f"  error, {r.name}: {e}", file=sys.stderr)
    print(f"errors: {errors}")
    return errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
                        help="a PostgreSQL server (its database part is ignored)")
    parser.add_argument("--name", default=f"bench_load_{os.getpid()}", help="the throwaway database's name")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0, help="timed seconds per kind of request")
    parser.add_argument("--warmup", type=float, default=2.0, help="untimed seconds before each")
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    if not args.db.startswith("postgres"):
        print("bench/load.py: skipped, it needs PostgreSQL (give --db postgres://... or DATABASE_URL)")
        return 0
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", args.name):
        sys.exit(f"bench/load.py: --name {args.name!r}: lower-case letters, digits and _ only")

    import psycopg

    parts = urlsplit(args.db)
    admin_url = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{args.name}"')
    tmp = tempfile.TemporaryDirectory(prefix="bench-load-")
    server = None
    try:
        env = {
            **os.environ,
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "HTTPS": "1",
            "NUM_PROXIES": "1",
            "DATABASE_URL": urlunsplit(parts._replace(path=f"/{args.name}")),
            "STATIC_ROOT": str(Path(tmp.name) / "static"),
            "MEDIA_ROOT": str(Path(tmp.name) / "media"),
        }
        for name in ("STATIC_MANIFEST", "THROTTLE_STORE", "REDIS_URL", "PAGE_ANON_RATE", "API_ANON_RATE",
                     "API_PLAY_RATE", "PLAY_DICE_SEED"):
            env.pop(name, None)
        print(f"-- deploying on PostgreSQL database {args.name} (the README's production steps)")
        manage(env, "migrate", "--noinput")
        manage(env, "collectstatic", "--noinput")
        manage(env, "load_catalogue")
        data = json.loads(manage(env, "shell", "-c", PREPARE).strip().splitlines()[-1])

        words = sorted({w.lower() for name in data["games"] for w in re.findall(r"[A-Za-z]{4,}", name)})
        rows: list[Result] = []
        references: list[Result] = []
        for phase, settings_module in (("warm", "config.settings"), ("cold", "bench.settings_nocache")):
            port = free_port()
            server = start_server(port, args.workers, {**env, "DJANGO_SETTINGS_MODULE": settings_module})
            probe = Visitor(port)
            status, home = probe.request("GET", "/")
            static = re.search(rb'href="(/static/css/[^"]+\.css)"', home)
            if not static:
                sys.exit("bench/load.py: the home page links no stylesheet to use as a reference")
            scenarios = [
                Scenario("home", ["/"]),
                Scenario("browse", ["/evidence/"] + [f"/evidence/?page={n}" for n in range(2, 21)]),
                Scenario("search", [f"/evidence/?q={w}" for w in words[:40]] + ["/evidence/?q=board", "/evidence/?q=dice"]),
                Scenario("evidence page", data["evidence"]),
                ApiList(),
            ]
            if phase == "warm":
                scenarios.append(Play())
            print(f"-- {phase}: gunicorn ({settings_module}), {args.workers} workers, on 127.0.0.1:{port};"
                  f" {data['records']} evidence records; {args.clients} clients, {args.warmup:g} s warm-up +"
                  f" {args.seconds:g} s each; {os.cpu_count()} CPUs shared by server and clients", flush=True)
            reference = load(port, Scenario("trivial view /healthz/", ["/healthz/"]), args.clients, args.seconds,
                             args.warmup)
            static_row = load(port, Scenario("static file", [static.group(1).decode()]), args.clients, args.seconds,
                              args.warmup)
            phase_rows = [*static_row.values()]
            for scenario in scenarios:
                phase_rows.extend(load(port, scenario, args.clients, args.seconds, args.warmup).values())
            for r in [*reference.values(), *phase_rows]:
                r.name = f"{phase}: {r.name}"
            references.append(next(iter(reference.values())))
            rows.append(phase_rows)
            stop_server(server)
            server = None
        errors = 0
        for phase, reference_row, phase_rows in zip(("warm", "cold"), references, rows):
            print(f"\n-- {phase}" + (": the shared cache in use, as deployed" if phase == "warm" else
                                      ": no cache (Django's dummy cache), every page rendered"))
            errors += report(phase_rows, reference_row)
        return 1 if errors else 0
    finally:
        if server is not None:
            stop_server(server)
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{args.name}" WITH (FORCE)')
        tmp.cleanup()


if __name__ == "__main__":
    sys.exit(main())
