"""Curators' history of changes: django-simple-history's ``HistoricalRecords``, with its
many-to-many tracking made whole.

simple-history records a record's links (``m2m_fields``: an evidence record's sources, ages,
concepts...) when they are changed from the record's side (``record.sources.add(s)``). Changed
from the other side, it went wrong:

- it recorded the far side instead of the record: ``age.evidence_set.add(record)`` raised
  ``AttributeError`` while terms kept no history, and ``source.evidence.add(record)`` recorded
  the *source* again, so the record's history never showed the link;
- deleting a source or a vocabulary term removed its links to records without a word in their
  history.

Here each of those writes a history row for every record whose links changed, showing its links
as they are after the change. ``record_history`` writes one row for a record on demand: the
admin writes a record's row once its inlines have been saved (``archive.admin``), since a link
added in an inline row of the link table sends no many-to-many signal at all.
"""
from __future__ import annotations

from functools import partial

from django.conf import settings
from django.db.models.signals import post_delete, pre_delete
from simple_history import models as simple_history

#: The HistoricalRecords of each model keeping history, by model class.
REGISTRY: dict[type, HistoricalRecords] = {}


def record_history(instance, history_type: str = "~") -> None:
    """Write one history row for ``instance`` as it stands, links included."""
    REGISTRY[type(instance)].create_historical_record(instance, history_type)


class HistoricalRecords(simple_history.HistoricalRecords):
    def finalize(self, sender, **kwargs):
        super().finalize(sender, **kwargs)
        mine = sender is self.cls or (self.inherit and issubclass(sender, self.cls))
        if not mine or sender._meta.abstract or getattr(sender._meta, "simple_history_manager_attribute", None) is None:
            return
        REGISTRY[sender] = self
        for field in self.get_m2m_fields_from_model(sender):
            far = field.remote_field.model
            pre_delete.connect(partial(self._far_side_deleting, attr=field.name), sender=far, weak=False)
            post_delete.connect(partial(self._far_side_deleted, attr=field.name), sender=far, weak=False)

    # -- the links' other side ------------------------------------------------------------

    def _linked(self, attr: str, far_pk) -> set:
        """The pks of this model's rows linked through ``attr`` to the far-side row ``far_pk``."""
        field = self.cls._meta.get_field(attr)
        through = field.remote_field.through
        return set(
            through._default_manager.filter(**{f"{field.m2m_reverse_field_name()}_id": far_pk}).values_list(
                f"{field.m2m_field_name()}_id", flat=True
            )
        )

    def _record_rows(self, pks) -> None:
        if not pks or not getattr(settings, "SIMPLE_HISTORY_ENABLED", True):
            return
        for row in self.cls._base_manager.filter(pk__in=pks).order_by("pk"):
            self.create_historical_record(row, "~")

    def _stash(self, instance, attr: str) -> None:
        instance.__dict__.setdefault("_history_links", {})[(self.cls, attr)] = self._linked(attr, instance.pk)

    def _unstash(self, instance, attr: str) -> set:
        return instance.__dict__.get("_history_links", {}).pop((self.cls, attr), set())

    def m2m_changed(self, instance, action, attr, pk_set, reverse, **kwargs):
        if not reverse:
            return super().m2m_changed(instance, action, attr, pk_set, reverse, **kwargs)
        # ``instance`` is the far side (an age, a source); ``pk_set`` holds this model's rows
        if action == "pre_clear":  # which rows lose the link: asked before the links go
            self._stash(instance, attr)
        elif action == "post_clear":
            self._record_rows(self._unstash(instance, attr))
        elif action in ("post_add", "post_remove"):
            self._record_rows(pk_set)

    def _far_side_deleting(self, sender, instance, **kwargs) -> None:
        self._stash(instance, attr=kwargs["attr"])

    def _far_side_deleted(self, sender, instance, **kwargs) -> None:
        # the links went with the far-side row (before post_delete), so each row's history row
        # shows its links without it
        self._record_rows(self._unstash(instance, attr=kwargs["attr"]))
