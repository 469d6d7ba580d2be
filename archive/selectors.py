"""Reads: the queries pages and the API share (HackSoft style: writes live in services.py).

Every list read here costs a fixed number of queries whatever the number of records: related rows
come through select_related/prefetch_related, and many-to-many facets filter through subqueries
on the join tables (no joins that would need DISTINCT).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.core.cache import cache
from django.db import connection, connections
from django.db.models import Case, CharField, Count, F, FloatField, Func, Prefetch, Q, QuerySet, Value, When
from django.db.models.functions import Cast, Coalesce
from django.db.models.lookups import GreaterThanOrEqual, LessThanOrEqual
from django.urls import reverse

from archive import identifiers, years

from archive.models import (
    FormerRef,
    Age,
    Category,
    Concept,
    DataVersion,
    Evidence,
    evidence_begin,
    evidence_date_desc_key,
    evidence_date_key,
    evidence_reach,
    EvidenceType,
    Game,
    GameName,
    Gender,
    Place,
    RuleClause,
    Ruleset,
    SocialStatus,
    Source,
    Space,
    UncertaintyFactor,
)
from core.numbers import whole_number

# The many-to-many facets: URL parameter -> (vocabulary model, Evidence field). Values are the
# vocabulary names as DLP spells them (?age=Child&gender=Male), so links read well and stay stable.
VOCABULARY_FACETS: dict[str, tuple[type, str]] = {
    "age": (Age, "ages"),
    "gender": (Gender, "genders"),
    "status": (SocialStatus, "social_statuses"),
    "space": (Space, "spaces"),
    "concept": (Concept, "concepts"),
    "uncertainty": (UncertaintyFactor, "uncertainty_factors"),
}

# Facets derived from the data, where the DLP gives no vocabulary on the records themselves (its
# regions and periods belong to games and rulesets, and its dump links almost no game to them):
#
# * period: named eras of the record's date range (historical years, archive.years). A record
#   counts in every era its range overlaps, as the date filter reads ranges; undated records are
#   in none. The slug is the URL value (?period=medieval).
PERIODS: tuple[tuple[str, str, int | None, int | None], ...] = (
    ("ancient", "Ancient (to 500 CE)", None, 500),
    ("medieval", "Medieval (501–1500)", 501, 1500),
    ("early-modern", "Early modern (1501–1800)", 1501, 1800),
    ("modern", "Modern (1801 on)", 1801, None),
)
PERIOD_SLUGS = {slug: (label, start, end) for slug, label, start, end in PERIODS}
# * region: the continent of the record's places, from their coordinates (REGION_SQL, a coarse
#   partition of the globe by latitude and longitude drawn along the usual continental borders:
#   the Red Sea and Suez, the Bosporus and Caucasus, the Urals at 60°E). A record with places on
#   two continents counts in both; records with no coordinates are in none (their place name, the
#   DLP's "KML", is searchable instead). The names are those of the DLP's Region continents.
REGIONS = ("Africa", "Americas", "Asia", "Europe", "Oceania")
# * category: the categories of the record's game (the DLP's GameCategories: race, sow, war...).
#   Each record has one game, so a category's count is the sum of its games' counts.


class PlaceRegion(Func):
    """The continent of a place (region_sql) as an expression on the place table's coordinates."""

    output_field = CharField()

    def __init__(self, latitude: str = "latitude", longitude: str = "longitude"):
        super().__init__(F(latitude), F(longitude))

    def as_sql(self, compiler, connection, **extra):
        (lat, lat_params), (lon, lon_params) = (compiler.compile(e) for e in self.get_source_expressions())
        if lat_params or lon_params:  # pragma: no cover - columns carry no parameters
            raise ValueError("PlaceRegion reads columns only")
        return region_sql(lat, lon), []


def region_sql(lat: str, lon: str) -> str:
    """SQL naming the continent (REGIONS) of a point, for the columns ``lat`` and ``lon``; plain
    SQL that PostgreSQL and SQLite read alike."""
    return (
        "CASE"
        f" WHEN ({lon} >= 110 AND {lat} < -10) OR ({lon} >= 131 AND {lat} < 25)"
        f" OR ({lon} < -140 AND {lat} < 30 AND {lat} > -60) THEN 'Oceania'"
        f" WHEN {lon} < -25 THEN 'Americas'"
        f" WHEN ({lat} < 0 AND {lon} < 60) OR ({lon} < 52 AND {lat} < (CASE WHEN {lon} < 8 THEN 35.95 WHEN {lon} < 11.5 THEN 37.4 ELSE 33.3 END)"
        f" AND NOT ({lat} >= 12.6 AND {lon} > 43.3 - 0.62 * ({lat} - 12.6)) AND NOT ({lon} >= 34.3 AND {lat} >= 29.5)) THEN 'Africa'"
        f" WHEN {lat} >= 34.5 AND {lon} < 60 AND NOT ({lon} >= 26 AND {lat} < 41.2) AND NOT ({lon} >= 40 AND {lat} < 44.5) THEN 'Europe'"
        " ELSE 'Asia' END"
    )

# The browse page's sorts (?sort=). Oldest and newest read the API's date keys (its ordering=date
# and -date, archive.models.evidence_date_key): undated records come last in both, and each is
# read from its index.
SORTS = {
    "date": (evidence_date_key().asc(), "id"),
    "-date": (evidence_date_desc_key().desc(), "-id"),
    "confidence": ("-confidence", "id"),
    "lowest-confidence": ("confidence", "id"),
    "added": ("-id",),
}


def on_postgres() -> bool:
    return connection.vendor == "postgresql"


def evidence_search(queryset: QuerySet, q: str) -> QuerySet:
    """Full-text search of evidence, by whole words and word beginnings, ranked, folding accents
    and case on both databases ("ses-bes", "Ses Bes" and "ŞEŞ-BEŞ" all find Şeş-Beş; "Şeş" finds
    "Şeş-Beş" but not "Ptahshepses"; "Béchi" not "Magliabechiano"). The search is read as words
    (archive.search.search_terms: letters and digits, folded); each must begin a word of the
    record, its game's names or its places' names. The rows come annotated with ``search_rank``,
    higher for a better match (a word itself above words it begins); a search with no word in it
    finds nothing.

    PostgreSQL: its text search in the configuration ``archive_folded`` of migration 0012 (the
    'simple' parser and dictionary after ``unaccent``: every language alike, no stemming),
    matched and ranked from the stored vector and its GIN index, so no row's vector is computed
    at query time (order by the rank with a LIMIT, as a page does, and PostgreSQL keeps only the
    top rows); records of a game so named rank higher. SQLite: its FTS5 index of migration 0017
    (the game's and places' names are in each record's row there), joined by rowid, BM25."""
    from archive.search import search_terms

    q = (q or "").strip()
    if not q:
        return queryset
    terms = search_terms(q)
    if not terms:
        # Nothing to search for: no record, as a query (the facets' SQL is built from it).
        return queryset.filter(id__isnull=True).annotate(search_rank=Value(0.0, output_field=FloatField()))
    if on_postgres():
        from django.contrib.postgres.search import SearchQuery, SearchRank

        from archive.search import SEARCH_CONFIG, place_name_vector, stored_vector, tsquery_text

        def tsquery(text: str) -> SearchQuery:
            return SearchQuery(text, config=SEARCH_CONFIG, search_type="raw")

        # Each term is in the record's text, or names its game or one of its places. The games
        # and places whose names match are read first (one small query each, the places' through
        # their own GIN index): a literal list lets the planner OR the evidence's GIN index scan
        # with the id indexes, where a subquery would not.
        named = []
        for term in terms:
            places = Place.objects.alias(name_vector=place_name_vector()).filter(name_vector=tsquery(tsquery_text([term])))
            place_ids = list(places.values_list("evidence_id", flat=True).distinct()[:PLACE_MATCH_LIST + 1])
            place_q = Q(id__in=places.values("evidence_id")) if len(place_ids) > PLACE_MATCH_LIST else Q(id__in=place_ids)
            named.append((_games_named([term]), place_ids, place_q))
        if not any(games or place_ids for games, place_ids, _ in named):
            condition = Q(search_document=tsquery(tsquery_text(terms)))
        else:
            condition = Q()
            for term, (games, place_ids, place_q) in zip(terms, named):
                either = Q(search_document=tsquery(tsquery_text([term])))
                if games:
                    either |= Q(game_id__in=games)
                if place_ids:
                    either |= place_q
                condition &= either
        # The words themselves count twice (a record saying "ses" above one saying "sesame"
        # twice), and a record of a game the search names gains as much as a word.
        rank = 2 * SearchRank(F("search_document"), tsquery(tsquery_text(terms, "|", prefix=False))) + SearchRank(
            F("search_document"), tsquery(tsquery_text(terms, "|")))
        game_ids, word_game_ids = _games_named(terms), _games_named(terms, whole=True)
        if game_ids:
            rank = rank + Case(
                When(game_id__in=word_game_ids, then=Value(GAME_NAME_RANK * 3)),
                When(game_id__in=game_ids, then=Value(GAME_NAME_RANK)),
                default=Value(0.0),
            )
        return (
            queryset.alias(search_document=stored_vector())
            .filter(condition)
            # double precision: ts_rank's real, read as text, is not the value compared again
            # (a cursor's equal ranks would no longer be equal)
            .annotate(search_rank=Cast(rank, FloatField()))
        )
    from archive.search import fts5_query

    # FTS5's BM25 is lower for a better match: negated, it reads as PostgreSQL's rank does.
    return queryset.filter(search_row__document=fts5_query(terms)).annotate(search_rank=-F("search_row__rank"))


# On PostgreSQL, what a record of a game named by the search adds to its rank, three times as
# much where the name holds the words themselves: about what the words' presence in a record's
# text gives (ts_rank of its B-weighted text is 0.2-1 for a few words, counted three times).
GAME_NAME_RANK = 0.5


# Above this many records matched by a place's name, they are read as a subquery, not a list.
PLACE_MATCH_LIST = 2000


def fold(text: str) -> str:
    """Text with accents dropped and case folded (archive.search.fold)."""
    from archive.search import fold as fold_

    return fold_(text)


@functools.lru_cache(maxsize=50_000)
def name_key(text: str) -> str:
    """A name for matching: folded, every run of other characters than letters and digits one
    space ("Şeş-Beş" and "ses bes" are both "ses bes")."""
    return " ".join("".join(c if c.isalnum() else " " for c in fold(text)).split())


def _games_named(terms: list[str], whole: bool = False) -> list[int]:
    """The games one of whose names holds every search term (archive.search.search_terms) as a
    word or a word's beginning (``whole``: as a word), accents, case and punctuation aside ("ses"
    names Şeş-Beş, not Ptahshepses). The names are few (a game has a handful): read in one query
    and compared here."""
    if not terms:
        return []
    names = [*Game.objects.values_list("id", "name"), *GameName.objects.values_list("game_id", "name")]
    found = set()
    for pk, name in names:
        words = name_key(name).split()
        if all(any(w == t if whole else w.startswith(t) for w in words) for t in terms):
            found.add(pk)
    return sorted(found)


#: A ruleset's slug as the ruleset filter takes it (records give their ruleset by slug).
SLUG = re.compile(r"(?=[-0-9_]*[a-zA-Z])[-a-zA-Z0-9_]{1,200}")
#: A ruleset named within its game, as the ruleset filter takes it: game/slug (senet/default).
GAME_SLUG = re.compile(r"(?P<game>[-a-zA-Z0-9_]{1,200})/(?P<slug>[-a-zA-Z0-9_]{1,200})")


@dataclass
class EvidenceFilter:
    """The evidence filters, parsed from query parameters (FILTER_PARAMETERS); ``errors`` names
    each parameter that could not be read, by the name it was given under (it is then ignored,
    never guessed)."""

    q: str = ""
    types: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    year_from: int | None = None
    year_to: int | None = None
    confidence_min: int | None = None
    confidence_max: int | None = None
    vocabularies: dict[str, list[str]] = field(default_factory=dict)
    bbox: tuple[Decimal, Decimal, Decimal, Decimal] | None = None
    sources: list[str] = field(default_factory=list)
    source_ids: list[int] = field(default_factory=list)
    regions: list[str] = field(default_factory=list)
    periods: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    # a ruleset's id, or the ids of the rulesets a slug names (records give their ruleset's slug)
    ruleset: int | tuple[int, ...] | None = None
    ruleset_slug: str = ""
    ruleset_game: str = ""  # the game of game/slug
    has_places: bool | None = None
    # True: only records with at least one uncertainty factor; False: only those with none.
    has_uncertainty: bool | None = None
    dlp_id: int | None = None
    # True: only records the DLP's editors verified; False: only unverified ones; None: all.
    verified: bool | None = None
    sort: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        return bool(
            self.q or self.types or self.games or self.year_from is not None or self.year_to is not None
            or self.confidence_min is not None or self.confidence_max is not None
            or any(self.vocabularies.values()) or self.bbox or self.sources or self.ruleset is not None
            or self.has_places is not None or self.has_uncertainty is not None or self.dlp_id is not None
            or self.verified is not None or self.regions or self.periods or self.categories
        )


# The one filter vocabulary of the browse page, the API and the exports: a canonical name and the
# other names it is also read under. The browse page's short names (from, to, confidence, status)
# and the API's long ones (date_from, date_to, confidence_min, social_status) mean the same thing
# everywhere; giving both with different values is an error.
FILTER_PARAMETERS: dict[str, tuple[str, ...]] = {
    "q": (),
    "type": (),
    "game": (),
    "date_from": ("from",),
    "date_to": ("to",),
    "confidence_min": ("confidence",),
    "confidence_max": (),
    "age": (),
    "gender": (),
    "social_status": ("status",),
    "space": (),
    "bbox": (),
    "source": (),
    "ruleset": (),
    "has_places": (),
    "has_uncertainty": (),
    "verified": (),
    "dlp_id": (),
    "region": (),
    "period": (),
    "category": (),
}
# Every vocabulary facet under its canonical name (the API's), mapped to its VOCABULARY_FACETS key
# (the browse page's name, an alias where the two differ): a facet added there is a filter here.
VOCABULARY_PARAMETERS = {{"status": "social_status", "uncertainty": "uncertainty_factor"}.get(key, key): key for key in VOCABULARY_FACETS}
for _canonical, _key in VOCABULARY_PARAMETERS.items():
    FILTER_PARAMETERS.setdefault(_canonical, (_key,) if _key != _canonical else ())
BOOLEANS = {"true": True, "1": True, "false": False, "0": False}


def filter_parameter_names() -> set[str]:
    """Every parameter name the evidence filters read, aliases included."""
    return {name for canonical, aliases in FILTER_PARAMETERS.items() for name in (canonical, *aliases)}


def _getlist(params: Mapping, name: str) -> list[str]:
    values = params.getlist(name) if hasattr(params, "getlist") else params.get(name, [])
    if isinstance(values, str):
        values = [values]
    out: list[str] = []
    for value in values:
        # ?type=a,b and ?type=a&type=b both work (the API's clients prefer the first).
        out.extend(v.strip() for v in str(value).split(",") if v.strip())
    return out


def _given(params: Mapping, canonical: str, errors: dict[str, str]) -> tuple[str, list[str]]:
    """(the name a parameter was given under, its values) across its aliases; two names with
    different values is an error under the second."""
    found: tuple[str, list[str]] = (canonical, [])
    for name in (canonical, *FILTER_PARAMETERS[canonical]):
        values = _getlist(params, name)
        if not values:
            continue
        if found[1] and found[1] != values:
            errors[name] = f"{name} and {found[0]} are the same filter; give one of them"
            continue
        found = (name, values)
    return found


def _single(params: Mapping, name: str, errors: dict[str, str]) -> str | None:
    """A parameter whose one value may hold commas (a search, a box): given twice, an error, not
    the last one silently."""
    values = params.getlist(name) if hasattr(params, "getlist") else [params.get(name)]
    values = [v for v in values if v not in (None, "")]
    return _one(name, values, errors)


def _one(name: str, values: list[str], errors: dict[str, str]) -> str | None:
    if len(values) > 1:
        errors[name] = f"{name}: give one value, not {len(values)}"
        return None
    return values[0] if values else None


def evidence_filter_parse(params: Mapping) -> EvidenceFilter:
    """Read the evidence filters from query parameters (the browse page's, the API's and the
    exports'): every name of FILTER_PARAMETERS. Values are checked against the archive (an
    unknown game, vocabulary name or source is an error, like an unreadable year); a filter in
    error is left out and named in ``errors``. Parameters of other names are not looked at."""
    errors: dict[str, str] = {}
    f = EvidenceFilter(q=(_single(params, "q", errors) or "").strip()[:200], errors=errors)
    types = _getlist(params, "type")
    f.types = [t for t in types if t in EvidenceType.values]
    bad = [t for t in types if t not in EvidenceType.values]
    if bad:
        errors["type"] = f"unknown evidence type {bad[0]!r} (known: {', '.join(EvidenceType.values)})"
    f.games = _getlist(params, "game")
    for canonical, attr in (("date_from", "year_from"), ("date_to", "year_to")):
        name, values = _given(params, canonical, errors)
        value = _one(name, values, errors)
        if value:
            try:
                setattr(f, attr, years.parse_year(value))
            except ValueError:
                errors[name] = f"{name}: {value!r} is not a year (write 1971, -3100 or 3100 BCE; there is no year 0)"
    for canonical, attr in (("confidence_min", "confidence_min"), ("confidence_max", "confidence_max")):
        name, values = _given(params, canonical, errors)
        value = _one(name, values, errors)
        if value:
            number = whole_number(value, high=100)
            if number is not None:
                setattr(f, attr, number)
            else:
                errors[name] = f"{name}: {value!r} is not a whole number from 0 to 100"
    for canonical, key in VOCABULARY_PARAMETERS.items():
        f.vocabularies[key] = _given(params, canonical, errors)[1]
    value = (_single(params, "bbox", errors) or "").strip()
    if value:
        try:
            west, south, east, north = (Decimal(v) for v in value.split(","))
            if not (-180 <= west <= 180 and -180 <= east <= 180 and -90 <= south <= north <= 90):
                raise ValueError
            f.bbox = (west, south, east, north)
        except (ValueError, InvalidOperation):
            errors["bbox"] = f"bbox: {value!r} is not west,south,east,north in decimal degrees (south not above north)"
    f.sources = _getlist(params, "source")
    for name, attr in (("ruleset", "ruleset"), ("dlp_id", "dlp_id")):
        value = _one(name, _getlist(params, name), errors)
        if value:
            number = whole_number(value)
            named = GAME_SLUG.fullmatch(value) if name == "ruleset" else None
            if number is not None:
                setattr(f, attr, number)
            elif named:
                f.ruleset_game, f.ruleset_slug = named["game"], named["slug"]
            elif name == "ruleset" and SLUG.fullmatch(value):
                f.ruleset_slug = value  # resolved against the archive (_check_against_archive)
            else:
                also = ", its game and slug (senet/default) nor its slug" if name == "ruleset" else ""
                errors[name] = f"{name}: {value[:80]!r} is not a whole number{also}"
    for name in ("has_places", "has_uncertainty", "verified"):
        value = _one(name, _getlist(params, name), errors)
        if value:
            if value.lower() in BOOLEANS:
                setattr(f, name, BOOLEANS[value.lower()])
            else:
                errors[name] = f"{name}: {value!r} is neither true nor false (1 and 0 work too)"
    f.regions = _getlist(params, "region")
    bad = [r for r in f.regions if r not in REGIONS]
    if bad:
        errors["region"] = f"unknown region {bad[0]!r} (known: {', '.join(REGIONS)})"
        f.regions = [r for r in f.regions if r in REGIONS]
    f.periods = _getlist(params, "period")
    bad = [p for p in f.periods if p not in PERIOD_SLUGS]
    if bad:
        errors["period"] = f"unknown period {bad[0]!r} (known: {', '.join(PERIOD_SLUGS)})"
        f.periods = [p for p in f.periods if p in PERIOD_SLUGS]
    f.categories = _getlist(params, "category")
    sort = params.get("sort") or ""
    f.sort = sort if sort in SORTS or sort == "relevance" else ""
    _check_against_archive(f, params)
    return f


def _check_against_archive(f: EvidenceFilter, params: Mapping) -> None:
    """Drop and name the values the archive does not know: one small query per filter given."""
    if isinstance(f.ruleset, int) and not Ruleset.objects.filter(id=f.ruleset).exists():
        f.errors["ruleset"] = f"unknown ruleset {f.ruleset} (no ruleset has that id)"
        f.ruleset = None
    if f.ruleset_slug:
        # A slug names a ruleset within its game: game/slug names one; a bare slug, with a game
        # filter, that game's; else the one ruleset so named, and many ("default") is an error.
        rulesets = Ruleset.objects.filter(slug=f.ruleset_slug)
        if f.ruleset_game:
            rulesets = rulesets.filter(game__slug=f.ruleset_game)
        elif f.games:
            rulesets = rulesets.filter(game__slug__in=f.games)
        rows = sorted(rulesets.values_list("id", "game__slug"))
        named = f"{f.ruleset_game}/{f.ruleset_slug}" if f.ruleset_game else f.ruleset_slug
        if not rows:
            f.errors["ruleset"] = f"unknown ruleset {named!r}" + (" in that game" if f.games and not f.ruleset_game else "")
        elif len(rows) > 1 and not f.games:
            f.errors["ruleset"] = (
                f"ruleset {named!r} is ambiguous: {len(rows)} games have a ruleset of that slug; "
                f"give its game and slug ({rows[0][1]}/{f.ruleset_slug}) or its id"
            )
        else:
            f.ruleset = tuple(pk for pk, _ in rows)
    if f.games:
        known = set(Game.objects.filter(slug__in=f.games).values_list("slug", flat=True))
        unknown = [g for g in f.games if g not in known]
        if unknown:
            f.errors["game"] = f"unknown game {unknown[0]!r}"
            f.games = [g for g in f.games if g in known]
    for canonical, key in VOCABULARY_PARAMETERS.items():
        values = f.vocabularies.get(key) or []
        if values:
            model = VOCABULARY_FACETS[key][0]
            known = set(model.objects.filter(name__in=values).values_list("name", flat=True))
            unknown = [v for v in values if v not in known]
            if unknown:
                name = _given(params, canonical, {})[0]
                f.errors[name] = f"unknown value {unknown[0]!r}"
                f.vocabularies[key] = [v for v in values if v in known]
    if f.categories:
        known = set(Category.objects.filter(name__in=f.categories).values_list("name", flat=True))
        unknown = [c for c in f.categories if c not in known]
        if unknown:
            f.errors["category"] = f"unknown category {unknown[0]!r}"
            f.categories = [c for c in f.categories if c in known]
    if f.sources:
        numbers = (whole_number(s.removeprefix("DLP.Sources.")) for s in f.sources if s.startswith("DLP.Sources."))
        dlp_ids = [n for n in numbers if n is not None]
        rows = Source.objects.filter(Q(ref__in=[s.upper() for s in f.sources]) | Q(dlp_id__in=dlp_ids)).values_list("id", "ref", "dlp_id")
        by_name = {}
        for pk, ref, dlp_id in rows:
            by_name[ref] = pk
            if dlp_id is not None:
                by_name[f"DLP.Sources.{dlp_id}"] = pk
        # A ref a source had before refs were derived still names it (archive.identifiers).
        for ref, pk in FormerRef.objects.filter(ref__in=[s.upper() for s in f.sources], source__isnull=False).values_list("ref", "source_id"):
            by_name.setdefault(ref, pk)
        unknown = [s for s in f.sources if s.upper() not in by_name and s not in by_name]
        if unknown:
            f.errors["source"] = f"unknown source {unknown[0]!r} (give its ref, S..., or DLP.Sources.N)"
        f.source_ids = sorted({by_name.get(s.upper(), by_name.get(s)) for s in f.sources} - {None})
        f.sources = [s for s in f.sources if s not in unknown]


def evidence_filter_key(f: EvidenceFilter) -> str:
    """A cache key for the filters that change which records match (not sort or page)."""
    import hashlib

    parts = [f.q, sorted(f.types), sorted(f.games), f.year_from, f.year_to, f.confidence_min, f.confidence_max,
             sorted((k, sorted(v)) for k, v in f.vocabularies.items() if v), [str(b) for b in f.bbox or ()],
             f.source_ids, f.ruleset, f.has_places, f.has_uncertainty, f.dlp_id, f.verified, sorted(f.regions), sorted(f.periods),
             sorted(f.categories)]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def evidence_dates_overlap(year_from: int | None, year_to: int | None) -> Q:
    """Records whose range overlaps [year_from, year_to] (historical years, either may be None).
    An open end reaches as far as the asked range does ("from 2321 BCE" is found for 1000–500
    BCE); undated records drop out once a bound is asked."""
    condition = Q()
    # The same expressions as the evidence_years index (archive.models.evidence_reach), so both
    # bounds are checked on its entries: "end_year >= from, or an open end" is reach >= from.
    if year_from is not None:
        condition &= Q(GreaterThanOrEqual(evidence_reach(), year_from))
    if year_to is not None:
        condition &= Q(LessThanOrEqual(evidence_begin(), year_to))
    return condition


def evidence_apply_filter(queryset: QuerySet, f: EvidenceFilter) -> QuerySet:
    if f.types:
        queryset = queryset.filter(type__in=f.types)
    if f.games:
        queryset = queryset.filter(game__slug__in=f.games)
    queryset = queryset.filter(evidence_dates_overlap(f.year_from, f.year_to))
    if f.confidence_min is not None:
        queryset = queryset.filter(confidence__gte=f.confidence_min)
    if f.confidence_max is not None:
        queryset = queryset.filter(confidence__lte=f.confidence_max)
    if f.verified is not None:
        queryset = queryset.filter(verified=f.verified)
    for name, values in f.vocabularies.items():
        if values:
            model, attr = VOCABULARY_FACETS[name]
            through = getattr(Evidence, attr).through
            column = model._meta.model_name
            links = through.objects.filter(**{f"{column}__name__in": values}).values("evidence_id")
            queryset = queryset.filter(id__in=links)
    if f.bbox:
        west, south, east, north = f.bbox
        places = Place.objects.filter(latitude__gte=south, latitude__lte=north)
        if west <= east:
            places = places.filter(longitude__gte=west, longitude__lte=east)
        else:  # the box crosses the antimeridian
            places = places.filter(Q(longitude__gte=west) | Q(longitude__lte=east))
        queryset = queryset.filter(id__in=places.values("evidence_id"))
    if f.sources:
        links = Evidence.sources.through.objects.filter(source_id__in=f.source_ids).values("evidence_id")
        queryset = queryset.filter(id__in=links)
    if f.regions:
        places = Place.objects.annotate(region=PlaceRegion()).filter(region__in=f.regions)
        queryset = queryset.filter(id__in=places.values("evidence_id"))
    if f.periods:
        condition = Q()
        for slug in f.periods:
            _, start, end = PERIOD_SLUGS[slug]
            condition |= evidence_dates_overlap(start, end)
        queryset = queryset.filter(condition)
    if f.categories:
        queryset = queryset.filter(game_id__in=Game.categories.through.objects.filter(category__name__in=f.categories).values("game_id"))
    if isinstance(f.ruleset, tuple):
        queryset = queryset.filter(ruleset_id__in=f.ruleset)
    elif f.ruleset is not None:
        queryset = queryset.filter(ruleset_id=f.ruleset)
    if f.has_places is not None:
        with_places = Q(id__in=Place.objects.values("evidence_id"))
        queryset = queryset.filter(with_places if f.has_places else ~with_places)
    if f.has_uncertainty is not None:
        uncertain = Q(id__in=Evidence.uncertainty_factors.through.objects.values("evidence_id"))
        queryset = queryset.filter(uncertain if f.has_uncertainty else ~uncertain)
    if f.dlp_id is not None:
        queryset = queryset.filter(dlp_id=f.dlp_id)
    queryset = evidence_search(queryset, f.q)
    if f.q and f.sort in ("", "relevance"):
        return queryset.order_by("-search_rank", "id")
    return queryset.order_by(*SORTS.get(f.sort, SORTS["date"]))


def evidence_filter(params: Mapping, queryset: QuerySet | None = None) -> QuerySet:
    """Evidence matching the filters of FILTER_PARAMETERS (the browse page's and the API's) and
    the browse page's ``sort``. Filters that cannot be read are ignored; use evidence_filter_parse
    to report them."""
    if queryset is None:
        queryset = Evidence.objects.all()
    return evidence_apply_filter(queryset, evidence_filter_parse(params))


def evidence_list(queryset: QuerySet | None = None) -> QuerySet:
    """Evidence with what a list row shows, in a fixed number of queries."""
    if queryset is None:
        queryset = Evidence.objects.all()
    return queryset.select_related("game").prefetch_related(
        Prefetch("places", queryset=Place.objects.order_by("order", "id"))
    )


def _period_mask_sql() -> str:
    """SQL of a matched row's periods as a bit mask (bit i: PERIODS[i] overlaps its years), read
    from the columns x.start_year and x.end_year as evidence_dates_overlap reads them."""
    parts = []
    for bit, (_, _, start, end) in enumerate(PERIODS):
        conditions = []
        if start is not None:
            conditions.append(f"(x.end_year >= {int(start)} OR (x.end_year IS NULL AND x.start_year IS NOT NULL))")
        if end is not None:
            conditions.append(f"(x.start_year <= {int(end)} OR (x.start_year IS NULL AND x.end_year IS NOT NULL))")
        parts.append(f"CASE WHEN {' AND '.join(conditions)} THEN {1 << bit} ELSE 0 END")
    return "(" + " + ".join(parts) + ")"


# Facets whose values are listed by count (the most records first): long lists, cut short on the
# page (a filter box and a "show all" link reach the rest). The others keep the vocabulary's order.
BY_COUNT = frozenset({"game", "source", "concept", "category"})


def evidence_facets(queryset: QuerySet) -> dict[str, list[tuple[str, str, int]]]:
    """Counts of the filtered records per facet value: {facet: [(value, label, count), ...]},
    plus ``total``, the number of records. One query whatever the number of records: the filter
    (a search above all) is run once into a common table expression, which every facet's
    grouped count then reads. Categories come from the game counts (one game per record) and the
    games' categories, read in a second small query."""
    qn = connection.ops.quote_name
    evidence, game = qn(Evidence._meta.db_table), qn(Game._meta.db_table)
    place, source = qn(Place._meta.db_table), qn(Source._meta.db_table)
    if queryset.query.where:
        # The matched rows carry the columns of the type, game and period facets, so the evidence
        # table (wide, with PostgreSQL's stored search vector) is read once, by the filter.
        ids_sql, params = queryset.order_by().values("id", "type", "game_id", "start_year", "end_year").query.sql_with_params()
        with_matched = f"WITH matched AS MATERIALIZED ({ids_sql}) " if on_postgres() else f"WITH matched AS ({ids_sql}) "
        evidence_rows = "matched x"
        rows_of = lambda table, column: f"matched m INNER JOIN {table} x ON x.{column} = m.id"  # noqa: E731
    else:  # the whole archive: count straight from the tables
        with_matched, params = "", ()
        evidence_rows = f"{evidence} x"
        rows_of = lambda table, column: f"{table} x"  # noqa: E731
    mask = _period_mask_sql()
    parts = [
        f"SELECT 'evidence', x.type, g.slug, g.name, {mask}, COUNT(*) FROM {evidence_rows}"
        f" INNER JOIN {game} g ON g.id = x.game_id GROUP BY x.type, g.slug, g.name, {mask}",
        f"SELECT 'region', r.region, NULL, NULL, NULL, COUNT(*) FROM (SELECT DISTINCT x.evidence_id,"
        f" {region_sql('x.latitude', 'x.longitude')} AS region FROM {rows_of(place, 'evidence_id')}) r GROUP BY r.region",
        # Records with a place of their own ('own'), or placed only from their place name
        # (archive.gazetteer, 'name'); the rest of the total have no place at all.
        f"SELECT 'placed', p.kind, NULL, NULL, NULL, COUNT(*) FROM (SELECT x.evidence_id,"
        f" MAX(CASE WHEN x.precision = '' THEN 'own' ELSE 'name' END) AS kind"
        f" FROM {rows_of(place, 'evidence_id')} GROUP BY x.evidence_id) p GROUP BY p.kind",
    ]
    for name, (model, attr) in VOCABULARY_FACETS.items():
        field = getattr(Evidence, attr).field
        through, column = qn(field.remote_field.through._meta.db_table), qn(field.m2m_reverse_name())
        counts = f"SELECT x.{column} AS vid, COUNT(*) AS n FROM {rows_of(through, qn(field.m2m_column_name()))} GROUP BY x.{column}"
        parts.append(
            f"SELECT '{name}', v.name, NULL, NULL, v.dlp_id, c.n FROM ({counts}) c"
            f" INNER JOIN {qn(model._meta.db_table)} v ON v.id = c.vid"
        )
    field = Evidence.sources.field
    through, column = qn(field.remote_field.through._meta.db_table), qn(field.m2m_reverse_name())
    counts = f"SELECT x.{column} AS vid, COUNT(*) AS n FROM {rows_of(through, qn(field.m2m_column_name()))} GROUP BY x.{column}"
    parts.append(
        f"SELECT 'source', s.ref, s.authors, COALESCE(NULLIF(s.title, ''), SUBSTR(s.citation, 1, 60)), s.year, c.n"
        f" FROM ({counts}) c INNER JOIN {source} s ON s.id = c.vid"
    )
    with connection.cursor() as cursor:
        cursor.execute(with_matched + " UNION ALL ".join(parts), params)
        rows = cursor.fetchall()
    labels = dict(EvidenceType.choices)
    types: dict[str, int] = {}
    games: dict[tuple[str, str], int] = {}
    periods = [0] * len(PERIODS)
    regions: dict[str, int] = {}
    placed: dict[str, int] = {}
    sources: list[tuple[str, str, int]] = []
    vocabularies: dict[str, list[tuple]] = {name: [] for name in VOCABULARY_FACETS}
    for facet, a, b, c, order, n in rows:
        if facet == "evidence":
            types[a] = types.get(a, 0) + n
            games[(c, b)] = games.get((c, b), 0) + n
            for bit in range(len(PERIODS)):
                if order & (1 << bit):
                    periods[bit] += n
        elif facet == "region":
            regions[a] = n
        elif facet == "placed":
            placed[a] = n
        elif facet == "source":
            sources.append((a, Source(authors=b or "", title=c or "", year=order).short or a, n))
        else:
            vocabularies[facet].append((order is None, order or 0, a, n))
    game_counts = {slug: n for (_, slug), n in games.items()}
    categories: dict[str, int] = {}
    if game_counts:
        for slug, category in Game.categories.through.objects.filter(game__slug__in=list(game_counts)).values_list("game__slug", "category__name"):
            categories[category] = categories.get(category, 0) + game_counts[slug]
    by_count = lambda item: (-item[2], item[1].lower())  # noqa: E731
    facets: dict = {
        "type": [(t, labels.get(t, t), types[t]) for t in sorted(types)],
        "game": sorted(((slug, name, n) for (name, slug), n in games.items()), key=by_count),
        "total": sum(types.values()),
        "period": [(slug, label, periods[i]) for i, (slug, label, _, _) in enumerate(PERIODS) if periods[i]],
        "region": [(r, r, regions[r]) for r in REGIONS if regions.get(r)],
        "category": sorted(((c, c, n) for c, n in categories.items()), key=by_count),
        "source": sorted(sources, key=by_count),
    }
    facets["placed_own"], facets["placed_from_names"] = placed.get("own", 0), placed.get("name", 0)
    facets["no_place"] = facets["total"] - facets["placed_own"] - facets["placed_from_names"]
    for name, items in vocabularies.items():
        facets[name] = [(value, value, n) for _, _, value, n in sorted(items)]
        if name in BY_COUNT:
            facets[name].sort(key=by_count)
    return facets


def evidence_get(identifier: str) -> Evidence | None:
    """One record by its public identifier (DLP.Evidence.2445) or our stable ref (E...)."""
    queryset = evidence_list().select_related("ruleset", "ruleset__game").prefetch_related(
        "ages", "genders", "social_statuses", "spaces", "uncertainty_factors", "concepts", "sources", "media"
    )
    if identifiers.looks_like_dlp(identifier, "Evidence"):
        parsed = identifiers.parse_dlp(identifier, "Evidence")
        return queryset.filter(dlp_id=parsed[1]).first() if parsed else None
    ref = identifiers.normalise_ref(identifier)
    found = queryset.filter(ref=ref).first()
    if found is None:
        # A ref given before refs were derived: the record's page redirects to its permalink.
        found = queryset.filter(former_refs__ref=ref).first()
    return found


def game_list() -> list[Game]:
    """The catalogue: playable games first (in their featured order), then the rest by name, each
    with ``native_names`` (a list: no queryset made per game)."""
    games = list(
        Game.objects.annotate(
            evidence_count=Count("evidence", distinct=True),
            playable_count=Count("rulesets", filter=~Q(rulesets__variant=""), distinct=True),
        ).prefetch_related(Prefetch("names", queryset=GameName.objects.filter(kind=GameName.Kind.NATIVE),
                                    to_attr="native_names"))
    )
    games.sort(key=lambda g: (g.playable_count == 0, g.featured is None, g.featured or 0, g.name.lower()))
    return games


def game_get(slug: str) -> Game | None:
    clauses = RuleClause.objects.select_related("source").order_by("order", "id")
    rulesets = Ruleset.objects.prefetch_related(
        Prefetch("clauses", queryset=clauses), "sources"
    ).order_by("order", "id")
    return (
        Game.objects.filter(slug=slug)
        .select_related("description_source")
        .prefetch_related(
            "names", "regions", "periods", "categories", "sources", "media",
            Prefetch("rulesets", queryset=rulesets),
        )
        .first()
    )


DATE_COLUMNS = ("start_year", "end_year", "start_date", "end_date", "date_precision", "date_reversed", "date_text")


def _date_label(start, end, start_date, end_date, precision, reversed_, text) -> str:
    return years.date_label(start, end, start_date=start_date, end_date=end_date, precision=precision, reversed=reversed_) or text


def evidence_points(queryset: QuerySet, limit: int = 5000) -> list[dict]:
    """Map points for evidence: one per place, as plain data for json_script, with the date's
    label written here (scripts format no dates). One query of only the columns shown (no model
    instances); the limit keeps a page's payload bounded (the browse page links to the full list)."""
    rows = (
        Place.objects.filter(evidence__in=queryset.order_by().values("id"))
        .order_by("evidence_id", "order", "id")
        .values_list(
            "latitude", "longitude", "name", "evidence__ref", "evidence__dlp_id", "evidence__type",
            "evidence__game__name", *(f"evidence__{c}" for c in DATE_COLUMNS),
        )[:limit]
    )
    labels = dict(EvidenceType.choices)
    prefix = evidence_url_prefix()
    out = []
    for lat, lon, place, ref, dlp_id, type_, game, *dates in rows:
        identifier = identifiers.dlp_identifier("Evidence", dlp_id) or ref
        out.append(
            {
                "lat": float(lat), "lon": float(lon), "place": place, "id": identifier,
                "url": f"{prefix}{identifier}/", "game": game, "type": labels.get(type_, type_),
                "when": _date_label(*dates),
            }
        )
    return out


def evidence_url_prefix() -> str:
    """'/evidence/': an evidence page's URL less its identifier (one reverse() for many rows)."""
    return reverse("archive:evidence", args=["-"])[:-2]


def evidence_timeline(queryset: QuerySet, limit: int = 2000) -> dict:
    """Dated records for a timeline, in one query: {'from', 'to', 'ticks', 'items'}. Positions are
    astronomical years (1 BCE and 1 CE one year apart); every label is written here
    (archive.years). A range open at one end is drawn from the year it gives, marked open."""
    rows = (
        queryset.filter(Q(start_year__isnull=False) | Q(end_year__isnull=False))
        .annotate(first_year=Coalesce("start_year", "end_year"))
        .order_by("first_year", "id")
        .values("ref", "dlp_id", "type", *DATE_COLUMNS)[:limit]
    )
    labels = dict(EvidenceType.choices)
    prefix = evidence_url_prefix()
    items = []
    for r in rows:
        identifier = identifiers.dlp_identifier("Evidence", r["dlp_id"]) or r["ref"]
        start, end = r["start_year"], r["end_year"]
        when = _date_label(*(r[c] for c in DATE_COLUMNS))
        items.append(
            {
                "id": identifier,
                "url": f"{prefix}{identifier}/",
                "type": labels.get(r["type"], r["type"]),
                "start": years.to_astronomical(start if start is not None else end),
                "end": years.to_astronomical(end if end is not None else start),
                "open": "end" if end is None else "start" if start is None else "",
                # The source puts the start after the end: drawn over the span in order, marked.
                "reversed": bool(r["date_reversed"]),
                "label": f"{identifier}: {labels.get(r['type'], r['type'])}, {when}",
                "when": when,
            }
        )
    if not items:
        return {"items": [], "ticks": [], "from": None, "to": None, "span": "", "notes": []}
    # What the reader must know about the span drawn: a reversed range stretches it as far as the
    # earlier of its two years, so the timeline says which record does, and how it was recorded.
    notes = [
        f"{i['id']}: {i['when']}; drawn here from {years.year_label(years.from_astronomical(i['start']))} "
        f"to {years.year_label(years.from_astronomical(i['end']))}, hatched."
        for i in items if i["reversed"]
    ]
    first = min(i["start"] for i in items)
    last = max(i["end"] for i in items)
    axis = years.timeline_axis(years.from_astronomical(first), years.from_astronomical(last))
    span = years.date_label(years.from_astronomical(first), years.from_astronomical(last))
    return {**axis, "items": items, "span": span, "notes": notes}


def source_get(ref: str) -> Source | None:
    """A source by its ref, a former ref or its DLP identifier (DLP.Sources.122)."""
    parsed = identifiers.parse_dlp(ref, "Sources")
    if parsed:
        return Source.objects.filter(dlp_id=parsed[1]).first()
    ref = identifiers.normalise_ref(ref)
    return Source.objects.filter(ref=ref).first() or Source.objects.filter(former_refs__ref=ref).first()


def source_uses(source: Source) -> dict[str, list]:
    """Where a source is used: games, rulesets and clauses (bounded lists; its records are paged
    by the source's page)."""
    return {
        "games": list(source.games.order_by("name")[:100]),
        "rulesets": list(source.rulesets.select_related("game").order_by("game__name", "order")[:100]),
        # Every clause citing it, grouped by ruleset: the DLP's ruleset texts are cited by
        # thousands of clauses of the rules files, and a bounded flat list hid most of them.
        "clause_groups": _clause_groups(source),
    }


def _clause_groups(source: Source, rulesets: int = 500) -> list[tuple]:
    """[(ruleset, [clause, ...]), ...] for the clauses citing ``source``, by game and ruleset name
    (at most ``rulesets`` rulesets; clause ids and anchors only)."""
    groups: dict[int, tuple] = {}
    rows = (source.clauses.select_related("ruleset", "ruleset__game")
            .only("clause_id", "order", "ruleset__name", "ruleset__slug", "ruleset__game__name", "ruleset__game__slug")
            .order_by("ruleset__game__name", "ruleset__name", "order"))
    for clause in rows:
        if clause.ruleset_id not in groups:
            if len(groups) >= rulesets:
                break
            groups[clause.ruleset_id] = (clause.ruleset, [])
        groups[clause.ruleset_id][1].append(clause)
    return list(groups.values())


# -- caching under the archive's data version ---------------------------------------------------
# Pages and whole-archive reads are cached under the data version, a row every archive write bumps
# in its own transaction (archive.signals, archive.services.archive_changed). Reading it costs one
# query per request and makes any cache safe, a per-process one included: a write committed by any
# process, an import run from the command line included, changes the key on the next request.


def data_version(using: str = "default") -> int:
    """The archive's data version (0 if its row is missing, as in a flushed test database)."""
    conn = connections[using]
    with conn.cursor() as cursor:
        cursor.execute(f"SELECT version FROM {conn.ops.quote_name(DataVersion._meta.db_table)} WHERE id = 1")
        row = cursor.fetchone()
    return row[0] if row else 0


def cached(name: str, compute, *, version: int, timeout: int = 3600):
    """``compute()``, cached under ``name`` at the archive's data ``version``."""
    key = f"archive:{version}:{name}"
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, timeout)
    return value


def evidence_facets_cached(f: EvidenceFilter, *, version: int, timeout: int = 3600) -> dict:
    """The facet counts of the records matching ``f``, computed once per data version and filter
    and kept in the shared cache (a write bumps the version, so they are never stale): the whole
    archive's, which every unfiltered browse page reads, are precomputed by facets_precompute."""
    return cached(
        "facets:" + evidence_filter_key(f),
        lambda: evidence_facets(evidence_apply_filter(Evidence.objects.all(), f)),
        version=version,
        timeout=timeout,
    )


def facets_precompute(version: int | None = None) -> dict:
    """Compute and cache the whole archive's facet counts at the current data version (run after
    an import, or by the first browse page at a new version)."""
    if version is None:
        version = data_version()
    return evidence_facets_cached(EvidenceFilter(), version=version)
