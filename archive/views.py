from __future__ import annotations

import dataclasses
import hashlib
from functools import wraps

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from archive import bibliography, game_catalogue, selectors
from archive.api.flat import url_template
from archive.citing import evidence_citation
from archive.models import Evidence, EvidenceType, Game
from core.compressed import compressed_copy, kept_response
from games.engine import get_variant
from games.templatetags.play import play_choice

PER_PAGE = 25
# A game page lists its most recent records and links to the browse page for the rest; its map and
# timeline are bounded too, so the page costs the same whatever the size of the archive.
GAME_EVIDENCE_ROWS = 20
MAP_POINTS = 1000
TIMELINE_ITEMS = 500
SOURCE_ROWS = 50


PAGE_CACHE_SECONDS = 300
# The query parameters each cached page reads; others are dropped before the view runs, so
# "?x=1", "?x=2", ... are one page in the cache, not one each. The browse page reads every name
# of the shared filter vocabulary (the API answers an unknown one with 400 instead).
PAGE_PARAMETERS = {
    "evidence_list": frozenset(
        {name for canonical, aliases in selectors.FILTER_PARAMETERS.items() for name in (canonical, *aliases)}
        | {"sort", "page", "all"} | {f"{name}_q" for name in ("game", "source", "concept", "category")}
    ),
    "source_detail": frozenset({"page"}),
    "source_list": frozenset({"q", "sort", "kind", "page"}),
    "sources_export": frozenset({"q", "sort", "kind"}),
    "game_list": frozenset({"q", "sort", "page", "playable", "category", "region", "period", "evidence"}),
}
# The browse page's facets in the sidebar's order: (parameter, title, searchable). A searchable
# facet lists its values by count, shows the first FACET_TOP and has a box to find the others
# (filtering the list as one types, or, without scripts, through ``<name>_q``) and a "show all"
# link (``all=<name>``).
FACETS = (
    ("type", "Type", False),
    ("game", "Game", True),
    ("region", "Region (continent of the places)", False),
    ("period", "Period", False),
    ("category", "Category of game", True),
    ("source", "Source", True),
    ("uncertainty", "Uncertainty factor", False),
    ("concept", "Features of play", True),
    ("age", "Ages", False),
    ("gender", "Genders", False),
    ("status", "Social status", False),
    ("space", "Spaces", False),
)
FACET_TOP = 10
# A search matching more records than this is listed by date unless relevance is asked for
# (?sort=relevance): ranking costs a read of every match, so a search for common words over a
# large archive would cost in proportion to its size.
RELEVANCE_LIMIT = 10_000
FACET_CACHE_SECONDS = 3600


def known_query(request: HttpRequest, names: frozenset[str]) -> QueryDict:
    query = QueryDict(mutable=True)
    for name in sorted(names & set(request.GET)):
        query.setlist(name, request.GET.getlist(name))
    query._mutable = False
    return query


def versioned_page(view):
    """Serve a public page from the cache while the archive is unchanged.

    The key holds the archive's data version (a database row every write bumps in its own
    transaction, so this is right in every process whatever the cache backend), the scheme
    and host (permalinks are absolute), the path, the view's known query parameters (the
    others are dropped, PAGE_PARAMETERS) and today's date (citations say when they were
    accessed). Pages here carry nothing personal (no user, no CSRF token), which is what makes
    sharing them safe. The view gets the version as ``request.archive_version`` for its own
    cached reads."""

    names = PAGE_PARAMETERS.get(view.__name__, frozenset())

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        request.archive_version = version = selectors.data_version()
        request.GET = known_query(request, names)
        # The scheme too: permalinks and canonical links are absolute.
        raw = f"{version}|{timezone.localdate()}|{request.scheme}|{request.get_host()}|{request.path}|{request.GET.urlencode()}"
        # "page2": entries hold (content, type, compressed) since the compressed copy was added.
        key = "page2:" + hashlib.sha256(raw.encode()).hexdigest()
        hit = cache.get(key)
        if hit is None:
            response = view(request, *args, **kwargs)
            if response.status_code != 200 or response.streaming:
                return response
            content = response.content
            # Kept compressed too: GZipMiddleware would otherwise compress the same bytes again
            # for every visitor (a few milliseconds for the home page's 200 KB).
            compressed = compressed_copy(content)
            hit = (content, response["Content-Type"], compressed)
            cache.set(key, hit, PAGE_CACHE_SECONDS)
        return kept_response(request, *hit)

    return wrapper


# The home page shows the playable games and a selection of the others (the most evidenced),
# linking to the catalogue page for every game.
HOME_SELECTION = 12
GAMES_PER_PAGE = 60
SOURCES_PER_PAGE = 100


@require_safe
@versioned_page
def home(request: HttpRequest) -> HttpResponse:
    version = request.archive_version
    games = selectors.game_list()
    # Every game has a card (565 with the DLP): one URL pattern joined to each slug, not a
    # reverse() per card, and one template looping over them, not an include per card.
    head, tail = url_template("archive:game", "slug")
    for game in games:
        game.url = f"{head}{game.slug}{tail}"
    ctx = {
        "games": games,
        "playable": [g for g in games if g.playable_count],
        "others": sorted((g for g in games if not g.playable_count), key=lambda g: (-g.evidence_count, g.name))[:HOME_SELECTION],
        "game_total": len(games),
        "evidence_total": selectors.cached("home:count", Evidence.objects.count, version=version),
    }
    return render(request, "archive/home.html", ctx)


@require_safe
@versioned_page
def game_detail(request: HttpRequest, slug: str) -> HttpResponse:
    game = selectors.game_get(slug)
    if game is None:
        raise Http404(f"No game with the slug {slug!r}")
    version = request.archive_version
    records = Evidence.objects.filter(game=game)
    rows = list(selectors.evidence_list(records).order_by("start_year", "id")[:GAME_EVIDENCE_ROWS])
    ctx = {
        "game": game,
        "native_names": [n for n in game.names.all() if n.kind == n.Kind.NATIVE],
        "aliases": [n for n in game.names.all() if n.kind == n.Kind.ALIAS],
        "rulesets": list(game.rulesets.all()),
        "evidence": rows,
        "evidence_total": selectors.cached(f"game:{game.pk}:count", records.count, version=version),
        "points": selectors.cached(
            f"game:{game.pk}:points", lambda: selectors.evidence_points(records, MAP_POINTS), version=version
        ),
        "timeline": selectors.cached(
            f"game:{game.pk}:timeline", lambda: selectors.evidence_timeline(records, TIMELINE_ITEMS), version=version
        ),
    }
    return render(request, "archive/game_detail.html", ctx)


@require_safe
@versioned_page
def game_list(request: HttpRequest) -> HttpResponse:
    """``/games/``: every game, searched by name and filtered by facets (archive.game_catalogue)."""
    query = game_catalogue.read_query(request.GET)
    found = game_catalogue.browse(query, request.archive_version)
    facet_list = []
    for name, title, items in found["facets"]:
        selected = set(query.selected.get(name, []))
        facet_list.append({
            "name": name, "title": title, "searchable": False, "found": "", "more": 0, "total": len(items),
            "rows": [{"value": v, "label": label, "count": n, "selected": v in selected,
                      "url": _toggled(request.GET, name, v)} for v, label, n in items],
        })
    chips = [(f"{dict(game_catalogue.FACETS)[name]}: {value}", _without(request.GET, name, value))
             for name, values in query.selected.items() for value in values]
    if query.q:
        chips.insert(0, (f"Search: “{query.q}”", _without(request.GET, "q")))
    page = Paginator(found["games"], GAMES_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "archive/game_list.html", {
        "query": query, "page": page, "facet_list": facet_list, "chips": chips,
        "sorts": list(game_catalogue.SORTS.items()), "total": len(game_catalogue.entries(request.archive_version)),
    })


@require_safe
@versioned_page
def source_list(request: HttpRequest) -> HttpResponse:
    """``/sources/``: the bibliography, every source with the records citing it."""
    query, errors = bibliography.read_query(request.GET)
    rows = bibliography.sources(query, version=request.archive_version)
    page = Paginator(rows, SOURCES_PER_PAGE).get_page(request.GET.get("page"))
    params = QueryDict(mutable=True)
    for name in ("q", "sort", "kind"):
        if getattr(query, name) and (name != "sort" or query.sort != bibliography.DEFAULT_SORT):
            params[name] = getattr(query, name)
    suffix = f"?{params.urlencode()}" if params else ""
    exports = [(label, media_type.split(";")[0], f"/sources/export.{ext}{suffix}") for label, media_type, ext in bibliography.EXPORTS.values()]
    return render(request, "archive/source_list.html", {
        "query": query, "errors": errors, "page": page, "count": len(rows), "exports": exports,
        "sorts": list(bibliography.SORTS.items()), "kinds": bibliography.kinds(request.archive_version),
        "total": len(bibliography.sources(bibliography.Query(), version=request.archive_version)),
    })


EXPORT_EXTENSIONS = {ext: fmt for fmt, (_, _, ext) in bibliography.EXPORTS.items()}


@require_safe
@versioned_page
def sources_export(request: HttpRequest, ext: str) -> HttpResponse:
    """``/sources/export.bib`` (BibTeX), ``.json`` (CSL-JSON), ``.ris``: the bibliography as the
    list page shows it (the same q, kind and sort)."""
    fmt = EXPORT_EXTENSIONS.get(ext)
    if fmt is None:
        raise Http404(f"No bibliography export .{ext} (offered: {', '.join('.' + e for e in EXPORT_EXTENSIONS)})")
    query, errors = bibliography.read_query(request.GET)
    if errors:
        return HttpResponse("\n".join(errors) + "\n", status=400, content_type="text/plain; charset=utf-8")
    rows = bibliography.sources(query, version=request.archive_version)
    _, media_type, _ = bibliography.EXPORTS[fmt]
    return HttpResponse(bibliography.export(rows, fmt, request.build_absolute_uri("/").rstrip("/")), content_type=media_type)


def _without(params: QueryDict, name: str, value: str | None = None) -> str:
    """The browse URL with ``name`` (or only its ``value``) removed; back to page 1."""
    params = params.copy()
    if value is None:
        params.pop(name, None)
    else:
        params.setlist(name, [v for v in params.getlist(name) if v != value])
    params.pop("page", None)
    return "?" + params.urlencode()


def browse_facets(request: HttpRequest, f: selectors.EvidenceFilter, facets: dict) -> list[dict]:
    """The sidebar's facets: each with the rows to show (value, label, count, selected, url) and,
    for a long searchable facet, every value as data for its search box (the page renders only
    the first FACET_TOP and the selected ones: rendering hundreds of rows would cost more than
    the rest of the page)."""
    expanded = request.GET.get("all", "")
    out = []
    for name, title, searchable in FACETS:
        items = facets.get(name, [])
        selected = set(request.GET.getlist(name))
        found = (request.GET.get(f"{name}_q") or "").strip()[:100] if searchable else ""
        if found:
            # Accents, case and punctuation aside, as the search reads names ("ses bes": Şeş-Beş).
            needle = selectors.name_key(found)
            items = [i for i in items if needle in selectors.name_key(i[1]) or i[0] in selected]
        if not items and not found:
            continue
        cut = searchable and not found and expanded != name and len(items) > FACET_TOP
        shown = [i for rank, i in enumerate(items) if not cut or rank < FACET_TOP or i[0] in selected]
        rows = [{"value": value, "label": label, "count": count, "selected": value in selected,
                 "url": _toggled(request.GET, name, value)} for value, label, count in shown]
        hidden_inputs = [(k, v) for k, values in request.GET.lists() if k not in (f"{name}_q", "page", "all") for v in values]
        out.append({
            "name": name, "title": title, "searchable": searchable and len(items) > FACET_TOP or bool(found),
            "rows": rows, "found": found, "more": len(items) - len(shown), "total": len(items),
            # Every value for the search box's script: [value, label, count, the label folded].
            "values": [[v, label, n, selectors.name_key(label)] for v, label, n in items] if cut else None,
            "values_id": f"facet-{name}-values",
            "all_url": _with(request.GET, "all", name), "hidden_inputs": hidden_inputs,
            "clear_url": _without(request.GET, f"{name}_q"),
        })
    return out


def _toggled(params: QueryDict, name: str, value: str) -> str:
    """The browse URL with ``name=value`` added, or removed if present; back to page 1."""
    params = params.copy()
    values = params.getlist(name)
    params.setlist(name, [v for v in values if v != value] if value in values else [*values, value])
    params.pop("page", None)
    return "?" + params.urlencode()


def _with(params: QueryDict, name: str, value: str) -> str:
    params = params.copy()
    params[name] = value
    return "?" + params.urlencode()


def _without_page(params: QueryDict) -> QueryDict:
    params = params.copy()
    params.pop("page", None)
    return params


def browse_chips(request: HttpRequest, f: selectors.EvidenceFilter, facets: dict) -> list[tuple[str, str]]:
    """The active filters as (text, URL without it): one removable chip each."""
    labels = {name: {v: label for v, label, _ in facets.get(name, [])} for name, _, _ in FACETS}
    titles = {name: title.split(" (")[0] for name, title, _ in FACETS}
    names = selectors.filter_parameter_names()
    facet_names = {name for name, _, _ in FACETS}
    chips = []
    for name, values in request.GET.lists():
        if name not in names or name in ("page",):
            continue
        for value in values:
            if not value or name in f.errors or name == "bbox":  # the map box has its own chip
                continue
            if name in facet_names or name in {"social_status", "uncertainty_factor"}:
                key = {"social_status": "status", "uncertainty_factor": "uncertainty"}.get(name, name)
                text = f"{titles[key]}: {labels[key].get(value, value)}"
            elif name == "q":
                text = f"Search: “{value}”"
            elif name == "has_uncertainty":
                text = "With an uncertainty factor" if f.has_uncertainty else "Without an uncertainty factor"
            else:
                text = f"{CHIP_TITLES.get(name, name)}: {value}"
            chips.append((text, _without(request.GET, name, value)))
    return chips


# The browse page's sorts besides relevance: (?sort= value, label). Oldest and newest put undated
# records last, as the API's ordering=date and -date do (selectors.SORTS).
BROWSE_SORTS = [("date", "oldest"), ("-date", "newest"), ("confidence", "highest confidence"),
                ("lowest-confidence", "lowest confidence")]
# The browse page's downloads of exactly the listed records: (label, export URL name, media type).
BROWSE_DOWNLOADS = [
    ("CSV", "api:export-csv", "text/csv"), ("GeoJSON", "api:export-geojson", "application/geo+json"),
    ("JSON-LD", "api:export-jsonld", "application/ld+json"), ("BibTeX", "api:export-bibtex", "application/x-bibtex"),
    ("RIS", "api:export-ris", "application/x-research-info-systems"),
    ("CSL-JSON", "api:export-csl", "application/vnd.citationstyles.csl+json"),
]

CHIP_TITLES = {
    "from": "From", "date_from": "From", "to": "To", "date_to": "To", "confidence": "Confidence at least",
    "confidence_min": "Confidence at least", "confidence_max": "Confidence at most", "verified": "Verified",
    "bbox": "Map box", "has_places": "Has places", "dlp_id": "DLP id", "ruleset": "Ruleset",
}


@require_safe
@versioned_page
def evidence_list(request: HttpRequest) -> HttpResponse:
    f = selectors.evidence_filter_parse(request.GET)
    facets = selectors.evidence_facets_cached(f, version=request.archive_version, timeout=FACET_CACHE_SECONDS)
    ranked = bool(f.q)
    # Ranking reads every matching record: a search matching most of a large archive is listed
    # by date unless relevance is asked for (the sort links say so and offer it).
    broad = ranked and not f.sort and facets["total"] > RELEVANCE_LIMIT
    listed = dataclasses.replace(f, sort="date") if broad else f
    queryset = selectors.evidence_apply_filter(selectors.evidence_list(), listed)
    paginator = Paginator(queryset, PER_PAGE)
    paginator.count = facets["total"]  # counted with the facets, in the same query
    page = paginator.get_page(request.GET.get("page"))
    ctx = {
        "filter": f,
        "page": page,
        "facets": facets,
        "facet_list": browse_facets(request, f, facets),
        "chips": browse_chips(request, f, facets),
        "type_labels": dict(EvidenceType.choices),
        "sorts": [(key, label, _with(_without_page(request.GET), "sort", key))
                  for key, label in [("relevance", "relevance")] * ranked + BROWSE_SORTS],
        "uncertain_url": _with(_without_page(request.GET), "has_uncertainty", "true"),
        "downloads": [(label, reverse(name), media_type) for label, name, media_type in BROWSE_DOWNLOADS],
        "default_sort": "relevance" if ranked and not broad else "date",
        "broad": broad,
    }
    return render(request, "archive/evidence_list.html", ctx)


@require_safe
@versioned_page
def evidence_detail(request: HttpRequest, identifier: str) -> HttpResponse:
    evidence = selectors.evidence_get(identifier)
    if evidence is None:
        raise Http404(f"No evidence record {identifier!r}")
    if identifier != evidence.identifier:
        # One permalink per record: our ref redirects to the DLP identifier where there is one.
        return HttpResponsePermanentRedirect(evidence.get_absolute_url())
    permalink = request.build_absolute_uri(evidence.get_absolute_url())
    places = list(evidence.places.all())
    ctx = {
        "evidence": evidence,
        "places": places,
        "permalink": permalink,
        "citation": evidence_citation(evidence, permalink, request.archive_version),
        "points": [
            {"lat": float(p.latitude), "lon": float(p.longitude), "place": p.name or p.coordinates_text,
             "id": evidence.identifier, "url": evidence.get_absolute_url(), **({"placed": p.precision} if p.precision else {})}
            for p in places
        ],
    }
    return render(request, "archive/evidence_detail.html", ctx)


@require_safe
@versioned_page
def source_detail(request: HttpRequest, ref: str) -> HttpResponse:
    source = selectors.source_get(ref)
    if source is None:
        raise Http404(f"No source {ref!r}")
    if ref != source.ref:
        return HttpResponsePermanentRedirect(source.get_absolute_url())
    uses = selectors.source_uses(source)
    # Every record citing the source, SOURCE_ROWS a page, with the count and next/previous links.
    records = Paginator(selectors.evidence_list(source.evidence.all()).order_by("start_year", "id"), SOURCE_ROWS)
    uses["evidence"] = records.get_page(request.GET.get("page"))
    ctx = {"source": source, "uses": uses}
    return render(request, "archive/source_detail.html", ctx)


def game_play_page(request: HttpRequest, slug: str) -> HttpResponse:
    """``/play/<game slug>/`` (shesh-besh): a board of the game's first playable ruleset (or the
    one named by ``?ruleset=<slug>``), offering its others."""
    game = Game.objects.filter(slug=slug).prefetch_related("rulesets").first()
    if game is None:
        raise Http404(f"no playable variant or game {slug!r}")
    choice = play_choice(list(game.rulesets.all()), request.GET.get("ruleset", ""), game)
    top = choice["top"]
    if top is None and choice["engine"] and not request.GET.get("ruleset"):
        # No ruleset names an engine, but one is named after the game (backgammon).
        engine = choice["engine"]
        board = {**engine, "slug": "play"}
        return render(request, "games/play.html", {"ruleset": board, "title": game.name, "game": game, "top": None, "others": []})
    if top is None:
        raise Http404(f"{game.name} has no ruleset that can be played here")
    wanted = request.GET.get("ruleset")
    if wanted and wanted != top.slug:
        raise Http404(f"{game.name} has no playable ruleset {wanted!r}")
    found = get_variant(top.variant)
    board = {"variant": found.key, "options": top.options, "name": top.name, "slug": "play"}
    title = game.name if top.name == game.name else f"{game.name}: {top.name}"
    return render(request, "games/play.html", {
        "ruleset": board, "title": title, "game": game, "top": top, "others": choice["others"],
    })
