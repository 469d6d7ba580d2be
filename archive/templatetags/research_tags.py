"""Query strings for the browse page's map, timeline and filter chips."""
from __future__ import annotations

from django import template
from django.http import QueryDict

register = template.Library()

# The browse page's own parameters, which are not filters (the API refuses them).
PAGE_ONLY = ("page", "sort")


@register.simple_tag(takes_context=True)
def filter_query(context) -> str:
    """The page's filters as a query string for the API: without the paging and sort, and without
    a filter the page could not read (it ignores it and says so; the API would refuse it)."""
    params: QueryDict = context["request"].GET.copy()
    errors = getattr(context.get("filter"), "errors", {}) or {}
    for name in (*PAGE_ONLY, *errors):
        params.pop(name, None)
    return params.urlencode()


@register.simple_tag(takes_context=True)
def query_without(context, *names: str) -> str:
    """The page's URL less some parameters (and the page number): a filter chip's remove link."""
    params: QueryDict = context["request"].GET.copy()
    for name in (*names, "page"):
        params.pop(name, None)
    return "?" + params.urlencode()


@register.filter
def degrees(value, axis: str) -> str:
    """A bbox coordinate as people read it: 12.5 with 'lat' -> '12.5° N', with 'lon' -> '12.5° E'."""
    number = float(value)
    hemisphere = ("N", "S") if axis == "lat" else ("E", "W")
    text = f"{abs(number):.4f}".rstrip("0").rstrip(".")
    return f"{text}° {hemisphere[0] if number >= 0 else hemisphere[1]}"
