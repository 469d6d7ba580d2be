from __future__ import annotations

from django import template
from django.http import QueryDict
from django.utils.html import format_html

from archive import years
from archive.models import GameName

register = template.Library()


@register.filter
def year(value: int | None) -> str:
    """1971 -> '1971'; -3100 -> '3100 BCE'."""
    return years.year_label(value)


@register.simple_tag
def native_name(name: GameName, tag: str = "span") -> str:
    """A name in its own language and direction: <span lang="fa" dir="rtl">تخته نرد</span>."""
    if name.language:
        return format_html('<{0} lang="{1}" dir="{2}">{3}</{0}>', tag, name.language, name.direction, name.name)
    return format_html("<{0}>{1}</{0}>", tag, name.name)


@register.simple_tag
def quotation_lang(language: str) -> str:
    """lang/dir attributes for a quotation in another language (RTL for Persian, Arabic...)."""
    if not language:
        return ""
    direction = "rtl" if language.split("-")[0].lower() in GameName.RTL_LANGUAGES else "ltr"
    return format_html(' lang="{}" dir="{}"', language, direction)


@register.simple_tag(takes_context=True)
def facet_url(context, name: str, value: str) -> str:
    """The current browse URL with ``name=value`` toggled (added, or removed if present); back to page 1."""
    params: QueryDict = context["request"].GET.copy()
    values = params.getlist(name)
    values = [v for v in values if v != value] if value in values else [*values, value]
    params.setlist(name, values)
    params.pop("page", None)
    return "?" + params.urlencode()


@register.simple_tag(takes_context=True)
def facet_selected(context, name: str, value: str) -> bool:
    return value in context["request"].GET.getlist(name)


@register.simple_tag(takes_context=True)
def page_url(context, number: int) -> str:
    params: QueryDict = context["request"].GET.copy()
    params["page"] = str(number)
    return "?" + params.urlencode()
