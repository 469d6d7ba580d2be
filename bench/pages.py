"""Page times with many evidence records, each as a ratio to a trivial Django view timed in the
same run (the same middleware, the same test client), on a throwaway database.

    .venv/bin/python bench/pages.py [--records 20000] [--repeat 60] [--postgres [URL]]
    .venv/bin/python bench/pages.py --postgres --scale 20000,200000 [--repeat 20]

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

--scale A,B (issue 14's target: cold browse and search at 200,000 records on PostgreSQL within 3x
their times at 20,000): the pages are timed at A records, then the database grows to B (the same
generator, more rows) and they are timed again; the median of each page at B over its median at A
is printed for every mode. A third mode, "cold page", is timed then: no page comes from the page
cache (each is rendered, its records read, ranked and paged), while the facet counts come from the
shared cache, where they are kept per data version (archive.selectors.evidence_facets_cached), the
whole archive's precomputed after the load (selectors.facets_precompute), as after an import.
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

from bench.common import page_bench_arguments, parse_page_bench_arguments, throwaway_django  # noqa: E402


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


def generate(n: int, seed: int = 7, first: int = 0) -> None:
    from archive.models import (
        Age, Concept, Evidence, EvidenceType, Game, Gender, Place, SocialStatus, Source, Space, UncertaintyFactor,
    )
    from archive.services import archive_changed

    rng = random.Random(seed + first)
    games = list(Game.objects.order_by("slug"))
    sources = list(Source.objects.all())
    vocab = {
        "ages": list(Age.objects.all()), "genders": list(Gender.objects.all()),
        "social_statuses": list(SocialStatus.objects.all()), "spaces": list(Space.objects.all()),
        "uncertainty_factors": list(UncertaintyFactor.objects.all()), "concepts": list(Concept.objects.all()),
    }
    vocab = {attr: items for attr, items in vocab.items() if items}
    types = EvidenceType.values
    batch = 2000
    for start in range(first, n, batch):
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


PAGES = (
    ("game page /games/ses-bes/", "/games/ses-bes/"),
    ("browse /evidence/", "/evidence/"),
    ("browse filtered (type, age, dates)", "/evidence/?type=ethnography&age=Child&from=1000&to=1900"),
    ("browse searched ?q=teahouse wedding", "/evidence/?q=teahouse+wedding"),
    ("browse searched and filtered", "/evidence/?q=courtyard&gender=Female&confidence=50"),
    ("evidence page DLP.Evidence.2445", "/evidence/DLP.Evidence.2445/"),
)
MODES = (
    ("warm: shared cache in use", "warm"),
    ("cold page: every page rendered, facet counts from the shared cache (per data version)", "cold-page"),
    ("cold: dummy cache, aggregates recomputed every request", "cold"),
)


def measure(repeat: int, records: int, modes=("warm", "cold")) -> dict:
    """Time every page in each mode; {mode: (reference, [timings])}."""
    import contextlib

    from django.test import Client
    from django.test.utils import override_settings

    from archive import views
    from bench.common import report, time_calls

    client = Client()
    # A generated record from the middle of the range, whatever --records is.
    pages = [*PAGES, ("evidence page (generated record)", f"/evidence/EB{records // 2:07d}/")]

    def get(url: str):
        def call():
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
        return call

    @contextlib.contextmanager
    def mode_settings(mode: str):
        if mode == "cold":
            with override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}):
                yield
        elif mode == "cold-page":
            from django.core.cache import cache

            from archive import selectors

            # No page kept (the warm mode's included); the whole archive's facet counts
            # precomputed at the data version, as after an import.
            cache.clear()
            selectors.facets_precompute()
            kept, views.PAGE_CACHE_SECONDS = views.PAGE_CACHE_SECONDS, 0
            try:
                yield
            finally:
                views.PAGE_CACHE_SECONDS = kept
        else:
            yield

    results = {}
    for label, mode in MODES:
        if mode not in modes:
            continue
        with mode_settings(mode):
            reference = time_calls("trivial view (reference)", get("/bench/trivial/"), repeat * 3)
            timings = [time_calls(name, get(url), repeat) for name, url in pages]
            print(f"\n-- {label}")
            report(timings, reference)
        results[mode] = (reference, timings)
    return results


def main() -> None:
    parser = page_bench_arguments(__doc__, records=20000, repeat=60)
    parser.add_argument("--scale", help="A,B: time the pages at A records, grow the archive to B, time them again and print the ratios")
    args = parse_page_bench_arguments(parser)
    with throwaway_django("pages", args.postgres, "bench.pages"):
        run(args)


def settle() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        # PostgreSQL: VACUUM as well, as autovacuum does soon after a bulk load (an insert-only
        # table is vacuumed after 20% new rows), so the visibility map is set and counts are
        # answered from indexes alone, as in a settled database.
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")


def run(args: argparse.Namespace) -> None:
    from django.core.management import call_command
    from django.db import connection

    from archive import selectors
    from archive.models import Evidence, Place

    call_command("migrate", verbosity=0)
    call_command("load_catalogue", stdout=open(os.devnull, "w"))
    sizes = [int(n) for n in args.scale.split(",")] if args.scale else [args.records]
    modes = ("warm", "cold-page", "cold") if args.scale else ("warm", "cold")
    results = []
    done = 0
    for size in sizes:
        generate(size, first=done)
        done = size
        settle()
        selectors.facets_precompute()
        print(f"\n== {connection.vendor}: {Evidence.objects.count()} evidence records, {Place.objects.count()} places;"
              f" median of {args.repeat} requests each (trivial view: {args.repeat * 3})")
        results.append(measure(args.repeat, size, modes))
    if len(results) == 2:
        (small, large) = sizes
        print(f"\n== ratio of each page's median at {large} records to its median at {small}"
              " (target: browse and search <= 3x in the cold-page mode)")
        print(f"{'what':48} " + " ".join(f"{mode:>10}" for mode in modes))
        names = [t.name for t in results[0][modes[0]][1]]
        for i, name in enumerate(names):
            ratios = [results[1][m][1][i].median / results[0][m][1][i].median for m in modes]
            print(f"{name:48} " + " ".join(f"{r:10.2f}" for r in ratios))


if __name__ == "__main__":
    main()
