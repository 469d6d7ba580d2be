"""Evidence and sources as linked data and citations: JSON-LD with schema.org terms,
BibTeX and CSL-JSON (the pages' citation meta tags are archive.citing's)."""
from __future__ import annotations

import re

from django.utils import timezone

from archive import years
from archive.gazetteer import geonames_uri
from archive.importers.citations import citation_parse
from archive.models import Source

SCHEMA = "https://schema.org"


def temporal_coverage(start: int | None, end: int | None) -> str | None:
    """An ISO 8601 interval in astronomical years (schema.org's temporalCoverage): 3100 BCE is
    -3099, and an open end is '..'."""
    return years.edtf(start, end) or None


def source_jsonld(source: dict, base_url: str) -> dict:
    node = {
        "@type": "ScholarlyArticle" if source.get("kind") == "article" else "Book" if source.get("kind") == "book" else "CreativeWork",
        "@id": f"{base_url}/sources/{source['ref']}/",
        "name": source.get("title") or source.get("citation"),
        "description": source.get("citation"),
    }
    if source.get("authors"):
        node["author"] = [{"@type": "Person", "name": a.strip()} for a in source["authors"].split(";") if a.strip()]
    if source.get("year"):
        node["datePublished"] = str(source["year"])
    if source.get("url"):
        node["url"] = source["url"]
    return node


def evidence_jsonld(data: dict, base_url: str, *, context: bool = True) -> dict:
    """A record (the API's JSON) as a schema.org CreativeWork about a Game."""
    url = f"{base_url}/evidence/{data['identifier']}/"
    node: dict = {}
    if context:
        node["@context"] = SCHEMA
    node.update(
        {
            "@type": "CreativeWork",
            "@id": url,
            "url": url,
            "identifier": [data["identifier"], data["ref"]] if data["identifier"] != data["ref"] else data["ref"],
            "name": f"{data['type_label']}: {data['game_name']}" + (f" ({data['date_label']})" if data.get("date_label") else ""),
            "genre": data["type_label"],
            "about": {"@type": "Game", "@id": f"{base_url}/games/{data['game']}/", "name": data["game_name"]},
            "isPartOf": {"@type": "Dataset", "name": "Board game evidence archive", "url": f"{base_url}/evidence/"},
        }
    )
    text = data.get("summary") or data.get("rules_text")
    if text:
        node["description"] = text
    if data.get("content"):
        node["text"] = data["content"]
    coverage = temporal_coverage(data.get("start_year"), data.get("end_year"))
    if coverage:
        node["temporalCoverage"] = coverage
    places = [
        {
            "@type": "Place",
            **({"name": p["name"]} if p.get("name") else {}),
            # A name we gave the coordinates (the source gives none) says how we identified it.
            **({"description": f"Our identification: {p['note']}"} if p.get("name") and p.get("note") else {}),
            "geo": {"@type": "GeoCoordinates", "latitude": float(p["latitude"]), "longitude": float(p["longitude"])},
            # Placed from its name (archive.gazetteer): the name is that GeoNames feature, or the
            # point is a GeoNames town standing for a wider area (the description says which).
            **({"sameAs": geonames_uri(p["geonames_id"])} if p.get("placed_from_name") and p.get("geonames_same") and p.get("geonames_id") else {}),
        }
        for p in data.get("places", [])
    ]
    if not places and data.get("kml"):
        # The DLP names the place without coordinates ("Sri Lanka", "Ancient Egypt").
        places = [{"@type": "Place", "name": data["kml"]}]
    if places:
        node["spatialCoverage"] = places if len(places) > 1 else places[0]
    if data.get("concepts"):
        node["keywords"] = list(data["concepts"])
    audience = [*data.get("ages", []), *data.get("genders", []), *data.get("social_statuses", [])]
    if audience:
        node["audience"] = {"@type": "PeopleAudience", "audienceType": ", ".join(audience)}
    if data.get("sources_detail"):
        node["citation"] = [source_jsonld(s, base_url) for s in data["sources_detail"]]
    if data.get("updated"):
        node["dateModified"] = data["updated"]
    return node


HYDRA = "http://www.w3.org/ns/hydra/core#"


def evidence_jsonld_page(page: dict, base_url: str, page_url: str) -> dict:
    """A page of the API's evidence list (its JSON: count, next, previous, results) as JSON-LD:
    the records, and the page itself as a Hydra PartialCollectionView carrying the links to the
    next and previous pages (also in the Link header) and the total."""
    view: dict = {"@id": page_url, "@type": f"{HYDRA}PartialCollectionView", f"{HYDRA}totalItems": page["count"]}
    for key in ("next", "previous"):
        if page.get(key):
            view[f"{HYDRA}{key}"] = {"@id": page[key]}
    return {
        "@context": SCHEMA,
        "@graph": [*(evidence_jsonld(r, base_url, context=False) for r in page["results"]), view],
    }


# -- BibTeX and CSL-JSON -------------------------------------------------------------------------

BIBTEX_TYPES = {"book": "book", "article": "article", "chapter": "incollection", "webpage": "online"}
CSL_TYPES = {
    "book": "book", "article": "article-journal", "chapter": "chapter", "webpage": "webpage",
    "fieldwork": "interview", "database": "dataset", "other": "document",
}
BIBTEX_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def bibtex_escape(text: str) -> str:
    return "".join(BIBTEX_SPECIAL.get(ch, ch) for ch in re.sub(r"\s+", " ", text or "").strip())


def source_full_text_note(source: Source) -> str:
    """The note a citation export carries: the source's own note, and its full reference text
    where the structured fields may not say everything (no title, or a reference our parser could
    not read completely), so nothing of the reference is lost and nothing is said twice."""
    parts = [source.note.strip()] if source.note.strip() else []
    if source.citation and (not source.title or not citation_parse(source.citation).complete):
        parts.append(source.citation.strip())
    return " ".join(parts)


def _thesis(source: Source) -> str:
    """'phdthesis' or 'mastersthesis' where the note says the source is a thesis, else ''."""
    note = source.note.lower()
    if "thesis" not in note and "dissertation" not in note:
        return ""
    return "phdthesis" if re.search(r"ph\.?\s?d|doctor", note) else "mastersthesis"


def _names(source: Source) -> list[str]:
    return [a.strip() for a in source.authors.split(";") if a.strip()]


def source_bibtex(source: Source) -> str:
    kind = _thesis(source) or BIBTEX_TYPES.get(source.kind, "misc")
    fields = []
    if source.authors:
        fields.append(("author", " and ".join(_bibtex_name(name) for name in _names(source))))
    if source.title:
        fields.append(("title", source.title))
    if source.year:
        fields.append(("year", str(source.year)))
    container_field = {"article": "journal", "incollection": "booktitle"}.get(kind, "howpublished" if kind == "misc" else "")
    if source.container and container_field:
        # A style writes "In" before a booktitle itself.
        fields.append((container_field, re.sub(r"^In:?\s+", "", source.container)))
    for name in ("volume", "pages"):
        if getattr(source, name):
            fields.append((name, getattr(source, name).replace("–", "-").replace("-", "--") if name == "pages" else getattr(source, name)))
    if source.publisher:
        fields.append(("school" if kind.endswith("thesis") else "publisher", source.publisher))
    if source.issue:
        fields.append(("number", source.issue))
    if source.place:
        fields.append(("address", source.place))
    if source.url:
        fields.append(("url", source.url))
    if source.accessed:
        fields.append(("urldate", source.accessed.isoformat()))
    if source.language:
        fields.append(("language", source.language))
    if note := source_full_text_note(source):
        fields.append(("note", note))
    body = ",\n".join(f"  {name} = {{{_bibtex_value(name, value)}}}" for name, value in fields)
    return f"@{kind}{{{source.ref},\n{body}\n}}\n"


def _bibtex_name(author: str) -> str:
    """A creator in BibTeX's author list, escaped: "Family, Given" as it is; a name of one part
    (an institution, "Saqqara Expedition", or a name given whole, "Xu Ke") braced, so BibTeX keeps
    it whole rather than taking its last word for a family name (CSL-JSON's ``literal``)."""
    if author == "others" or "," in author:
        return bibtex_escape(author)
    return "{" + bibtex_escape(author) + "}"


def _bibtex_value(name: str, value: str) -> str:
    if name == "url":
        return value.replace("}", "%7D").replace("{", "%7B")
    if name == "author":  # escaped name by name (_bibtex_name)
        return value
    return bibtex_escape(value)


def _csl_name(author: str) -> dict:
    if author == "others":
        return {"literal": "et al."}
    family, _, given = author.partition(",")
    return {"family": family.strip(), "given": given.strip()} if given.strip() else {"literal": family.strip()}


def source_csl(source: Source, base_url: str = "") -> dict:
    item: dict = {"id": source.ref, "type": "thesis" if _thesis(source) else CSL_TYPES.get(source.kind, "document")}
    if source.title:
        item["title"] = source.title
    if source.authors:
        item["author"] = [_csl_name(a) for a in _names(source)]
    if source.year:
        item["issued"] = {"date-parts": [[source.year]]}
    if source.container:
        item["container-title"] = re.sub(r"^In:?\s+", "", source.container)
    for name, key in (("volume", "volume"), ("issue", "issue"), ("pages", "page"), ("publisher", "publisher"), ("place", "publisher-place"), ("url", "URL"), ("language", "language")):
        if getattr(source, name):
            item[key] = getattr(source, name)
    if _thesis(source):
        item["genre"] = source.note.strip()
    if source.accessed:
        item["accessed"] = {"date-parts": [[source.accessed.year, source.accessed.month, source.accessed.day]]}
    if note := source_full_text_note(source):
        item["note"] = note
    return item


# -- RIS ------------------------------------------------------------------------------------------

RIS_TYPES = {
    "book": "BOOK", "article": "JOUR", "chapter": "CHAP", "webpage": "ELEC", "fieldwork": "PCOMM",
    "database": "DATA", "other": "GEN",
}


def _ris(fields: list[tuple[str, str]]) -> str:
    """One RIS entry: 'TAG  - value' lines (CRLF, as the format's readers expect), TY first and
    ER last; a value's line breaks become spaces (RIS has one line a field)."""
    lines = [f"{tag}  - {' '.join(str(value).split())}" for tag, value in fields if str(value).strip()]
    return "\r\n".join([*lines, "ER  - ", "", ""])


def source_ris(source: Source) -> str:
    kind = "THES" if _thesis(source) else RIS_TYPES.get(source.kind, "GEN")
    fields = [("TY", kind), ("ID", source.ref)]
    fields += [("AU", name) for name in _names(source) if name != "others"]
    fields.append(("TI", source.title))
    if source.year:
        fields.append(("PY", str(source.year)))
    if source.container:
        fields.append(("JO" if kind == "JOUR" else "T2", re.sub(r"^In:?\s+", "", source.container)))
    first, _, last = re.sub(r"\s*[–-]+\s*", "-", source.pages or "").partition("-")
    fields += [("VL", source.volume), ("IS", source.issue), ("SP", first.strip()), ("EP", last.strip()),
               ("PB", source.publisher), ("CY", source.place), ("LA", source.language), ("UR", source.url)]
    if source.accessed:
        fields.append(("Y2", source.accessed.strftime("%Y/%m/%d")))
    fields.append(("N1", source_full_text_note(source)))
    return _ris(fields)


# -- a record cited: BibTeX, CSL-JSON and RIS ---------------------------------------------------------
# A record is a dataset entry of the archive (as its page's citation meta tags say: archive.citing):
# compiled by whoever recorded it, published when the DLP published it, with its identifier, the
# archive's data version, the permalink and the sources it is drawn from.


def _evidence_parts(evidence, permalink: str, version: int) -> dict:
    from archive.citing import ARCHIVE_NAME, DLP_NAME, cited_sources, compiler_name, evidence_published, evidence_title

    published = evidence_published(evidence)
    ids = f"{evidence.dlp_identifier} (our id {evidence.ref})" if evidence.dlp_identifier else evidence.ref
    where = f"Evidence record {ids}"
    if evidence.dlp_id:
        where += f", from the {DLP_NAME}'s database ({published})"
    sources = "; ".join(s.short for s in cited_sources(evidence))
    return {
        "key": evidence.identifier,
        "compiler": compiler_name(evidence.recorded_by),
        "title": evidence_title(evidence),
        "published": published,
        "where": where,
        "publisher": ARCHIVE_NAME,
        "version": f"data version {version}",
        "url": permalink,
        "accessed": timezone.localdate(),
        "note": f"After {sources}." if sources else "",
    }


def evidence_bibtex(evidence, permalink: str, version: int) -> str:
    """A record as a BibTeX @misc entry keyed by its identifier (biblatex reads version and urldate)."""
    p = _evidence_parts(evidence, permalink, version)
    fields = []
    if p["compiler"]:
        fields.append(("author", _bibtex_name(p["compiler"])))
    fields.append(("title", p["title"]))
    if p["published"]:
        fields.append(("year", p["published"][:4]))
        fields.append(("date", p["published"]))
    fields += [("howpublished", p["where"]), ("publisher", p["publisher"]), ("version", p["version"]),
               ("url", p["url"]), ("urldate", p["accessed"].isoformat())]
    if p["note"]:
        fields.append(("note", p["note"]))
    body = ",\n".join(f"  {name} = {{{_bibtex_value(name, value)}}}" for name, value in fields)
    return f"@misc{{{p['key']},\n{body}\n}}\n"


def evidence_csl(evidence, permalink: str, version: int) -> dict:
    """A record as a CSL-JSON item of type dataset."""
    p = _evidence_parts(evidence, permalink, version)
    item: dict = {"id": p["key"], "type": "dataset", "title": p["title"]}
    if p["compiler"]:
        item["author"] = [_csl_name(p["compiler"])]
    if p["published"]:
        item["issued"] = {"date-parts": [[int(part) for part in p["published"].split("-")]]}
    accessed = p["accessed"]
    item.update({
        "publisher": p["publisher"], "number": p["key"], "version": p["version"], "URL": p["url"],
        "accessed": {"date-parts": [[accessed.year, accessed.month, accessed.day]]},
        "note": " ".join(filter(None, [p["where"] + ".", p["note"]])),
    })
    return item


def evidence_ris(evidence, permalink: str, version: int) -> str:
    """A record as an RIS entry of type DATA (a dataset)."""
    p = _evidence_parts(evidence, permalink, version)
    fields = [("TY", "DATA"), ("ID", p["key"]), ("AU", p["compiler"]), ("TI", p["title"])]
    if p["published"]:
        fields += [("PY", p["published"][:4]), ("DA", p["published"].replace("-", "/"))]
    fields += [("PB", p["publisher"]), ("ET", p["version"]), ("AN", p["key"]), ("UR", p["url"]),
               ("Y2", p["accessed"].strftime("%Y/%m/%d")), ("N1", " ".join(filter(None, [p["where"] + ".", p["note"]])))]
    return _ris(fields)


EVIDENCE_CITERS = {"bibtex": evidence_bibtex, "csl": evidence_csl, "ris": evidence_ris}


def evidence_for_citing(ids: list[int]) -> list:
    """The records with these ids, in the order given, with what a citation reads (game, places,
    sources) in a fixed number of queries."""
    from django.db.models import Prefetch

    from archive.models import Evidence, Place

    rows = Evidence.objects.filter(id__in=ids).select_related("game").prefetch_related(
        Prefetch("places", queryset=Place.objects.order_by("order", "id")), "sources"
    )
    by_id = {e.id: e for e in rows}
    return [by_id[i] for i in ids if i in by_id]


def evidence_citations(records: list, fmt: str, base_url: str, version: int):
    """The records cited in ``fmt``: BibTeX or RIS text, or a list of CSL-JSON items."""
    cite = EVIDENCE_CITERS[fmt]
    cited = [cite(e, f"{base_url}{e.get_absolute_url()}", version) for e in records]
    return cited if fmt == "csl" else "\n".join(cited) if fmt == "bibtex" else "".join(cited)
