"""Every write to the archive's tables bumps its data version (archive.models.DataVersion), so
cached pages and whole-archive reads are recomputed in every process on its next request.

The bump is a row in the database, written in the same transaction as the change: other
processes cannot see the new version before the data it stands for, and a rolled-back write
rolls its bump back with it. Inside a transaction the bump comes before the write (every writer
takes the version row's lock first, so concurrent writers queue rather than deadlock); in
autocommit it comes after the write has committed, never before it (a reader could otherwise
cache the old data under the new version)."""
from __future__ import annotations

import threading
from contextlib import contextmanager

from django.apps import apps as global_apps
from django.db import connections, router, transaction
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete, pre_save


#: Models of other apps whose rows the archive's pages show (a ruleset's simulated metrics).
SHOWN_BY_ARCHIVE = {"games.SimulationRun"}

# What the evidence list's stored documents (archive.documents) show, beyond the record itself:
# writes to these models stamp the records they belong to ("targeted")...
DOCUMENT_LINKS = ("ages", "genders", "social_statuses", "spaces", "uncertainty_factors", "concepts", "sources")
# ...and these archive models no document shows, so writing them leaves every document current.
# Any other archive model (a game or source renamed, a vocabulary term, one added later) raises
# the documents' floor: every document is rebuilt, which is always safe.
NOT_IN_DOCUMENTS = {
    "archive.Period", "archive.Category", "archive.Region", "archive.GameName", "archive.RuleClause",
    "archive.FormerRef", "archive.Media", "archive.Game_regions", "archive.Game_periods",
    "archive.Game_categories", "archive.Game_sources", "archive.Ruleset_sources",
    "games.SimulationRun",
}


def _is_archive_data(sender) -> bool:
    return sender._meta.label in SHOWN_BY_ARCHIVE or (
        sender._meta.app_label == "archive"
        and sender.__name__ not in ("DataVersion", "EvidenceDocument")
        and not sender.__name__.startswith("Historical")
    )


def _document_links() -> dict:
    from archive.models import Evidence

    return {getattr(Evidence, name).through: name for name in DOCUMENT_LINKS}


def _targeted(sender) -> bool:
    from archive.models import Evidence, Place

    return sender in (Evidence, Place) or sender in _document_links()


def _raises_floor(sender) -> bool:
    if sender._meta.apps is not global_apps:
        # A migration's historical model, on a schema that may predate the floor's column:
        # migrate raises the floor once it has finished instead (documents_after_migrate).
        return False
    return not _targeted(sender) and sender._meta.label not in NOT_IN_DOCUMENTS


def documents_after_migrate(using: str = "default", **kwargs) -> None:
    """After ``migrate``: a migration may have rewritten records without saying which, so every
    stored list document is rebuilt (when the schema has them: not after migrating backwards)."""
    conn = connections[using]
    from archive.models import DataVersion

    with conn.cursor() as cursor:
        tables = conn.introspection.table_names(cursor)
        if DataVersion._meta.db_table not in tables:
            return
        columns = {c.name for c in conn.introspection.get_table_description(cursor, DataVersion._meta.db_table)}
    if "documents_floor" in columns:
        from archive.services import archive_changed

        archive_changed(using=using, documents=True)


_quiet = threading.local()


@contextmanager
def bulk_write(using: str = "default"):
    """Within it, writes on this thread neither bump the data version nor stamp documents row by
    row; on leaving, the version is bumped once with every document's floor raised (each is
    rebuilt). For writes of a whole archive at once (restore_archive's loaddata): a bump and a
    stamp for each of its tens of thousands of rows were most of a restore's time."""
    was = getattr(_quiet, "on", False)
    _quiet.on = True
    try:
        yield
    finally:
        _quiet.on = was
    if not was:
        from archive.services import archive_changed

        archive_changed(using=using, documents=True)


def _bump(sender, before: bool, using: str | None, *, floor: bool | None = None) -> None:
    if not _is_archive_data(sender) or getattr(_quiet, "on", False):
        return
    using = using or router.db_for_write(sender)
    if before == transaction.get_connection(using).in_atomic_block:
        from archive.services import archive_changed

        archive_changed(using=using, documents=_raises_floor(sender) if floor is None else floor)


def _before_write(sender, using=None, instance=None, **kwargs) -> None:
    _bump(sender, True, using)
    if getattr(_quiet, "on", False):
        return
    from archive.models import Place

    if sender is Place and kwargs.get("signal") is pre_save and instance is not None and instance.pk is not None:
        # A place moved to another record changes the old record's document too.
        instance._documents_was = (
            Place.objects.using(using or router.db_for_write(Place)).filter(pk=instance.pk).values_list("evidence_id", flat=True).first()
        )


def _after_write(sender, using=None, instance=None, **kwargs) -> None:
    _bump(sender, False, using)
    if not _is_archive_data(sender) or instance is None or getattr(_quiet, "on", False):
        return
    from archive import documents
    from archive.models import Evidence, Place

    using = using or router.db_for_write(sender)
    if sender is Evidence:
        if kwargs.get("signal") is post_delete:
            documents.forget([instance.pk], using)
        else:
            documents.stamp([instance.pk], using)
    elif sender is Place:
        documents.stamp([instance.evidence_id, getattr(instance, "_documents_was", None)], using)


def _m2m_changed(sender, action: str, using=None, instance=None, reverse=False, pk_set=None, **kwargs) -> None:
    links = _document_links()
    # Emptying a vocabulary term's or a source's records (reverse clear) names no records: floor.
    floor = True if sender in links and reverse and action.endswith("clear") else None
    _bump(sender, action.startswith("pre_"), using, floor=floor)
    if sender not in links or not action.startswith("post_") or instance is None or getattr(_quiet, "on", False):
        return
    from archive import documents

    using = using or router.db_for_write(sender)
    if not reverse:
        documents.stamp([instance.pk], using)
    elif pk_set:
        documents.stamp(pk_set, using)


def connect() -> None:
    pre_save.connect(_before_write, dispatch_uid="archive-changed-pre-save")
    post_save.connect(_after_write, dispatch_uid="archive-changed-save")
    pre_delete.connect(_before_write, dispatch_uid="archive-changed-pre-delete")
    post_delete.connect(_after_write, dispatch_uid="archive-changed-delete")
    m2m_changed.connect(_m2m_changed, dispatch_uid="archive-changed-m2m")
