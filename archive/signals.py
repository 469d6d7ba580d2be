"""Any write to the archive's tables bumps the data version, so the whole-archive reads cached
in archive.selectors (home map, facet counts, a game's map and timeline) are recomputed."""
from __future__ import annotations

from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save


def _changed(sender, **kwargs) -> None:
    from archive.services import archive_changed

    if sender._meta.app_label == "archive" and not sender.__name__.startswith("Historical"):
        # Now, for this process's next read, and again at commit, in case another request cached
        # the old data in between.
        archive_changed()
        transaction.on_commit(archive_changed)


def connect() -> None:
    post_save.connect(_changed, dispatch_uid="archive-changed-save")
    post_delete.connect(_changed, dispatch_uid="archive-changed-delete")
    m2m_changed.connect(_changed, dispatch_uid="archive-changed-m2m")
