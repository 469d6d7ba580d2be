"""The evidence page's machine-readable head: Highwire citation tags and JSON-LD (the same
JSON-LD the API gives with ?format=jsonld)."""
from __future__ import annotations

import json

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from archive.api.linked_data import evidence_jsonld
from archive.citing import evidence_meta

register = template.Library()

# Inside <script>, "</script>" or "<!--" in a record's text must not end the element.
SCRIPT_ESCAPES = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}


def _data(evidence, request) -> dict:
    """The record as the API gives it. In a request, built from flat rows (archive.api.flat, the
    serializer's output to the byte, in four plain queries): the nested serializer was a third
    of the evidence page's first render."""
    if request is not None:
        from archive.api import flat
        from archive.models import Evidence

        rows = list(Evidence.objects.filter(pk=evidence.pk).values(*flat.BASE_FIELDS))
        return flat.evidence_rows(rows, request)[0]
    from archive.api.serializers import EvidenceSerializer

    serializer = EvidenceSerializer(evidence, context={"request": request})
    serializer.fields.pop("api_url")  # rendered outside a request (an email, a test): no absolute API link
    return serializer.data


def _base(request) -> str:
    return request.build_absolute_uri("/").rstrip("/") if request is not None else ""


@register.simple_tag(takes_context=True)
def evidence_head(context, evidence) -> str:
    """<meta name="citation_..."> tags and a <script type="application/ld+json"> for a record."""
    request = context.get("request")
    data = _data(evidence, request)
    base = _base(request)
    permalink = f"{base}{evidence.get_absolute_url()}"
    tags = format_html_join("\n", '<meta name="{}" content="{}">', evidence_meta(evidence, permalink))
    ld = json.dumps(evidence_jsonld(data, base), ensure_ascii=False, indent=1).translate(SCRIPT_ESCAPES)
    return mark_safe(f'{tags}\n<script type="application/ld+json">{ld}</script>')
