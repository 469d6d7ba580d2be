"""A source page's citation metadata (archive.citing) and its links to the BibTeX and CSL-JSON
the API gives for it."""
from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from archive.citing import source_meta

register = template.Library()


def source_exports(source) -> list[tuple[str, str, str]]:
    """(label, media type, URL) of each citation format the API gives for a source."""
    return citation_exports(reverse("api:source-detail", args=[source.ref]))


def citation_exports(url: str) -> list[tuple[str, str, str]]:
    """(label, media type, URL) of each citation format the API gives at ``url``."""
    return [("BibTeX", "application/x-bibtex", f"{url}?format=bibtex"),
            ("CSL-JSON", "application/vnd.citationstyles.csl+json", f"{url}?format=csl"),
            ("RIS", "application/x-research-info-systems", f"{url}?format=ris")]


def evidence_exports(evidence) -> list[tuple[str, str, str]]:
    """(label, media type, URL) of each citation format the API gives for a record."""
    return citation_exports(reverse("api:evidence-detail", args=[evidence.identifier]))


@register.simple_tag(takes_context=True)
def source_head(context, source) -> str:
    """<meta> tags for reference managers, and <link rel="alternate"> to the citation formats."""
    request = context.get("request")
    permalink = request.build_absolute_uri(source.get_absolute_url()) if request is not None else source.get_absolute_url()
    tags = format_html_join("\n", '<meta name="{}" content="{}">', source_meta(source, permalink))
    links = format_html_join("\n", '<link rel="alternate" type="{1}" href="{2}" title="{0}">', source_exports(source))
    canonical = format_html('<link rel="canonical" href="{}">', permalink)
    return mark_safe(f"{canonical}\n{tags}\n{links}")


@register.inclusion_tag("archive/_source_exports.html")
def source_export_links(source) -> dict:
    return {"exports": source_exports(source)}


@register.inclusion_tag("archive/_source_exports.html")
def evidence_export_links(evidence) -> dict:
    return {"exports": evidence_exports(evidence)}


@register.simple_tag
def evidence_alternates(evidence) -> str:
    """<link rel="alternate"> to a record's citation formats, for the page's head."""
    return format_html_join("\n", '<link rel="alternate" type="{1}" href="{2}" title="{0}">', evidence_exports(evidence))
