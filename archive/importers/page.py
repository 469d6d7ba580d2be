"""Evidence pages in the Ludii Portal's layout ("Evidence for Béchi": Id ... Type ... Game ...
Location ... Date ... Rules ... Content ... Confidence ... Ages ... Genders ... Source ...).

The portal prints the labels either one field a line or run together on one line, and a page may
hold several records. Labels are found in their fixed order (the free text of Rules and Content
can hold any word, so Content is the first "Content" after Rules, and the structured tail starts
at the last "Confidence <number>").

What real pages (data.php?gameId=N) do, and how it is read:
- records name no Game: the game is the one of the page's title, "Evidence for <Game>"; it must
  be a game the archive holds (found by a name or alias, accents and case aside): one the archive
  does not know refuses the whole import, naming every such game (``games_for``), unless the
  curator asks for them to be created (``create_games``: the command's --create-games, the admin
  preview's checkbox), with the names the pages give;
- Location may be a place name ("Mongolia") instead of coordinates: it becomes the record's
  place name (the DLP's KML column), where anything that looks like coordinates (digits, a
  degree sign) must read as coordinates;
- dates may carry CE or BCE; fields may be missing (no Rules, no Content);
- a saved page may be cut off in its last record: the records before it are read whole, and the
  cut one (it never reaches its Confidence, or the page announces more records than it holds)
  is reported by its id and not imported at all.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from archive.geo import CoordinateError, parse_places
from archive.identifiers import citation_key, evidence_ref, parse_dlp
from archive.years import DateError, parse_date_range
from archive.importers.errors import ImportFailed
from archive.models import EvidenceType
from core.numbers import whole_number

RECORD_START = re.compile(r"(?:(?<=\s)|^)Id\s+(?P<id>DLP\.Evidence\.\d+|E[0-9A-Z]{8})(?=\s|$)", re.M)
HEAD = ["Type", "Game", "Location", "Date", "Rules", "Content"]
TAIL = {
    "Ages": "ages",
    "Genders": "genders",
    "Social status": "social_statuses",
    "Social statuses": "social_statuses",
    "Spaces": "spaces",
    "Uncertainty factors": "uncertainty_factors",
    "Source": "sources",
    "Sources": "sources",
}
TITLE = re.compile(r"Evidence for[ \t]+(?P<game>.+?)[ \t]*(?=\n|\s+\d+ pieces? of evidence found|\s+Id\s|$)")
ANNOUNCED = re.compile(r"(?P<n>\d+) pieces? of evidence found")
# Coordinates have digits or degree signs; a place name has neither.
LOOKS_LIKE_COORDINATES = re.compile(r"[\d°]")
CONFIDENCE = re.compile(r"(?:(?<=\s)|^)Confidence\s+(?P<value>\S+)")
TYPE_LABELS = {label.lower(): value for value, label in EvidenceType.choices}


@dataclass
class PageRecord:
    identifier: str
    line: int
    fields: dict = field(default_factory=dict)
    places: list = field(default_factory=list)
    lists: dict[str, list[str]] = field(default_factory=dict)
    game: str = ""
    #: the game is the page's title's ("Evidence for <Game>"), the record naming none
    game_from_title: bool = False
    sources: list[str] = field(default_factory=list)

    @property
    def dlp_id(self) -> int | None:
        parsed = parse_dlp(self.identifier, "Evidence")
        return parsed[1] if parsed else None


class PageRecords(list):
    """The complete records of a page, with the ids of records the page cuts off (``cut``) and
    what it says about itself (``title_game``, ``announced``)."""

    def __init__(self, records=(), *, cut: list[str] | None = None, title_game: str = "", announced: int | None = None):
        super().__init__(records)
        self.cut = cut or []
        self.title_game = title_game
        self.announced = announced


def _label(name: str) -> re.Pattern:
    return re.compile(r"(?:(?<=\s)|^)" + re.escape(name) + r"(?=\s)")


def parse_page(text: str, *, name: str = "page") -> PageRecords:
    """Every complete evidence record on a page (a record the page cuts off is listed in
    ``.cut``, not returned). ImportFailed names the file, line and field."""
    text = text.replace("\r\n", "\n")
    newlines = [m.start() for m in re.finditer("\n", text)]

    def line_at(offset: int) -> int:
        return bisect.bisect_right(newlines, offset) + 1

    starts = list(RECORD_START.finditer(text))
    if not starts:
        raise ImportFailed(f"{name}: no evidence record found (expected 'Id DLP.Evidence.N ...')", line=1, field="Id")
    head = text[: starts[0].start()]
    title = TITLE.search(head)
    announced = ANNOUNCED.search(head)
    records = PageRecords(
        title_game=title["game"].strip() if title else "",
        announced=int(announced["n"]) if announced else None,
    )
    for i, start in enumerate(starts):
        last = i + 1 == len(starts)
        end = len(text) if last else starts[i + 1].start()
        if last and not CONFIDENCE.search(text, start.end(), end):
            # The page ends inside this record: it is not imported, only reported.
            records.cut.append(start["id"])
            continue
        records.append(_parse_record(text, start, end, name, line_at, records.title_game))
    if records.announced is not None and records.announced > len(records) + len(records.cut):
        records.cut.append(f"{records.announced - len(records) - len(records.cut)} record(s) after {starts[-1]['id']}")
    return records


def _parse_record(text: str, start: re.Match, end: int, name: str, line_at, title_game: str = "") -> PageRecord:
    record = PageRecord(identifier=start["id"], line=line_at(start.start()))

    def fail(message: str, offset: int, field_name: str):
        raise ImportFailed(f"{name}, {record.identifier}: {message}", line=line_at(offset), field=field_name)

    confidences = [m for m in CONFIDENCE.finditer(text, start.end(), end)]
    if not confidences:
        fail("no Confidence field", start.start(), "Confidence")
    confidence = confidences[-1]
    # The head: labels in order, each optional, each searched after the one before.
    found: list[tuple[str, int, int]] = []
    pos = start.end()
    for label in HEAD:
        limit = confidence.start()
        match = _label(label).search(text, pos, limit)
        if match:
            found.append((label, match.start(), match.end()))
            pos = match.end()
    values: dict[str, tuple[str, int]] = {}
    for j, (label, s, e) in enumerate(found):
        stop = found[j + 1][1] if j + 1 < len(found) else confidence.start()
        values[label] = (text[e:stop].strip(), e)
    if not values.get("Game", ("",))[0] and title_game:
        values["Game"] = (title_game, start.start())
        record.game_from_title = True
    for required in ("Type", "Game"):
        if required not in values or not values[required][0]:
            why = " (and the page has no 'Evidence for <Game>' title)" if required == "Game" else ""
            fail(f"no {required} field{why}", start.start(), required)

    label, offset = values["Type"]
    if label.lower() not in TYPE_LABELS:
        fail(f"unknown evidence type {label!r}", offset, "Type")
    record.fields["type"] = TYPE_LABELS[label.lower()]
    record.game = values["Game"][0]
    location, offset = values.get("Location", ("", start.end()))
    if location and not LOOKS_LIKE_COORDINATES.search(location):
        # A place name, as the DLP keeps it in its KML column when it has no coordinates.
        if len(location) > 100:
            fail(f"the place name {location[:40]!r}... is longer than 100 characters", offset, "Location")
        record.fields["kml"] = location
        record.fields["location_text"] = ""
    else:
        try:
            record.places = parse_places(location)
        except CoordinateError as exc:
            fail(str(exc), offset, "Location")
        record.fields["location_text"] = location
        record.fields["kml"] = ""
    date, offset = values.get("Date", ("", start.end()))
    try:
        dates = parse_date_range(date)
    except DateError as exc:
        fail(str(exc), offset, "Date")
    record.fields.update(
        start_year=dates.start_year, end_year=dates.end_year, start_date=dates.start_date,
        end_date=dates.end_date, date_precision=dates.precision, date_text=date,
    )
    record.fields["rules_text"] = values.get("Rules", ("", 0))[0]
    record.fields["content"] = values.get("Content", ("", 0))[0]
    value = confidence["value"]
    number = whole_number(value, high=100)
    if number is None:
        fail(f"confidence {value!r} is not a whole number from 0 to 100", confidence.start(), "Confidence")
    record.fields["confidence"] = number

    # The tail: "Ages Child, Adolescent Genders Male Source Pankhurst, R. 1971. ..."
    tail_start = confidence.end()
    pattern = re.compile(r"(?:(?<=\s)|^)(" + "|".join(sorted((re.escape(k) for k in TAIL), key=len, reverse=True)) + r")(?=\s)")
    marks = []
    seen = set()
    for m in pattern.finditer(text, tail_start, end):
        target = TAIL[m.group(1)]
        if target in seen:
            continue
        seen.add(target)
        marks.append((target, m.start(), m.end()))
        if target == "sources":
            break  # a reference is free text: it runs to the end of the record
    leftover = text[tail_start : marks[0][1] if marks else end].strip()
    if leftover:
        fail(f"unexpected text after Confidence: {leftover[:40]!r}", tail_start, "Confidence")
    for j, (target, s, e) in enumerate(marks):
        stop = marks[j + 1][1] if j + 1 < len(marks) else end
        raw = text[e:stop].strip()
        if target == "sources":
            # The page ends with the site's footer after the last record; a reference is one paragraph.
            raw = re.split(r"\n\s*\n", raw)[0].strip()
            record.sources = [raw] if raw else []
        else:
            # One line each (a page's border or footer may follow the last one).
            raw = raw.split("\n")[0]
            record.lists[target] = [v.strip() for v in raw.split(",") if v.strip()]
    return record


# -- the games pages name --------------------------------------------------------------------


def find_game(name: str):
    """The archive's game ``name`` names: by its name or one of its names (case aside), by the
    slug the name gives, else by the name with accents, case and punctuation aside ("ŞEŞ BEŞ" is
    "Şeş-Beş"). None if no game answers to it; ImportFailed if several do."""
    from django.utils.text import slugify

    from archive.models import Game, GameName

    key = name_key(name)
    for ids in (
        lambda: set(Game.objects.filter(name__iexact=name).values_list("pk", flat=True)),
        lambda: set(GameName.objects.filter(name__iexact=name).values_list("game_id", flat=True)),
        lambda: set(Game.objects.filter(slug=slugify(name)).values_list("pk", flat=True)),
        lambda: {pk for pk, other in _all_game_names() if name_key(other) == key} if key else set(),
    ):
        found = ids()
        if len(found) > 1:  # one of the ways answers with several games: say so, pick none
            names = sorted(Game.objects.filter(pk__in=found).values_list("name", flat=True))
            raise ImportFailed(f"{name!r} could be any of the games {', '.join(names)}")
        if found:
            return Game.objects.get(pk=found.pop())
    return None


def _all_game_names() -> list[tuple[int, str]]:
    from archive.models import Game, GameName

    return list(Game.objects.values_list("pk", "name")) + list(GameName.objects.values_list("game_id", "name"))


def nearest_games(name: str, n: int = 3) -> list[str]:
    """The games whose name (or one of their names) is nearest ``name``: a hint for a typo."""
    import difflib

    from archive.models import Game

    by_key: dict[str, set[int]] = {}
    for pk, other in _all_game_names():
        by_key.setdefault(name_key(other), set()).add(pk)
    close = difflib.get_close_matches(name_key(name), list(by_key), n=n * 2, cutoff=0.6)
    names = dict(Game.objects.filter(pk__in={pk for k in close for pk in by_key[k]}).values_list("pk", "name"))
    out: list[str] = []
    for k in close:
        for pk in sorted(by_key[k]):
            if names.get(pk) and names[pk] not in out:
                out.append(names[pk])
    return out[:n]


def name_key(text: str) -> str:
    from archive.selectors import name_key as key

    return key(text)


@dataclass
class UnknownGame:
    """A game a page names that the archive does not hold: the name as the page gives it, where
    (file, record, and whether the title or the record's Game field names it), and the nearest
    names the archive knows."""

    name: str
    where: list[str]
    said: str
    line: int | None
    nearest: list[str]


def unknown_games(records: list[tuple[str, PageRecord]]) -> list[UnknownGame]:
    """Every game the records name that the archive does not know, in the order first named (a
    name that could be several games is refused here, whatever is asked)."""
    out: dict[str, UnknownGame] = {}
    known: set[str] = set()
    for file, rec in records:
        where = f"{file}, {rec.identifier}"
        if rec.game in known:
            continue
        if rec.game in out:
            out[rec.game].where.append(where)
            continue
        said = (
            f"the page's title 'Evidence for {rec.game}' names {rec.game!r}" if rec.game_from_title
            else f"the record's Game field names {rec.game!r}"
        )
        try:
            game = find_game(rec.game)
        except ImportFailed as exc:
            raise ImportFailed(f"{where}: {said}, but {exc.message}", line=rec.line, field="Game") from None
        if game is None:
            out[rec.game] = UnknownGame(rec.game, [where], said, rec.line, nearest_games(rec.game))
        else:
            known.add(rec.game)
    return list(out.values())


def refusal(unknown: list[UnknownGame]) -> ImportFailed:
    """The refusal of an import naming games the archive does not know: each, where it is named,
    with the nearest known names, and how to have them made."""
    first, *others = unknown
    hint = f"; nearest known: {', '.join(repr(n) for n in first.nearest)}" if first.nearest else ""
    also = ""
    if others:
        also = "; the pages also name " + ", ".join(
            f"{g.name!r} ({g.where[0]}{'; nearest known: ' + ', '.join(repr(n) for n in g.nearest) if g.nearest else ''})"
            for g in others
        )
    return ImportFailed(
        f"{first.where[0]}: {first.said}: no such game in the archive{hint}{also}. An import makes no game unless "
        "asked: add the game (or the name as one of its names) first, correct the page, or import with "
        "--create-games to create the games the pages name",
        line=first.line, field="Game",
    )


def create_game(name: str, *, user=None, reason: str = "import_dlp_page"):
    """A game the curator asked an import to create, with the name the page gives it."""
    from django.utils.text import slugify

    from archive.models import Game

    base = slugify(name) or "game"
    slug, n = base, 2
    while Game.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    game = Game(name=name.strip()[:200], slug=slug)
    game._history_user = user
    game._change_reason = f"{reason}: created for a page that names it"
    game.save()
    return game


def games_for(records: list[tuple[str, PageRecord]], *, create_games: bool = False, user=None,
              reason: str = "import_dlp_page", created: list[str] | None = None) -> dict[str, object]:
    """{game name: the archive's game} for every record. A game the archive does not know (a typo
    in a title, a game not yet entered) refuses the import naming every such game, the file, the
    record and the nearest known names, unless the curator asked (``create_games``): then each is
    created with the name the page gives it, and its name added to ``created``."""
    unknown = unknown_games(records)
    if unknown and not create_games:
        raise refusal(unknown)
    made = {g.name: create_game(g.name, user=user, reason=reason) for g in unknown}
    if created is not None:
        created.extend(made)
    found: dict[str, object] = dict(made)
    for _, rec in records:
        if rec.game not in found:
            found[rec.game] = find_game(rec.game)
    return found


def refuse_repeats(records: list[tuple[str, PageRecord]]) -> None:
    """One record given twice in one import (on one page, on two pages, or one file named twice):
    refused naming both places, since which one is meant cannot be told. Word-for-word copies are
    refused alike (and said to be copies), so that the outcome never depends on the files' order."""
    seen: dict[str, tuple[str, PageRecord]] = {}
    for file, rec in records:
        key = evidence_ref(dlp_id=rec.dlp_id) if rec.dlp_id is not None else rec.identifier
        if key not in seen:
            seen[key] = (file, rec)
            continue
        first_file, first = seen[key]
        if first_file == file and first.line == rec.line:
            where = f"{file} is named twice"
        else:
            where = f"{first_file} line {first.line} and {file} line {rec.line}"
            differ = _differences(first, rec)
            where += f" (they differ in {', '.join(differ)})" if differ else " (the same record word for word)"
        raise ImportFailed(
            f"{rec.identifier} is given twice: {where}; an import takes each record once, so give it once and import again",
            field="Id",
        )


def _differences(a: PageRecord, b: PageRecord) -> list[str]:
    """The page's fields in which two records differ ("date" for the several a date is read into)."""
    label = {"location_text": "location", "kml": "location", "rules_text": "rules", "places": "location"}
    out = [k for k in dict.fromkeys([*a.fields, *b.fields]) if a.fields.get(k) != b.fields.get(k)]
    out += [k for k in dict.fromkeys([*a.lists, *b.lists]) if a.lists.get(k) != b.lists.get(k)]
    out += [name for name in ("game", "places", "sources") if getattr(a, name) != getattr(b, name)]
    named = ["date" if k.startswith(("start_", "end_", "date_")) else label.get(k, k) for k in out]
    return list(dict.fromkeys(named))


# -- writing -----------------------------------------------------------------------------------


def evidence_pages_import(*, records: list[tuple[str, PageRecord]], user=None, reason: str = "import_dlp_page",
                          create_games: bool = False) -> dict:
    """Write or update the records (all-or-nothing); returns counts, and under "games_created"
    (only when there are some) the games made because the curator asked (``create_games``) for those the pages name and the
    archive lacks. A record the DLP dump or an earlier page brought in is updated where the page
    differs from what was last imported; a record the catalogue holds keeps its curated values
    and gains what it lacks (the merge rule of archive.importers.dlp)."""
    from django.db import transaction

    from archive.importers.citations import parse_citation
    from archive.importers.dlp import merge
    from archive.models import Age, Evidence, Gender, Place, SocialStatus, Source, Space, UncertaintyFactor
    from archive.services import archive_changed

    from archive.importers.checks import check_page_records

    check_page_records(records)
    refuse_repeats(records)
    vocabularies = {"ages": Age, "genders": Gender, "social_statuses": SocialStatus, "spaces": Space, "uncertainty_factors": UncertaintyFactor}
    counts: dict = {"created": 0, "updated": 0, "unchanged": 0}

    def history(obj):
        obj._history_user = user
        obj._change_reason = reason
        return obj

    from archive.catalogue import vocabularies as dlp_terms

    known_terms = {
        "ages": dlp_terms.AGES, "genders": dlp_terms.GENDERS, "social_statuses": dlp_terms.SOCIAL_STATUSES,
        "spaces": dlp_terms.SPACES, "uncertainty_factors": dlp_terms.UNCERTAINTY_FACTORS,
    }
    labels = {v: k for k, v in TAIL.items()}

    def vocabulary(model, names: list[str], field_name: str, file: str, rec: PageRecord) -> list:
        # Controlled vocabularies: a term must be the DLP's (created with its DLP id if missing).
        out = []
        for term in names:
            obj = model.objects.filter(name__iexact=term).first()
            if obj is None:
                dlp = next(((i, n) for i, n in known_terms[field_name] if n.lower() == term.lower()), None)
                if dlp is None:
                    raise ImportFailed(
                        f"{file}, {rec.identifier}: {term!r} is not one of the DLP's {labels[field_name]}",
                        line=rec.line, field=labels[field_name],
                    )
                obj = model.objects.filter(dlp_id=dlp[0]).first() or model.objects.create(dlp_id=dlp[0], name=dlp[1])
            out.append(obj)
        return out

    def source_for(citation: str) -> Source:
        key = citation_key(citation)
        for source in Source.objects.filter(citation__icontains=citation.split(".")[0][:40]):
            if citation_key(source.citation) == key:
                return source
        fields = parse_citation(citation)
        source = history(Source(citation=citation, **fields))
        source.save()
        return source

    with transaction.atomic():
        made: list[str] = []
        games = games_for(records, create_games=create_games, user=user, reason=reason, created=made)
        if made:
            counts["games_created"] = made
        for file, rec in records:
            if rec.dlp_id is not None:
                evidence = Evidence.objects.filter(dlp_id=rec.dlp_id).first()
            else:
                evidence = Evidence.objects.filter(ref=rec.identifier).first()
            is_new = evidence is None
            if is_new:
                evidence = Evidence(dlp_id=rec.dlp_id, ref=rec.identifier if rec.dlp_id is None else evidence_ref(dlp_id=rec.dlp_id))
            game = games[rec.game]
            links = {f: vocabulary(model, rec.lists[f], f, file, rec) for f, model in vocabularies.items() if f in rec.lists}
            if rec.sources:
                links["sources"] = [source_for(c) for c in rec.sources]
            places = [[str(p.latitude), str(p.longitude), p.text] for p in rec.places]
            incoming = {**rec.fields, "game_id": game.pk}
            relations = {f: sorted(o.pk for o in objs) for f, objs in links.items()}
            relations["places"] = places
            current = {k: getattr(evidence, k) for k in incoming}
            if not is_new:
                for f in links:
                    current[f] = sorted(getattr(evidence, f).values_list("pk", flat=True))
                # The record's own places; those placed from its name are archive.gazetteer's.
                current["places"] = [[str(p.latitude), str(p.longitude), p.coordinates_text] for p in evidence.places.filter(precision="").order_by("order", "id")]
                # Places are the same when their coordinates are: names a curator gave them stay.
                if [c[:2] for c in current["places"]] == [p[:2] for p in places]:
                    current["places"] = places
            stored = dict(evidence.dlp_extra or {})
            imported = {} if is_new else stored.get("_imported")
            writes, prints = merge(current, {**incoming, **relations}, imported)
            for k, v in writes.items():
                if k in incoming:
                    setattr(evidence, k, v)
            new_extra = {**stored, "_imported": {**(stored.get("_imported") or {}), **prints}}
            if is_new or writes or new_extra != stored:
                evidence.dlp_extra = new_extra
                history(evidence).save()
                counts["created" if is_new else "updated"] += 1
            else:
                counts["unchanged"] += 1
            for f in links:
                if f in writes:
                    getattr(evidence, f).set(links[f])
            if "places" in writes:
                for old in evidence.places.filter(precision=""):
                    history(old).delete()
                for order, p in enumerate(rec.places):
                    history(Place(evidence=evidence, latitude=p.latitude, longitude=p.longitude, coordinates_text=p.text[:200], order=order)).save()
        if counts["created"] or counts["updated"] or made:
            # A record that gives a place name and no coordinates is placed from the name.
            from archive.gazetteer import sync_named_places

            sync_named_places(reason="Imported from a portal page: placed from its place name")
            archive_changed()
    return counts
