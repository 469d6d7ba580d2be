"""Evidence search times on a large archive, SQLite and PostgreSQL, each as a ratio to a one-row
read timed in the same run.

    .venv/bin/python bench/search.py [--records 20000] [--repeat 15] [--db sqlite|postgres|both]
                                     [--postgres URL]

Each database is benchmarked in a process of its own, on a throwaway database (SQLite: a file in
a temporary folder; PostgreSQL: a new database on the server of --postgres, default DATABASE_URL
or postgres://postgres@127.0.0.1:5432/postgres, dropped at the end). The archive `make run` loads
(load_catalogue: the DLP's 1,267 records and our catalogue) is grown to --records by copying its
records with words varied: each copy keeps its game and its text, with about one word in six
replaced by another word of the DLP's texts (the copies have no places: the place names are the
originals'), so the words are the archive's own, in its proportions, and every word the DLP uses
is in many records. The
database is then analysed (and on PostgreSQL vacuumed, as autovacuum would after such a load).

Timed, each as a browse page reads a search (archive.selectors.evidence_filter: the first 25
records in relevance order, then the count of all matches): a common word, a rare word, an
accented word, a word's beginning, two words, and a common word with a type and a date filter.
The reference is the read of one record by its id (the smallest query the archive makes).
Printed per database: the matches, median and p95 in milliseconds, and the median's ratio to the
reference.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import report, throwaway_django, time_calls  # noqa: E402

DEFAULT_POSTGRES = os.environ.get("DATABASE_URL", "") if os.environ.get("DATABASE_URL", "").startswith("postgres") \
    else "postgres://postgres@127.0.0.1:5432/postgres"

# (label, the browse page's parameters)
SEARCHES = (
    ("common word: board", {"q": "board"}),
    ("rare word: magliabechiano", {"q": "magliabechiano"}),
    ("accented word: Şeş", {"q": "Şeş"}),
    ("word beginning: tab (tab, table, tablut...)", {"q": "tab"}),
    ("two words: dice board", {"q": "dice board"}),
    ("common word, type and dates: board", {"q": "board", "type": "ethnography", "from": "1000", "to": "1900"}),
    # What the browse page lists when a search matches over views.RELEVANCE_LIMIT records.
    ("common word listed by date: board", {"q": "board", "sort": "date"}),
)
TEXT_FIELDS = ("summary", "rules_text", "rules_summary", "content", "content_citation", "location_text")
WORD = re.compile(r"\S+")


def grow(total: int, seed: int = 11) -> None:
    """Copy the loaded records, words varied, until there are ``total``."""
    from django.db import connection

    from archive.models import Evidence
    from archive.services import archive_changed

    originals = list(Evidence.objects.order_by("id").values("game_id", "type", "start_year", "end_year", "confidence",
                                                            "kml", "date_text", *TEXT_FIELDS))
    vocabulary = [w for o in originals for f in TEXT_FIELDS for w in WORD.findall(o[f] or "")]
    rng = random.Random(seed)

    def vary(text: str) -> str:
        return WORD.sub(lambda m: rng.choice(vocabulary) if rng.random() < 1 / 6 else m.group(0), text) if text else text

    batch = 2000
    made = len(originals)
    while made < total:
        rows = []
        for i in range(made, min(total, made + batch)):
            original = originals[i % len(originals)]
            rows.append(Evidence(ref=f"EB{i:07d}", **{**original, **{f: vary(original[f]) for f in TEXT_FIELDS}}))
        Evidence.objects.bulk_create(rows)
        made += len(rows)
        print(f"  {made} records", flush=True)
    archive_changed()
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("VACUUM ANALYZE")
        else:
            cursor.execute("ANALYZE")


def run_one(records: int, repeat: int, postgres: str | None) -> None:
    label = "PostgreSQL" if postgres else "SQLite"
    with throwaway_django("search", postgres, "config.urls"):
        from io import StringIO

        from django.core.management import call_command

        from archive import selectors
        from archive.models import Evidence

        t0 = time.perf_counter()
        call_command("migrate", verbosity=0)
        call_command("load_catalogue", stdout=StringIO(), stderr=StringIO())
        print(f"{label}: catalogue loaded in {time.perf_counter() - t0:.0f} s", flush=True)
        t0 = time.perf_counter()
        grow(records)
        count = Evidence.objects.count()
        print(f"{label}: {count} records, grown in {time.perf_counter() - t0:.0f} s", flush=True)
        ids = list(Evidence.objects.values_list("id", flat=True)[:: max(1, count // 200)])
        pick = iter(range(10**9))
        reference = time_calls("reference: one record by id", lambda: Evidence.objects.get(pk=ids[next(pick) % len(ids)]), repeat * 4)
        timings, matches = [], {}
        for name, params in SEARCHES:
            def page(params=params):
                queryset = selectors.evidence_filter(params)
                rows = list(queryset[:25])
                return rows, queryset.count()
            rows, n = page()
            matches[name] = n
            timings.append(time_calls(f"{name} ({n} matches)", page, repeat, warmup=2))
        print(f"\n{label}, {count} records (first 25 by relevance, then the count)")
        report(timings, reference)
        print(flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--db", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--postgres", default=DEFAULT_POSTGRES, help="a PostgreSQL server's URL (a throwaway database is made there)")
    args = parser.parse_args()
    if args.db == "both":
        failed = 0
        for db in ("sqlite", "postgres"):
            command = [sys.executable, __file__, "--records", str(args.records), "--repeat", str(args.repeat),
                       "--db", db, "--postgres", args.postgres]
            failed |= subprocess.run(command, cwd=ROOT).returncode
        sys.exit(failed)
    run_one(args.records, args.repeat, args.postgres if args.db == "postgres" else None)


if __name__ == "__main__":
    main()
