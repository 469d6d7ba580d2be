"""Builders shared by the archive's tests: named actors and records made in bulk."""
from __future__ import annotations

import contextlib
import itertools
import threading
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection, transaction

from archive.models import Age, Evidence, Game, Gender, Place, SocialStatus, Source, Space
from archive.services import archive_changed


@pytest.fixture(autouse=True)
def fresh_cache():
    # Cached whole-archive reads must not leak from one test's data to the next.
    cache.clear()
    yield
    cache.clear()


def make_game(slug: str = "senet", name: str = "Senet", **kwargs) -> Game:
    return Game.objects.create(slug=slug, name=name, **kwargs)


def make_vocabularies() -> dict[str, list]:
    return {
        "ages": [Age.objects.create(name=n, dlp_id=i) for i, n in enumerate(["All", "Child", "Adolescent"], 1)],
        "genders": [Gender.objects.create(name=n, dlp_id=i) for i, n in enumerate(["Female", "Male"], 1)],
        "statuses": [SocialStatus.objects.create(name=n, dlp_id=i) for i, n in enumerate(["All", "Elite"], 1)],
        "spaces": [Space.objects.create(name=n, dlp_id=i) for i, n in enumerate(["Inside", "Outside"], 1)],
    }


_serial = itertools.count(1)


def make_evidence(game: Game, n: int, *, vocab: dict | None = None, source: Source | None = None,
                  start: int = 1900, **fields) -> list[Evidence]:
    """``n`` records for ``game`` with a place each and, given ``vocab``, an age, gender, social
    status and space each, made with bulk_create (as an import would)."""
    first = next(_serial)
    for _ in range(n):
        next(_serial)
    records = Evidence.objects.bulk_create(
        [
            Evidence(
                ref=f"EX{first + i}",
                type=fields.get("type", "ethnography"),
                game=game,
                start_year=start + i % 100,
                end_year=start + i % 100 + 1,
                confidence=fields.get("confidence", 50 + i % 50),
                content=fields.get("content", f"Record {i} of {game.name}, seen on a market day."),
                location_text=f"place {i}",
            )
            for i in range(n)
        ]
    )
    Place.objects.bulk_create(
        [
            Place(evidence=e, name=f"Place {i}", latitude=Decimal("10") + Decimal(i % 50) / 10,
                  longitude=Decimal("20") + Decimal(i % 70) / 10)
            for i, e in enumerate(records)
        ]
    )
    if vocab:
        for attr, key in (("ages", "ages"), ("genders", "genders"), ("social_statuses", "statuses"), ("spaces", "spaces")):
            through = getattr(Evidence, attr).through
            column = getattr(Evidence, attr).field.m2m_reverse_field_name()
            items = vocab[key]
            through.objects.bulk_create(
                [through(evidence_id=e.pk, **{f"{column}_id": items[i % len(items)].pk}) for i, e in enumerate(records)]
            )
    if source:
        through = Evidence.sources.through
        through.objects.bulk_create([through(evidence_id=e.pk, source_id=source.pk) for e in records])
    archive_changed()
    return records


@contextlib.contextmanager
def uncommitted_write(write):
    """``write()`` run in a transaction of its own connection (another thread), held open for
    the block's duration and committed when it ends: what readers see of a write in flight."""
    written, commit = threading.Event(), threading.Event()

    def curator():
        try:
            with transaction.atomic():
                write()
                written.set()
                commit.wait(10)
        finally:
            connection.close()

    thread = threading.Thread(target=curator)
    thread.start()
    try:
        assert written.wait(10), "the write did not happen"
        yield
    finally:
        commit.set()
        thread.join(10)
