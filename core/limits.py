"""Limits every way into the archive shares (API, imports, admin), so that whatever one of them
accepts, the others and the CSV export read back (README: Limits)."""
from __future__ import annotations

# The longest text a text field takes. Above the csv module's default cell limit (128 KiB),
# which the CSV import raises to match.
TEXT_MAX = 100_000
