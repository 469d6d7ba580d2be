from __future__ import annotations

from django import template
from django.utils.html import format_html

from core.links import is_link

register = template.Library()


@register.filter
def link(url: str) -> str:
    """An http(s) URL as a link to itself; anything else (doi:, a title, a hostile scheme) as text."""
    if not url:
        return ""
    if is_link(url):
        return format_html('<a href="{0}" rel="noopener nofollow">{0}</a>', url)
    return format_html("{}", url)
