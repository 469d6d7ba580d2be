"""Writes: loading the catalogue, adding media, and telling caches the archive changed.

Writes go through here (HackSoft style); views and the admin stay thin.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, router, transaction
from django.db.models import F
from django.utils.text import slugify

from archive import catalogue, identifiers
from archive.catalogue import vocabularies
from archive.geo import parse_coordinates
from archive.importers.errors import ImportFailed
from archive.media import media_files
from archive.models import (
    PLANNED_VARIANTS,
    Age,
    Category,
    DataVersion,
    Evidence,
    FormerRef,
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
DATA_DIR = Path(__file__).resolve().parent / "data"
# The DLP's database as the project ships it (archive/data/dlp/README.md), and the portal's
# pages our catalogue's records are read from where the dump lacks them.
DLP_DUMP = DATA_DIR / "dlp" / "ludiiGames-2020-08-11.sql.gz"
DLP_PAGES = DATA_DIR / "dlp" / "pages"


def archive_changed(*, using: str | None = None, documents: bool = True) -> None:
    """Bump the archive's data version (archive.models.DataVersion), so every process recomputes
    its cached pages and whole-archive reads on its next request. Saves, deletes and
    many-to-many changes do it themselves (archive.signals); writes that bypass them (bulk_create,
    queryset.update, imports) call this inside their transaction, or after it has committed, never
    before: a version must not be readable before the data it stands for.

    ``documents``: the write may have changed records' list documents without saying which
    (archive.documents), so every document built before this version is rebuilt. The signals
    pass False for writes whose records they stamp themselves."""
    versions = DataVersion.objects.using(using or router.db_for_write(DataVersion))
    bump = {"version": F("version") + 1}
    if documents:
        bump["documents_floor"] = F("version") + 1  # the new version: both read the old row
    if versions.filter(pk=1).update(**bump):
        return
    # The row is gone (a flushed test database): make it again, past any version read meanwhile.
    versions.bulk_create([DataVersion(pk=1, version=1)], ignore_conflicts=True)
    versions.filter(pk=1).update(**bump)


class Upserter:
    """update_or_create that writes only when something differs, so a second load saves nothing
    and leaves no history rows; counts what it did.

    It never undoes a curator. For each value (a field, or a set of links) the object's history
    says who last changed it: the newest row where it differs from the row before. A value the
    catalogue or the DLP import last set follows the catalogue; one a curator last set (a row
    with another reason: the admin's, the API's, an import of theirs) is kept, and counted in
    ``kept``. An object a curator deleted is not made again, and one whose lookup field (a slug,
    a name) a curator changed is found by its history rather than made twice."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        #: what it left as curators made it (said, but no change)
        self.kept: Counter[str] = Counter()
        self._rows: dict[tuple[type, Any], list] = {}

    # -- what the history says ----------------------------------------------------------------

    def history_rows(self, obj: models.Model) -> list:
        key = (type(obj), obj.pk)
        if key not in self._rows:
            self._rows[key] = list(obj.history.order_by("-history_date", "-history_id"))
        return self._rows[key]

    @staticmethod
    def _ours(row) -> bool:
        from archive.importers.dlp import REASON as DLP_REASON

        reason = row.history_change_reason or ""
        return reason == CHANGE_REASON or reason.startswith(DLP_REASON)

    def set_by_us(self, obj: models.Model, current, value_of) -> bool:
        """Whether the catalogue or the DLP import made the newest change to a value of ``obj``
        (``current`` now, ``value_of(history row)`` then). A value written where no history was
        kept (a migration, a bulk write) counts as ours: curators' changes leave history."""
        rows = self.history_rows(obj)
        if not rows or value_of(rows[0]) != current:
            return True
        for newer, older in zip(rows, rows[1:]):
            if value_of(newer) != value_of(older):
                return self._ours(newer)
        return self._ours(rows[-1])

    def found_by_history(self, model: type[models.Model], lookup: dict[str, Any]):
        """(the object, deleted): an object whose history once matched ``lookup`` and that still
        exists (a curator changed its slug or name), or whether the newest that matched is deleted."""
        history = getattr(model, "history", None)
        if history is None:
            return None, False
        past = {("id" if k == "pk" else k): v for k, v in lookup.items()}
        row = history.filter(**past).order_by("-history_date", "-history_id").first()
        if row is None:
            return None, False
        obj = model.objects.filter(pk=row.id).first()
        if obj is None and row.history_type == "-" and row.history_change_reason == CHANGE_REASON:
            # Deleted by the catalogue itself (delete_extra: a clause a rules file dropped), not
            # by a curator: made again when the catalogue has it again.
            return None, False
        return obj, obj is None and row.history_type == "-"

    # -- writes ---------------------------------------------------------------------------------

    def upsert(self, model: type[models.Model], lookup: dict[str, Any], values: dict[str, Any],
               create_only: dict[str, Any] | None = None, found: models.Model | None = None) -> models.Model | None:
        """The object ``lookup`` finds, made or brought up to ``values``; None if a curator deleted it.
        ``found``: the object ``lookup`` finds, where the caller has already read it."""
        obj = found if found is not None else model.objects.filter(**lookup).first()
        name = model._meta.verbose_name
        if obj is None:
            obj, deleted = self.found_by_history(model, lookup)
            if deleted:
                self.kept[f"{name} deleted by a curator, not made again"] += 1
                return None
        if obj is None:
            obj = model(**lookup, **values, **(create_only or {}))
            obj._change_reason = CHANGE_REASON
            obj.full_clean(validate_unique=False, validate_constraints=False)
            obj.save()
            self.counts[f"{name} created"] += 1
            return obj
        wanted = {**{k: v for k, v in lookup.items() if k != "pk" and not isinstance(v, models.Model)}, **values}
        changed = [field for field, value in wanted.items() if getattr(obj, field) != value]
        if changed and hasattr(obj, "history"):
            keep = [f for f in changed if not self.set_by_us(obj, getattr(obj, f), lambda row, f=f: getattr(row, f))]
            if keep:
                self.kept[f"{name} fields kept as a curator changed them"] += len(keep)
                changed = [f for f in changed if f not in keep]
        if changed:
            _keep_dlp_text(obj, changed)
            for field in changed:
                setattr(obj, field, wanted[field])
            obj._change_reason = CHANGE_REASON
            obj.full_clean(validate_unique=False, validate_constraints=False)
            obj.save()
            self._rows.pop((type(obj), obj.pk), None)
            self.counts[f"{name} updated"] += 1
        return obj

    def create_many(self, model: type[models.Model], objs: list[models.Model], known: tuple[str, ...] = ()) -> None:
        """Make ``objs``, new rows that no history row names (so ``upsert`` would make each), at
        once: checked as ``upsert`` checks them (but for the ``known`` relations, which the
        caller holds), one insert for the rows and one for their history rows, written as saves
        write them (this reason, the acting user), and the data version bumped as saves bump it."""
        if not objs:
            return
        from simple_history.utils import bulk_create_with_history

        from archive.signals import _raises_floor

        for obj in objs:
            obj.full_clean(exclude=list(known), validate_unique=False, validate_constraints=False)
        archive_changed(using=router.db_for_write(model), documents=_raises_floor(model))
        bulk_create_with_history(objs, model, default_change_reason=CHANGE_REASON)
        self.counts[f"{model._meta.verbose_name} created"] += len(objs)

    def set_m2m(self, obj: models.Model, field: str, targets: Iterable[models.Model | None]) -> None:
        manager = getattr(obj, field)
        wanted = {t.pk for t in targets if t is not None}  # None: a curator deleted it
        current = set(manager.values_list("pk", flat=True))
        if current == wanted:
            return
        if not self.set_by_us(obj, current, lambda row: self._links(row, obj, field)):
            self.kept[f"{obj._meta.verbose_name} {field} kept as a curator changed them"] += 1
            return
        obj._change_reason = CHANGE_REASON  # the links' history row is the catalogue's
        manager.set(wanted)
        self._rows.pop((type(obj), obj.pk), None)
        self.counts[f"{obj._meta.verbose_name} {field} updated"] += 1

    @staticmethod
    def _links(row, obj: models.Model, field: str) -> set:
        """The pks ``field`` linked to in a history row of ``obj``."""
        far = type(obj)._meta.get_field(field).m2m_reverse_field_name()
        return set(getattr(row, field).values_list(f"{far}_id", flat=True))

    def delete_extra(self, queryset) -> None:
        """Delete the rows of ``queryset`` the catalogue made and no one else has changed since."""
        for obj in queryset:
            rows = self.history_rows(obj)
            if rows and all(self._ours(row) for row in rows):
                obj._change_reason = CHANGE_REASON
                obj.delete()
                self.counts[f"{obj._meta.verbose_name} deleted"] += 1


def _keep_dlp_text(obj: models.Model, changed: list[str]) -> None:
    """Before the catalogue replaces text the DLP import wrote (a game's description, a
    ruleset's summary), keep the DLP's under dlp_extra, as the importer does: shown beside ours."""
    from archive.importers.dlp import DLP_TEXT_FIELDS, DLP_TEXT_KEY, fingerprint

    texts = DLP_TEXT_FIELDS.get(type(obj))
    if not texts or not getattr(obj, "dlp_id", None):
        return
    extra = dict(obj.dlp_extra or {})
    imported = extra.get("_imported") or {}
    kept = dict(extra.get(DLP_TEXT_KEY) or {})
    for field in changed:
        value = getattr(obj, field)
        if field in texts and value and imported.get(field) == fingerprint(value):
            kept[field] = value
    if kept:
        obj.dlp_extra = {**extra, DLP_TEXT_KEY: kept}


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


def _former_refs(up: Upserter, refs: list[str], **owner) -> None:
    for ref in refs:
        _, created = FormerRef.objects.get_or_create(ref=ref, defaults=owner)
        if created:
            up.counts["former ref created"] += 1


def _sources(up: Upserter) -> dict[str, Source]:
    out = {}
    for data in catalogue.SOURCES:
        values = {f: data.get(f, None if f in ("year", "dlp_id") else "") for f in SOURCE_FIELDS}
        if data.get("dlp_id"):
            # Found by DLP id, so that a DLP import run first has made the same source.
            values["ref"] = identifiers.source_ref(dlp_id=data["dlp_id"])
            lookup = {"dlp_id": values.pop("dlp_id")}
            # The DLP's reference text and URL are kept verbatim (source 122's URL ends in
            # "&referer=brief_results"); our fields fill in around them.
            if Source.objects.filter(**lookup).exclude(citation="").exists():
                values.pop("citation", None)
            if Source.objects.filter(**lookup).exclude(url="").exists():
                values.pop("url", None)
        else:
            lookup = {"ref": data["ref"]}
        out[data["key"]] = source = up.upsert(Source, lookup, values)
        if source is not None:
            _former_refs(up, data.get("former_refs", []), source=source)
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
        description_source = sources.get(g["description_source"])
        game = up.upsert(
            Game,
            _by_dlp_id(Game, {"slug": g["slug"]}, g.get("dlp_id")),
            {
                "name": g["name"],
                "dlp_id": g.get("dlp_id"),
                "description": g["description"],
                "description_source_id": description_source.pk if description_source else None,
                "featured": g.get("featured"),
            },
        )
        if game is None:  # a curator deleted it
            continue
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
            if ruleset is None:
                continue
            up.set_m2m(ruleset, "sources", [sources[k] for k in r.get("sources", [])])
            for corder, c in enumerate(r["clauses"]):
                up.upsert(
                    RuleClause,
                    {"ruleset": ruleset, "clause_id": c["id"]},
                    {
                        "order": corder,
                        "text": c["text"],
                        "source_id": sources[c["source"]].pk if c.get("source") and sources[c["source"]] else None,
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
    "location_text", "summary", "rules_summary", "content_citation", "confidence", "recorded_by",
)
# The record's own text, verbatim: from the DLP's dump where it holds the record (imported before
# the catalogue), else from the portal's page the catalogue names; never our words.
SOURCE_TEXT_FIELDS = ("rules_text", "content")


def page_record(name: str):
    """The one evidence record on a shipped portal page (archive/data/dlp/pages/)."""
    from archive.importers.page import parse_page

    path = DLP_PAGES / name
    [record] = parse_page(path.read_text(encoding="utf-8"), name=path.name)
    return record


def _evidence(up: Upserter, vocab: dict, sources: dict[str, Source], rulesets: dict) -> None:
    games: dict[str, Game | None] = {}
    for e in catalogue.EVIDENCE:
        values = {f: e[f] for f in EVIDENCE_FIELDS}
        existing = Evidence.objects.filter(dlp_id=e["dlp_id"]).values(*SOURCE_TEXT_FIELDS).first() or {}
        page = page_record(e["page"]).fields
        for f in SOURCE_TEXT_FIELDS:
            if not existing.get(f):
                values[f] = page[f]
        if e["game"] not in games:  # by its slug, or its history if a curator changed the slug
            games[e["game"]] = Game.objects.filter(slug=e["game"]).first() or up.found_by_history(Game, {"slug": e["game"]})[0]
        if games[e["game"]] is None:  # a curator deleted the game (and so this record first)
            continue
        values["game_id"] = games[e["game"]].pk
        ruleset = rulesets.get(e["ruleset"]) if e.get("ruleset") else None
        values["ruleset_id"] = ruleset.pk if ruleset else None
        values["ref"] = identifiers.evidence_ref(dlp_id=e["dlp_id"])
        record = up.upsert(Evidence, {"dlp_id": e["dlp_id"]}, values)
        if record is None:
            continue
        _former_refs(up, e.get("former_refs", []), evidence=record)
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
        up.delete_extra(Place.objects.filter(evidence=record, order__gte=len(e["places"])))


# -- rules files (games/rulesets/) -----------------------------------------------------------------
# A rules file is one ruleset, played by the generic engine (games.engine.rules) and shown on its
# game's page from the same text: the catalogue links each file to its ruleset and writes its
# clauses. No code per game.

RULES_FILE_CLAUSE_FIELDS = ("order", "text", "source_id", "locator", "quotation", "interpretation", "option",
                            "ludii", "elements")


def _rules_file_failed(rf, message: str) -> ImportFailed:
    return ImportFailed(f"{rf.path}: {message} (rules file {rf.key})")


def _rules_file_sources(rf, sources: dict[str, Source | None]) -> dict[str, Source | None]:
    """Each clause's source by its catalogue key; an unknown key is an error naming the file and
    the clause (a source a curator deleted is None: the clause then cites none)."""
    for c in rf.clauses:
        if c.source and c.source not in sources:
            known = ", ".join(sorted(sources))
            raise _rules_file_failed(
                rf, f"clause {c.id}: source {c.source!r} is not a catalogue source key (archive/catalogue; known: {known})"
            )
    return {c.id: sources[c.source] if c.source else None for c in rf.clauses}


def _live_row(up: Upserter, model, lookup: dict[str, Any], deleted_note: str):
    """(row, deleted): the row ``lookup`` finds, else the one its history finds again (a slug a
    curator changed); ``deleted`` when a curator deleted it, counted under ``deleted_note``."""
    row = model.objects.filter(**lookup).first()
    if row is None:
        row, deleted = up.found_by_history(model, lookup)
        if deleted:
            up.kept[deleted_note] += 1
            return None, True
    return row, False


def _rules_file_game(up: Upserter, rf, strict: bool) -> Game | None:
    """The game a file with no DLP ruleset goes under: by its DLP game id, else by its name's slug."""
    lookup = {"dlp_id": rf.dlp_game} if rf.dlp_game else {"slug": slugify(rf.game_name)}
    game, deleted = _live_row(up, Game, lookup, "rules files of a game a curator deleted, not linked")
    if deleted:
        return None
    if game is None:
        where = f"DLP.Games.{rf.dlp_game}" if rf.dlp_game else f"a game with the slug {lookup['slug']!r}"
        if strict:
            raise _rules_file_failed(rf, f"game: {where} is not in the archive")
        up.kept["rules files whose game is not loaded, not linked"] += 1
    return game


def claimed_rulesets(files) -> dict[int, str]:
    """The DLP rulesets a rules file does not take over, each with what plays it instead: those
    our catalogue (archive/catalogue) plays with an engine of its own, and those of a game with
    an engine of its own named after it (tables.backgammon for Backgammon: that board stays at the
    top of the game's page, and a rules file of the same game, race.backgammon, which shows the
    race mechanic can say the same rules, is played at its own address only)."""
    from django.utils.text import slugify

    from games.engine import get_variant, variants
    from games.engine.rules.game import RulesVariant

    claimed = {r["dlp_id"]: f"{r['variant']} (archive/catalogue)"
               for g in catalogue.GAMES for r in g["rulesets"] if r.get("dlp_id") and r.get("variant")}
    ours = {rf.key for rf in files}
    native = {key.split(".", 1)[1]: key for key in variants()
              if key not in ours and not isinstance(get_variant(key), RulesVariant)}
    for rf in files:
        named = native.get(slugify(rf.game_name or ""))
        if rf.dlp_ruleset and named and rf.dlp_ruleset not in claimed:
            claimed[rf.dlp_ruleset] = f"{named} (the engine named after the game)"
    return claimed


def _rules_file_ruleset(up: Upserter, rf, strict: bool, claimed: dict[int, str]) -> Ruleset | None:
    """The ruleset a file plays, its variant set to the file's key (made, for a file of ours)."""
    values: dict[str, Any] = {"variant": rf.key}
    if rf.summary:
        values["summary"] = rf.summary  # the DLP's own is kept beside it (_keep_dlp_text)
    if rf.dlp_ruleset:
        if rf.dlp_ruleset in claimed:
            # Our catalogue (archive/catalogue) already plays this ruleset with an engine of its
            # own and its own clauses; the rules file does not take it over.
            up.kept[f"rules file {rf.key} not linked: DLP.GameRulesets.{rf.dlp_ruleset} is played by "
                    f"{claimed[rf.dlp_ruleset]}"] += 1
            return None
        lookup = {"dlp_id": rf.dlp_ruleset}
        found, deleted = _live_row(up, Ruleset, lookup, "rules files of a ruleset a curator deleted, not linked")
        if deleted:
            return None
        if found is None:
            if strict:
                raise _rules_file_failed(rf, f"ruleset: DLP.GameRulesets.{rf.dlp_ruleset} is not in the archive")
            up.kept["rules files whose DLP ruleset is not loaded, not linked"] += 1
            return None
        return up.upsert(Ruleset, {"pk": found.pk}, values)
    game = _rules_file_game(up, rf, strict)
    if game is None:
        return None
    # Ours: found by its key within the game (or by its history, if a curator changed the
    # variant), so its name and slug are a curator's to change.
    siblings = Ruleset.objects.filter(game=game)
    taken = set(siblings.values_list("slug", flat=True))
    base = slugify(rf.ruleset_name) or slugify(rf.key.replace(".", "-"))
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    last = siblings.aggregate(models.Max("order"))["order__max"]
    values.pop("variant")  # in the lookup, and so written like the values
    return up.upsert(
        Ruleset, {"game": game, "variant": rf.key}, {"name": rf.ruleset_name, **values},
        create_only={"slug": slug, "order": 0 if last is None else last + 1},
    )


def _rules_file_clauses(up: Upserter, rf, ruleset: Ruleset, cited: dict[str, Source | None]) -> None:
    # The ruleset's clauses and the clause ids its history has ever held, read once: a clause
    # neither names is new, and all the new ones are made together (Upserter.create_many). One
    # upsert a clause, each with its own reads and checks, took most of a whole load_catalogue.
    current = {c.clause_id: c for c in RuleClause.objects.filter(ruleset=ruleset)}
    in_history = set(RuleClause.history.filter(ruleset_id=ruleset.pk).values_list("clause_id", flat=True))
    new = []
    for order, c in enumerate(rf.clauses):
        source = cited[c.id]
        values = {
            "order": order,
            "text": c.text,
            "source_id": source.pk if source else None,
            "locator": c.locator,
            "quotation": c.quote,
            "interpretation": c.interpretation,
            "option": c.option,
            "ludii": c.ludii,
            "elements": list(c.elements),
        }
        if c.id not in current and c.id not in in_history:
            new.append(RuleClause(ruleset=ruleset, clause_id=c.id, **values))
            continue
        up.upsert(RuleClause, {"ruleset": ruleset, "clause_id": c.id}, values, found=current.get(c.id))
    up.create_many(RuleClause, new, known=("ruleset", "source"))
    # A clause the file no longer has goes, unless a curator has changed it since.
    up.delete_extra(RuleClause.objects.filter(ruleset=ruleset).exclude(clause_id__in=[c.id for c in rf.clauses]))


def _rules_files_gone(up: Upserter, linked: set[int], keys: set[str], broken: set[str]) -> None:
    """A ruleset still naming a rules file that is gone (or that now links elsewhere): its variant
    cleared and the clauses the file gave it deleted, as far as no curator has changed them. A file
    that is there but does not load (``broken``) is left as it was linked until it is mended."""
    from games.engine import variants

    registered = set(variants())
    ours = {r["variant"] for g in catalogue.GAMES for r in g["rulesets"] if r.get("variant")}
    for ruleset in Ruleset.objects.exclude(variant="").exclude(pk__in=linked).exclude(variant__in=broken):
        stale = ruleset.variant in keys or (
            ruleset.variant not in registered and ruleset.variant not in PLANNED_VARIANTS
            and ruleset.variant not in ours
        )
        if not stale or ruleset.options:
            continue
        if not up.set_by_us(ruleset, ruleset.variant, lambda row: row.variant):
            up.kept["ruleset variant kept as a curator changed them"] += 1
            continue
        up.upsert(Ruleset, {"pk": ruleset.pk}, {"variant": ""})
        up.delete_extra(RuleClause.objects.filter(ruleset=ruleset))


def _rules_files(up: Upserter, sources: dict[str, Source | None], files=None, *, strict: bool = True) -> None:
    """Link every rules file (``games.engine.rules.catalogue()``, or ``files``) to its ruleset:
    the DLP ruleset its ``ruleset.dlp`` names, or for a file of ours (``dlp = 0``) a ruleset of its
    name made under the game its ``game.dlp`` names; the ruleset's ``variant`` is the file's key
    and its clauses are the file's (by clause id, in the file's order; one the file dropped is
    deleted). Idempotent, and it never undoes a curator (``Upserter``). ``strict``: a DLP ruleset
    or game missing from the archive is an error (the whole DLP is loaded); else the file is
    skipped (a catalogue loaded without the DLP)."""
    from games.engine import rules

    broken: set[str] = set()
    if files is None:
        files = rules.catalogue()
        broken = set(rules.ERRORS)
        for key in sorted(rules.ERRORS):
            up.kept[f"rules file {key} does not load, left as it was linked"] += 1
    files = list(files)
    claimed = claimed_rulesets(files)
    by_dlp: dict[int, str] = {}
    linked: set[int] = set()
    for rf in files:
        if rf.dlp_ruleset:
            if rf.dlp_ruleset in by_dlp:
                raise _rules_file_failed(
                    rf, f"ruleset: DLP.GameRulesets.{rf.dlp_ruleset} is also the ruleset of {by_dlp[rf.dlp_ruleset]}"
                )
            by_dlp[rf.dlp_ruleset] = rf.path
        cited = _rules_file_sources(rf, sources)
        try:
            ruleset = _rules_file_ruleset(up, rf, strict, claimed)
            if ruleset is None:
                continue
            _rules_file_clauses(up, rf, ruleset, cited)
        except ValidationError as exc:
            raise _rules_file_failed(rf, "; ".join(exc.messages)) from None
        linked.add(ruleset.pk)
    _rules_files_gone(up, linked, {rf.key for rf in files}, broken)


def rules_files_load(*, files=None, strict: bool = True, kept: Counter[str] | None = None) -> Counter[str]:
    """Link the rules files alone (what ``catalogue_load`` does last), in one transaction: for a
    catalogue already loaded. What it changed, counted; what it left as curators made it, into
    ``kept``."""
    up = Upserter()
    with transaction.atomic():
        _rules_files(up, _sources(up), files, strict=strict)
        if up.counts:
            archive_changed()
    if kept is not None:
        kept.update(up.kept)
    return up.counts


@transaction.atomic
def catalogue_load(*, dlp: bool = True, kept: Counter[str] | None = None, rules_files=None, user=None) -> Counter[str]:
    """The whole DLP archive (the shipped dump, archive.importers.dlp), then the first catalogue
    (archive.catalogue) merged on top: vocabularies by DLP id, sources by DLP id or ref, games by
    slug, rulesets by slug within their game, clauses by clause id, evidence by DLP id. Catalogue
    modules that attach to DLP games by their DLP id rely on the dump coming first. Running it
    again changes nothing and records no history. All or nothing. ``dlp=False`` loads the
    catalogue alone (a small archive, for tests). Last, every rules file (games/rulesets/, or
    ``rules_files``) is linked to its ruleset with its clauses (``_rules_files``). What it
    changed, counted; what it left as curators made it (``Upserter``) is counted into ``kept``.
    Its history rows name ``user`` (load_catalogue: the import user)."""
    from archive.history import acting_as

    with acting_as(user):
        return _catalogue_load(dlp=dlp, kept=kept, rules_files=rules_files, user=user)


def _catalogue_load(*, dlp: bool, kept: Counter[str] | None, rules_files, user) -> Counter[str]:
    up = Upserter()
    if dlp:
        from archive.importers.dlp import REASON, dlp_import
        from archive.importers.sqldump import read_dump_file

        report = dlp_import(dump=read_dump_file(DLP_DUMP), user=user, reason=f"{REASON} {DLP_DUMP.name}")
        for what in report.created:
            if report.created[what]:
                up.counts[f"DLP {what} created"] += report.created[what]
        for what in report.updated:
            if report.updated[what]:
                up.counts[f"DLP {what} updated"] += report.updated[what]
        for what, n in report.deleted_kept.items():
            if n:
                up.kept[f"DLP {what} deleted or renamed by a curator, not made again"] += n
        for what, n in report.of_deleted_game.items():
            if n:
                up.kept[f"DLP {what} of a game a curator deleted, not imported"] += n
    vocab = _vocabulary(up)
    sources = _sources(up)
    rulesets = _games(up, vocab, sources)
    _evidence(up, vocab, sources, rulesets)
    from archive.gazetteer import sync_named_places

    up.counts.update(sync_named_places(user=user, reason=CHANGE_REASON))
    _rules_files(up, sources, rules_files, strict=dlp)
    if up.counts:
        archive_changed()  # in this transaction, for the bulk parts; saves bump it themselves
    if kept is not None:
        kept.update(up.kept)
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
