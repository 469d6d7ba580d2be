"""Writes through the API (HackSoft style: check, then do). Every write records its user in the
history explicitly: simple_history's middleware sees the session user, not a token's."""
from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from collections import Counter

from django.db import transaction
from django.db.models import ProtectedError
from rest_framework.exceptions import APIException, ValidationError

from archive import years
from archive.models import Evidence, Game, Place, Ruleset, Source

EVIDENCE_LINKS = ("ages", "genders", "social_statuses", "spaces", "uncertainty_factors", "concepts", "sources")


def _history_user(user):
    return user if getattr(user, "is_authenticated", False) else None


def _save(obj, user, reason: str = "API") -> None:
    obj._history_user = _history_user(user)
    obj._change_reason = reason
    obj.save()


def evidence_check(*, instance: Evidence | None, data: dict[str, Any]) -> dict[str, Any]:
    """Field-by-field checks the database would otherwise refuse with one opaque error."""
    errors: dict[str, list[str]] = {}

    def current(name):
        if name in data:
            return data[name]
        return getattr(instance, name) if instance is not None else None

    for name, messages in years.record_date_errors(
        current("start_year"), current("end_year"), data.get("start_date") or "", data.get("end_date") or ""
    ).items():
        errors[name] = messages  # the stored values pass these checks: the request's data fails them
    if "ruleset" in data:
        slug = (data.pop("ruleset") or {}).get("slug") if isinstance(data.get("ruleset"), dict) else data.pop("ruleset")
        game = current("game")
        if slug:
            ruleset = Ruleset.objects.filter(game=game, slug=slug).first() if game else None
            if ruleset is None:
                errors.setdefault("ruleset", []).append(f"The game {getattr(game, 'slug', '?')!r} has no ruleset {slug!r}.")
            data["ruleset"] = ruleset
        else:
            data["ruleset"] = None
    elif instance is not None and "game" in data and instance.ruleset and instance.ruleset.game_id != data["game"].pk:
        errors.setdefault("ruleset", []).append("The record's ruleset belongs to another game; give a ruleset of the new game or null.")
    if errors:
        raise ValidationError(errors)
    return data


def _set_places(evidence: Evidence, places: list[dict], user, reason: str = "API") -> None:
    for old in evidence.places.all():
        old._history_user = _history_user(user)
        old._change_reason = reason
        old.delete()
    for order, place in enumerate(places):
        _save(Place(evidence=evidence, order=order, **place), user, reason)


@transaction.atomic
def evidence_create(*, data: dict[str, Any], user, reason: str = "API") -> Evidence:
    links = {name: data.pop(name) for name in EVIDENCE_LINKS if name in data}
    places = data.pop("places", [])
    evidence = Evidence(**data)
    _save(evidence, user, reason)
    for name, values in links.items():
        getattr(evidence, name).set(values)
    _set_places(evidence, places, user, reason)
    return evidence


@transaction.atomic
def evidence_update(*, evidence: Evidence, data: dict[str, Any], user, reason: str = "API") -> Evidence:
    links = {name: data.pop(name) for name in EVIDENCE_LINKS if name in data}
    places = data.pop("places", None)
    for name, value in data.items():
        setattr(evidence, name, value)
    _save(evidence, user, reason)
    for name, values in links.items():
        getattr(evidence, name).set(values)
    if places is not None:
        _set_places(evidence, places, user, reason)
    return evidence


@transaction.atomic
def evidence_delete(*, evidence: Evidence, user) -> None:
    evidence._history_user = _history_user(user)
    evidence.delete()


@transaction.atomic
def source_create(*, data: dict[str, Any], user) -> Source:
    source = Source(**data)
    _save(source, user)
    return source


@transaction.atomic
def source_update(*, source: Source, data: dict[str, Any], user) -> Source:
    for name, value in data.items():
        setattr(source, name, value)
    _save(source, user)
    return source


@transaction.atomic
def game_save(*, game: Game, data: dict[str, Any], user) -> Game:
    links = {name: data.pop(name) for name in ("regions", "periods", "categories", "sources") if name in data}
    for name, value in data.items():
        setattr(game, name, value)
    _save(game, user)
    for name, values in links.items():
        getattr(game, name).set(values)
    return game


def ruleset_check(*, instance: Ruleset | None, data: dict[str, Any]) -> dict[str, Any]:
    """The model's own checks (the engine validates variant and options), as field errors."""
    probe = Ruleset(**{k: v for k, v in data.items() if k != "sources"})
    if instance is not None:
        for field in ("game", "variant", "options"):
            if field not in data:
                setattr(probe, field, getattr(instance, field))
    try:
        probe.clean()
    except DjangoValidationError as exc:
        raise ValidationError(exc.message_dict) from None
    if "options" in data:
        data["options"] = probe.options
    return data


@transaction.atomic
def ruleset_save(*, ruleset: Ruleset, data: dict[str, Any], user) -> Ruleset:
    sources = data.pop("sources", None)
    for name, value in data.items():
        setattr(ruleset, name, value)
    _save(ruleset, user)
    if sources is not None:
        ruleset.sources.set(sources)
    return ruleset


class InUse(APIException):
    status_code = 409
    default_code = "in_use"


def delete(*, obj, user) -> None:
    obj._history_user = _history_user(user)
    obj._change_reason = "API"
    try:
        with transaction.atomic():
            obj.delete()
    except ProtectedError as exc:
        held = Counter(type(o)._meta.verbose_name_plural for o in exc.protected_objects)
        what = ", ".join(f"{n} {name}" for name, n in sorted(held.items()))
        raise InUse(
            f"{obj._meta.verbose_name.capitalize()} {obj} cannot be deleted: {what} refer to it. "
            "Move or delete them first."
        ) from None
