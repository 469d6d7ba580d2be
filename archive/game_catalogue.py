"""The catalogue of games (/games/): every game, searched by its names and filtered by facets as
the evidence browse page filters records (category, region, period, playable or not, how much
evidence), each facet counted over the games the other facets select.

Games are few (569 with the DLP): they are read once per data version, with their vocabularies
and counts, and filtered here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Min, Prefetch, Q

from archive import selectors, years
from archive.models import Game, GameName

# How much evidence a game has: (value, label, lowest, highest).
EVIDENCE_BANDS = (
    ("none", "no records yet", 0, 0),
    ("1-9", "1 to 9 records", 1, 9),
    ("10-99", "10 to 99 records", 10, 99),
    ("100+", "100 records or more", 100, None),
)
FACETS = (
    ("playable", "Playable here"),
    ("category", "Category"),
    ("region", "Region"),
    ("period", "Period"),
    ("evidence", "Evidence"),
)
SORTS = {"name": "name", "evidence": "most evidence", "date": "oldest evidence"}
PER_PAGE = 60


@dataclass
class Entry:
    """A game as the catalogue lists it: plain values, cached whole."""

    slug: str
    name: str
    description: str
    dlp_identifier: str
    names: list[str]
    native_names: list[GameName]
    evidence_count: int
    playable: bool
    first_year: int | None
    values: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # facet: [(value, label)]

    @property
    def url(self) -> str:
        return f"/games/{self.slug}/"

    @property
    def first_label(self) -> str:
        return years.year_label(self.first_year)

    # As archive_tags.game_cards reads a game.
    @property
    def playable_count(self) -> int:
        return int(self.playable)

    @property
    def dlp_id(self) -> bool:
        return bool(self.dlp_identifier)


def _band(count: int) -> str:
    for value, _, low, high in EVIDENCE_BANDS:
        if count >= low and (high is None or count <= high):
            return value
    return EVIDENCE_BANDS[-1][0]


def _entries() -> list[Entry]:
    games = (
        Game.objects.annotate(
            evidence_count=Count("evidence", distinct=True),
            playable_count=Count("rulesets", filter=~Q(rulesets__variant=""), distinct=True),
        )
        .prefetch_related("regions", "periods", "categories", Prefetch("names", queryset=GameName.objects.order_by("order", "id")))
        .order_by("name", "id")
    )
    firsts = dict(
        Game.objects.filter(evidence__isnull=False).annotate(first=Min("evidence__start_year")).values_list("pk", "first")
    )
    out = []
    for g in games:
        names = list(g.names.all())
        out.append(Entry(
            slug=g.slug, name=g.name, description=g.description, dlp_identifier=g.dlp_identifier,
            names=[n.name for n in names], native_names=[n for n in names if n.kind == GameName.Kind.NATIVE],
            evidence_count=g.evidence_count, playable=bool(g.playable_count), first_year=firsts.get(g.pk),
            values={
                "playable": [("yes", "playable") if g.playable_count else ("no", "not yet playable")],
                "category": [(c.name, c.name) for c in g.categories.all()],
                "region": [(r.name, r.name) for r in g.regions.all()],
                "period": [(p.name, p.name) for p in g.periods.all()],
                "evidence": [(_band(g.evidence_count), dict((v, label) for v, label, *_ in EVIDENCE_BANDS)[_band(g.evidence_count)])],
            },
        ))
    return out


def entries(version: int) -> list[Entry]:
    return selectors.cached("catalogue:games", _entries, version=version)


@dataclass
class Query:
    q: str = ""
    sort: str = "name"
    selected: dict[str, list[str]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def read_query(params) -> Query:
    query = Query(q=(params.get("q") or "").strip()[:200])
    sort = (params.get("sort") or "name").strip()
    if sort not in SORTS:
        query.errors.append(f"sort: {sort!r} is not one of {', '.join(SORTS)}; sorted by name.")
        sort = "name"
    query.sort = sort
    for name, _ in FACETS:
        values = [v for v in params.getlist(name) if v]
        if values:
            query.selected[name] = values
    return query


def _matches(entry: Entry, query: Query, skip: str = "") -> bool:
    for name, wanted in query.selected.items():
        if name == skip:
            continue
        if not {v for v, _ in entry.values.get(name, [])} & set(wanted):
            return False
    return True


def search(rows: list[Entry], q: str) -> list[Entry]:
    """The games one of whose names has ``q`` (accents, case and punctuation aside), those named
    exactly so first, then the games whose description has it."""
    needle = selectors.name_key(q)
    if not needle:
        return rows

    def rank(e: Entry) -> int | None:
        own = selectors.name_key(e.name)
        others = [selectors.name_key(n) for n in e.names]
        if own == needle:
            return 0
        if needle in others:
            return 1
        if own.startswith(needle):
            return 2
        if needle in own or any(needle in n for n in others):
            return 3
        if needle in selectors.name_key(e.description):
            return 4
        return None

    ranked = [(r, selectors.name_key(e.name), e) for e in rows if (r := rank(e)) is not None]
    return [e for _, _, e in sorted(ranked, key=lambda t: t[:2])]


def browse(query: Query, version: int) -> dict:
    """The games matching ``query`` in its order, and each facet's values counted over the games
    the search and the other facets select (so choosing one value never hides its neighbours)."""
    rows = search(entries(version), query.q) if query.q else entries(version)
    if query.sort == "evidence":
        rows = sorted(rows, key=lambda e: -e.evidence_count)
    elif query.sort == "date":
        rows = sorted(rows, key=lambda e: (e.first_year is None, e.first_year or 0))
    elif not query.q:
        rows = sorted(rows, key=lambda e: selectors.name_key(e.name))
    facets = []
    for name, title in FACETS:
        counts: dict[str, list] = {}
        for e in rows:
            if _matches(e, query, skip=name):
                for value, label in e.values.get(name, []):
                    counts.setdefault(value, [label, 0])[1] += 1
        order = {"evidence": [v for v, *_ in EVIDENCE_BANDS], "playable": ["yes", "no"]}.get(name)
        items = sorted(counts.items(), key=(lambda kv: order.index(kv[0])) if order else (lambda kv: (-kv[1][1], kv[1][0])))
        facets.append((name, title, [(v, label, n) for v, (label, n) in items]))
    return {"games": [e for e in rows if _matches(e, query)], "facets": facets}
