"""Writes: loading the catalogue, adding media, and telling caches the archive changed.

Writes go through here (HackSoft style); views and the admin stay thin.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, router, transaction
from django.db.models import F

from archive import catalogue
from archive.catalogue import vocabularies
from archive.geo import parse_coordinates
from archive.media import media_files
from archive.models import (
    Age,
    Category,
    DataVersion,
    Evidence,
    Game,
    GameName,
    Gender,
    Media,
    Period,
    Place,
    Region,
    RuleClause,
    Ruleset,
    SocialStatus,
    Source,
    Space,
    UncertaintyFactor,
)

CHANGE_REASON = "load_catalogue"


def archive_changed(*, using: str | None = None) -> None:
    """Bump the archive's data version (archive.models.DataVersion), so every process recomputes
    its cached pages and whole-archive reads on its next request. Saves, deletes and
    many-to-many changes do it themselves (archive.signals); writes that bypass them (bulk_create,
    queryset.update, imports) call this inside their transaction, or after it has committed, never
    before: a version must not be readable before the data it stands for."""
    versions = DataVersion.objects.using(using or router.db_for_write(DataVersion))
    if versions.filter(pk=1).update(version=F("version") + 1):
        return
    # The row is gone (a flushed test database): make it again, past any version read meanwhile.
    versions.bulk_create([DataVersion(pk=1, version=1)], ignore_conflicts=True)
    versions.filter(pk=1).update(version=F("version") + 1)


class Upserter:
    """update_or_create that writes only when something differs, so a second load saves nothing
    and leaves no history rows; counts what it did."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def upsert(self, model: type[models.Model], lookup: dict[str, Any], values: dict[str, Any],
               create_only: dict[str, Any] | None = None) -> models.Model:
        obj = model.objects.filter(**lookup).first()
        name = model._meta.verbose_name
        if obj is None:
            obj = model(**lookup, **values, **(create_only or {}))
            obj._change_reason = CHANGE_REASON
            obj.full_clean(validate_unique=False, validate_constraints=False)
            obj.save()
            self.counts[f"{name} created"] += 1
            return obj
        changed = [field for field, value in values.items() if getattr(obj, field) != value]
        if changed:
            for field in changed:
                setattr(obj, field, values[field])
            obj._change_reason = CHANGE_REASON
            obj.full_clean(validate_unique=False, validate_constraints=False)
            obj.save()
            self.counts[f"{name} updated"] += 1
        return obj

    def set_m2m(self, obj: models.Model, field: str, targets: Iterable[models.Model]) -> None:
        manager = getattr(obj, field)
        wanted = {t.pk for t in targets}
        if set(manager.values_list("pk", flat=True)) != wanted:
            manager.set(wanted)
            self.counts[f"{obj._meta.verbose_name} {field} updated"] += 1


def _vocabulary(up: Upserter) -> dict[type, dict]:
    tables = {
        Age: vocabularies.AGES,
        Gender: vocabularies.GENDERS,
        SocialStatus: vocabularies.SOCIAL_STATUSES,
        Space: vocabularies.SPACES,
        UncertaintyFactor: vocabularies.UNCERTAINTY_FACTORS,
        Period: vocabularies.PERIODS,
        Category: vocabularies.CATEGORIES,
    }
    by_model: dict[type, dict] = {}
    for model, rows in tables.items():
        by_model[model] = {}
        for dlp_id, name in rows:
            obj = up.upsert(model, {"dlp_id": dlp_id}, {"name": name})
            by_model[model][dlp_id] = by_model[model][name] = obj
    by_model[Region] = {}
    for dlp_id, name, continent, direction in vocabularies.REGIONS:
        obj = up.upsert(Region, {"dlp_id": dlp_id}, {"name": name, "continent": continent, "direction": direction})
        by_model[Region][dlp_id] = obj
    return by_model


SOURCE_FIELDS = (
    "kind", "citation", "authors", "year", "title", "container", "volume", "issue", "pages",
    "publisher", "place", "language", "url", "note", "dlp_id",
)


def _sources(up: Upserter) -> dict[str, Source]:
    out = {}
    for data in catalogue.SOURCES:
        values = {f: data.get(f, None if f in ("year", "dlp_id") else "") for f in SOURCE_FIELDS}
        lookup = _by_dlp_id(Source, {"ref": data["ref"]}, data.get("dlp_id"))
        out[data["key"]] = up.upsert(Source, lookup, values)
    return out


def _by_dlp_id(model: type[models.Model], lookup: dict[str, Any], dlp_id: int | None) -> dict[str, Any]:
    """``lookup``, unless only a row with the catalogue's DLP id exists (a DLP import came first):
    then that row, so the catalogue merges into it instead of colliding with its DLP id."""
    if dlp_id is None or model.objects.filter(**lookup).exists():
        return lookup
    found = model.objects.filter(dlp_id=dlp_id).values_list("pk", flat=True).first()
    return lookup if found is None else {"pk": found}


def _games(up: Upserter, vocab: dict, sources: dict[str, Source]) -> dict[tuple[str, str], Ruleset]:
    rulesets: dict[tuple[str, str], Ruleset] = {}
    for g in catalogue.GAMES:
        game = up.upsert(
            Game,
            _by_dlp_id(Game, {"slug": g["slug"]}, g.get("dlp_id")),
            {
                "name": g["name"],
                "dlp_id": g.get("dlp_id"),
                "description": g["description"],
                "description_source_id": sources[g["description_source"]].pk,
                "featured": g.get("featured"),
            },
        )
        up.set_m2m(game, "regions", [vocab[Region][i] for i in g.get("regions", [])])
        up.set_m2m(game, "periods", [vocab[Period][i] for i in g.get("periods", [])])
        up.set_m2m(game, "categories", [vocab[Category][i] for i in g.get("categories", [])])
        up.set_m2m(game, "sources", [sources[k] for k in g.get("sources", [])])
        for order, n in enumerate(g["names"]):
            up.upsert(
                GameName,
                {"game": game, "name": n["name"], "kind": n.get("kind", GameName.Kind.NATIVE)},
                {
                    "language": n.get("language", ""),
                    "transliteration": n.get("transliteration", ""),
                    "note": n.get("note", ""),
                    "order": order,
                },
            )
        for order, r in enumerate(g["rulesets"]):
            ruleset = up.upsert(
                Ruleset,
                _by_dlp_id(Ruleset, {"game": game, "slug": r["slug"]}, r.get("dlp_id")),
                {
                    "name": r["name"],
                    "native_name": r.get("native_name", ""),
                    "type": r["type"],
                    "summary": r.get("summary", ""),
                    "variant": r.get("variant", ""),
                    "options": r.get("options", {}),
                    "dlp_id": r.get("dlp_id"),
                    "order": order,
                },
            )
            up.set_m2m(ruleset, "sources", [sources[k] for k in r.get("sources", [])])
            for corder, c in enumerate(r["clauses"]):
                up.upsert(
                    RuleClause,
                    {"ruleset": ruleset, "clause_id": c["id"]},
                    {
                        "order": corder,
                        "text": c["text"],
                        "source_id": sources[c["source"]].pk if c.get("source") else None,
                        "locator": c.get("locator", ""),
                        "quotation": c.get("quotation", ""),
                        "quotation_language": c.get("quotation_language", ""),
                        "quotation_translation": c.get("quotation_translation", ""),
                        "interpretation": c.get("interpretation", ""),
                        "option": c.get("option", ""),
                    },
                )
            rulesets[(g["slug"], r["slug"])] = ruleset
    return rulesets


EVIDENCE_FIELDS = (
    "type", "start_year", "end_year", "start_date", "end_date", "date_precision", "date_text",
    "location_text", "summary", "rules_text", "content", "content_citation", "confidence", "recorded_by",
)


def _evidence(up: Upserter, vocab: dict, sources: dict[str, Source], rulesets: dict) -> None:
    games = {g.slug: g for g in Game.objects.all()}
    for e in catalogue.EVIDENCE:
        values = {f: e[f] for f in EVIDENCE_FIELDS}
        values["game_id"] = games[e["game"]].pk
        values["ruleset_id"] = rulesets[e["ruleset"]].pk if e.get("ruleset") else None
        record = up.upsert(Evidence, {"dlp_id": e["dlp_id"]}, values, create_only={"ref": e["ref"]})
        for field, model in (
            ("ages", Age), ("genders", Gender), ("social_statuses", SocialStatus), ("spaces", Space),
            ("uncertainty_factors", UncertaintyFactor),
        ):
            up.set_m2m(record, field, [vocab[model][name] for name in e[field]])
        up.set_m2m(record, "sources", [sources[k] for k in e["sources"]])
        for order, p in enumerate(e["places"]):
            ((lat, lon),) = parse_coordinates(p["coordinates"])
            up.upsert(
                Place,
                {"evidence": record, "order": order},
                {"name": p["name"], "latitude": lat, "longitude": lon, "coordinates_text": p["coordinates"],
                 "note": p.get("note", "")},
            )
        extra = Place.objects.filter(evidence=record, order__gte=len(e["places"]))
        if extra.exists():
            up.counts["place deleted"] += extra.delete()[0]


@transaction.atomic
def catalogue_load() -> Counter[str]:
    """Create or update the first catalogue (archive.catalogue): vocabularies by DLP id, sources
    by ref, games by slug, rulesets by slug within their game, clauses by clause id, evidence by
    DLP id. Running it again changes nothing and records no history. All or nothing."""
    up = Upserter()
    vocab = _vocabulary(up)
    sources = _sources(up)
    rulesets = _games(up, vocab, sources)
    _evidence(up, vocab, sources, rulesets)
    if up.counts:
        archive_changed()  # in this transaction, for the bulk parts; saves bump it themselves
    return up.counts


def media_add(*, data: bytes, name: str, evidence: Evidence | None = None, game: Game | None = None,
              caption: str = "", credit: str = "", licence: str = "") -> Media:
    """Store an image for a record or a game: checked without decoding, re-encoded without EXIF,
    with a thumbnail. ValidationError (naming the file) if it is not a safe image."""
    if evidence is None and game is None:
        raise ValidationError("an image belongs to an evidence record or a game")
    image, thumbnail, _ = media_files(data, name=name)
    media = Media(evidence=evidence, game=game, caption=caption, credit=credit, licence=licence)
    media.image.save("image.jpg", image, save=False)
    media.thumbnail.save("thumb.jpg", thumbnail, save=False)
    media.save()
    return media
