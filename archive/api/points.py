"""The compact reads the browse page's map and timeline load: every matching record, not a page.

``/api/v1/evidence/points/`` gives one row per place of every record the filters select, as
``[id, latitude, longitude, label]`` (no paging: a map needs them all, and a row is about 60
bytes, so the whole archive is well under 100 kB). ``/api/v1/evidence/periods/`` counts the same
records per period (centuries for the whole archive, shorter periods for a narrower span), each
period with its label and the ``date_from``/``date_to`` that select its records. Both read the
shared filter vocabulary (archive.selectors), so they answer for exactly the records the browse
page and the list endpoint give for the same query, and refuse, with a 400 naming it, a
parameter they do not know or a value they cannot read. Both are cached per data version.
"""
from __future__ import annotations

from collections.abc import Callable

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.settings import api_settings

from archive import identifiers, selectors, years
from archive.api.filters import EvidenceFilteredView, EvidenceFilterSet
from archive.models import Evidence, EvidenceType, Place

# "placed": blank for a record's own coordinates; "country", "region" or "town" for a point placed
# from the record's place name (archive.gazetteer), drawn apart on the maps.
POINT_FIELDS = ["id", "lat", "lon", "label", "placed"]


def _filter(request) -> selectors.EvidenceFilter:
    """The request's evidence filters; a 400 names every unknown parameter and unreadable value."""
    allowed = set(EvidenceFilterSet.base_filters) | {api_settings.URL_FORMAT_OVERRIDE}
    unknown = sorted(set(request.query_params) - allowed)
    if unknown:
        known = ", ".join(sorted(allowed))
        raise ValidationError({name: [f"unknown parameter; this endpoint reads {known}"] for name in unknown})
    f = selectors.evidence_filter_parse(request.query_params)
    if f.errors:
        raise ValidationError({name: [message] for name, message in f.errors.items()})
    return f


def _matching(f: selectors.EvidenceFilter):
    return selectors.evidence_apply_filter(Evidence.objects.all(), f).order_by()


def evidence_point_rows(f: selectors.EvidenceFilter) -> dict:
    """Every place of every record the filters select, in one query of the columns shown."""
    records = _matching(f)
    rows = (
        Place.objects.filter(evidence__in=records.values("id"))
        .order_by("evidence_id", "order", "id")
        .values_list(
            "latitude", "longitude", "name", "precision", "evidence_id", "evidence__ref", "evidence__dlp_id", "evidence__type",
            "evidence__game__name", *(f"evidence__{c}" for c in selectors.DATE_COLUMNS),
        )
    )
    types = dict(EvidenceType.choices)
    points = []
    record_ids = set()
    for lat, lon, place, precision, pk, ref, dlp_id, type_, game, *dates in rows:
        record_ids.add(pk)
        when = selectors._date_label(*dates)
        if precision:
            place = f"{place} (placed from its name, to the {precision})"
        label = " · ".join(part for part in (game, types.get(type_, type_), when, place) if part)
        points.append([identifiers.dlp_identifier("Evidence", dlp_id) or ref, float(lat), float(lon), label, precision])
    return {
        "fields": POINT_FIELDS,
        "records": len(record_ids),
        "places": len(points),
        "url_prefix": selectors.evidence_url_prefix(),
        "points": points,
    }


def evidence_periods(f: selectors.EvidenceFilter, most: int = 60) -> dict:
    """The records the filters select, counted per period. A record counts in every period its
    range overlaps, read as the date filters read it (an open end reaches every later period), so
    a period's count is the number of records its ``date_from``/``date_to`` select, with the same
    other filters."""
    # One query of two columns (no COUNT: on PostgreSQL a search's rank annotation cannot be
    # wrapped in the subquery a count of it needs).
    every = list(_matching(f).values_list("start_year", "end_year"))
    total = len(every)
    rows = [(s, e) for s, e in every if s is not None or e is not None]
    if not rows:
        return {"step": None, "total": total, "dated": 0, "periods": []}
    first = min(s if s is not None else e for s, e in rows)
    last = max(e if e is not None else s for s, e in rows)
    # Asked for a range: the periods cover it (clipped to the records'), so none is cut in two by the filter.
    if f.year_from is not None:
        first = max(first, f.year_from)
    if f.year_to is not None:
        last = min(last, f.year_to)
    first, last = min(first, last), max(first, last)
    step = years.period_step(first, last, most)
    lo, hi = years.period_index(first, step), years.period_index(last, step)
    counts = [0] * (hi - lo + 1)
    for start, end in rows:
        # An open end reaches the last period; an open start, the first (as the filters read them).
        a = years.period_index(start, step) if start is not None else lo
        b = years.period_index(end, step) if end is not None else hi
        for i in range(max(a, lo), min(b, hi) + 1):
            counts[i - lo] += 1
    periods = []
    for i, count in zip(range(lo, hi + 1), counts):
        start, end = years.period_bounds(i, step)
        periods.append({
            "date_from": start, "date_to": end, "label": years.period_label(start, end),
            "from_label": years.year_label(start), "to_label": years.year_label(end), "count": count,
        })
    return {"step": step, "total": total, "dated": len(rows), "periods": periods}


def _cached(kind: str, f: selectors.EvidenceFilter, compute):
    return selectors.cached(f"{kind}:{selectors.evidence_filter_key(f)}", compute, version=selectors.data_version())


class _CompactView(EvidenceFilteredView):
    """A compact, unpaged answer over every record the filters select, kept per data version and
    filter (``kind`` names it, ``compute`` builds it)."""

    kind: str
    compute: Callable[[selectors.EvidenceFilter], dict]

    def get(self, request, *args, **kwargs):
        f = _filter(request)
        return Response(_cached(self.kind, f, lambda: self.compute(f)))


def _compact_schema(operation_id: str, summary: str, description: str, what: str, example: tuple[str, dict]):
    name, value = example
    return extend_schema_view(get=extend_schema(
        operation_id=operation_id, summary=summary, description=description, filters=True,
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description=what, examples=[OpenApiExample(name, value=value)]),
            400: OpenApiResponse(OpenApiTypes.OBJECT, description="A parameter is unknown or could not be read."),
        },
    ))


POINT_EXAMPLE = {
    "fields": POINT_FIELDS,
    "records": 1,
    "places": 1,
    "url_prefix": "/evidence/",
    "points": [["DLP.Evidence.1188", 40.4093, 49.8671, "Şeş-Beş · Artifact · 1850–1900 · Baku", ""]],
}


@_compact_schema(
    "v1_evidence_points",
    "Map points of every matching record (compact, not paged)",
    (
        "One row per place of every record the filters select, as `[id, lat, lon, label]` (`fields` names the "
        "columns): the identifier (a record's page is `url_prefix` + id + `/`), latitude and longitude in decimal "
        "degrees (WGS 84), and a short label (game · type · date · place). Not paged: a map needs every point. "
        "`records` counts the records with a place, `places` the rows. The filters are the evidence list's and "
        "the browse page's; an unknown parameter or a value that cannot be read is a 400 naming it."
    ),
    "The points.",
    ("One record", POINT_EXAMPLE),
)
class EvidencePointsView(_CompactView):
    kind = "points"
    compute = staticmethod(evidence_point_rows)


PERIODS_EXAMPLE = {
    "step": 100, "total": 3, "dated": 2,
    "periods": [{"date_from": 1801, "date_to": 1900, "label": "19th century", "from_label": "1801", "to_label": "1900", "count": 2}],
}


@_compact_schema(
    "v1_evidence_periods",
    "How many matching records fall in each period (a timeline)",
    (
        "The records the filters select, counted per period of `step` years (centuries over the whole archive, "
        "shorter periods over a narrower span), from the earliest to the latest. A record counts in every period "
        "its date range overlaps, so a period's `count` is the number of records its `date_from` and `date_to` "
        "(historical years, as the filters read them) select. `total` counts every matching record, `dated` those "
        "with a date. Labels are written by the server."
    ),
    "The periods.",
    ("One period", PERIODS_EXAMPLE),
)
class EvidencePeriodsView(_CompactView):
    kind = "periods"
    compute = staticmethod(evidence_periods)
