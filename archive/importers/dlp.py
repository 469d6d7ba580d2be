"""The Digital Ludeme Project's database dump into the archive.

``dlp_import`` reads every game, ruleset, evidence record, source and vocabulary of a parsed
dump (archive.importers.sqldump), checks all of it before writing anything, and writes in one
transaction. Records are matched by their DLP id (games also by slug, sources also by their
reference text, vocabularies by name), so the records the catalogue already holds are merged,
not duplicated.

Merging: each record remembers a fingerprint of the DLP values it was last imported with
(``dlp_extra["_imported"]``). A field is written when the record is new, when our value is
blank, or when the DLP's value has changed since the last import; a value a curator changed
while the DLP's stayed the same is kept. Importing the same dump twice changes nothing.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from decimal import Decimal

from django.db import transaction
from django.utils import timezone as dj_timezone
from django.utils.text import slugify
from simple_history.models import HistoricalRecords
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from archive import models as m
from archive.identifiers import citation_key, dlp_identifier, evidence_ref, source_ref
from archive.importers.citations import citation_fields, parse_citation
from archive.gazetteer import sync_named_places
from archive.geo import CoordinateError, parse_places
from archive.years import DateError, dlp_range
from archive.importers.checks import check_dump, check_url, import_lock
from archive.importers.errors import ImportFailed
from archive.importers.sqldump import Dump
from archive.services import archive_changed

VOCABULARIES = {
    # table: (model, name column, related evidence junction, its id column)
    "Ages": (m.Age, "Age"),
    "Genders": (m.Gender, "Gender"),
    "SocialStatuses": (m.SocialStatus, "SocialStatus"),
    "Spaces": (m.Space, "Space"),
    "UncertaintyFactors": (m.UncertaintyFactor, "UncertaintyFactor"),
    "Periods": (m.Period, "Period"),
    "Categories": (m.Category, "Category"),
    "Regions": (m.Region, "Region"),
    "LudemeInfos": (m.Concept, "LudemeInfo"),
}
EVIDENCE_LINKS = {
    # Evidence m2m field: (junction table, column naming the other side, vocabulary table)
    "ages": ("EvidenceAges", "AgeId", "Ages"),
    "genders": ("EvidenceGenders", "GenderId", "Genders"),
    "social_statuses": ("EvidenceSocialStatuses", "SocialStatusId", "SocialStatuses"),
    "spaces": ("EvidenceSpaces", "SpaceId", "Spaces"),
    "uncertainty_factors": ("EvidenceUncertaintyFactors", "UncertaintyFactorId", "UncertaintyFactors"),
    "sources": ("EvidenceSources", "SourceId", "Sources"),
    "concepts": ("EvidenceLudemeInfos", "ludemeInfoId", "LudemeInfos"),
}
GAME_LINKS = {
    "regions": ("GameRegions", "RegionId", "Regions"),
    "periods": ("GamePeriods", "PeriodId", "Periods"),
    "categories": ("GameCategories", "CategoryId", "Categories"),
    "sources": ("GameSources", "SourceId", "Sources"),
}
# The features of play (LudemeInfos) came late to the DLP: a dump without them still imports.
OPTIONAL_TABLES = frozenset({"LudemeInfos", "EvidenceLudemeInfos"})
REQUIRED_TABLES = tuple(
    t for t in (
        "Games", "GameRulesets", "RulesetTypes", "Evidence", "EvidenceTypes", "Sources",
        *VOCABULARIES, *(t for t, _, _ in EVIDENCE_LINKS.values()), *(t for t, _, _ in GAME_LINKS.values()),
    )
    if t not in OPTIONAL_TABLES
)
RULESET_TYPES = {label.lower(): value for value, label in m.Ruleset.Type.choices}
BATCH = 500
# Their history rows are written once their links are: a row must record the links the record
# has at that moment (simple-history's bulk helpers record none), or the admin reads a bulk
# import as having removed them and reverting to it would strip them.
HISTORY_WITH_LINKS = (m.Game, m.Ruleset, m.Evidence)
# Text the DLP gives a game or ruleset, by our field and the DLP's column. Where our value differs
# (the catalogue's or a curator's), the DLP's is kept under DLP_TEXT_KEY in dlp_extra and shown
# beside ours, never lost.
DLP_TEXT_FIELDS = {
    m.Game: {"name": "Name", "description": "Description", "reference": "Reference", "origin": "Origin", "credit": "Credit"},
    m.Ruleset: {
        "name": "Name", "summary": "Summary", "description": "Description", "rules_text": "Rules",
        "reference": "Reference", "origin": "Origin",
    },
}
DLP_TEXT_KEY = "_dlp_text"
# Every history row an import writes has a change reason starting with this.
REASON = "import_dlp"


@dataclass
class ImportReport:
    created: Counter = field(default_factory=Counter)
    updated: Counter = field(default_factory=Counter)
    unchanged: Counter = field(default_factory=Counter)
    warnings: list[str] = field(default_factory=list)
    #: records the dump holds that a curator deleted: not made again
    deleted_kept: Counter = field(default_factory=Counter)
    #: records the dump holds for a game a curator deleted (new since): not imported
    of_deleted_game: Counter = field(default_factory=Counter)

    @property
    def changed(self) -> bool:
        return bool(sum(self.created.values()) or sum(self.updated.values()))

    def summary(self) -> str:
        parts = []
        for what in ("vocabulary", "source", "game", "game name", "ruleset", "evidence", "place", "link"):
            c, u, n = self.created[what], self.updated[what], self.unchanged[what]
            if c or u or n:
                parts.append(f"{what}: {c} created, {u} updated, {n} unchanged")
            if self.deleted_kept[what]:
                parts.append(f"{what}: {self.deleted_kept[what]} deleted or renamed by a curator, not made again")
            if self.of_deleted_game[what]:
                parts.append(f"{what}: {self.of_deleted_game[what]} of a game a curator deleted, not imported")
        return "; ".join(parts) or "nothing to import"


def deleted_by_curators(model, dlp_ids) -> set[int]:
    """Of ``dlp_ids`` no row of ``model`` holds now, those whose newest history row is a deletion
    that neither this import nor the catalogue made (archive.services.Upserter, whose rule this
    is): a curator deleted them, and importing the dump again must not bring them back. Used for
    sources, games, rulesets and evidence records alike."""
    from archive.services import Upserter

    newest: dict[int, object] = {}
    rows = model.history.filter(dlp_id__in=list(dlp_ids)).order_by("dlp_id", "-history_date", "-history_id")
    for row in rows.only("dlp_id", "history_type", "history_change_reason"):
        newest.setdefault(row.dlp_id, row)
    return {dlp_id for dlp_id, row in newest.items() if row.history_type == "-" and not Upserter._ours(row)}


def fingerprint(value) -> str:
    # repr is stable for the values imports compare (str, int, bool, None, Decimal, date,
    # datetime and lists of them) and several times cheaper than JSON.
    return hashlib.blake2b(repr(value).encode(), digest_size=6).hexdigest()


def _blank(value) -> bool:
    return value is None or value == "" or value == () or value == [] or value == {}


def merge(current: dict, incoming: dict, imported: dict | None, stable: dict | None = None) -> tuple[dict, dict]:
    """Which incoming values to write, and the fingerprints to remember.

    >>> merge({"a": "x", "b": ""}, {"a": "y", "b": "z"}, None)[0]   # never imported: fill blanks
    {'b': 'z'}
    >>> f = {"a": fingerprint("x")}
    >>> merge({"a": "curated"}, {"a": "x"}, f)[0]                    # DLP unchanged: keep ours
    {}
    >>> merge({"a": "curated"}, {"a": "new"}, f)[0]                  # DLP changed: take it
    {'a': 'new'}
    """
    writes, prints = {}, {}
    for name, value in incoming.items():
        # ``stable`` gives what to fingerprint instead of a database key (a game's DLP id for its
        # primary key), so that every installation remembers the same fingerprints.
        prints[name] = fingerprint((stable or {}).get(name, value))
        if current.get(name) == value:
            continue
        last = (imported or {}).get(name)
        if last is None:
            if imported is None and not _blank(current.get(name)):
                continue
            writes[name] = value
        elif last != prints[name]:
            writes[name] = value
    return writes, prints


def _text(value) -> str:
    return "" if value is None else str(value)


def _dlp_date(value) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None  # MySQL's "1916-00-00": kept verbatim in dlp_extra


def _dlp_timestamp(value) -> datetime | None:
    if not value or str(value).startswith("0000"):
        return None
    try:
        return datetime.fromisoformat(str(value)).replace(tzinfo=timezone.utc)
    except ValueError:
        return None


def _unique_slug(base: str, fallback: str, taken: set[str], suffix: str) -> str:
    slug = (slugify(base) or fallback)[:180]
    if slug in taken:
        slug = f"{slug}-{suffix}"
    taken.add(slug)
    return slug


class _Plan:
    """Everything the dump says, checked, keyed by DLP id; built before anything is written."""

    def __init__(self, dump: Dump) -> None:
        self.dump = dump
        missing = [t for t in REQUIRED_TABLES if t not in dump.tables]
        if missing:
            raise ImportFailed(
                f"the dump has no data for table(s) {', '.join(missing)}: it is truncated or not a DLP dump"
            )
        self.warnings: list[str] = []
        self.vocab = {t: self._vocabulary(t, col) for t, (_, col) in VOCABULARIES.items()}
        self.evidence_types = self._evidence_types()
        self.ruleset_types = self._ruleset_types()
        self.sources = self._sources()
        self.games = self._games()
        self.rulesets = self._rulesets()
        self.evidence = self._evidence()
        self.evidence_links = {f: self._links(spec, "EvidenceId", self.evidence) for f, spec in EVIDENCE_LINKS.items()}
        self.game_links = {f: self._links(spec, "GameId", self.games) for f, spec in GAME_LINKS.items()}

    def _records(self, table: str):
        return self.dump.records(table) if table in self.dump.tables else ()

    def _vocabulary(self, table: str, column: str) -> dict[int, dict]:
        rows, names = {}, {}
        for line, row in self._records(table):
            name = _text(row.get(column)).strip()
            if not name:
                raise ImportFailed(f"{table} {row.get('Id')} has no name", line=line, field=column)
            if name.lower() in names:
                raise ImportFailed(f"{table} names {name!r} twice (ids {names[name.lower()]} and {row['Id']})", line=line)
            names[name.lower()] = row["Id"]
            rows[row["Id"]] = {"name": name, "line": line}
            if table == "Regions":
                rows[row["Id"]].update(continent=_text(row.get("Continent")), direction=_text(row.get("Direction")))
        return rows

    def _evidence_types(self) -> dict[int, str]:
        types = {}
        for line, row in self.dump.records("EvidenceTypes"):
            if row["Id"] not in m.Evidence.DLP_TYPES:
                raise ImportFailed(f"unknown evidence type {row['Id']} ({row.get('EvidenceType')!r})", line=line, field="Id")
            types[row["Id"]] = m.Evidence.DLP_TYPES[row["Id"]]
        return types

    def _ruleset_types(self) -> dict[int, str]:
        types = {}
        for line, row in self.dump.records("RulesetTypes"):
            label = _text(row.get("Name")).strip().lower()
            if label not in RULESET_TYPES:
                raise ImportFailed(f"unknown ruleset type {row.get('Name')!r}", line=line, field="Name")
            types[row["Id"]] = RULESET_TYPES[label]
        return types

    def _sources(self) -> dict[int, dict]:
        sources = {}
        for line, row in self.dump.records("Sources"):
            citation = _text(row.get("Source")).strip()
            if not citation:
                raise ImportFailed(f"source {row['Id']} has no reference text", line=line, field="Source")
            url = check_url(_text(row.get("URL")).strip(), line=line)
            if len(url) > 2000:
                raise ImportFailed(f"source {row['Id']}: the URL is longer than 2000 characters", line=line, field="URL")
            sources[row["Id"]] = {"citation": citation, "url": url, "line": line}
        return sources

    def _games(self) -> dict[int, dict]:
        games = {}
        for line, row in self.dump.records("Games"):
            name = _text(row.get("Name")).strip()
            if not name:
                raise ImportFailed(f"game {row['Id']} has no name", line=line, field="Name")
            if len(name) > 200:
                raise ImportFailed(f"game {row['Id']}: the name is longer than 200 characters", line=line, field="Name")
            bgg = row.get("BGGId")
            extra = {
                k: row.get(k)
                for k in ("NativeName", "knownAliases", "MainRuleset", "LudiiRuleset", "DLPGame", "PublicGame",
                          "Author", "Publisher", "Date", "ProprietaryGame", "SeeAlso", "OriginPoint", "EvidenceRange")
                if row.get(k) not in (None, "")
            }
            games[row["Id"]] = {
                "line": line,
                "fields": {
                    "name": name,
                    "description": _text(row.get("Description")).strip(),
                    "bgg_id": bgg if isinstance(bgg, int) and bgg > 0 else None,
                    "reference": _text(row.get("Reference")).strip(),
                    "origin": _text(row.get("Origin")).strip(),
                    "credit": _text(row.get("Credit")).strip(),
                },
                "extra": extra,
                "native": _text(row.get("NativeName")).strip(),
                "aliases": [a.strip() for a in _text(row.get("knownAliases")).split(",") if a.strip()],
            }
        return games

    def _rulesets(self) -> dict[int, dict]:
        rulesets = {}
        periods = defaultdict(list)
        regions = defaultdict(list)
        for _, row in self.dump.records("RulesetPeriods") if "RulesetPeriods" in self.dump.tables else ():
            periods[row["RulesetId"]].append(self.vocab["Periods"].get(row["PeriodId"], {}).get("name", row["PeriodId"]))
        for _, row in self.dump.records("RulesetRegions") if "RulesetRegions" in self.dump.tables else ():
            regions[row["RulesetId"]].append(self.vocab["Regions"].get(row["RegionId"], {}).get("name", row["RegionId"]))
        for line, row in self.dump.records("GameRulesets"):
            if row["GameId"] not in self.games:
                raise ImportFailed(f"ruleset {row['Id']} names game {row['GameId']}, which the dump lacks", line=line, field="GameId")
            if row.get("Type") not in self.ruleset_types:
                raise ImportFailed(f"ruleset {row['Id']} has unknown type {row.get('Type')!r}", line=line, field="Type")
            name = _text(row.get("Name")).strip() or "Default"
            extra = {k: row.get(k) for k in ("Date", "OriginPoint", "EvidenceRange") if row.get(k) not in (None, "")}
            if periods.get(row["Id"]):
                extra["Periods"] = sorted(periods[row["Id"]])
            if regions.get(row["Id"]):
                extra["Regions"] = sorted(regions[row["Id"]])
            rulesets[row["Id"]] = {
                "line": line,
                "game": row["GameId"],
                "fields": {
                    "name": name[:200],
                    "native_name": _text(row.get("NativeName")).strip()[:300],
                    "type": self.ruleset_types[row["Type"]],
                    "summary": _text(row.get("Summary")).strip(),
                    "description": _text(row.get("Description")).strip(),
                    "rules_text": _text(row.get("Rules")).strip(),
                    "reference": _text(row.get("Reference")).strip(),
                    "origin": _text(row.get("Origin")).strip(),
                    "author": _text(row.get("Author")).strip()[:200],
                    "publisher": _text(row.get("Publisher")).strip()[:200],
                    "date": _dlp_date(row.get("Date")),
                },
                "extra": extra,
            }
        return rulesets

    def _evidence(self) -> dict[int, dict]:
        evidence = {}
        for line, row in self.dump.records("Evidence"):
            ident = row["Id"]
            if row.get("TypeId") not in self.evidence_types:
                raise ImportFailed(f"evidence {ident} has unknown type {row.get('TypeId')!r}", line=line, field="TypeId")
            if row.get("GameId") not in self.games:
                raise ImportFailed(f"evidence {ident} names game {row.get('GameId')}, which the dump lacks", line=line, field="GameId")
            ruleset = row.get("RulesetId")
            if ruleset is not None and ruleset not in self.rulesets:
                raise ImportFailed(f"evidence {ident} names ruleset {ruleset}, which the dump lacks", line=line, field="RulesetId")
            flags = {}
            for name in ("DateStartBC", "DateEndBC"):
                flags[name] = row.get(name) or 0
                if flags[name] not in (0, 1):
                    # One record's flag reads 127 on a 1923-1923 range: not a BC date.
                    self.warnings.append(f"{dlp_identifier('Evidence', ident)} (line {line}): {name} is {flags[name]}, not 0 or 1; read as 0")
                    flags[name] = 0
            try:
                dates = dlp_range(row.get("DateStart"), flags["DateStartBC"], row.get("DateEnd"), flags["DateEndBC"])
            except DateError as exc:
                field_name = "DateEnd" if "DateEnd" in str(exc) else "DateStart"
                raise ImportFailed(f"evidence {ident}: {exc}", line=line, field=field_name) from None
            location = _text(row.get("Location")).strip()
            try:
                places = parse_places(location)
            except CoordinateError as exc:
                raise ImportFailed(f"evidence {ident}: {exc}", line=line, field="Location") from None
            confidence = row.get("ConfidenceMultiplier")
            if not isinstance(confidence, int) or not 0 <= confidence <= 100:
                raise ImportFailed(f"evidence {ident}: confidence {confidence!r} is not 0-100", line=line, field="ConfidenceMultiplier")
            extra = {
                k: row.get(k) for k in ("DateStart", "DateStartBC", "DateEnd", "DateEndBC", "DateAdded")
                if row.get(k) not in (None, "")
            }
            if dates.notes:
                extra["import_notes"] = dates.notes
                self.warnings.append(f"{dlp_identifier('Evidence', ident)} (line {line}): {'; '.join(dates.notes)}")
            evidence[ident] = {
                "line": line,
                "game": row["GameId"],
                "ruleset": ruleset,
                "fields": {
                    "type": self.evidence_types[row["TypeId"]],
                    "start_year": dates.start_year,
                    "end_year": dates.end_year,
                    "start_date": dates.start_date,
                    "end_date": dates.end_date,
                    "date_precision": dates.precision,
                    "date_reversed": dates.reversed,
                    "location_text": location,
                    "rules_text": _text(row.get("Rules")),
                    "content": _text(row.get("Misc")),
                    "confidence": confidence,
                    "kml": _text(row.get("KML")).strip()[:100],
                    "recorded_by": _text(row.get("Username")).strip()[:100],
                    "verified": bool(row.get("Verified", 1)),
                    "dlp_added": _dlp_timestamp(row.get("DateAdded")),
                },
                "places": [(str(p.latitude), str(p.longitude), p.text) for p in places],
                "extra": extra,
            }
        return evidence

    def _links(self, spec: tuple[str, str, str], owner_column: str, owners: dict) -> dict[int, list[int]]:
        table, column, target = spec
        targets = self.sources if target == "Sources" else self.vocab[target]
        links: dict[int, set[int]] = defaultdict(set)
        for line, row in self._records(table):
            if row.get(owner_column) not in owners:
                raise ImportFailed(f"{table} {row.get('Id')} names {owner_column} {row.get(owner_column)}, which the dump lacks", line=line, field=owner_column)
            if row.get(column) not in targets:
                raise ImportFailed(f"{table} {row.get('Id')} names {column} {row.get(column)}, which the dump lacks", line=line, field=column)
            links[row[owner_column]].add(row[column])
        return {owner: sorted(ids) for owner, ids in links.items()}


def dlp_import(*, dump: Dump, user=None, reason: str = REASON) -> ImportReport:
    """Import a parsed DLP dump (all-or-nothing). ImportFailed names the line and field."""
    check_dump(dump)
    plan = _Plan(dump)
    report = ImportReport(warnings=list(plan.warnings))
    with transaction.atomic():
        import_lock("dlp")
        _Writer(plan, report, user, reason).run()
        # Records with a place name and no coordinates, placed from the name (archive.gazetteer).
        for what, n in sync_named_places(user=user, reason=reason).items():
            (report.updated if "removed" in what else report.created)[what] += n
        if report.changed:
            # Bulk writes bypass the signals: bump the data version in the same transaction.
            archive_changed()
    return report


class _Writer:
    def __init__(self, plan: _Plan, report: ImportReport, user, reason: str) -> None:
        self.plan = plan
        self.report = report
        self.user = user
        self.reason = reason
        self.now = dj_timezone.now()
        self.vocab_pk: dict[str, dict[int, int]] = {}
        self.source_pk: dict[int, int] = {}
        self.game_pk: dict[int, int] = {}
        self.ruleset_pk: dict[int, int] = {}
        self.evidence_pk: dict[int, int] = {}
        # model -> {pk: "+" (created) or "~" (changed)}: history rows still to write.
        self.pending: dict[type, dict[int, str]] = defaultdict(dict)
        self.former_refs: list[m.FormerRef] = []

    def run(self) -> None:
        for table, (model, _) in VOCABULARIES.items():
            self.vocab_pk[table] = self._vocabulary(model, self.plan.vocab[table])
        self._sources()
        self._games()
        self._game_names()
        self._rulesets()
        self._evidence()
        for model in HISTORY_WITH_LINKS:
            self._write_history(model)

    # -- helpers -----------------------------------------------------------------------------

    def _create(self, model, objs: list) -> list:
        if not objs:
            return []
        if model in HISTORY_WITH_LINKS:
            created = model.objects.bulk_create(objs, batch_size=BATCH)
            self.pending[model].update((o.pk, "+") for o in created)
            return created
        return bulk_create_with_history(
            objs, model, batch_size=BATCH, default_user=self.user, default_change_reason=self.reason
        )

    def _update(self, model, objs: list, fields: set[str]) -> None:
        if not objs:
            return
        if model in HISTORY_WITH_LINKS:
            model.objects.bulk_update(objs, sorted(fields), batch_size=BATCH)
            for o in objs:
                self.pending[model].setdefault(o.pk, "~")
            return
        bulk_update_with_history(
            objs, model, sorted(fields), batch_size=BATCH, default_user=self.user, default_change_reason=self.reason
        )

    def _write_history(self, model) -> None:
        """One history row per created or changed record, with the links it has now."""
        pending = self.pending.get(model)
        if not pending:
            return
        manager = model.history
        historical = []
        for kind in ("+", "~"):
            pks = sorted(pk for pk, k in pending.items() if k == kind)
            for i in range(0, len(pks), BATCH):
                objs = list(model.objects.filter(pk__in=pks[i : i + BATCH]).order_by("pk"))
                historical += manager.bulk_history_create(
                    objs, batch_size=BATCH, update=kind == "~", default_user=self.user,
                    default_change_reason=self.reason, default_date=self.now,
                )
        history_of = {h.id: h.history_id for h in historical}
        owner = model._meta.model_name + "_id"
        for m2m_field in manager.model._history_m2m_fields:
            through = getattr(model, m2m_field.name).through
            target = m2m_field.related_model._meta.model_name + "_id"
            m2m_history = HistoricalRecords.m2m_models[m2m_field]
            pks = sorted(history_of)
            rows = []
            for i in range(0, len(pks), BATCH):
                for link_id, owner_pk, target_pk in through.objects.filter(**{f"{owner}__in": pks[i : i + BATCH]}).values_list("id", owner, target):
                    rows.append(m2m_history(id=link_id, history_id=history_of[owner_pk], **{owner: owner_pk, target: target_pk}))
            m2m_history.objects.bulk_create(rows, batch_size=BATCH)

    def _vocabulary(self, model, rows: dict[int, dict]) -> dict[int, int]:
        by_dlp = {o.dlp_id: o for o in model.objects.filter(dlp_id__isnull=False)}
        by_name = {o.name.lower(): o for o in model.objects.filter(dlp_id__isnull=True)}
        new, changed, fields = [], [], set()
        for dlp_id, row in rows.items():
            obj = by_dlp.get(dlp_id) or by_name.get(row["name"].lower())
            values = {"name": row["name"], "dlp_id": dlp_id}
            if model is m.Region:
                values.update(continent=row["continent"], direction=row["direction"])
            if obj is None:
                new.append(model(**values))
                continue
            diff = {k: v for k, v in values.items() if getattr(obj, k) != v}
            if diff:
                for k, v in diff.items():
                    setattr(obj, k, v)
                fields |= set(diff)
                changed.append(obj)
            else:
                self.report.unchanged["vocabulary"] += 1
        # A renamed term could collide with another's old name; names are unique.
        model.objects.bulk_update(changed, sorted(fields)) if changed else None
        model.objects.bulk_create(new)
        self.report.created["vocabulary"] += len(new)
        self.report.updated["vocabulary"] += len(changed)
        return dict(model.objects.filter(dlp_id__isnull=False).values_list("dlp_id", "pk"))

    # -- sources -----------------------------------------------------------------------------

    _citation_key = staticmethod(citation_key)

    def _sources(self) -> None:
        rows = self.plan.sources
        by_dlp = {s.dlp_id: s for s in m.Source.objects.filter(dlp_id__isnull=False)}
        by_citation = {self._citation_key(s.citation): s for s in m.Source.objects.filter(dlp_id__isnull=True)}
        # Sources keep no fingerprints: the DLP may rewrite a source whose last change was an
        # import of its own; one a curator (or the catalogue) changed last keeps their text. The
        # fields read from the text are the import's too: a better parser corrects them.
        read = {d: citation_fields(r["citation"]) for d, r in rows.items()}
        differing = [
            s.pk for d, s in by_dlp.items()
            if d in rows  # a source with an id this dump lacks (a newer dump's) is the curators'
            and ((s.citation, s.url) != (rows[d]["citation"], rows[d]["url"])
                 or any(getattr(s, k) != v for k, v in read[d].items()))
        ]
        last_reason, first_reason = {}, {}
        for pk, why in m.Source.history.filter(id__in=differing).order_by("id", "-history_date", "-history_id").values_list("id", "history_change_reason"):
            last_reason.setdefault(pk, why or "")
            first_reason[pk] = why or ""
        new, changed, fields = [], [], set()
        deleted = deleted_by_curators(m.Source, set(rows) - set(by_dlp))
        for dlp_id, row in rows.items():
            obj = by_dlp.get(dlp_id)
            parsed = parse_citation(row["citation"])
            if obj is None:
                obj = by_citation.pop(self._citation_key(row["citation"]), None)
                if obj is None and dlp_id in deleted:
                    self.report.deleted_kept["source"] += 1
                    continue
                if obj is None:
                    new.append(m.Source(ref=source_ref(dlp_id=dlp_id), dlp_id=dlp_id, citation=row["citation"], url=row["url"], **parsed))
                    continue
                obj.dlp_id = dlp_id
                diff = {"dlp_id"}
                # Its ref becomes the DLP-derived one, whichever was imported first, so that every
                # installation agrees; the old ref still leads to it.
                if obj.ref != source_ref(dlp_id=dlp_id):
                    self.former_refs.append(m.FormerRef(ref=obj.ref, source=obj))
                    obj.ref = source_ref(dlp_id=dlp_id)
                    diff.add("ref")
                # A catalogue source: its reference text stays; fill in what it lacks.
                for k, v in {"url": row["url"], **parsed}.items():
                    if _blank(getattr(obj, k)) and not _blank(v):
                        setattr(obj, k, v)
                        diff.add(k)
            else:
                diff = set()
                ours = last_reason.get(obj.pk, "").startswith(REASON)
                for k, v in (("citation", row["citation"]), ("url", row["url"])):
                    if getattr(obj, k) != v and (ours or _blank(getattr(obj, k))):
                        setattr(obj, k, v)
                        diff.add(k)
                # Only a source the import created has fields the import read (a catalogue source's
                # are curated, whoever changed it last).
                read_by_us = ours and first_reason.get(obj.pk, "").startswith(REASON)
                for k, v in read[dlp_id].items():
                    if getattr(obj, k) != v and (read_by_us or (_blank(getattr(obj, k)) and not _blank(v))):
                        setattr(obj, k, v)
                        diff.add(k)
            if diff:
                obj.updated = self.now
                fields |= diff | {"updated"}
                changed.append(obj)
            else:
                self.report.unchanged["source"] += 1
        self._create(m.Source, new)
        self._update(m.Source, changed, fields)
        m.FormerRef.objects.bulk_create(self.former_refs, ignore_conflicts=True)
        self.report.created["source"] += len(new)
        self.report.updated["source"] += len(changed)
        self.source_pk = dict(m.Source.objects.filter(dlp_id__isnull=False).values_list("dlp_id", "pk"))

    # -- merged models (games, rulesets, evidence) ------------------------------------------------

    def _merge_object(self, obj, fields: dict, relations: dict, extra: dict, is_new: bool, stable: dict | None = None,
                      keep: tuple[str, ...] = ()) -> tuple[set[str], set[str]]:
        """Apply the merge rule to ``obj``; return (changed model fields, relations to rewrite).
        ``keep``: fields left out of ``fields`` this time (a game a curator deleted): their
        fingerprints stay as they were."""
        stored = dict(obj.dlp_extra or {})
        imported = None if is_new else stored.get("_imported")
        current = {k: getattr(obj, k) for k in fields}
        current.update(relations.get("__current__", {}))
        incoming = {**fields, **{k: v for k, v in relations.items() if k != "__current__"}}
        writes, prints = merge(current, incoming, {} if is_new else imported, stable)
        prints.update((k, imported[k]) for k in keep if k in (imported or {}))
        changed = set()
        for k, v in writes.items():
            if k in fields:
                setattr(obj, k, v)
                changed.add(k)
        new_extra = {
            **{k: v for k, v in stored.items() if k.startswith("_") and k not in ("_imported", DLP_TEXT_KEY)},
            **extra, "_imported": prints,
        }
        texts = DLP_TEXT_FIELDS.get(type(obj), {})
        kept = {f: fields[f] for f in texts if f in fields and not _blank(fields[f]) and getattr(obj, f) != fields[f]}
        if kept:
            new_extra[DLP_TEXT_KEY] = kept
        # Keep curated keys of dlp_extra that are not the DLP's (those starting with "_").
        if new_extra != stored:
            obj.dlp_extra = json.loads(json.dumps(new_extra, default=str))
            changed.add("dlp_extra")
        return changed, {k for k in writes if k not in fields}

    def _games(self) -> None:
        rows = self.plan.games
        existing = {g.dlp_id: g for g in m.Game.objects.filter(dlp_id__isnull=False)}
        taken = set(m.Game.objects.values_list("slug", flat=True))
        unclaimed = {g.slug: g for g in m.Game.objects.filter(dlp_id__isnull=True)}
        current_links = self._current_links(m.Game, GAME_LINKS, [g.pk for g in existing.values()] + [g.pk for g in unclaimed.values()])
        new, changed, fields = [], [], set()
        relinks: dict[int, set[str]] = {}
        deleted = deleted_by_curators(m.Game, set(rows) - set(existing))
        for dlp_id, row in rows.items():
            obj = existing.get(dlp_id)
            is_new = claimed = False
            if obj is None:
                # A catalogue game without a DLP id, under the slug the DLP's name gives.
                obj = unclaimed.pop(slugify(row["fields"]["name"]), None)
                if obj is not None:
                    obj.dlp_id = dlp_id
                    claimed = True
            if obj is None and dlp_id in deleted:
                # Its rulesets and records are not imported either (see _rulesets, _evidence).
                self.report.deleted_kept["game"] += 1
                continue
            if obj is None:
                is_new = True
                obj = m.Game(dlp_id=dlp_id, slug=_unique_slug(row["fields"]["name"], f"game-{dlp_id}", taken, str(dlp_id)), dlp_extra={})
            links = {f: self._link_ids(self.plan.game_links[f].get(dlp_id, []), spec) for f, spec in GAME_LINKS.items()}
            links["__current__"] = {} if is_new else current_links.get(obj.pk, {f: [] for f in GAME_LINKS})
            diff, rel = self._merge_object(obj, row["fields"], links, row["extra"], is_new)
            if is_new:
                new.append(obj)
                relinks[dlp_id] = set(GAME_LINKS)
            elif diff or claimed:
                obj.updated = self.now
                fields |= diff | {"updated"} | ({"dlp_id"} if claimed else set())
                changed.append(obj)
            else:
                self.report.unchanged["game"] += 1
            if rel and not is_new:
                relinks[dlp_id] = rel
        self._create(m.Game, new)
        self._update(m.Game, changed, fields)
        self.report.created["game"] += len(new)
        self.report.updated["game"] += len(changed)
        self.game_pk = dict(m.Game.objects.filter(dlp_id__isnull=False).values_list("dlp_id", "pk"))
        self._rewrite_links(m.Game, GAME_LINKS, self.plan.game_links, self.game_pk, relinks)

    def _game_names(self) -> None:
        # Names are only added: a name a newer dump drops may still be right, and curators own them.
        wanted: dict[tuple, int] = {}
        for dlp_id, row in self.plan.games.items():
            game = self.game_pk.get(dlp_id)
            if game is None:  # a curator deleted it
                continue
            if row["native"] and row["native"] != row["fields"]["name"]:
                wanted.setdefault((game, row["native"][:300], m.GameName.Kind.NATIVE), 0)
            for i, alias in enumerate(row["aliases"], start=1):
                wanted.setdefault((game, alias[:300], m.GameName.Kind.ALIAS), i)
        have = set(m.GameName.objects.filter(game__in=self.game_pk.values()).values_list("game_id", "name", "kind"))
        missing = [key for key in wanted if key not in have]
        # A name its game once had, renamed or deleted since by a curator, is not added again.
        had = set(m.GameName.history.filter(game_id__in={g for g, _, _ in missing}).values_list("game_id", "name", "kind"))
        self.report.deleted_kept["game name"] += sum(1 for key in missing if key in had)
        new = [m.GameName(game_id=g, name=n, kind=k, order=wanted[g, n, k]) for (g, n, k) in missing if (g, n, k) not in had]
        self._create(m.GameName, new)
        self.report.created["game name"] += len(new)
        self.report.unchanged["game name"] += len(set(wanted) & have)

    def _rulesets(self) -> None:
        rows = self.plan.rulesets
        existing = {r.dlp_id: r for r in m.Ruleset.objects.filter(dlp_id__isnull=False)}
        taken = defaultdict(set)
        for game_id, slug in m.Ruleset.objects.values_list("game_id", "slug"):
            taken[game_id].add(slug)
        new, changed, fields = [], [], set()
        deleted = deleted_by_curators(m.Ruleset, set(rows) - set(existing))
        for dlp_id, row in rows.items():
            game = self.game_pk.get(row["game"])  # None: a curator deleted the game
            obj = existing.get(dlp_id)
            is_new = obj is None
            if is_new and dlp_id in deleted:
                self.report.deleted_kept["ruleset"] += 1
                continue
            if is_new and game is None:
                self.report.of_deleted_game["ruleset"] += 1
                continue
            if is_new:
                obj = m.Ruleset(
                    dlp_id=dlp_id, game_id=game, dlp_extra={},
                    slug=_unique_slug(row["fields"]["name"], f"ruleset-{dlp_id}", taken[game], str(dlp_id)),
                )
            # A ruleset a curator moved off a game they then deleted stays where they put it.
            values = {**row["fields"], "game_id": game} if game is not None else dict(row["fields"])
            diff, _ = self._merge_object(
                obj, values, {}, row["extra"], is_new, stable={"game_id": ("game", row["game"])},
                keep=("game_id",) if game is None else (),
            )
            if is_new:
                new.append(obj)
            elif diff:
                obj.updated = self.now
                fields |= diff | {"updated"}
                changed.append(obj)
            else:
                self.report.unchanged["ruleset"] += 1
        self._create(m.Ruleset, new)
        self._update(m.Ruleset, changed, fields)
        self.report.created["ruleset"] += len(new)
        self.report.updated["ruleset"] += len(changed)
        self.ruleset_pk = dict(m.Ruleset.objects.filter(dlp_id__isnull=False).values_list("dlp_id", "pk"))

    def _evidence(self) -> None:
        rows = self.plan.evidence
        existing = {e.dlp_id: e for e in m.Evidence.objects.filter(dlp_id__isnull=False)}
        current_links = self._current_links(m.Evidence, EVIDENCE_LINKS, None)
        current_places = defaultdict(list)
        # The record's own places; those placed from its name are archive.gazetteer's (below).
        for ev, lat, lon, text in m.Place.objects.filter(evidence__dlp_id__isnull=False, precision="").values_list(
            "evidence_id", "latitude", "longitude", "coordinates_text"
        ).order_by("evidence_id", "order", "id"):
            current_places[ev].append((str(lat), str(lon), text))
        new, changed, fields = [], [], set()
        relinks: dict[int, set[str]] = {}
        deleted = deleted_by_curators(m.Evidence, set(rows) - set(existing))
        for dlp_id, row in rows.items():
            obj = existing.get(dlp_id)
            is_new = obj is None
            if is_new and dlp_id in deleted:
                self.report.deleted_kept["evidence"] += 1
                continue
            game = self.game_pk.get(row["game"])  # None: a curator deleted the game
            if is_new and game is None:
                self.report.of_deleted_game["evidence"] += 1
                continue
            if is_new:
                obj = m.Evidence(dlp_id=dlp_id, ref=evidence_ref(dlp_id=dlp_id), dlp_extra={})
            values = {
                **row["fields"],
                "game_id": game,
                "ruleset_id": self.ruleset_pk.get(row["ruleset"]) if row["ruleset"] else None,
            }
            if game is None:
                # A record a curator moved off a game they then deleted stays where they put it.
                del values["game_id"]
            links = {f: self._link_ids(self.plan.evidence_links[f].get(dlp_id, []), spec) for f, spec in EVIDENCE_LINKS.items()}
            links["places"] = [list(p) for p in row["places"]]
            if not is_new:
                cur = dict(current_links.get(obj.pk, {f: [] for f in EVIDENCE_LINKS}))
                cur["places"] = [list(p) for p in current_places.get(obj.pk, [])]
                links["__current__"] = cur
            stable = {"game_id": ("game", row["game"]), "ruleset_id": ("ruleset", row["ruleset"])}
            diff, rel = self._merge_object(obj, values, links, row["extra"], is_new, stable, keep=("game_id",) if game is None else ())
            if is_new:
                new.append(obj)
                relinks[dlp_id] = {*EVIDENCE_LINKS, "places"}
            elif diff:
                obj.updated = self.now
                fields |= diff | {"updated"}
                changed.append(obj)
            else:
                self.report.unchanged["evidence"] += 1
            if rel and not is_new:
                relinks[dlp_id] = rel
        self._create(m.Evidence, new)
        self._update(m.Evidence, changed, fields)
        self.report.created["evidence"] += len(new)
        self.report.updated["evidence"] += len(changed)
        self.evidence_pk = dict(m.Evidence.objects.filter(dlp_id__isnull=False).values_list("dlp_id", "pk"))
        gone = len(set(self.evidence_pk) - set(rows))
        if gone:
            self.report.warnings.append(f"{gone} evidence record(s) with a DLP id are not in this dump; left as they are")
        self._rewrite_places(relinks)
        self._rewrite_links(m.Evidence, EVIDENCE_LINKS, self.plan.evidence_links, self.evidence_pk, relinks)

    def _link_ids(self, dlp_ids: list[int], spec: tuple[str, str, str]) -> list[int]:
        # Fingerprints compare DLP ids, which do not depend on the database's own keys.
        return sorted(dlp_ids)

    def _current_links(self, model, specs: dict, pks: list[int] | None) -> dict[int, dict[str, list[int]]]:
        """{owner pk: {field: sorted DLP ids}} for the given owners (None: all with a DLP id)."""
        result: dict[int, dict[str, list[int]]] = defaultdict(lambda: {f: [] for f in specs})
        for f in specs:
            through = getattr(model, f).through
            owner = model._meta.model_name + "_id"
            target = getattr(model, f).field.related_model._meta.model_name + "_id"
            lookup = {f"{owner}__in": pks} if pks is not None else {f"{owner[:-3]}__dlp_id__isnull": False}
            rows = through.objects.filter(**lookup).values_list(owner, f"{target[:-3]}__dlp_id")
            for owner_pk, dlp in rows:
                if dlp is not None:
                    result[owner_pk][f].append(dlp)
        for links in result.values():
            for f in links:
                links[f].sort()
        return result

    def _rewrite_links(self, model, specs: dict, plan_links: dict, owner_pk: dict[int, int], relinks: dict[int, set[str]]) -> None:
        for f, (_, _, target_table) in specs.items():
            owners = [dlp for dlp, rel in relinks.items() if f in rel]
            if not owners:
                continue
            through = getattr(model, f).through
            owner = model._meta.model_name + "_id"
            target = getattr(model, f).field.related_model._meta.model_name + "_id"
            target_pk = self.source_pk if target_table == "Sources" else self.vocab_pk[target_table]
            # Our own additions (no DLP id) stay; the DLP's links are replaced.
            through.objects.filter(**{f"{owner}__in": [owner_pk[o] for o in owners], f"{target[:-3]}__dlp_id__isnull": False}).delete()
            rows = [
                through(**{owner: owner_pk[o], target: target_pk[t]})
                for o in owners
                for t in plan_links[f].get(o, [])
                if t in target_pk  # not a source a curator deleted
            ]
            through.objects.bulk_create(rows, batch_size=BATCH, ignore_conflicts=True)
            self.report.created["link"] += len(rows)
            for o in owners:
                self.pending[model].setdefault(owner_pk[o], "~")

    def _rewrite_places(self, relinks: dict[int, set[str]]) -> None:
        owners = [dlp for dlp, rel in relinks.items() if "places" in rel]
        if not owners:
            return
        pks = [self.evidence_pk[o] for o in owners]
        old = list(m.Place.objects.filter(evidence__in=pks, precision=""))
        if old:
            # Deleting one by one records each deletion in the history, as the admin would.
            for place in old:
                place._history_user = self.user
                place._change_reason = self.reason
                place.delete()
        new = [
            m.Place(
                evidence_id=self.evidence_pk[o], latitude=Decimal(lat), longitude=Decimal(lon),
                coordinates_text=text[:200], order=i,
            )
            for o in owners
            for i, (lat, lon, text) in enumerate(self.plan.evidence[o]["places"])
        ]
        self._create(m.Place, new)
        self.report.created["place"] += len(new)
