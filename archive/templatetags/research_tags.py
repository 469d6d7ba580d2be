"""Query strings for the browse page's map, timeline and filter chips."""
from __future__ import annotations

from django import template
from django.http import QueryDict

from archive import selectors

register = template.Library()

# The browse page's own parameters, which are not filters (the API refuses them).
PAGE_ONLY = ("page", "sort")


@register.simple_tag(takes_context=True)
def filter_query(context) -> str:
    """The page's filters as a query string for the API (its map, timeline and downloads select
    exactly the records listed): the filter parameters only (not the paging, the sort or a facet's
    search box), and without a filter the page could not read (it ignores it and says so; the API
    would refuse it)."""
    params: QueryDict = context["request"].GET.copy()
    errors = getattr(context.get("filter"), "errors", {}) or {}
    names = selectors.filter_parameter_names()
    for name in [*params]:
        if name not in names or name in errors or name in PAGE_ONLY:
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
