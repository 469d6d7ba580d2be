"""Page times with many evidence records, each as a ratio to a trivial Django view timed in the
same run (the same middleware, the same test client), on a throwaway database.

    .venv/bin/python bench/pages.py [--records 20000] [--repeat 60] [--postgres [URL]]

SQLite: a file in a temporary folder. PostgreSQL: a temporary database on the server of
DATABASE_URL (or --postgres URL), dropped at the end. The catalogue is loaded, then the records
are generated with bulk_create (with places, DLP vocabularies and sources, like an import), then
the database is analysed (and on PostgreSQL vacuumed, as autovacuum would after such a load).
Each page is timed twice: "warm" with the cache in use (as in production: one query reads the
archive's data version, then the page comes from the cache), and "cold" with a dummy cache, so
every page is rendered and every whole-archive aggregate recomputed on every request (the honest
figure for a first visit or right after a write). Medians, 95th percentiles and the median's ratio
to the trivial view are printed for both.
Target: every page within 5x the trivial view at the median.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from django.http import HttpResponse  # noqa: E402
from django.urls import include, path  # noqa: E402

from bench.common import throwaway_django  # noqa: E402


def trivial(request):
    return HttpResponse("ok")


# The bench's URLconf (ROOT_URLCONF = "bench.pages", imported by Django once set up, so not when
# this file runs as the script): the site plus the reference view.
if __name__ != "__main__":
    urlpatterns = [path("bench/trivial/", trivial), path("", include("config.urls"))]

WORDS = (
    "board dice counters pieces market courtyard teahouse wedding festival boys men women elders "
    "played evening winter summer village town carved wooden stone painted box inlaid rules "
    "gambling stakes hole row point quarter bar bear capture sow race block"
).split()


def generate(n: int, seed: int = 7) -> None:
    from archive.models import Age, Evidence, EvidenceType, Game, Gender, Place, SocialStatus, Source, Space
    from archive.services import archive_changed

    rng = random.Random(seed)
    games = list(Game.objects.order_by("slug"))
    sources = list(Source.objects.all())
    vocab = {
        "ages": list(Age.objects.all()), "genders": list(Gender.objects.all()),
        "social_statuses": list(SocialStatus.objects.all()), "spaces": list(Space.objects.all()),
    }
    types = EvidenceType.values
    batch = 2000
    for start in range(0, n, batch):
        rows = []
        for i in range(start, min(n, start + batch)):
            year = rng.randint(-3000, 2024) or 1
            span = rng.choice([0, 0, 1, 10, 50, 100])
            rows.append(
                Evidence(
                    ref=f"EB{i:07d}",
                    type=rng.choice(types),
                    game=games[i % len(games)],
                    start_year=year,
                    end_year=min(year + span, 2024) if year + span != 0 else 1,
                    date_precision="year",
                    confidence=rng.randint(0, 100),
                    summary=" ".join(rng.choices(WORDS, k=25)),
                    content=" ".join(rng.choices(WORDS, k=60)),
                    content_citation=f"Author {i % 300} {1900 + i % 120}: {i % 400}",
                    location_text=f"Place {i}",
                )
            )
        records = Evidence.objects.bulk_create(rows)
        places = []
        for e in records:
            for k in range(rng.choice([1, 1, 1, 2, 3])):
                places.append(Place(evidence=e, order=k, name=f"Place {e.ref}-{k}",
                                    latitude=Decimal(rng.uniform(-60, 70)).quantize(Decimal("0.000001")),
                                    longitude=Decimal(rng.uniform(-179, 179)).quantize(Decimal("0.000001"))))
        Place.objects.bulk_create(places)
        for attr, items in vocab.items():
            through = getattr(Evidence, attr).through
            column = getattr(Evidence, attr).field.m2m_reverse_field_name()
            links = []
            for e in records:
                for item in rng.sample(items, rng.choice([1, 1, 2])):
                    links.append(through(evidence_id=e.pk, **{f"{column}_id": item.pk}))
            through.objects.bulk_create(links)
        through = Evidence.sources.through
        through.objects.bulk_create([through(evidence_id=e.pk, source_id=rng.choice(sources).pk) for e in records])
    archive_changed()


def measure(repeat: int, records: int) -> None:
    from django.test import Client
    from django.test.utils import override_settings

    from bench.common import report, time_calls

    client = Client()
    pages = [
        ("game page /games/ses-bes/", "/games/ses-bes/"),
        ("browse /evidence/", "/evidence/"),
        ("browse filtered (type, age, dates)", "/evidence/?type=ethnography&age=Child&from=1000&to=1900"),
        ("browse searched ?q=teahouse wedding", "/evidence/?q=teahouse+wedding"),
        ("browse searched and filtered", "/evidence/?q=courtyard&gender=Female&confidence=50"),
        ("evidence page DLP.Evidence.2445", "/evidence/DLP.Evidence.2445/"),
        # A generated record from the middle of the range, whatever --records is.
        ("evidence page (generated record)", f"/evidence/EB{records // 2:07d}/"),
    ]

    def get(url: str):
        def call():
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
        return call

    for label, caches in (
        ("warm: shared cache in use", None),
        ("cold: dummy cache, aggregates recomputed every request",
         {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}),
    ):
        with override_settings(**({"CACHES": caches} if caches else {})):
            reference = time_calls("trivial view (reference)", get("/bench/trivial/"), repeat * 3)
            timings = [time_calls(name, get(url), repeat) for name, url in pages]
            print(f"\n-- {label}")
            report(timings, reference)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=60)
    parser.add_argument("--postgres", nargs="?", const=os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres",
                        help="benchmark PostgreSQL (a temporary database on this server)")
    args = parser.parse_args()
    if args.postgres is None and (os.environ.get("DATABASE_URL") or "").startswith("postgres"):
        args.postgres = os.environ["DATABASE_URL"]

    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    with throwaway_django("pages", args.postgres, "bench.pages"):
        run(args)


def run(args: argparse.Namespace) -> None:
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    call_command("load_catalogue", stdout=open(os.devnull, "w"))
    generate(args.records)
    with connection.cursor() as cursor:
        # PostgreSQL: VACUUM as well, as autovacuum does soon after a bulk load (an insert-only
        # table is vacuumed after 20% new rows), so the visibility map is set and counts are
        # answered from indexes alone, as in a settled database.
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
    from archive.models import Evidence, Place

    print(f"{connection.vendor}: {Evidence.objects.count()} evidence records, {Place.objects.count()} places;"
          f" median of {args.repeat} requests each (trivial view: {args.repeat * 3})")
    measure(args.repeat, args.records)


if __name__ == "__main__":
    main()
