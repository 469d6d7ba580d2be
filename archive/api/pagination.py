"""Cursor paging that never loses or repeats a record.

DRF's CursorPagination keeps only the first ordering field in its cursor and counts ties with an
offset it caps at 1,000, so an ordering with many equal values (1,262 of 1,267 DLP records have
confidence 100) repeats and skips records, or never ends. Here the cursor holds the whole sort key
of the row it stopped at, and the ordering always ends with the primary key, so the key is unique
and the next page is exactly the rows after it (keyset paging). Values that are NULL sort last in
both directions, as undated records do.
"""
from __future__ import annotations

import base64
import binascii
import datetime
import json
import math
from collections.abc import Sequence

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import FieldDoesNotExist, ValidationError as DjangoValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import F, Q, QuerySet, Value
from django.db.models.functions import Coalesce
from rest_framework.exceptions import ValidationError
from rest_framework.filters import OrderingFilter
from rest_framework.pagination import CursorPagination
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param

from core.numbers import in_range, whole_number


def bounded_count(queryset, cap: int) -> tuple[int, bool]:
    """COUNT(*) over at most cap + 1 rows: cheap whatever the table's size."""
    n = queryset.order_by()[: cap + 1].count()
    return (min(n, cap), n <= cap)


# How long a count is kept (its key names the data version: a write makes a new one at once).
COUNT_CACHE_SECONDS = 3600

# The largest page an anonymous client gets (settings.API_ANON_MAX_PAGE_SIZE overrides it).
ANON_MAX_PAGE_SIZE = 200

BAD_CURSOR = "not a cursor of this list and ordering: follow the next and previous links as given"


def keyset_ordering(terms: Sequence[str], pk: str = "id") -> list[str]:
    """The ordering with the primary key added as the last, unique tie-breaker, in the same
    direction as the term before it (-date: the newest first, and of one year the last added
    first), so that one index on (field, id) read forwards or backwards serves both directions."""
    terms = [t for t in terms if t]
    if not terms or terms[-1].lstrip("-") not in (pk, "pk"):
        terms.append(f"-{pk}" if terms and terms[-1].startswith("-") else pk)
    return terms


def _order_by(terms: Sequence[str], *, reverse: bool, nullable: Sequence[bool] = ()) -> list:
    out = []
    for i, term in enumerate(terms):
        descending = term.startswith("-") != reverse
        expression = F(term.lstrip("-"))
        # NULLs last when walking forward, so first when walking back. A column that cannot be
        # NULL gets no NULLS clause: "DESC NULLS LAST" is not the reverse of an index's order,
        # so it would keep PostgreSQL from reading the index backwards (-date sorted every row).
        if i < len(nullable) and not nullable[i]:
            nulls = {}
        else:
            nulls = {"nulls_first": True} if reverse else {"nulls_last": True}
        out.append(expression.desc(**nulls) if descending else expression.asc(**nulls))
    return out


def _beyond(name: str, descending: bool, value, *, reverse: bool, nullable: bool = True) -> Q:
    """Rows strictly after ``value`` in this column's order (before it when ``reverse``)."""
    if not reverse:
        if value is None:
            return Q(pk__in=[])  # nothing comes after NULL
        after = Q(**{f"{name}__{'lt' if descending else 'gt'}": value})
        return after | Q(**{f"{name}__isnull": True}) if nullable else after
    if value is None:
        return Q(**{f"{name}__isnull": False})
    return Q(**{f"{name}__{'gt' if descending else 'lt'}": value})


def _equal(name: str, value) -> Q:
    return Q(**{f"{name}__isnull": True}) if value is None else Q(**{name: value})


def keyset_after(terms: Sequence[str], position: Sequence, *, reverse: bool = False, nullable: Sequence[bool] = ()) -> Q:
    """Rows after ``position`` (a row's values of ``terms``), or before it when ``reverse``:
    (a > x) or (a = x and b > y) or ... ``nullable`` says which columns may hold NULL (all, by
    default); the others need no IS NULL test, which keeps an index on them usable."""
    condition = Q(pk__in=[])
    prefix = Q()
    for i, (term, value) in enumerate(zip(terms, position)):
        name = term.lstrip("-")
        may_be_null = nullable[i] if i < len(nullable) else True
        condition |= prefix & _beyond(name, term.startswith("-"), value, reverse=reverse, nullable=may_be_null)
        prefix &= _equal(name, value)
    if terms and position and position[0] is not None and not (nullable[0] if nullable else True):
        # Implied by the above, but a plain bound the database can start an index scan at
        # (a >= x going forward on an ascending a): without it, every page after the first
        # read the index from its start, its cost growing with the page's depth.
        downward = terms[0].startswith("-") != reverse
        condition &= Q(**{f"{terms[0].lstrip('-')}__{'lte' if downward else 'gte'}": position[0]})
    return condition


def _nullable(queryset: QuerySet, name: str) -> bool:
    try:
        return queryset.model._meta.get_field(name).null
    except FieldDoesNotExist:
        pass
    # An annotation: never NULL if it is a Coalesce that ends in a constant (the date keys).
    expression = queryset.query.annotations.get(name)
    if isinstance(expression, Coalesce):
        last = expression.get_source_expressions()[-1]
        return not (isinstance(last, Value) and last.value is not None)
    return True


class _CursorEncoder(DjangoJSONEncoder):
    """Django's encoder, but a time keeps its microseconds: Django's cuts them to milliseconds
    (ECMA-262's format), and a cursor between rows a millisecond apart would then sort before
    some rows already served (they came again) or after rows not yet served (they were lost)."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


class ArchiveCursorPagination(CursorPagination):
    """Keyset cursor paging (stable while records are added, each record exactly once whatever
    the ties) with a total count where it is cheap: exact up to API_COUNT_CAP records, else the
    cap and count_exact false. ``next`` and ``previous`` links both work."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 1000
    ordering = "id"

    def paginate_queryset(self, queryset, request, view=None):
        cap = getattr(settings, "API_COUNT_CAP", 10_000)
        # A view may keep its counts in the shared cache (under its data version, as it says).
        key = view.count_cache_key(request) if hasattr(view, "count_cache_key") else None
        counted = cache.get(f"{key}:{cap}") if key else None
        if counted is None:
            counted = bounded_count(queryset, cap)
            if key:
                cache.set(f"{key}:{cap}", counted, COUNT_CACHE_SECONDS)
        self.count, self.count_exact = counted
        self.request = request
        self.base_url = request.build_absolute_uri()
        self.page_size = self.get_page_size(request)
        self.terms = keyset_ordering(self.get_ordering(request, queryset, view), queryset.model._meta.pk.name)
        reverse, position = self.decode_cursor(request, queryset)
        nullable = [_nullable(queryset, t.lstrip("-")) for t in self.terms]
        rows = queryset.order_by(*_order_by(self.terms, reverse=reverse, nullable=nullable))
        values = getattr(view, "page_values", None)
        if values:
            # Plain dicts, not model instances: the view builds its records from flat rows.
            # page_expressions: more columns read for the page's rows only (never for the count).
            rows = rows.values(*dict.fromkeys([*values, *(t.lstrip("-") for t in self.terms)]),
                               **getattr(view, "page_expressions", {}))
        if position is not None:
            rows = rows.filter(keyset_after(self.terms, position, reverse=reverse, nullable=nullable))
        self._next = self._previous = None
        # A view may read its page's rows itself (page_rows: a queryset in, a list of rows out).
        results = getattr(view, "page_rows", list)(rows[: self.page_size + 1])
        more = len(results) > self.page_size
        self.page = results[: self.page_size]
        if reverse:
            self.page.reverse()
            self.has_next, self.has_previous = position is not None, more
        else:
            self.has_next, self.has_previous = more, position is not None
        return self.page

    def get_ordering(self, request, queryset, view):
        for backend in getattr(view, "filter_backends", ()):
            if issubclass(backend, OrderingFilter):
                ordering = backend().get_ordering(request, queryset, view)
                if ordering:
                    return list(ordering)
        ordering = getattr(view, "ordering", None) or self.ordering
        return [ordering] if isinstance(ordering, str) else list(ordering)

    def page_size_cap(self, request) -> int:
        """The largest page this client gets: max_page_size signed in, less for anonymous clients
        (API_ANON_MAX_PAGE_SIZE), whose big pages would otherwise be the cheapest way to load us."""
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return self.max_page_size
        return min(self.max_page_size, getattr(settings, "API_ANON_MAX_PAGE_SIZE", ANON_MAX_PAGE_SIZE))

    def get_page_size(self, request):
        value = request.query_params.get(self.page_size_query_param)
        if value is None:
            return min(self.page_size, self.page_size_cap(request))
        number = whole_number(value, low=1)
        if number is None:
            raise ValidationError({self.page_size_query_param: [f"{value[:40]!r} is not a whole number of at least 1"]})
        # Over the cap, the page is the cap's size (as DRF does): next links carry on from there.
        return min(number, self.page_size_cap(request))

    # -- cursors: the sort key of a row, as URL-safe base64 of JSON ---------------------------

    def _key(self, row) -> list:
        if isinstance(row, dict):
            return [row[term.lstrip("-")] for term in self.terms]
        return [getattr(row, term.lstrip("-")) for term in self.terms]

    def _link(self, row, *, reverse: bool) -> str:
        payload = {"o": self.terms, "p": self._key(row)}
        if reverse:
            payload["r"] = 1
        text = json.dumps(payload, cls=_CursorEncoder, separators=(",", ":"))
        token = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
        return replace_query_param(self.base_url, self.cursor_query_param, token)

    def decode_cursor(self, request, queryset: QuerySet | None = None):
        token = request.query_params.get(self.cursor_query_param)
        if token is None:
            return False, None
        try:
            payload = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
            terms, position, reverse = payload["o"], payload["p"], bool(payload.get("r"))
            if terms != self.terms or not isinstance(position, list) or len(position) != len(terms):
                raise ValueError
            position = [self._to_python(queryset, t.lstrip("-"), v) for t, v in zip(terms, position)]
        except (ValueError, TypeError, KeyError, OverflowError, binascii.Error, DjangoValidationError):
            raise ValidationError({self.cursor_query_param: [BAD_CURSOR]}) from None
        return reverse, position

    @staticmethod
    def _to_python(queryset: QuerySet, name: str, value):
        try:
            field = queryset.model._meta.get_field(name)
        except FieldDoesNotExist:
            field = queryset.query.annotations[name].output_field
        if value is None:
            if not field.null:
                raise ValueError  # a hand-made cursor: no row has a null here (id > NULL matches nothing)
            return None
        if isinstance(value, (dict, list, bool)) or (isinstance(value, int) and not in_range(value)):
            raise ValueError  # a hand-made cursor: no row sorts there, and the database would refuse it
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError
        value = field.to_python(value)
        if isinstance(value, int) and not in_range(value):
            raise ValueError  # 1e308 for a whole-number field
        return value

    def get_next_link(self):
        if not self.has_next or not self.page:
            return None
        if getattr(self, "_next", None) is None:  # asked for by the body and the Link header
            self._next = self._link(self.page[-1], reverse=False)
        return self._next

    def get_previous_link(self):
        if not self.has_previous or not self.page:
            return None
        if getattr(self, "_previous", None) is None:
            self._previous = self._link(self.page[0], reverse=True)
        return self._previous

    def get_paginated_response(self, data):
        return Response(
            {
                "count": self.count,
                "count_exact": self.count_exact,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "results": data,
            },
            headers=self.paging_headers(),
        )

    def paging_headers(self) -> dict[str, str]:
        """The page's total and its links, in headers: the same in every format of every list."""
        headers = {"X-Total-Count": str(self.count)}
        if link := self.link_header():
            headers["Link"] = link
        return headers

    def get_paginated_response_schema(self, schema):
        schema = super().get_paginated_response_schema(schema)
        schema["properties"] = {
            "count": {"type": "integer", "example": 1266, "description": "Matching records (exact up to the cap)."},
            "count_exact": {"type": "boolean", "description": "False when count is the cap, not the total."},
            **schema["properties"],
        }
        schema["required"] = ["count", "count_exact", "results"]
        return schema

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                anon = min(self.max_page_size, getattr(settings, "API_ANON_MAX_PAGE_SIZE", ANON_MAX_PAGE_SIZE))
                parameter["description"] = (
                    f"Records per page (default {self.page_size}). At most {anon} for anonymous clients and "
                    f"{self.max_page_size} with a token or session; a larger value gives a page of the cap's size."
                )
                parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": self.max_page_size}
                parameter["x-anonymous-maximum"] = anon
            if parameter["name"] == self.cursor_query_param:
                parameter["description"] = (
                    "An opaque position from a `next` or `previous` link. Pages follow the ordering with "
                    "the id as the last tie-breaker, so every record comes exactly once."
                )
        return parameters

    def link_header(self) -> str:
        links = []
        for rel, url in (("next", self.get_next_link()), ("prev", self.get_previous_link())):
            if url:
                links.append(f'<{url}>; rel="{rel}"')
        return ", ".join(links)
