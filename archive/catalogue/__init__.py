"""The first catalogue's content, as plain data: loaded by ``manage.py load_catalogue``
(archive.services.catalogue_load), idempotently."""
from __future__ import annotations

from archive.catalogue.evidence import EVIDENCE
from archive.catalogue.games import GAMES
from archive.catalogue.sources import SOURCES

__all__ = ["EVIDENCE", "GAMES", "SOURCES"]
