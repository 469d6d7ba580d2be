"""The API's evidence list against a trivial Django view timed in the same run (the same
middleware, the same test client), on a throwaway database with generated records (bench.pages).

    .venv/bin/python bench/api.py [--records 20000] [--repeat 40] [--postgres [URL]]

Timed: a 100-record page as an anonymous client gets it (JSON, built from flat rows), the same
page as CSV and a 200-record page (the anonymous cap), each "warm" (the rendered page kept in the
shared cache under the archive's data version, as a repeated request finds it) and "cold" (a
dummy cache: built from flat rows every time), and, for comparison, the same 100 records through
the nested EvidenceSerializer (how the list was built before: instances with eight prefetches).
Target (issue 14): the 100-record JSON page within 20x the trivial view at the median.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from django.http import HttpResponse, JsonResponse  # noqa: E402
from django.urls import include, path  # noqa: E402

from bench.common import page_bench_arguments, parse_page_bench_arguments, throwaway_django  # noqa: E402

TARGET = 20.0


def trivial(request):
    return HttpResponse("ok")


def serializer_page(request):
    # The list as it was built before flat rows: model instances, prefetches, nested serializers.
    from archive.api.serializers import EvidenceSerializer
    from archive.api.views import EvidenceViewSet

    view = EvidenceViewSet()
    view.action, view.request, view.format_kwarg, view.kwargs = "retrieve", request, None, {}
    page = list(view.get_queryset().order_by("id")[:100])
    return JsonResponse(EvidenceSerializer(page, many=True, context={"request": request}).data, safe=False)


if __name__ != "__main__":
    urlpatterns = [path("bench/trivial/", trivial), path("bench/serializer/", serializer_page),
                   path("", include("config.urls"))]


def measure(repeat: int) -> None:
    from django.test import Client
    from django.test.utils import override_settings

    from bench.common import report, time_calls

    client = Client()

    def get(url: str, **params):
        def call():
            response = client.get(url, params)
            assert response.status_code == 200, (url, response.status_code, response.content[:200])
        return call

    ratios = {}
    for label, caches in (
        ("warm: shared cache in use (a repeated page: one query reads the data version)", None),
        ("cold: dummy cache, every page built from flat rows",
         {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}),
    ):
        with override_settings(**({"CACHES": caches} if caches else {})):
            reference = time_calls("trivial view (reference)", get("/bench/trivial/"), repeat * 3)
            list_100 = time_calls("API list, 100 records (JSON, anonymous)", get("/api/v1/evidence/"), repeat)
            timings = [
                list_100,
                time_calls("API list, 100 records, ?ordering=-date", get("/api/v1/evidence/", ordering="-date"), repeat),
                time_calls("API list, 100 records (CSV)", get("/api/v1/evidence/", format="csv"), repeat),
                time_calls("API list, 200 records (anonymous cap)", get("/api/v1/evidence/", page_size=200), repeat),
            ]
            if caches:
                timings.append(time_calls("before: 100 records via EvidenceSerializer", get("/bench/serializer/"),
                                          max(5, repeat // 4)))
            print(f"\n-- {label}")
            report(timings, reference)
            ratios[label.split(":")[0]] = list_100.median / reference.median
    for name, ratio in ratios.items():
        print(f"100-record JSON page, {name}: {ratio:.1f}x the trivial view (target <= {TARGET:.0f}x): "
              f"{'met' if ratio <= TARGET else 'NOT met'}")


def main() -> None:
    parser = page_bench_arguments(__doc__, records=20000, repeat=40)
    args = parse_page_bench_arguments(parser)
    with throwaway_django("api", args.postgres, "bench.api"):
        run(args)


def run(args: argparse.Namespace) -> None:
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    from bench.pages import generate

    # One client makes every request: without this the anonymous API throttle answers 429.
    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["anon"] = None
    call_command("migrate", verbosity=0)
    call_command("load_catalogue", stdout=open(os.devnull, "w"))
    generate(args.records)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
    from archive.models import Evidence

    print(f"{connection.vendor}: {Evidence.objects.count()} evidence records; median of {args.repeat} requests each")
    measure(args.repeat)


if __name__ == "__main__":
    main()
