"""Every write to the archive's tables bumps its data version (archive.models.DataVersion), so
cached pages and whole-archive reads are recomputed in every process on its next request.

The bump is a row in the database, written in the same transaction as the change: other
processes cannot see the new version before the data it stands for, and a rolled-back write
rolls its bump back with it. Inside a transaction the bump comes before the write (every writer
takes the version row's lock first, so concurrent writers queue rather than deadlock); in
autocommit it comes after the write has committed, never before it (a reader could otherwise
cache the old data under the new version)."""
from __future__ import annotations

from django.db import router, transaction
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete, pre_save


#: Models of other apps whose rows the archive's pages show (a ruleset's simulated metrics).
SHOWN_BY_ARCHIVE = {"games.SimulationRun"}


def _is_archive_data(sender) -> bool:
    return sender._meta.label in SHOWN_BY_ARCHIVE or (
        sender._meta.app_label == "archive"
        and sender.__name__ != "DataVersion"
        and not sender.__name__.startswith("Historical")
    )


def _bump(sender, before: bool, using: str | None) -> None:
    if not _is_archive_data(sender):
        return
    using = using or router.db_for_write(sender)
    if before == transaction.get_connection(using).in_atomic_block:
        from archive.services import archive_changed

        archive_changed(using=using)


def _before_write(sender, using=None, **kwargs) -> None:
    _bump(sender, True, using)


def _after_write(sender, using=None, **kwargs) -> None:
    _bump(sender, False, using)


def _m2m_changed(sender, action: str, using=None, **kwargs) -> None:
    _bump(sender, action.startswith("pre_"), using)


def connect() -> None:
    pre_save.connect(_before_write, dispatch_uid="archive-changed-pre-save")
    post_save.connect(_after_write, dispatch_uid="archive-changed-save")
    pre_delete.connect(_before_write, dispatch_uid="archive-changed-pre-delete")
    post_delete.connect(_after_write, dispatch_uid="archive-changed-delete")
    m2m_changed.connect(_m2m_changed, dispatch_uid="archive-changed-m2m")
