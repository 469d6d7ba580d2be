"""The match record on a long match (``/api/v1/matches/<id>/record/``): windows and downloads at
many different ``from``, against the whole log replayed from its start, timed in the same run
(what every such request cost before the record was kept in parts; a security review).

    .venv/bin/python bench/record.py [--entries 17000] [--requests 20] [--postgres [URL]]

Builds one hotseat backgammon match with at least ``--entries`` log entries, played at random
(a few seconds for 17,000), then times, through Django's test client:
- the reference: the whole log replayed once from the start (``selectors.replay_part``);
- the first download (a cold cache: each part replayed once, and kept);
- ``--requests`` windows of 1,000 moves, each at another ``from``;
- ``--requests`` downloads of the whole match, each at another ``from`` (streamed);
- a window at the end after the match's version moved on (only the open turn's part again).
Each row gives the median and the largest time and its ratio to the reference; the process's
resident memory before and after says whether answers are kept per query. Target: a window at
a new ``from`` well under the reference (a tenth of it), and no growth with the requests.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import throwaway_django  # noqa: E402


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def long_match(entries: int):
    """A hotseat backgammon match of at least ``entries`` log entries, played at random and
    written as the play API writes a log."""
    from games import services
    from games.models import Match, MatchAction

    created = services.match_create(variant_key="tables.backgammon", options={"match_to": 64, "cube": False},
                                    opponent="hotseat")
    match = created.match
    live = services.Live.load(match)
    rng = random.Random(1)
    variant = live.variant
    while live.length < entries and variant.outcome(live.state) is None:
        if variant.is_chance(live.state):
            live._apply(variant.draw(live.state, rng), "chance")
        else:
            live._apply(rng.choice(variant.legal_actions(live.state)), "human")
    rows = [
        MatchAction(match=match, seq=seq, side=e["side"], by=e["by"], action=e["action"], notation=e["notation"],
                    extra={k: v for k, v in e.items() if k not in ("side", "by", "action", "notation")})
        for seq, e in enumerate(live.new, start=live.kept + 1)
    ]
    MatchAction.objects.bulk_create(rows, batch_size=1000)
    Match.objects.filter(pk=match.pk).update(state=live.state_json, log_length=live.length, version=2)
    return Match.objects.get(pk=match.pk)


def timed(client, url: str, params: dict) -> float:
    t = time.perf_counter()
    answer = client.get(url, params)
    assert answer.status_code == 200, answer.status_code
    body = b"".join(answer.streaming_content) if answer.streaming else answer.content
    assert body.endswith(b"}")
    return time.perf_counter() - t


def row(label: str, times: list[float], reference: float) -> None:
    median, top = statistics.median(times), max(times)
    print(f"  {label:<44} {median * 1000:9.1f} ms median {top * 1000:9.1f} ms max   {median / reference:7.3f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=17_000)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--postgres", nargs="?", const=os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    os.environ.setdefault("API_RECORD_RATE", "1000000/minute")
    with throwaway_django("record", args.postgres, "config.urls"):
        from django.core.cache import cache
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client

        from games import selectors
        from games.engine import get_variant
        from games.models import Match

        call_command("migrate", verbosity=0)
        t = time.perf_counter()
        match = long_match(args.entries)
        print(f"{connection.vendor}; a match of {match.log_length:,} log entries built in {time.perf_counter() - t:.0f} s")

        variant = get_variant(match.variant)
        entries = match.log_entries()
        runs = []
        for _ in range(3):
            t = time.perf_counter()
            selectors.replay_part(variant, variant.state_from_json(match.initial_state), entries, 0)
            runs.append(time.perf_counter() - t)
        reference = statistics.median(runs)
        print(f"reference: the whole log replayed from its start, {reference * 1000:.0f} ms (median of 3)")

        cache.clear()
        client, url = Client(), f"/api/v1/matches/{match.id}/record/"
        n, step = args.requests, max(1, match.log_length // (args.requests + 1))
        before = rss_mb()
        print(f"{'':46}{'time':>15}{'':>21}{'/ reference':>12}")
        row("first download (cold: each part replayed, kept)", [timed(client, url, {"download": 1})], reference)
        row(f"{n} windows of 1,000 at other from", [timed(client, url, {"from": 7 + i * step}) for i in range(n)], reference)
        row(f"{n} whole downloads at other from", [timed(client, url, {"download": 1, "from": 1 + i}) for i in range(n)],
            reference)
        Match.objects.filter(pk=match.pk).update(version=match.version + 1)
        row("new version: a window at the end", [timed(client, url, {"from": match.log_length - 3})], reference)
        print(f"resident memory: {before:.0f} MB before the requests, {rss_mb():.0f} MB after")


if __name__ == "__main__":
    main()
