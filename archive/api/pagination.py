from __future__ import annotations

from django.conf import settings
from rest_framework.pagination import CursorPagination
from rest_framework.response import Response


def bounded_count(queryset, cap: int) -> tuple[int, bool]:
    """COUNT(*) over at most cap + 1 rows: cheap whatever the table's size."""
    n = queryset.order_by()[: cap + 1].count()
    return (min(n, cap), n <= cap)


class ArchiveCursorPagination(CursorPagination):
    """Cursor paging (stable while records are added) with a total count where it is cheap: exact
    up to API_COUNT_CAP records, else the cap and count_exact false."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 1000
    ordering = "id"

    def paginate_queryset(self, queryset, request, view=None):
        cap = getattr(settings, "API_COUNT_CAP", 10_000)
        self.count, self.count_exact = bounded_count(queryset, cap)
        return super().paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data):
        return Response(
            {
                "count": self.count,
                "count_exact": self.count_exact,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema):
        schema = super().get_paginated_response_schema(schema)
        schema["properties"] = {
            "count": {"type": "integer", "example": 1266, "description": "Matching records (exact up to the cap)."},
            "count_exact": {"type": "boolean", "description": "False when count is the cap, not the total."},
            **schema["properties"],
        }
        schema["required"] = ["count", "count_exact", "results"]
        return schema

    def link_header(self) -> str:
        links = []
        for rel, url in (("next", self.get_next_link()), ("prev", self.get_previous_link())):
            if url:
                links.append(f'<{url}>; rel="{rel}"')
        return ", ".join(links)
