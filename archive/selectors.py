"""Reads: the queries pages and the API share (HackSoft style: writes live in services.py).

Every list read here costs a fixed number of queries whatever the number of records: related rows
come through select_related/prefetch_related, and many-to-many facets filter through subqueries
on the join tables (no joins that would need DISTINCT).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.core.cache import cache
from django.db import connection, connections
from django.db.models import Count, F, Prefetch, Q, QuerySet
from django.urls import reverse

from archive.models import (
    Age,
    DataVersion,
    Evidence,
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
)

SEARCH_FIELDS = ("summary", "rules_text", "content", "content_citation", "location_text", "date_text")

# The many-to-many facets: URL parameter -> (vocabulary model, Evidence field). Values are the
# vocabulary names as DLP spells them (?age=Child&gender=Male), so links read well and stay stable.
VOCABULARY_FACETS: dict[str, tuple[type, str]] = {
    "age": (Age, "ages"),
    "gender": (Gender, "genders"),
    "status": (SocialStatus, "social_statuses"),
    "space": (Space, "spaces"),
}

SORTS = {
    "date": ("start_year", "end_year", "id"),
    "-date": ("-start_year", "-end_year", "-id"),
    "confidence": ("-confidence", "id"),
    "added": ("-id",),
}


def on_postgres() -> bool:
    return connection.vendor == "postgresql"


def evidence_search(queryset: QuerySet, q: str) -> QuerySet:
    """Full-text search of evidence: PostgreSQL's text search where we have it (ranked, in the
    'simple' configuration so every language is treated alike), matched and ranked from the stored
    vector of migration 0007 and its GIN index, so no row's vector is computed at query time (the
    rows come annotated with ``search_rank``; order by it with a LIMIT, as a page does, and
    PostgreSQL keeps only the top rows); on SQLite, every word must appear somewhere
    (case-insensitive substring). A game's names match too (Şeş-Beş finds its records)."""
    q = (q or "").strip()
    if not q:
        return queryset
    if on_postgres():
        from django.contrib.postgres.search import SearchQuery, SearchRank

        from archive.search import stored_vector

        query = SearchQuery(q, config="simple", search_type="websearch")
        # The games whose names match, read first (a small table, one query): a literal list lets
        # the planner OR the GIN index scan with the game_id index, where a subquery would not.
        game_ids = _games_named(q)
        condition = Q(search_document=query)
        if game_ids:
            condition |= Q(game_id__in=game_ids)
        return (
            queryset.alias(search_document=stored_vector())
            .filter(condition)
            .annotate(search_rank=SearchRank(F("search_document"), query))
        )
    # One pass over the rows: a game's names are matched first, in the small game tables, so the
    # evidence rows need no join.
    condition = Q()
    for word in q.split():
        word_q = Q(game_id__in=_games_named(word))
        for name in SEARCH_FIELDS:
            word_q |= Q(**{f"{name}__icontains": word})
        condition &= word_q
    return queryset.filter(condition)


def _games_named(text: str) -> list[int]:
    return list(
        Game.objects.filter(Q(name__icontains=text) | Q(names__name__icontains=text)).values_list("id", flat=True).distinct()
    )


@dataclass
class EvidenceFilter:
    """The browse page's filters, parsed from query parameters; ``errors`` names each parameter
    that could not be read (it is then ignored, never guessed)."""

    q: str = ""
    types: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    year_from: int | None = None
    year_to: int | None = None
    confidence_min: int | None = None
    vocabularies: dict[str, list[str]] = field(default_factory=dict)
    bbox: tuple[Decimal, Decimal, Decimal, Decimal] | None = None
    # True: only records the DLP's editors verified; False: only unverified ones; None: all.
    verified: bool | None = None
    sort: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        return bool(
            self.q or self.types or self.games or self.year_from is not None or self.year_to is not None
            or self.confidence_min is not None or any(self.vocabularies.values()) or self.bbox
            or self.verified is not None
        )


def _getlist(params: Mapping, name: str) -> list[str]:
    values = params.getlist(name) if hasattr(params, "getlist") else params.get(name, [])
    if isinstance(values, str):
        values = [values]
    out: list[str] = []
    for value in values:
        # ?type=a,b and ?type=a&type=b both work (the API's clients prefer the first).
        out.extend(v.strip() for v in str(value).split(",") if v.strip())
    return out


def parse_year(text: str) -> int:
    """'1971' -> 1971; '-3100' or '3100 BCE' or '3100 BC' -> -3100. There is no year 0."""
    text = text.strip().upper().replace("B.C.E.", "BCE").replace("B.C.", "BC")
    sign = 1
    for suffix in ("BCE", "BC"):
        if text.endswith(suffix):
            text, sign = text[: -len(suffix)].strip(), -1
            break
    for suffix in ("CE", "AD"):
        if text.endswith(suffix):
            text = text[: -len(suffix)].strip()
    year = int(text) * sign
    if year == 0:
        raise ValueError("there is no year 0")
    return year


def evidence_filter_parse(params: Mapping) -> EvidenceFilter:
    f = EvidenceFilter(q=(params.get("q") or "").strip()[:200])
    f.types = [t for t in _getlist(params, "type") if t in EvidenceType.values]
    bad = [t for t in _getlist(params, "type") if t not in EvidenceType.values]
    if bad:
        f.errors["type"] = f"unknown evidence type {bad[0]!r}"
    f.games = _getlist(params, "game")
    for name, attr in (("from", "year_from"), ("to", "year_to")):
        value = (params.get(name) or "").strip()
        if value:
            try:
                setattr(f, attr, parse_year(value))
            except ValueError:
                f.errors[name] = f"{name}: {value!r} is not a year (write 1971, -3100 or 3100 BCE)"
    value = (params.get("confidence") or "").strip()
    if value:
        try:
            f.confidence_min = int(value)
            if not 0 <= f.confidence_min <= 100:
                raise ValueError
        except ValueError:
            f.confidence_min = None
            f.errors["confidence"] = f"confidence: {value!r} is not a whole number from 0 to 100"
    for name in VOCABULARY_FACETS:
        f.vocabularies[name] = _getlist(params, name)
    value = (params.get("bbox") or "").strip()
    if value:
        try:
            west, south, east, north = (Decimal(v) for v in value.split(","))
            if not (-180 <= west <= 180 and -180 <= east <= 180 and -90 <= south <= north <= 90):
                raise ValueError
            f.bbox = (west, south, east, north)
        except (ValueError, InvalidOperation):
            f.errors["bbox"] = f"bbox: {value!r} is not west,south,east,north in decimal degrees"
    value = (params.get("verified") or "").strip().lower()
    if value:
        if value in ("true", "false"):
            f.verified = value == "true"
        else:
            f.errors["verified"] = f"verified: {value!r} is neither true nor false"
    sort = params.get("sort") or ""
    f.sort = sort if sort in SORTS or sort == "relevance" else ""
    return f


def evidence_filter_key(f: EvidenceFilter) -> str:
    """A cache key for the filters that change which records match (not sort or page)."""
    import hashlib

    parts = [f.q, sorted(f.types), sorted(f.games), f.year_from, f.year_to, f.confidence_min,
             sorted((k, sorted(v)) for k, v in f.vocabularies.items()), [str(b) for b in f.bbox or ()], f.verified]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def evidence_apply_filter(queryset: QuerySet, f: EvidenceFilter) -> QuerySet:
    if f.types:
        queryset = queryset.filter(type__in=f.types)
    if f.games:
        queryset = queryset.filter(game__slug__in=f.games)
    # Date ranges overlap the asked range; records without a date drop out once one is asked.
    if f.year_from is not None:
        queryset = queryset.filter(end_year__gte=f.year_from)
    if f.year_to is not None:
        queryset = queryset.filter(start_year__lte=f.year_to)
    if f.confidence_min is not None:
        queryset = queryset.filter(confidence__gte=f.confidence_min)
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
    queryset = evidence_search(queryset, f.q)
    if f.q and on_postgres() and f.sort in ("", "relevance"):
        return queryset.order_by("-search_rank", "id")
    return queryset.order_by(*SORTS.get(f.sort, SORTS["date"]))


def evidence_filter(params: Mapping, queryset: QuerySet | None = None) -> QuerySet:
    """Evidence matching the browse page's query parameters (the API reuses it): ``q``,
    ``type``, ``game`` (slugs), ``from``/``to`` (signed years or '3100 BCE'), ``confidence``
    (minimum), ``age``, ``gender``, ``status``, ``space`` (DLP vocabulary names), ``bbox``
    (west,south,east,north) and ``sort``. Parameters that cannot be read are ignored; use
    evidence_filter_parse to report them."""
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


def evidence_facets(queryset: QuerySet) -> dict[str, list[tuple[str, str, int]]]:
    """Counts of the filtered records per facet value: {facet: [(value, label, count), ...]},
    plus ``total``, the number of records. One query whatever the number of records: the filter
    (a search above all) is run once into a common table expression, which every facet's
    grouped count then reads."""
    qn = connection.ops.quote_name
    evidence, game = qn(Evidence._meta.db_table), qn(Game._meta.db_table)
    if queryset.query.where:
        # The matched rows carry the columns of the type and game facets, so the evidence table
        # (wide, with PostgreSQL's stored search vector) is read once, by the filter.
        ids_sql, params = queryset.order_by().values("id", "type", "game_id").query.sql_with_params()
        with_matched = f"WITH matched AS MATERIALIZED ({ids_sql}) "
        evidence_rows = "matched x"
        rows_of = lambda table, column: f"matched m INNER JOIN {table} x ON x.{column} = m.id"  # noqa: E731
    else:  # the whole archive: count straight from the tables (covering indexes)
        with_matched, params = "", ()
        evidence_rows = f"{evidence} x"
        rows_of = lambda table, column: f"{table} x"  # noqa: E731
    parts = [
        f"SELECT 'evidence', x.type, g.slug, g.name, CAST(NULL AS integer), COUNT(*) FROM {evidence_rows}"
        f" INNER JOIN {game} g ON g.id = x.game_id GROUP BY x.type, g.slug, g.name"
    ]
    for name, (model, attr) in VOCABULARY_FACETS.items():
        field = getattr(Evidence, attr).field
        through, column = qn(field.remote_field.through._meta.db_table), qn(field.m2m_reverse_name())
        counts = f"SELECT x.{column} AS vid, COUNT(*) AS n FROM {rows_of(through, qn(field.m2m_column_name()))} GROUP BY x.{column}"
        parts.append(
            f"SELECT '{name}', v.name, NULL, NULL, v.dlp_id, c.n FROM ({counts}) c"
            f" INNER JOIN {qn(model._meta.db_table)} v ON v.id = c.vid"
        )
    with connection.cursor() as cursor:
        cursor.execute(with_matched + " UNION ALL ".join(parts), params)
        rows = cursor.fetchall()
    labels = dict(EvidenceType.choices)
    types: dict[str, int] = {}
    games: dict[tuple[str, str], int] = {}
    vocabularies: dict[str, list[tuple]] = {name: [] for name in VOCABULARY_FACETS}
    for facet, a, b, c, order, n in rows:
        if facet == "evidence":
            types[a] = types.get(a, 0) + n
            games[(c, b)] = games.get((c, b), 0) + n
        else:
            vocabularies[facet].append((order is None, order or 0, a, n))
    facets: dict = {
        "type": [(t, labels.get(t, t), types[t]) for t in sorted(types)],
        "game": [(slug, name, n) for (name, slug), n in sorted(games.items())],
        "total": sum(types.values()),
    }
    for name, items in vocabularies.items():
        facets[name] = [(value, value, n) for _, _, value, n in sorted(items)]
    return facets


def evidence_get(identifier: str) -> Evidence | None:
    """One record by its public identifier (DLP.Evidence.2445) or our stable ref (E...)."""
    queryset = evidence_list().select_related("ruleset", "ruleset__game").prefetch_related(
        "ages", "genders", "social_statuses", "spaces", "uncertainty_factors", "sources", "media"
    )
    prefix = "DLP.Evidence."
    if identifier.startswith(prefix):
        number = identifier[len(prefix):]
        if not number.isdigit():
            return None
        return queryset.filter(dlp_id=int(number)).first()
    return queryset.filter(ref=identifier.upper()).first()


def game_list() -> list[Game]:
    """The catalogue: playable games first (in their featured order), then the rest by name."""
    games = list(
        Game.objects.annotate(
            evidence_count=Count("evidence", distinct=True),
            playable_count=Count("rulesets", filter=~Q(rulesets__variant=""), distinct=True),
        ).prefetch_related(Prefetch("names", queryset=GameName.objects.filter(kind=GameName.Kind.NATIVE)))
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


def evidence_points(queryset: QuerySet, limit: int = 5000) -> list[dict]:
    """Map points for evidence: one per place, as plain data for json_script. One query of only
    the columns shown (no model instances); the limit keeps a page's payload bounded (the browse
    page links to the full list)."""
    rows = (
        Place.objects.filter(evidence__in=queryset.order_by().values("id"))
        .order_by("evidence_id", "order", "id")
        .values_list(
            "latitude", "longitude", "name", "evidence__ref", "evidence__dlp_id", "evidence__type",
            "evidence__start_year", "evidence__end_year", "evidence__game__name",
        )[:limit]
    )
    labels = dict(EvidenceType.choices)
    prefix = evidence_url_prefix()
    out = []
    for lat, lon, place, ref, dlp_id, type_, start, end, game in rows:
        identifier = f"DLP.Evidence.{dlp_id}" if dlp_id else ref
        out.append(
            {
                "lat": float(lat), "lon": float(lon), "place": place, "id": identifier,
                "url": f"{prefix}{identifier}/", "game": game, "type": labels.get(type_, type_),
                "start": start, "end": end,
            }
        )
    return out


def evidence_points_of(records: list[Evidence]) -> list[dict]:
    """Map points for records already read with evidence_list (their game and places loaded)."""
    labels = dict(EvidenceType.choices)
    return [
        {
            "lat": float(p.latitude), "lon": float(p.longitude), "place": p.name, "id": e.identifier,
            "url": e.get_absolute_url(), "game": e.game.name, "type": labels.get(e.type, e.type),
            "start": e.start_year, "end": e.end_year,
        }
        for e in records
        for p in e.places.all()
    ]


def evidence_url_prefix() -> str:
    """'/evidence/': an evidence page's URL less its identifier (one reverse() for many rows)."""
    return reverse("archive:evidence", args=["-"])[:-2]


def evidence_timeline(queryset: QuerySet, limit: int = 2000) -> list[dict]:
    """Dated records for a timeline: one query."""
    rows = (
        queryset.filter(start_year__isnull=False)
        .order_by("start_year", "id")
        .values("ref", "dlp_id", "type", "start_year", "end_year", "location_text")[:limit]
    )
    labels = dict(EvidenceType.choices)
    prefix = evidence_url_prefix()
    out = []
    for r in rows:
        identifier = f"DLP.Evidence.{r['dlp_id']}" if r["dlp_id"] else r["ref"]
        out.append(
            {
                "id": identifier,
                "url": f"{prefix}{identifier}/",
                "type": labels.get(r["type"], r["type"]),
                "start": r["start_year"],
                "end": r["end_year"] if r["end_year"] is not None else r["start_year"],
            }
        )
    return out


def source_get(ref: str) -> Source | None:
    source = Source.objects.filter(ref=ref.upper()).first()
    if source is None and ref.startswith("DLP.Sources."):
        number = ref[len("DLP.Sources."):]
        if number.isdigit():
            source = Source.objects.filter(dlp_id=int(number)).first()
    return source


def source_uses(source: Source) -> dict[str, list]:
    """Where a source is used: games, rulesets, clauses and evidence (bounded lists)."""
    return {
        "games": list(source.games.order_by("name")[:100]),
        "rulesets": list(source.rulesets.select_related("game").order_by("game__name", "order")[:100]),
        "clauses": list(source.clauses.select_related("ruleset", "ruleset__game").order_by("ruleset_id", "order")[:200]),
        "evidence": list(evidence_list(source.evidence.all()).order_by("start_year", "id")[:100]),
    }


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
