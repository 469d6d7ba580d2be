"""The first catalogue's content, as plain data: loaded by ``manage.py load_catalogue``
(archive.services.catalogue_load), idempotently."""
from __future__ import annotations

from archive.catalogue import games, race, sources
from archive.catalogue.evidence import EVIDENCE

# The race games (archive.catalogue.race) come after the first five, with their own sources.
GAMES = games.GAMES + race.GAMES
SOURCES = sources.SOURCES + race.SOURCES

__all__ = ["EVIDENCE", "GAMES", "SOURCES"]
