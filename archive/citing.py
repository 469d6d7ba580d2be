"""How a record and a source are cited: the human citation on a record's page, and the metadata
in the head of record and source pages that reference managers read.

The head carries Highwire ``citation_*`` tags and a few Dublin Core ones, chosen for what
Zotero's Embedded Metadata translator (zotero/translators, "Embedded Metadata.js", with the RDF
translator it hands DC tags to) makes of them:

* the item type: Highwire tags decide it for articles (``citation_journal_title``), chapters
  (``citation_book_title``) and theses (``citation_dissertation_institution``); for everything
  else ``DC.type`` names the Zotero type (``book``, ``webpage``, ``dataset``, ...), which the
  translator prefers to its guess (a journal article) from a bare ``citation_title``;
* creators: one ``citation_author`` per person, "Family, Given";
* the date: the source's year; for a record, when the DLP published it (the day it was added
  where the DLP says, else the release of its database the record comes from), never the day
  we last changed our copy;
* the archive: ``citation_publisher`` (a dataset's repository), the permalink
  (``citation_public_url``) and the DLP id (``citation_technical_report_number``, the
  translator's one tag for an item's number: a dataset's identifier).

tests/archive/test_zotero.py applies those rules to rendered pages.
"""
from __future__ import annotations

import re

from django.utils import timezone

from archive import selectors
from archive.importers.citations import citation_parse
from archive.models import Evidence, Source

ARCHIVE_NAME = "Board game evidence archive"
DLP_NAME = "Digital Ludeme Project"
# The release of the DLP database the archive's DLP records come from (archive/data/dlp/).
DLP_RELEASE = "2020-08-11"

# DC.type for the kinds whose Zotero type no Highwire tag sets (CSL-JSON's names where they agree).
ZOTERO_TYPES = {"book": "book", "webpage": "webpage", "fieldwork": "interview", "database": "dataset", "other": "document"}


def compiler_name(username: str) -> str:
    """The DLP's username of whoever recorded a record, as a name: 'Walter.Crist' -> 'Crist, Walter'."""
    parts = [p for p in re.split(r"[._]", (username or "").strip()) if p]
    if len(parts) >= 2:
        return f"{parts[-1]}, {' '.join(parts[:-1])}"
    return parts[0] if parts else ""


def highwire_name(name: str) -> str:
    """A creator as a citation_author: 'Family, Given' as it is; a name of one part (an
    institution, 'Digital Ludeme Project', or a single name, 'Ovid') ends with a comma, which
    tells the translator it is all family name (split at spaces it would be 'Project, Digital
    Ludeme')."""
    name = name.strip()
    return name if "," in name else f"{name},"


def names_record(evidence: Evidence, source: Source) -> bool:
    """Whether a source is the record itself (the portal's page for this very record)."""
    ident = evidence.dlp_identifier
    if not ident:
        return False
    pattern = re.compile(re.escape(ident) + r"(?!\d)")
    return bool(pattern.search(source.citation) or pattern.search(source.title))


def cited_sources(evidence: Evidence) -> list[Source]:
    """The sources a record is drawn from, less any that is the record itself."""
    return [s for s in evidence.sources.all() if not names_record(evidence, s)]


def evidence_title(evidence: Evidence) -> str:
    """'Béchi: ethnography, Barentu, Gash-Barka (Kunama country), 1971'."""
    parts = [evidence.get_type_display().lower()]
    if evidence.place_label:
        parts.append(evidence.place_label)
    if evidence.date_display:
        parts.append(evidence.date_display)
    return f"{evidence.game.name}: {', '.join(parts)}"


def evidence_published(evidence: Evidence) -> str:
    """When the record was published by whoever made it, as an ISO date: the day the DLP added it
    where it says, else the release of the DLP database it comes from; our own records, the day
    they were added here. Never the day of our last change."""
    if evidence.dlp_id:
        return evidence.dlp_added.date().isoformat() if evidence.dlp_added else DLP_RELEASE
    return timezone.localdate(evidence.created).isoformat() if evidence.created else ""


def evidence_citation(evidence: Evidence, permalink: str, version: int | None = None) -> str:
    """A reference to the record, ready to paste: who compiled it, what, where and when, the
    sources it is drawn from (never the record itself), the archive and its data version, the
    permalink and the day of access."""
    version = selectors.data_version() if version is None else version
    compiler = compiler_name(evidence.recorded_by)
    head = f"{compiler}, compiler. " if compiler else ""
    ids = f"{evidence.dlp_identifier} (our id {evidence.ref})" if evidence.dlp_identifier else evidence.ref
    text = f"{head}“{evidence_title(evidence)}.” Evidence record {ids}"
    if evidence.dlp_id:
        text += f", from the {DLP_NAME}'s database ({evidence_published(evidence)})"
    sources = "; ".join(s.short for s in cited_sources(evidence))
    if sources:
        text += f", after {sources}"
    today = timezone.localdate().isoformat()
    return f"{text}. {ARCHIVE_NAME}, data version {version}. {permalink} (accessed {today})."


def evidence_meta(evidence: Evidence, permalink: str) -> list[tuple[str, str]]:
    """The head's citation metadata for a record: a dataset entry (Zotero's "Dataset")."""
    tags = [("citation_title", evidence_title(evidence))]
    compiler = compiler_name(evidence.recorded_by)
    if compiler:
        tags.append(("citation_author", highwire_name(compiler)))
    published = evidence_published(evidence)
    if published:
        tags.append(("citation_date", published.replace("-", "/")))
    tags += [
        ("citation_publisher", ARCHIVE_NAME),
        ("citation_public_url", permalink),
        ("citation_technical_report_number", evidence.identifier),
        ("citation_language", "en"),
        ("DC.type", "dataset"),
        ("DC.identifier", evidence.identifier),
    ]
    if evidence.dlp_identifier:
        tags.append(("DC.identifier", evidence.ref))
    for source in cited_sources(evidence):
        tags.append(("citation_reference", source.citation))
    return tags


def _pages(pages: str) -> tuple[str, str]:
    first, _, last = re.sub(r"\s*[–-]+\s*", "-", pages or "").partition("-")
    return first.strip(), last.strip()


def source_meta(source: Source, permalink: str) -> list[tuple[str, str]]:
    """The head's citation metadata for a source: the work itself (its type, authors, year,
    container, pages and publisher), with our page as its link where it has no link of its own."""
    thesis = "thesis" in source.note.lower() or "dissertation" in source.note.lower()
    tags: list[tuple[str, str]] = []
    parsed = bool(source.title)
    if parsed:
        tags.append(("citation_title", source.title))
    else:
        # A reference the parser could not read: no field is guessed, and the item's title is the
        # whole reference, uncut (a reference manager needs a title; its user can split it).
        tags.append(("citation_title", " ".join(source.citation.split())))
    for author in (a.strip() for a in source.authors.split(";")):
        if author and author != "others":
            tags.append(("citation_author", highwire_name(author)))
    if source.year:
        tags.append(("citation_date", str(source.year)))
    if source.kind == "article" and source.container:
        tags.append(("citation_journal_title", re.sub(r"^In:?\s+", "", source.container)))
    elif source.kind == "chapter" and source.container:
        tags.append(("citation_book_title", re.sub(r"^In:?\s+", "", source.container)))
    elif thesis and source.publisher:
        tags.append(("citation_dissertation_institution", source.publisher))
    else:
        tags.append(("DC.type", ZOTERO_TYPES.get(source.kind, "document")))
    if source.volume:
        tags.append(("citation_volume", source.volume))
    if source.issue:
        tags.append(("citation_issue", source.issue))
    first, last = _pages(source.pages)
    if first:
        tags.append(("citation_firstpage", first))
    if last:
        tags.append(("citation_lastpage", last))
    if source.publisher and not thesis:
        tags.append(("citation_publisher", source.publisher))
    if source.language:
        tags.append(("citation_language", source.language))
    # The link: a web page's own address; for any other work, our page for it (the permalink).
    tags.append(("citation_public_url", source.url if source.kind == "webpage" and source.url else permalink))
    if parsed and not citation_parse(source.citation).complete:
        # Read only in part: the whole reference goes with it, so nothing of it is lost.
        tags.append(("DC.description", " ".join(source.citation.split())))
    return tags

