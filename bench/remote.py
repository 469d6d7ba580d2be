"""Remote play's update latency: the time from one side's action request (POST) to the other
side's board holding the new position, in two real Chromium contexts, with the board's events
stream (server-sent events: as deployed under WSGI, each stream answered at once and reopened by
the browser after 150 ms; and held open, as under ASGI) against polling alone (once a second with
If-None-Match, as before), measured in the same run; polling is the reference.

    .venv/bin/python bench/remote.py [--samples 30] [--postgres [URL]] [--redis URL]

Target: the events stream's median under 0.3 s. The server is Django's threaded WSGI test
server (each request its own thread, as a WSGI worker would serve it); the database is a
throwaway SQLite file (or a temporary PostgreSQL database with --postgres); --redis sets
REDIS_URL, so the stream reads the match's tag from the shared cache.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import Timing, report, throwaway_django  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def post(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def get(url: str) -> dict:
    with urllib.request.urlopen(url) as response:
        return json.loads(response.read())


def measure(site: str, chromium, mode: str, samples: int, rng: random.Random) -> Timing:
    from tests.browser.remote_play import open_pair, wait_settled_at

    created = post(f"{site}/api/v1/matches/", {"variant": "tables.backgammon", "opponent": "remote",
                                               "options": {"match_to": 25}})
    tokens = {0: created["token"], 1: created["invite_url"].split("#t=")[1]}
    context = chromium.new_context()
    page = context.new_page()
    if mode == "poll":
        page.add_init_script("localStorage.setItem('play:events', 'off')")
    boards, friend_context = None, None
    try:
        mine, theirs, friend_context = open_pair(chromium, page, site, created, "tables")
        if mode == "poll":
            # The friend's context has storage of its own: polling alone there too, from a fresh load.
            theirs.page.add_init_script("localStorage.setItem('play:events', 'off')")
            theirs.page.reload()
            theirs = theirs.page.locator("[data-play]").first
            theirs.page.wait_for_function("root => root.playApp.match", arg=theirs.element_handle())
        boards = {0: mine, 1: theirs}
        url = f"{site}/api/v1/matches/{created['id']}/"
        times = []
        while len(times) < samples:
            m = get(url)
            if m["outcome"]:
                break
            for board in boards.values():
                wait_settled_at(board, m["version"])
            side = m["to_move"]
            legal = [a for a in m["legal_actions"] if "undo" not in a]
            action = {"confirm": True} if {"confirm": True} in legal else legal[0]
            watcher = boards[1 - side]
            # Any moment of the watcher's cycle (its poll, or the stream's reconnect).
            time.sleep(rng.uniform(0.0, 1.0))
            t0 = time.perf_counter()
            answer = post(url + "actions/", {"action": action, "version": m["version"], "confirm": True}, tokens[side])
            watcher.page.wait_for_function("([root, v]) => Number(root.dataset.version) >= v",
                                           arg=[watcher.element_handle(), answer["version"]], polling="raf",
                                           timeout=10_000)
            times.append(time.perf_counter() - t0)
    finally:
        if friend_context:
            friend_context.close()
        context.close()
    label = {"poll": "polling once a second (before)", "events": "events, answered at once (after)",
             "held": "events, stream held open (ASGI-like)"}[mode]
    return Timing(f"remote update, {label}", times)


def run(args: argparse.Namespace) -> None:
    from django.conf import settings
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.core.management import call_command
    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    call_command("migrate", verbosity=0)
    settings.PLAY_DICE_SEED = "bench"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": None, "play": None}}
    server = LiveServerThread("localhost", StaticFilesHandler, port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    site = f"http://localhost:{server.port}"
    rng = random.Random(1)
    print(f"cache: {settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}; "
          f"events hold under WSGI: {getattr(settings, 'PLAY_EVENTS_HOLD', 0.0)} s")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            polling = measure(site, browser, "poll", args.samples, rng)
            events = measure(site, browser, "events", args.samples, rng)
            # What a stream that stays open gives (under ASGI it waits in a coroutine, holding no
            # worker; here each open stream holds a server thread, which this bench can afford).
            settings.PLAY_EVENTS_HOLD = 20.0
            held = measure(site, browser, "held", args.samples, rng)
        finally:
            browser.close()
            server.terminate()
    report([events, held], polling)
    print(f"samples: {len(polling.samples)} polling, {len(events.samples)} events; "
          f"mean {statistics.mean(polling.samples) * 1000:.0f} ms vs {statistics.mean(events.samples) * 1000:.0f} ms")
    verdict = "meets" if events.median < 0.3 else "misses"
    print(f"target: events median under 300 ms: {events.median * 1000:.0f} ms ({verdict} it)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--postgres", nargs="?", const="postgres://postgres@127.0.0.1:5432/postgres", default=None)
    parser.add_argument("--redis", default=None, help="a Redis URL for the shared cache, e.g. redis://127.0.0.1:6379/7")
    args = parser.parse_args()
    if args.redis:
        os.environ["REDIS_URL"] = args.redis
    os.environ.setdefault("DEBUG", "1")
    with throwaway_django("remote", args.postgres, "config.urls"):
        run(args)


if __name__ == "__main__":
    main()
