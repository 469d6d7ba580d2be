"""Whole-archive export and DLP import on PostgreSQL.

    python bench/export.py [--db postgres://postgres@127.0.0.1:5432/postgres] [--records 100000]

Creates its own throwaway database on that server (dropped at the end), generates evidence
records, and prints:
- the CSV export through the API (/api/v1/export/evidence.csv, streamed) against PostgreSQL's
  ``COPY (the same columns) TO STDOUT WITH CSV`` in the same run, as a ratio of rates (target >= 0.6,
  issue 14, at 200,000 records: --records 200000);
- the peak memory (ru_maxrss) of a process doing the export at 10,000 and at N records, each in a
  fresh process (target: no growth beyond 30 MB);
- the time to import the DLP dump (the project's copy, archive/data/dlp/), and to import it again (nothing changes).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import secrets
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DUMP = ROOT / "archive" / "data" / "dlp" / "ludiiGames-2020-08-11.sql.gz"
MB = 1024 * 1024

# The export's columns in SQL, for COPY: the same values the API writes (lists joined with '; ',
# places and sources as JSON, the first place's coordinates; the EDTF date is computed in
# Python and left empty here).
COPY_SQL = """
COPY (
  SELECT
    CASE WHEN e.dlp_id IS NULL THEN e.ref ELSE 'DLP.Evidence.' || e.dlp_id END,
    e.ref, e.dlp_id,
    'http://testserver/evidence/' || CASE WHEN e.dlp_id IS NULL THEN e.ref ELSE 'DLP.Evidence.' || e.dlp_id END || '/',
    e.type, g.slug, g.name, r.slug, e.start_year, e.end_year, e.start_date, e.end_date, e.date_precision,
    e.date_reversed, e.date_text, NULL, e.location_text,
    (SELECT p.latitude FROM archive_place p WHERE p.evidence_id = e.id ORDER BY p."order", p.id LIMIT 1),
    (SELECT p.longitude FROM archive_place p WHERE p.evidence_id = e.id ORDER BY p."order", p.id LIMIT 1),
    (SELECT json_agg(json_build_object('name', p.name, 'latitude', p.latitude, 'longitude', p.longitude,
                                       'coordinates_text', p.coordinates_text) ORDER BY p."order", p.id)
       FROM archive_place p WHERE p.evidence_id = e.id),
    e.summary, e.rules_text, e.content, e.content_citation, e.confidence,
    (SELECT string_agg(a.name, '; ' ORDER BY a.dlp_id) FROM archive_evidence_ages x JOIN archive_age a ON a.id = x.age_id WHERE x.evidence_id = e.id),
    (SELECT string_agg(a.name, '; ' ORDER BY a.dlp_id) FROM archive_evidence_genders x JOIN archive_gender a ON a.id = x.gender_id WHERE x.evidence_id = e.id),
    (SELECT string_agg(a.name, '; ' ORDER BY a.dlp_id) FROM archive_evidence_social_statuses x JOIN archive_socialstatus a ON a.id = x.socialstatus_id WHERE x.evidence_id = e.id),
    (SELECT string_agg(a.name, '; ' ORDER BY a.dlp_id) FROM archive_evidence_spaces x JOIN archive_space a ON a.id = x.space_id WHERE x.evidence_id = e.id),
    (SELECT string_agg(a.name, '; ' ORDER BY a.dlp_id) FROM archive_evidence_uncertainty_factors x JOIN archive_uncertaintyfactor a ON a.id = x.uncertaintyfactor_id WHERE x.evidence_id = e.id),
    (SELECT string_agg(s.ref, '; ' ORDER BY s.ref) FROM archive_evidence_sources x JOIN archive_source s ON s.id = x.source_id WHERE x.evidence_id = e.id),
    (SELECT json_agg(json_build_object('ref', s.ref, 'dlp_id', s.dlp_id, 'kind', s.kind, 'citation', s.citation, 'url', s.url) ORDER BY s.ref)
       FROM archive_evidence_sources x JOIN archive_source s ON s.id = x.source_id WHERE x.evidence_id = e.id),
    e.kml, e.recorded_by, e.verified, e.dlp_added, e.dlp_extra, e.created, e.updated
  FROM archive_evidence e
  JOIN archive_game g ON g.id = e.game_id
  LEFT JOIN archive_ruleset r ON r.id = e.ruleset_id
  ORDER BY e.id
) TO STDOUT WITH CSV HEADER
"""


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def admin_connection(url: str):
    import psycopg

    parts = urlsplit(url)
    return psycopg.connect(
        host=parts.hostname or "127.0.0.1", port=parts.port or 5432, user=parts.username or "postgres",
        password=parts.password or None, dbname=parts.path.lstrip("/") or "postgres", autocommit=True,
    )


def django_setup(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["API_ANON_RATE"] = "100000/minute"
    # Production settings (DEBUG off) refuse to start without a key of their own.
    os.environ.setdefault("SECRET_KEY", "bench-" + secrets.token_urlsafe(32))
    import django

    django.setup()


# -- the child process: one export, its time and peak memory ---------------------------------------


def child_export(url: str) -> None:
    django_setup(url)
    from django.test import Client

    client = Client()
    # Warm up (imports, URL resolution, first queries) so the baseline is the process, not the work.
    response = client.get("/api/v1/export/evidence.csv", {"confidence_min": 100})
    b"".join(response.streaming_content)
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    started = time.perf_counter()
    response = client.get("/api/v1/export/evidence.csv")
    size = 0
    for chunk in response.streaming_content:
        size += len(chunk)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"seconds": seconds, "bytes": size, "baseline": baseline, "peak": peak}))


def run_child(url: str) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child-export", url], capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        sys.exit(f"the export process failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


# -- data ------------------------------------------------------------------------------------------


def generate(n: int, start: int, after_id: int = 0) -> None:
    """n evidence records with 1-3 places, vocabularies and a source each (bulk, then SQL)."""
    import random

    from django.db import connection

    from archive.identifiers import source_ref
    from archive.models import Age, Evidence, EvidenceType, Game, Gender, Source, Space

    rng = random.Random(start)
    if not Game.objects.exists():
        Game.objects.bulk_create([Game(name=f"Game {i}", slug=f"game-{i}") for i in range(200)])
        Source.objects.bulk_create([Source(ref=source_ref(citation=f"Author, A. {1900 + i}. A book {i}."), citation=f"Author, A. {1900 + i}. A book {i}.") for i in range(500)])
        for model, names in ((Age, ["All", "Child", "Adult"]), (Gender, ["Female", "Male"]), (Space, ["Inside", "Outside"])):
            model.objects.bulk_create([model(name=name, dlp_id=i + 1) for i, name in enumerate(names)])
    games = list(Game.objects.values_list("id", flat=True))
    types = EvidenceType.values
    batch = []
    for i in range(start, start + n):
        year = rng.randint(-3000, 2000) or 1
        batch.append(
            Evidence(
                ref=f"E{i:08d}"[:9], type=rng.choice(types), game_id=rng.choice(games), start_year=year,
                end_year=year + rng.randint(0, 300) if year + 300 < 0 or year > 0 else year,
                location_text="39°35'29.31\"N, 48°58'34.31\"E", rules_text="Two rows of holes; sow anticlockwise. " * 3,
                content=f"Record {i}: a board, \"quoted\", with a comma, and a line\nbreak.", confidence=rng.randint(0, 100),
            )
        )
        if len(batch) == 5000:
            Evidence.objects.bulk_create(batch)
            batch.clear()
    Evidence.objects.bulk_create(batch)
    with connection.cursor() as cursor:
        cursor.execute(
            """INSERT INTO archive_place (evidence_id, name, latitude, longitude, coordinates_text, note, "order")
               SELECT e.id, 'Place ' || k, -60 + (e.id * 7 + k) %% 120, -170 + (e.id * 13 + k) %% 340, '', '', k
               FROM archive_evidence e, generate_series(0, 2) k
               WHERE e.id > %s AND k <= e.id %% 3""",
            [after_id],
        )
        for table, column, target in (("ages", "age_id", "archive_age"), ("genders", "gender_id", "archive_gender"),
                                      ("spaces", "space_id", "archive_space"), ("sources", "source_id", "archive_source")):
            cursor.execute(
                f"""INSERT INTO archive_evidence_{table} (evidence_id, {column})
                    SELECT e.id, (SELECT t.id FROM {target} t ORDER BY t.id OFFSET e.id %% (SELECT count(*) FROM {target}) LIMIT 1)
                    FROM archive_evidence e WHERE e.id > %s AND e.id %% 2 = 0""",
                [after_id],
            )
        cursor.execute("ANALYZE")


def copy_rate(url: str) -> tuple[float, int]:
    with admin_connection(url) as conn, conn.cursor() as cursor:
        started = time.perf_counter()
        size = 0
        with cursor.copy(COPY_SQL) as copy:
            for data in copy:
                size += len(data)
        return time.perf_counter() - started, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"))
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--small", type=int, default=10_000)
    parser.add_argument("--name", help="the throwaway database's name (default bench_export_<pid>); dropped at the end")
    parser.add_argument("--rounds", type=int, default=3, help="exports and COPYs, alternated; medians compared")
    parser.add_argument("--no-import", action="store_true", help="skip timing the DLP import")
    parser.add_argument("--child-export")
    args = parser.parse_args()
    if args.child_export:
        child_export(args.child_export)
        return
    if not args.db.startswith(("postgres://", "postgresql://")):
        print("bench/export.py: skipped, it needs PostgreSQL (give --db postgres://... or DATABASE_URL)")
        return

    import psycopg

    name = args.name or f"bench_export_{os.getpid()}"
    try:
        with admin_connection(args.db) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as exc:
        print(f"bench/export.py: skipped, cannot reach PostgreSQL at {args.db}: {str(exc).strip().splitlines()[0]}")
        return
    url = with_database(args.db, name)
    try:
        django_setup(url)
        from django.core.management import call_command
        from django.db import connection

        from archive.models import Evidence

        call_command("migrate", verbosity=0)
        print(f"PostgreSQL throwaway database {name}; {args.small:,} then {args.records:,} evidence records")

        t = time.perf_counter()
        generate(args.small, 0)
        small = run_child(url)
        last_id = Evidence.objects.order_by("-id").values_list("id", flat=True)[0]
        generate(args.records - args.small, args.small, after_id=last_id)
        connection.close()
        print(f"generated in {time.perf_counter() - t:.1f}s")
        # Alternate the two, so a busy machine slows both alike; the medians are compared.
        exports, copies = [], []
        for _ in range(args.rounds):
            exports.append(run_child(url))
            copies.append(copy_rate(url))
        large = sorted(exports, key=lambda m: m["seconds"])[len(exports) // 2]
        large["peak"] = max(m["peak"] for m in exports)
        copy_seconds, copy_bytes = sorted(copies)[len(copies) // 2]
        if args.rounds > 1:
            print("rounds (API s, COPY s): " + ", ".join(f"({m['seconds']:.1f}, {c[0]:.1f})" for m, c in zip(exports, copies)))
        api_rate = args.records / large["seconds"]
        copy_rows = args.records / copy_seconds

        print()
        print(f"{'what':46} {'seconds':>9} {'records/s':>11} {'MB':>8}")
        print(f"{'COPY (same columns) TO STDOUT WITH CSV':46} {copy_seconds:9.2f} {copy_rows:11,.0f} {copy_bytes / MB:8.1f}")
        print(f"{'API /api/v1/export/evidence.csv (streamed)':46} {large['seconds']:9.2f} {api_rate:11,.0f} {large['bytes'] / MB:8.1f}")
        print(f"ratio of the API's rate to COPY's: {api_rate / copy_rows:.2f} (target >= 0.6)")
        print()
        for label, m, n in (("small", small, args.small), ("large", large, args.records)):
            print(f"export process at {n:>7,} records: peak RSS {m['peak'] / MB:6.1f} MB "
                  f"(after warm-up {m['baseline'] / MB:6.1f} MB, growth during the export {(m['peak'] - m['baseline']) / MB:5.1f} MB)")
        growth = (large["peak"] - small["peak"]) / MB
        print(f"peak memory growth from {args.small:,} to {args.records:,} records: {growth:+.1f} MB (target: no growth beyond 30 MB)")

        if args.no_import:
            pass
        elif DUMP.exists():
            from io import StringIO

            print()
            for attempt in ("first", "again"):
                t = time.perf_counter()
                call_command("import_dlp", str(DUMP), stdout=StringIO(), stderr=StringIO())
                print(f"import_dlp {DUMP.name} ({attempt}): {time.perf_counter() - t:.2f}s")
        else:
            print(f"(the DLP dump is not at {DUMP}: import not timed)")
    finally:
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            pass
        with admin_connection(args.db) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
