"""The bibliography (/sources/): every source with the number of records, games and rulesets
citing it, searched and sorted as a reader asks, and the list in BibTeX, CSL-JSON and RIS.

The sources are few beside the records (542 in the DLP): the list is read in one query, counted
in the same, and filtered here, so that a search folds accents and punctuation as the browse
page's facet boxes do ("Pankhurst", "pankhurst", "Şeş" and "ses" alike).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from archive import selectors
from archive.api.linked_data import source_bibtex, source_csl
from archive.models import Source

# The sorts offered, value: label. "cited" puts the most cited first.
SORTS = {
    "author": "author",
    "year": "oldest first",
    "-year": "newest first",
    "cited": "most cited",
}
DEFAULT_SORT = "author"


@dataclass(frozen=True)
class Query:
    q: str = ""
    sort: str = DEFAULT_SORT
    kind: str = ""


def read_query(params) -> tuple[Query, list[str]]:
    """The list's query from a request's parameters, and what in it cannot be read (each named)."""
    errors = []
    sort = (params.get("sort") or DEFAULT_SORT).strip()
    if sort not in SORTS:
        errors.append(f"sort: {sort!r} is not one of {', '.join(SORTS)}; sorted by author.")
        sort = DEFAULT_SORT
    kind = (params.get("kind") or "").strip()
    if kind and kind not in Source.Kind.values:
        errors.append(f"kind: {kind!r} is not one of {', '.join(Source.Kind.values)}.")
        kind = ""
    return Query(q=(params.get("q") or "").strip()[:200], sort=sort, kind=kind), errors


def _all_sources() -> list[Source]:
    return list(
        Source.objects.annotate(
            records=Count("evidence", distinct=True),
            game_count=Count("games", distinct=True),
            ruleset_count=Count("rulesets", distinct=True),
        ).order_by("id")
    )


def _sort_key(sort: str):
    def author(s: Source):
        return (selectors.name_key(s.authors or s.citation), s.year or 0, s.id)

    if sort == "year":
        return lambda s: (s.year is None, s.year or 0, author(s))
    if sort == "-year":
        return lambda s: (s.year is None, -(s.year or 0), author(s))
    if sort == "cited":
        return lambda s: (-s.records, author(s))
    return author


def sources(query: Query, *, version: int) -> list[Source]:
    """The sources matching ``query``, in its order (undated sources last in either date order)."""
    rows = selectors.cached("bibliography:all", _all_sources, version=version)
    if query.kind:
        rows = [s for s in rows if s.kind == query.kind]
    if query.q:
        needle = selectors.name_key(query.q)
        rows = [s for s in rows if needle in selectors.name_key(" ".join(
            (s.citation, s.authors, s.title, s.container, s.ref, s.dlp_identifier, str(s.year or ""))))]
    return sorted(rows, key=_sort_key(query.sort))


def kinds(version: int) -> list[tuple[str, str, int]]:
    """(value, label, count) of each kind of source the archive holds."""
    rows = selectors.cached("bibliography:all", _all_sources, version=version)
    labels = dict(Source.Kind.choices)
    counts: dict[str, int] = {}
    for s in rows:
        counts[s.kind] = counts.get(s.kind, 0) + 1
    return [(k, labels.get(k, k), counts[k]) for k in Source.Kind.values if k in counts]


# -- the list in reference managers' formats ---------------------------------------------------

RIS_TYPES = {"book": "BOOK", "article": "JOUR", "chapter": "CHAP", "webpage": "ELEC", "fieldwork": "UNPB", "database": "DBASE"}


def source_ris(source: Source, base_url: str = "") -> str:
    """One source as a RIS record (the tagged format EndNote, Zotero and Mendeley import)."""
    lines = [("TY", RIS_TYPES.get(source.kind, "GEN"))]
    for author in (a.strip() for a in source.authors.split(";")):
        if author:
            lines.append(("AU", author))
    if source.title:
        lines.append(("TI", source.title))
    if source.container:
        lines.append(("T2", source.container))
    if source.year:
        lines.append(("PY", str(source.year)))
    for tag, name in (("VL", "volume"), ("IS", "issue"), ("PB", "publisher"), ("CY", "place"), ("LA", "language"), ("UR", "url")):
        if getattr(source, name):
            lines.append((tag, getattr(source, name)))
    if source.pages:
        first, _, last = source.pages.replace("–", "-").partition("-")
        lines.append(("SP", first.strip()))
        if last.strip():
            lines.append(("EP", last.strip()))
    if source.accessed:
        lines.append(("Y2", source.accessed.strftime("%Y/%m/%d")))
    lines.append(("N1", source.citation))
    lines.append(("ID", source.ref))
    if base_url:
        lines.append(("L2", base_url + source.get_absolute_url()))
    # A tag, two spaces, a hyphen and a space; values on one line each.
    body = "".join(f"{tag}  - {' '.join(str(value).split())}\r\n" for tag, value in lines)
    return body + "ER  - \r\n"


EXPORTS = {
    # format: (label, media type, file extension)
    "bibtex": ("BibTeX", "application/x-bibtex; charset=utf-8", "bib"),
    "csl": ("CSL-JSON", "application/vnd.citationstyles.csl+json", "json"),
    "ris": ("RIS", "application/x-research-info-systems; charset=utf-8", "ris"),
}


def export(rows: list[Source], fmt: str, base_url: str) -> str:
    if fmt == "bibtex":
        return "\n".join(source_bibtex(s) for s in rows)
    if fmt == "ris":
        return "\r\n".join(source_ris(s, base_url) for s in rows)
    import json

    return json.dumps([source_csl(s, base_url) for s in rows], ensure_ascii=False, indent=1)
