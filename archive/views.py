from __future__ import annotations

import hashlib
from functools import wraps

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect, QueryDict
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from archive import selectors
from archive.models import Evidence, EvidenceType

PER_PAGE = 25
# A game page lists its most recent records and links to the browse page for the rest; its map and
# timeline are bounded too, so the page costs the same whatever the size of the archive.
GAME_EVIDENCE_ROWS = 20
MAP_POINTS = 1000
TIMELINE_ITEMS = 500


PAGE_CACHE_SECONDS = 300
# The query parameters each cached page reads; others are dropped before the view runs, so
# "?x=1", "?x=2", ... are one page in the cache, not one each. The browse page reads every name
# of the shared filter vocabulary (the API answers an unknown one with 400 instead).
PAGE_PARAMETERS = {
    "evidence_list": frozenset(
        {name for canonical, aliases in selectors.FILTER_PARAMETERS.items() for name in (canonical, *aliases)}
        | {"sort", "page"}
    ),
}


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
        key = "page:" + hashlib.sha256(raw.encode()).hexdigest()
        hit = cache.get(key)
        if hit is not None:
            content, content_type = hit
            return HttpResponse(content, content_type=content_type)
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            cache.set(key, (response.content, response["Content-Type"]), PAGE_CACHE_SECONDS)
        return response

    return wrapper


@require_safe
@versioned_page
def home(request: HttpRequest) -> HttpResponse:
    version = request.archive_version
    games = selectors.game_list()
    points = selectors.cached("home:points", lambda: selectors.evidence_points(Evidence.objects.all(), MAP_POINTS), version=version)
    ctx = {
        "games": games,
        "playable": [g for g in games if g.playable_count],
        "others": [g for g in games if not g.playable_count],
        "points": points,
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
def evidence_list(request: HttpRequest) -> HttpResponse:
    f = selectors.evidence_filter_parse(request.GET)
    facets_qs = selectors.evidence_apply_filter(Evidence.objects.all(), f)
    facets = selectors.cached(
        "facets:" + selectors.evidence_filter_key(f),
        lambda: selectors.evidence_facets(facets_qs),
        version=request.archive_version,
        timeout=300,
    )
    queryset = selectors.evidence_apply_filter(selectors.evidence_list(), f)
    paginator = Paginator(queryset, PER_PAGE)
    paginator.count = facets["total"]  # counted with the facets, in the same query
    page = paginator.get_page(request.GET.get("page"))
    ctx = {
        "filter": f,
        "page": page,
        "facets": facets,
        "type_labels": dict(EvidenceType.choices),
        "vocabulary_facets": [
            (key, title, facets.get(key, []))
            for key, title in (
                ("age", "Ages"), ("gender", "Genders"), ("status", "Social status"), ("space", "Spaces"),
                ("concept", "Features of play"),
            )
        ],
        "points": selectors.evidence_points_of(page.object_list),
        "sorts": [("relevance", "relevance")] * bool(f.q and selectors.on_postgres()) + [("date", "oldest"), ("-date", "newest"), ("confidence", "confidence")],
        "default_sort": "relevance" if f.q and selectors.on_postgres() else "date",
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
        "citation": evidence_citation(evidence, permalink),
        "points": [
            {"lat": float(p.latitude), "lon": float(p.longitude), "place": p.name or p.coordinates_text,
             "id": evidence.identifier, "url": evidence.get_absolute_url()}
            for p in places
        ],
    }
    return render(request, "archive/evidence_detail.html", ctx)


def evidence_citation(evidence: Evidence, permalink: str) -> str:
    """A reference to the record itself, ready to paste: what, where, when, which archive, link."""
    where = evidence.place_label
    parts = [f"{evidence.game.name}: {evidence.get_type_display()}"]
    if where:
        parts.append(where)
    if evidence.date_display:
        parts.append(evidence.date_display)
    sources = "; ".join(s.short for s in evidence.sources.all())
    text = ", ".join(parts) + "."
    if sources:
        text += f" After {sources}."
    ids = evidence.dlp_identifier and f"{evidence.dlp_identifier} (our id {evidence.ref})" or evidence.ref
    today = timezone.localdate().isoformat()
    return f"{text} Evidence record {ids}. Board game evidence archive. {permalink} (accessed {today})."


@require_safe
@versioned_page
def source_detail(request: HttpRequest, ref: str) -> HttpResponse:
    source = selectors.source_get(ref)
    if source is None:
        raise Http404(f"No source {ref!r}")
    if ref != source.ref:
        return HttpResponsePermanentRedirect(source.get_absolute_url())
    ctx = {"source": source, "uses": selectors.source_uses(source)}
    return render(request, "archive/source_detail.html", ctx)
