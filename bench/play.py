"""The play API's request times against a trivial Django view timed in the same run (the same
middleware, the same test client), the computer's reply times per variant and level, the time to
read a stored state through the engine's checks, and the play page's transfer size, gzipped.

    .venv/bin/python bench/play.py [--repeat 200] [--positions 30] [--postgres [URL]]

Targets: a human move's action request within 10x the trivial view at the median (issue 14; a
second table times the reference in blocks between the steps, against drift; "not held" is a
step on a match another worker wrote last, sent as the board sends it, with the ticket the last
answer gave (``resume``) standing in for a read of the match; "no ticket" is the same step from a
client that does not send it back, so the match is read and checked first); the play page's
own JavaScript and CSS under 80 KB gzipped; the game pages' JavaScript and CSS fetched on load,
and what waits until the map comes near. The database is a throwaway SQLite file (or a
temporary PostgreSQL database with --postgres, dropped at the end).
"""
from __future__ import annotations

import argparse
import gzip
import io
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from django.http import HttpResponse  # noqa: E402
from django.urls import include, path  # noqa: E402

from bench.common import throwaway_django  # noqa: E402


def trivial(request):
    return HttpResponse("ok")


def database_floor(request, match_id):
    # What any write to a match costs before the game does anything: read the row, then the
    # conditional UPDATE on its version (one transaction each, as the API runs them).
    from django.db.models import F

    from games.models import Match

    match = Match.objects.get(pk=match_id)
    Match.objects.filter(pk=match_id, version=match.version).update(version=F("version") + 1)
    return HttpResponse("ok")


if __name__ != "__main__":
    urlpatterns = [path("bench/trivial/", trivial), path("bench/floor/<str:match_id>/", database_floor),
                   path("", include("config.urls"))]

VARIANTS = ["tables.ses-bes", "tables.shesh-besh", "tables.takhte-nard", "tables.gul-bara", "tables.backgammon",
            "mancala.bechi"]


def measure_requests(repeat: int) -> None:
    from django.test import Client

    from bench.common import Timing, report, time_calls
    from games import services

    client = Client()

    def get(url):
        def call():
            assert client.get(url).status_code == 200
        return call

    reference = time_calls("trivial view (reference)", get("/bench/trivial/"), repeat)
    timings = []
    paired: list[tuple[Timing, Timing]] = []
    for key in ("tables.ses-bes", "tables.takhte-nard", "mancala.bechi"):
        created = client.post("/api/v1/matches/", {"variant": key, "opponent": "hotseat"},
                              content_type="application/json").json()
        auth = {"HTTP_AUTHORIZATION": f"Bearer {created['token']}"}
        match_id = created["id"]
        url = f"/api/v1/matches/{match_id}/actions/"
        body = created
        # Get to a position where a step can be made (the cube asks first in Takhte Nard).
        while not [a for a in body["legal_actions"] if "from" in a or "hole" in a]:
            body = client.post(url, {"action": body["legal_actions"][-1], "version": body["version"]},
                               content_type="application/json", **auth).json()
        step = [a for a in body["legal_actions"] if "from" in a or "hole" in a][0]
        version = body["version"]
        held = len(body["log"])
        # As the board sends it: with log_from, so the answer carries only the new log entries.
        # "not held": as when another worker wrote the match's last version (services.held_match),
        # so this one reads it first.
        resume = body["resume"]
        for label, extra, held_here in (("human step", {"log_from": held}, True),
                                        ("human step, not held", {"log_from": held, "resume": True}, False),
                                        ("human step, not held, no ticket", {"log_from": held}, False),
                                        ("human step, whole log", {}, True)):
            samples, between = [], []
            for n in range(repeat):
                if n % BLOCK == 0:
                    between += trivial_block(client)
                if not held_here:
                    another_worker_wrote(match_id)
                sent = {**extra, "resume": resume} if "resume" in extra else extra
                t0 = time.perf_counter()
                response = client.post(url, {"action": step, "version": version, **sent},
                                       content_type="application/json", **auth)
                samples.append(time.perf_counter() - t0)
                assert response.status_code == 200, response.content
                # Take it back (untimed) so every sample plays the same step from the same position.
                back = client.post(url, {"action": {"undo": True}, "version": version + 1},
                                   content_type="application/json", **auth)
                assert back.status_code == 200, back.content
                resume = back.json()["resume"]
                version += 2
            timings.append(Timing(f"{label}, {key}", samples))
            paired.append((timings[-1], Timing("trivial", between)))
        if key == "tables.ses-bes":
            timings.append(long_log_step(client, repeat))
            floor = client.post("/api/v1/matches/", {"variant": key, "opponent": "hotseat"},
                                content_type="application/json").json()["id"]
            timings.insert(0, time_calls("database floor: read + conditional UPDATE", get(f"/bench/floor/{floor}/"),
                                         repeat))
        etag = client.get(f"/api/v1/matches/{match_id}/", **auth)["ETag"]
        timings.append(time_calls(f"poll 304 (If-None-Match), {key}", lambda: client.get(
            f"/api/v1/matches/{match_id}/", HTTP_IF_NONE_MATCH=etag, **auth), repeat))
        timings.append(time_calls(f"read match 200, {key}", get(f"/api/v1/matches/{match_id}/"), repeat))
    print(f"\n-- play API requests (median of {repeat})")
    report(timings, reference)
    print(f"\n-- the human steps against the trivial view timed in blocks of {BLOCK} between blocks of {BLOCK} steps"
          f" (a shared machine's slow spells weigh on both sides of the ratio)")
    print(f"{'what':48} {'median ms':>10} {'trivial ms':>10} {'x ref':>8}")
    for step_timing, trivial_timing in paired:
        print(f"{step_timing.name:48} {step_timing.median * 1000:10.2f} {trivial_timing.median * 1000:10.2f}"
              f" {step_timing.median / trivial_timing.median:8.2f}")


def another_worker_wrote(match_id: str) -> None:
    """Forget what this process knows of the match, as when another worker wrote its last version:
    the match it holds (so it is read) and the engine states it trusts (so the state read is
    checked through the engine's reader, as a state this process never saw)."""
    from games import services

    services.forget_match(match_id)
    with services._trusted_lock:
        for key in [k for k in services.TRUSTED_STATES if k[0] == match_id]:
            del services.TRUSTED_STATES[key]


# The human steps' paired reference: a block of trivial requests before every BLOCK steps, its first
# WARM requests untimed (the first trivial request after a step runs with colder caches, about
# twice as slow; timed one by one between steps, the reference would flatter the ratio).
BLOCK, WARM = 25, 3


def trivial_block(client) -> list[float]:
    out = []
    for k in range(BLOCK + WARM):
        t0 = time.perf_counter()
        assert client.get("/bench/trivial/").status_code == 200
        if k >= WARM:
            out.append(time.perf_counter() - t0)
    return out


def long_log_step(client, repeat: int):
    """A step late in a long match (a log of 400+ entries), where rewriting the log would show."""
    from bench.common import Timing

    rng = random.Random(3)
    body = client.post("/api/v1/matches/", {"variant": "tables.ses-bes", "opponent": "hotseat", "options": {"match_to": 25}},
                       content_type="application/json").json()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {body['token']}"}
    url = f"/api/v1/matches/{body['id']}/actions/"
    while len(body["log"]) < 400 or not [a for a in body["legal_actions"] if "from" in a]:
        choices = [a for a in body["legal_actions"] if a != {"undo": True}]
        body = client.post(url, {"action": rng.choice(choices), "version": body["version"], "confirm": True},
                           content_type="application/json", **auth).json()
    step = [a for a in body["legal_actions"] if "from" in a][0]
    version, held, samples = body["version"], len(body["log"]), []
    for _ in range(repeat):
        t0 = time.perf_counter()
        response = client.post(url, {"action": step, "version": version, "log_from": held},
                               content_type="application/json", **auth)
        samples.append(time.perf_counter() - t0)
        assert response.status_code == 200, response.content
        client.post(url, {"action": {"undo": True}, "version": version + 1}, content_type="application/json", **auth)
        version += 2
    return Timing(f"human step, log of {held}, tables.ses-bes", samples)


def positions(variant, count: int, rng: random.Random):
    """Positions where a side has a decision due, from random games at every stage."""
    found = []
    while len(found) < count:
        state = variant.new_game({})
        length = rng.randint(0, 120)
        for _ in range(length):
            if variant.outcome(state) is not None:
                break
            if variant.is_chance(state):
                state = variant.apply(state, variant.draw(state, rng))
            else:
                state = variant.apply(state, rng.choice(variant.legal_actions(state)))
        while variant.outcome(state) is None and variant.is_chance(state):
            state = variant.apply(state, variant.draw(state, rng))
        if variant.outcome(state) is None and variant.to_move(state) is not None:
            found.append(state)
    return found


def measure_computer(count: int) -> None:
    from games.engine import ai, get_variant

    print(f"\n-- the computer's whole reply (every step of its turn), {count} positions each")
    print(f"{'variant':22} {'level':8} {'median ms':>10} {'p95 ms':>10} {'max ms':>10}")
    rng = random.Random(11)
    for key in VARIANTS:
        variant = get_variant(key)
        states = positions(variant, count, rng)
        for level in ai.levels(variant):
            samples = []
            for state in states:
                side = variant.to_move(state)
                t0 = time.perf_counter()
                s = state
                for _ in range(100):
                    if variant.outcome(s) is not None or variant.is_chance(s) or variant.to_move(s) != side:
                        break
                    s = variant.apply(s, ai.choose(variant, s, level, random.Random(1)))
                samples.append(time.perf_counter() - t0)
            ordered = sorted(samples)
            p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
            print(f"{key:22} {level:8} {statistics.median(samples) * 1000:10.2f} {p95 * 1000:10.2f}"
                  f" {max(samples) * 1000:10.2f}")


def measure_state_reads(repeat: int) -> None:
    """A stored state read back through the engine's checks (state_from_json), as a worker that
    did not write a match's last version reads it before a move: one state per variant, from a
    random game some way in. Beside it, the resume ticket of a match in that state (its turn
    started there too): made for every answer to a player, read for every move a worker does
    not hold."""
    import json

    from django.utils import timezone

    from games import services
    from games.engine import get_variant
    from games.models import Match

    print(f"\n-- reading a stored state through the engine's checks, and a match's resume ticket (median of {repeat})")
    print(f"{'variant':22} {'us':>8} {'JSON bytes':>11} {'ticket: make us':>16} {'read us':>8} {'bytes':>6}")
    for key in VARIANTS:
        variant, rng = get_variant(key), random.Random(5)
        state = variant.new_game({})
        for _ in range(30):
            if variant.outcome(state) is not None:
                break
            state = variant.apply(state, variant.draw(state, rng) if variant.is_chance(state)
                                  else rng.choice(variant.legal_actions(state)))
        stored = json.loads(json.dumps(state.to_json()))
        samples = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            variant.state_from_json(stored)
            samples.append(time.perf_counter() - t0)
        now = timezone.now()
        match = Match(id="benchticket1", variant=key, state=stored, turn_start=stored, turn_side=0, version=9,
                      side0_token_hash=services.token_hash("t"), side1_level="easy", created=now, updated=now,
                      side0_joined=now)
        ticket = services.resume_ticket(match, [0], "t")
        made, read = [], []
        for _ in range(repeat):
            t0 = time.perf_counter()
            services.resume_ticket(match, [0], "t")
            t1 = time.perf_counter()
            assert services.match_from_resume(ticket, "benchticket1", 9, "t") is not None
            read.append(time.perf_counter() - t1)
            made.append(t1 - t0)
        print(f"{key:22} {statistics.median(samples) * 1e6:8.1f} {len(json.dumps(stored)):11d} "
              f"{statistics.median(made) * 1e6:16.1f} {statistics.median(read) * 1e6:8.1f} {len(ticket):6d}")


def page_assets(html: bytes) -> tuple[set[Path], set[Path]]:
    """The stylesheets and scripts a page makes the browser fetch as it loads, and those it
    fetches later (the map library, when the map comes near: data-map-assets). Followed: the
    files the HTML links, every module they import statically, and a dynamic family import
    (families.js) only for the families whose boards are on the page (data-family)."""
    static = ROOT / "static"
    later_attrs = re.findall(rb'data-(?:css|js|module)="([^"]*)"', html)
    later_urls = {u for attr in later_attrs for u in attr.split()}
    linked = set(re.findall(rb'(?:href|src)="/static/([^"]+\.(?:js|css))"', html))
    families = {f.decode() for f in re.findall(rb'data-family="([a-z]+)"', html)}

    def follow(start: set[Path]) -> set[Path]:
        files = set(start)
        pending = [f for f in files if f.suffix == ".js"]
        while pending:
            module = pending.pop()
            text = module.read_text()
            rels = re.findall(r'(?:from|import)\s+"(\.[^"]+)"', text)
            rels += [r for r in re.findall(r'import\(\s*"(\.[^"]+)"\s*\)', text)
                     if not r.startswith("./family-") or r[len("./family-"):-3] in families]
            for rel in rels:
                target = (module.parent / rel).resolve()
                if target not in files and target.exists():
                    files.add(target)
                    pending.append(target)
        return files

    now = follow({static / u.decode() for u in linked})
    later = follow({static / u.decode().removeprefix("/static/") for u in later_urls}) - now
    return now, later


def gz(files: set[Path]) -> int:
    return sum(len(gzip.compress(f.read_bytes(), 6)) for f in files)


def measure_transfer() -> None:
    """The pages with a board, as a browser fetches them: the HTML, the stylesheets and scripts
    it links, and every module those scripts import, each gzipped (as GZipMiddleware and
    whitenoise serve them); and what a game page fetches only later (the map library)."""
    from django.core.management import call_command
    from django.test import Client

    call_command("load_catalogue", "--without-dlp", stdout=io.StringIO())
    client = Client()
    html = client.get("/play/tables.ses-bes/").content
    files, _ = page_assets(html)
    ours = sorted(f for f in files if "vendor" not in f.parts)
    print("\n-- the play page's transfer size, gzipped")
    total = 0
    for f in ours:
        size = len(gzip.compress(f.read_bytes(), 6))
        total += size
        print(f"{str(f.relative_to(ROOT)):44} {f.stat().st_size / 1024:7.1f} KB raw {size / 1024:7.1f} KB gzipped")
    page = len(gzip.compress(html, 6))
    print(f"{'our JS and CSS':44} {'':16} {total / 1024:7.1f} KB gzipped (target < 80 KB)")
    print(f"{'the HTML page /play/tables.ses-bes/':44} {'':16} {page / 1024:7.1f} KB gzipped")
    print(f"{'total':44} {'':16} {(total + page) / 1024:7.1f} KB gzipped")

    print("\n-- pages with a board: JS and CSS fetched on load (ours + vendored), gzipped; then what waits for the map")
    print(f"{'page':28} {'JS':>9} {'CSS':>9} {'vendored':>9} {'on load':>9} {'later':>9} {'HTML':>8}")
    for url in ("/play/tables.ses-bes/", "/games/shesh-besh/", "/games/bechi/", "/play/bechi/"):
        response = client.get(url)
        if response.status_code != 200:
            print(f"{url:28} HTTP {response.status_code}")
            continue
        now, later = page_assets(response.content)
        js = gz({f for f in now if f.suffix == ".js"})
        css = gz({f for f in now if f.suffix == ".css"})
        vendored = gz({f for f in now if "vendor" in f.parts})
        kb = lambda n: f"{n / 1024:7.1f}KB"  # noqa: E731
        print(f"{url:28} {kb(js):>9} {kb(css):>9} {kb(vendored):>9} {kb(js + css):>9} {kb(gz(later)):>9}"
              f" {kb(len(gzip.compress(response.content, 6))):>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--transfer-only", action="store_true", help="only the pages' transfer sizes")
    parser.add_argument("--postgres", nargs="?", const=os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    os.environ.setdefault("API_PLAY_RATE", "1000000/minute")
    with throwaway_django("play", args.postgres, "bench.play"):
        from django.core.management import call_command
        from django.db import connection

        call_command("migrate", verbosity=0)
        print(f"{connection.vendor}; Python {sys.version.split()[0]}")
        if not args.transfer_only:
            measure_requests(args.repeat)
            measure_computer(args.positions)
            measure_state_reads(max(args.repeat, 2000))
        measure_transfer()


if __name__ == "__main__":
    main()
