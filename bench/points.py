"""The browse map's and timeline's endpoints over the whole archive: time and size of
/api/v1/evidence/points/ and /api/v1/evidence/periods/, each as a ratio to the API's first list
page (25 records) timed in the same run, on a throwaway database.

    .venv/bin/python bench/points.py [--records 0] [--repeat 30] [--postgres [URL]]

The catalogue is loaded (the whole DLP archive); --records adds generated records (with places)
as bench/pages.py does. "warm": the shared cache in use (the endpoints cache per data version);
"cold": a dummy cache, so every request reads and labels every point again.
Target: cold points within 10x the list page at the median, and under 100 kB for the DLP archive.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import page_bench_arguments, parse_page_bench_arguments, throwaway_django  # noqa: E402


def measure(repeat: int) -> None:
    from django.test import Client
    from django.test.utils import override_settings

    from bench.common import report, time_calls

    client = Client()
    urls = [
        ("points, whole archive", "/api/v1/evidence/points/"),
        ("points, type=artifact", "/api/v1/evidence/points/?type=artifact"),
        ("periods, whole archive", "/api/v1/evidence/periods/"),
        ("periods, searched q=board", "/api/v1/evidence/periods/?q=board"),
    ]

    def get(url: str):
        def call():
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
        return call

    for url in ("/api/v1/evidence/?page_size=25", *(u for _, u in urls)):
        print(f"{url:48} {len(client.get(url).content) / 1024:8.1f} kB")
    for label, caches in (
        ("warm: shared cache in use", None),
        ("cold: dummy cache", {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}),
    ):
        with override_settings(**({"CACHES": caches} if caches else {})):
            reference = time_calls("API list, first page of 25 (reference)", get("/api/v1/evidence/?page_size=25"), repeat)
            timings = [time_calls(name, get(url), repeat) for name, url in urls]
            print(f"\n-- {label}")
            report(timings, reference)


def main() -> None:
    parser = page_bench_arguments(__doc__, records=0, repeat=30)
    args = parse_page_bench_arguments(parser)
    os.environ.setdefault("API_ANON_RATE", "1000000/minute")  # one client makes every request
    with throwaway_django("points", args.postgres, "config.urls"):
        from django.core.management import call_command
        from django.db import connection

        call_command("migrate", verbosity=0)
        call_command("load_catalogue", stdout=open(os.devnull, "w"))
        if args.records:
            from bench.pages import generate

            generate(args.records)
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
        from archive.models import Evidence, Place

        print(f"{connection.vendor}: {Evidence.objects.count()} evidence records, {Place.objects.count()} places;"
              f" median of {args.repeat} requests each")
        measure(args.repeat)


if __name__ == "__main__":
    main()
