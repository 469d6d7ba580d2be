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
as they are after the change. ``record_history`` writes one row for a record on demand.

An admin save is one row (``write_admin_row``), written once the inline rows are saved, since a
link added in an inline row of the link table sends no many-to-many signal at all; its change
reason says what the inline rows changed (a place renamed, a name added), which before showed as
an empty "Changed" line. The history page names a deleted source or term by what it was and
shows a change of links as the links removed and added (``ContextHelper``).
"""
from __future__ import annotations

import dataclasses
from contextlib import contextmanager
from functools import partial
from types import SimpleNamespace

from django.conf import settings
from django.db.models.signals import post_delete, pre_delete
from django.utils.text import capfirst
from simple_history import models as simple_history
from simple_history.template_utils import HistoricalRecordContextHelper

@contextmanager
def acting_as(user):
    """Within it, history rows written by saves that name no user of their own (``_history_user``)
    name ``user``, as a signed-in request's do: for commands (imports, the catalogue's load)."""
    context = simple_history.HistoricalRecords.context
    before = getattr(context, "request", None)
    context.request = SimpleNamespace(user=user) if user is not None else before
    try:
        yield
    finally:
        if before is None:
            if hasattr(context, "request"):
                del context.request
        else:
            context.request = before


#: The HistoricalRecords of each model keeping history, by model class.
REGISTRY: dict[type, HistoricalRecords] = {}


def record_history(instance, history_type: str = "~") -> None:
    """Write one history row for ``instance`` as it stands, links included."""
    REGISTRY[type(instance)].create_historical_record(instance, history_type)


#: The longest change reason a history row holds (``history_change_reason``).
REASON_LENGTH = 100


def write_admin_row(instance, added: bool, formsets) -> None:
    """One history row for an admin save, written once the inline rows are saved, so that it
    shows the object's fields and links as they now are, and says in its change reason what
    the inline rows changed (places, names, media, clauses, sources). The admin saves the
    object with its history off (``skip_history_when_saving``), so each save is one row; a
    save that changed nothing writes none."""
    reason = inline_changes(formsets)
    if not getattr(settings, "SIMPLE_HISTORY_ENABLED", True):
        return
    before = None if added else instance.history.order_by("-history_date", "-history_id").first()
    instance._change_reason = reason or None
    try:
        record_history(instance, "+" if added else "~")
    finally:
        del instance._change_reason
    if before is not None and not reason:
        row = instance.history.order_by("-history_date", "-history_id").first()
        if not row.diff_against(before).changes:
            row.delete()  # saved as it was: nothing to show


def inline_changes(formsets) -> str:
    """What a save's inline rows changed, in words short enough for a change reason: "places:
    added Baku, changed Ganja; sources: removed Murray 1952", or counts where names run too
    long ("places: 1 added, 1 changed")."""
    named, counted = [], []
    for formset in formsets:
        words, counts, label = [], [], _inline_label(formset.model)
        for verb, objects in (
            ("added", getattr(formset, "new_objects", [])),
            ("changed", [o for o, _ in getattr(formset, "changed_objects", [])]),
            ("removed", getattr(formset, "deleted_objects", [])),
        ):
            if objects:
                words.append(f"{verb} " + ", ".join(label(o) for o in objects))
                counts.append(f"{len(objects)} {verb}")
        if words:
            name = _inline_name(formset.model)
            named.append(f"{name}: " + ", ".join(words))
            counted.append(f"{name}: " + ", ".join(counts))
    for text in ("; ".join(named), "; ".join(counted)):
        if len(text) <= REASON_LENGTH:
            return text
    return text[: REASON_LENGTH - 1] + "…"


def _far_key(model):
    """A link table's key to the far side (a record's or game's source), or None for a model
    of its own (a place, a name)."""
    if not model._meta.auto_created:
        return None
    keys = [f for f in model._meta.fields if f.is_relation]
    return keys[-1] if len(keys) == 2 else None


def _inline_name(model) -> str:
    far = _far_key(model)
    return str((far.related_model if far else model)._meta.verbose_name_plural)


def _inline_label(model):
    far = _far_key(model)
    return (lambda o: str(getattr(o, far.name))) if far else str


def deleted_label(value) -> str:
    """A deleted object named as it last stood in its own history ("Murray 1952 (deleted)"),
    not as simple-history's "Deleted source (pk=12)"."""
    model = value.model
    manager = getattr(model, "history", None)
    if manager is not None:
        row = manager.filter(**{model._meta.pk.attname: value.pk}).order_by("-history_date", "-history_id").first()
        if row is not None:
            return f"{row.instance} (deleted)"
    return f"{model._meta.verbose_name} #{value.pk} (deleted)"


class ContextHelper(HistoricalRecordContextHelper):
    """The admin's history list: a change of links shows the links removed and added, not both
    whole lists cut short in the middle, and a deleted source, term or game is named by what it
    was."""

    def __init__(self, model, historical_record, **kwargs):
        kwargs.setdefault("max_displayed_delta_change_chars", 400)
        super().__init__(model, historical_record, **kwargs)

    def format_delta_change(self, change):
        old = self.prepare_delta_change_value(change, change.old)
        new = self.prepare_delta_change_value(change, change.new)
        if isinstance(old, list) and isinstance(new, list):
            kept = {str(v) for v in old} & {str(v) for v in new}
            old = [v for v in old if str(v) not in kept]
            new = [v for v in new if str(v) not in kept]
        old, new = self.stringify_delta_change_values(change, old, new)
        field = self.model._meta.get_field(change.field)
        return dataclasses.replace(change, field=capfirst(field.verbose_name), old=old, new=new)

    def prepare_delta_change_value(self, change, value):
        shown = super().prepare_delta_change_value(change, value)
        if isinstance(shown, list):
            return [deleted_label(v) if isinstance(v, simple_history.DeletedObject) else v for v in shown]
        return deleted_label(shown) if isinstance(shown, simple_history.DeletedObject) else shown


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
