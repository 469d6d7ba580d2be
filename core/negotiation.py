"""Content negotiation that answers an unknown ``?format=`` with a 400 naming it and the formats
the endpoint has (DRF's answers 404, as if the resource were missing)."""
from __future__ import annotations

from rest_framework.exceptions import ValidationError
from rest_framework.negotiation import DefaultContentNegotiation


class FormatNegotiation(DefaultContentNegotiation):
    def filter_renderers(self, renderers, format):
        chosen = [renderer for renderer in renderers if renderer.format == format]
        if not chosen:
            known = ", ".join(dict.fromkeys(renderer.format for renderer in renderers))
            raise ValidationError({"format": [f"unknown format {str(format)[:40]!r} (this address answers in {known})"]})
        return chosen
