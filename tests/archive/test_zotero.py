"""What Zotero makes of a record page and a source page.

Zotero saves a web page through its "Embedded Metadata" translator (zotero/translators,
Embedded Metadata.js, which hands Dublin Core and Open Graph tags to its RDF translator, RDF.js).
``zotero_item`` below re-implements, in our own code, the part of those rules that reads the tags
our pages emit: the item type (Highwire tags first, then DC.type/og:type, then the guess a bare
citation_title makes: a journal article), the Highwire field table, creators (citation_author,
names split as ZU.cleanAuthor does), pages, the date and URL fall-backs, and the last resorts
(the document's title, the canonical link). The tests render real pages and check the item.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone as tz
from html.parser import HTMLParser

import pytest
from django.test import Client

from archive import citing
from archive.importers.citations import parse_citation
from archive.models import Evidence, Game, Place, Source
from archive.services import archive_changed
from tests.archive.archive_helpers import fresh_cache  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

# citation_* tag -> Zotero field (Embedded Metadata's HIGHWIRE_MAPPINGS; the first tag found wins).
HIGHWIRE_FIELDS = {
    "citation_title": "title", "citation_publication_date": "date", "citation_cover_date": "date", "citation_date": "date",
    "citation_journal_title": "publicationTitle", "citation_journal_abbrev": "journalAbbreviation",
    "citation_inbook_title": "publicationTitle", "citation_book_title": "bookTitle", "citation_volume": "volume",
    "citation_issue": "issue", "citation_series_title": "series", "citation_conference_title": "conferenceName",
    "citation_conference": "conferenceName", "citation_dissertation_institution": "university",
    "citation_technical_report_institution": "institution", "citation_technical_report_number": "number",
    "citation_publisher": "publisher", "citation_isbn": "ISBN", "citation_abstract": "abstractNote", "citation_doi": "DOI",
    "citation_public_url": "url", "citation_language": "language",
}
# A Highwire tag that fixes the type, and those that only suggest one.
HIGHWIRE_TYPES = {
    "citation_journal_title": "journalArticle", "citation_technical_report_institution": "report",
    "citation_conference_title": "conferencePaper", "citation_conference": "conferencePaper",
    "citation_book_title": "bookSection", "citation_inbook_title": "bookSection", "citation_dissertation_institution": "thesis",
}
HIGHWIRE_GUESSES = {"citation_title": "journalArticle", "citation_series_title": "journalArticle", "citation_isbn": "book"}
# Namespaces the translator hands to RDF (a tag "DC.type" or "og:type" is a statement, not a Highwire tag).
RDF_PREFIXES = {"bib", "bibo", "dc", "dcterms", "prism", "foaf", "vcard", "link", "z", "eprint", "eprints", "og", "article", "book", "music", "video", "so", "codemeta", "rdf"}
# Zotero's item types (a DC.type naming one is taken as it is).
ZOTERO_TYPES = {
    "artwork", "audioRecording", "bill", "blogPost", "book", "bookSection", "case", "computerProgram", "conferencePaper",
    "dataset", "dictionaryEntry", "document", "email", "encyclopediaArticle", "film", "forumPost", "hearing", "instantMessage",
    "interview", "journalArticle", "letter", "magazineArticle", "manuscript", "map", "newspaperArticle", "patent", "podcast",
    "preprint", "presentation", "radioBroadcast", "report", "standard", "statute", "thesis", "tvBroadcast", "videoRecording", "webpage",
}
DC_TYPE_WORDS = {"book": "book", "report": "report", "thesis": "thesis", "dataset": "dataset", "webpage": "webpage", "homepage": "webpage",
                 "article": "journalArticle", "journalarticle": "journalArticle", "bookitem": "bookSection", "text": None}
OG_TYPES = {"website": "webpage", "book": "book", "video.movie": "videoRecording", "music.song": "audioRecording"}
# Base fields a type names otherwise (Zotero stores a base field under the type's own name).
TYPE_FIELDS = {"dataset": {"publisher": "repository", "number": "identifier"}, "report": {"number": "reportNumber"}}


class Head(HTMLParser):
    def __init__(self):
        super().__init__()
        self.meta: list[tuple[str, str]] = []
        self.canonical = ""
        self.lang = ""
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and (a.get("name") or a.get("property")) and a.get("content"):
            self.meta.append((a.get("name") or a.get("property"), a["content"]))
        elif tag == "link" and a.get("rel") == "canonical":
            self.canonical = a["href"]
        elif tag == "html":
            self.lang = a.get("lang", "")
        elif tag == "title":
            self._in_title = True

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def clean_author(name: str, role: str, use_comma: bool) -> dict:
    """As ZU.cleanAuthor: 'Family, Given' with a comma, else the last word is the family name
    (stray punctuation at either end goes; initials keep their full stops, as Zotero writes them)."""
    name = re.sub(r"[\s,/\[\]:]+$", "", re.sub(r"^[\s.,/\[\]:]+", "", name)).strip()
    if use_comma:
        family, _, given = name.partition(",")
        return {"lastName": family.strip(), "firstName": given.strip(), "creatorType": role}
    given, _, family = name.rpartition(" ")
    return {"lastName": family, "firstName": given, "creatorType": role}


def highwire_creators(values: list[str], role: str, language: str) -> list[dict]:
    creators, last = [], None
    for value in values:
        names = re.split(r"\s*;\s*", value)
        if len(names) == 1 and len(values) == 1:
            by_comma = re.split(r"\s*,\s*", names[0])
            spanish = len(by_comma) == 2 and language in ("es", "spa", "Spanish", "español") and len(by_comma[0].split(" ")) == 2
            if len(by_comma) > 1 and " " in by_comma[0] and " " in by_comma[1] and not spanish:
                names = by_comma
        for name in names:
            name = name.strip()
            if not re.search(r"[^\s,\-.;]", name) or name == last:
                continue
            last = name
            creators.append(clean_author(name, role, "," in name))
    return creators


def zotero_item(html: str, page_url: str) -> dict:
    head = Head()
    head.feed(html)
    # Highwire tags are matched by how their name ends (meta[name$="citation_title"]).
    def first(name):
        return next((v for k, v in head.meta if k.endswith(name)), "")

    def every(name):
        return [v for k, v in head.meta if k.endswith(name)]

    hw_type = hw_guess = None
    statements: dict[str, list[str]] = {}
    for names, value in head.meta:
        for tag in names.split():
            prefix = re.split(r"[.:_]", tag)[0]
            if prefix.lower() in RDF_PREFIXES:
                prop = tag[len(prefix) + 1:]
                statements.setdefault(f"{prefix.lower()}:{prop[:1].lower()}{prop[1:]}", []).append(value)
                continue
            short = tag[tag.rfind("citation_"):] if "citation_" in tag else tag
            hw_type = HIGHWIRE_TYPES.get(short, hw_type)
            if short == "citation_isbn":
                hw_guess = "book"
            elif short in HIGHWIRE_GUESSES:
                hw_guess = hw_guess or HIGHWIRE_GUESSES[short]

    # RDF's type: og:type, then dc:type (a Zotero type's own name, or a word it knows); else the guess.
    rdf_type = None
    if statements:
        og = OG_TYPES.get((statements.get("og:type") or [""])[0])
        dc_value = (statements.get("dc:type") or [""])[0]
        dc = dc_value if dc_value in ZOTERO_TYPES else DC_TYPE_WORDS.get(dc_value.lower().replace(" ", ""))
        rdf_type = og or dc or hw_guess or "webpage"
    item_type = hw_type or rdf_type or hw_guess or "webpage"

    item: dict = {"itemType": item_type}
    # What RDF reads from the DC and OG statements, before the Highwire tags override it.
    for key, field in (("dc:title", "title"), ("og:title", "title"), ("dc:date", "date"), ("dc:publisher", "publisher"),
                       ("dc:language", "language"), ("dc:description", "abstractNote"), ("og:description", "abstractNote")):
        if statements.get(key) and field not in item:
            item[field] = statements[key][0]
    if statements.get("og:url"):
        item.setdefault("url", statements["og:url"][0])
    if statements.get("dc:creator"):
        item["creators"] = [clean_author(c, "author", "," in c) for c in statements["dc:creator"]]
    for tag, field in HIGHWIRE_FIELDS.items():
        value = next((v for k, v in head.meta if k.endswith(tag) and v.strip()), "")
        if value:
            item[field] = " ".join(value.split())
    creators = highwire_creators(every("citation_author") or every("citation_authors"), "author", first("citation_language"))
    creators += highwire_creators(every("citation_editor") or every("citation_editors"), "editor", first("citation_language"))
    if creators:
        item["creators"] = creators
    item.setdefault("creators", [])
    first_page, last_page = first("citation_firstpage").replace("–", "-"), first("citation_lastpage").replace("–", "-")
    if first_page:
        item["pages"] = first_page.strip() + (f"-{last_page.strip()}" if last_page.strip() else "")
    if "date" not in item:
        item["date"] = first("citation_online_date") or first("citation_year") or ""
    if "url" not in item:
        item["url"] = first("citation_abstract_html_url") or first("citation_fulltext_html_url")
    # The last resorts.
    item["title"] = item.get("title") or " ".join(head.title.split())
    if not item.get("abstractNote"):
        item["abstractNote"] = next((v for k, v in head.meta if k.lower() == "description"), "")
    item["url"] = item.get("url") or head.canonical or page_url
    item["language"] = item.get("language") or head.lang
    for base, own in TYPE_FIELDS.get(item_type, {}).items():
        if base in item:
            item[own] = item.pop(base)
    return {k: v for k, v in item.items() if v not in ("", None)}


# -- the pages --------------------------------------------------------------------------------


def source(text: str, **extra) -> Source:
    """A source as the DLP import makes one: its fields (its kind too) read by the citation parser."""
    return Source.objects.create(citation=text, **(parse_citation(text) | extra))


@pytest.fixture
def archive():
    game = Game.objects.create(name="Béchi", slug="bechi", dlp_id=325)
    pankhurst = source(
        "Pankhurst, R. 1971. 'Gabata and Related Board Games of Ethiopia and the Horn of Africa.' Ethiopia Observer 14(3): 154-206.",
        dlp_id=122,
    )
    portal = Source.objects.create(
        kind="database", citation="Digital Ludeme Project. “Evidence for Béchi” (record DLP.Evidence.1188). Ludii Portal, Maastricht University.",
        authors="Digital Ludeme Project", title="Evidence for Béchi (DLP.Evidence.1188)", container="Ludii Portal",
        publisher="Maastricht University",
    )
    record = Evidence.objects.create(
        dlp_id=1188, type="ethnography", game=game, start_year=1971, end_year=1971, recorded_by="Walter.Crist",
        kml="Kunama country", confidence=100,
    )
    Place.objects.create(evidence=record, latitude="15.1", longitude="37.6", name="Barentu")
    record.sources.set([pankhurst, portal])
    # Our copy changed today: that is not the record's date.
    Evidence.objects.filter(pk=record.pk).update(updated=datetime(2026, 1, 2, tzinfo=tz.utc))
    archive_changed()
    return {"record": record, "pankhurst": pankhurst, "portal": portal}


def page(path: str) -> tuple[str, str]:
    response = Client().get(path)
    assert response.status_code == 200
    return response.content.decode(), f"http://testserver{path}"


def test_a_record_page_gives_a_dataset_entry_with_its_compiler_the_dlp_date_the_archive_and_its_id(archive):
    item = zotero_item(*page("/evidence/DLP.Evidence.1188/"))
    assert item == {
        "itemType": "dataset",
        "title": "Béchi: ethnography, Barentu, 1971",
        "creators": [{"lastName": "Crist", "firstName": "Walter", "creatorType": "author"}],
        "date": "2020/08/11",  # the DLP release the record comes from, not our last change (2026)
        "repository": "Board game evidence archive",
        "identifier": "DLP.Evidence.1188",
        "url": "http://testserver/evidence/DLP.Evidence.1188/",
        "language": "en",
    }


def test_a_record_the_dlp_dates_takes_that_day(archive):
    Evidence.objects.filter(pk=archive["record"].pk).update(dlp_added=datetime(2019, 5, 6, 12, tzinfo=tz.utc))
    archive_changed()
    assert zotero_item(*page("/evidence/DLP.Evidence.1188/"))["date"] == "2019/05/06"


def test_a_record_of_ours_is_dated_when_it_was_added_and_has_no_invented_author(archive):
    record = Evidence.objects.create(type="artifact", game=archive["record"].game, start_year=-200, end_year=-100)
    Evidence.objects.filter(pk=record.pk).update(created=datetime(2025, 3, 4, 10, tzinfo=tz.utc), updated=datetime(2026, 1, 1, tzinfo=tz.utc))
    archive_changed()
    item = zotero_item(*page(f"/evidence/{record.ref}/"))
    assert (item["itemType"], item["date"], item["identifier"], item["creators"]) == ("dataset", "2025/03/04", record.ref, [])
    assert item["title"] == "Béchi: artifact, 200–100 BCE"


def test_an_article_page_gives_a_journal_article(archive):
    item = zotero_item(*page(archive["pankhurst"].get_absolute_url()))
    assert item == {
        "itemType": "journalArticle",
        "title": "Gabata and Related Board Games of Ethiopia and the Horn of Africa",
        "creators": [{"lastName": "Pankhurst", "firstName": "R.", "creatorType": "author"}],
        "date": "1971",
        "publicationTitle": "Ethiopia Observer",
        "volume": "14",
        "issue": "3",
        "pages": "154-206",
        "url": f"http://testserver{archive['pankhurst'].get_absolute_url()}",
        "language": "en",
    }


def test_a_chapter_a_book_a_thesis_and_a_database_get_their_types(archive):
    chapter = source(
        "Bell, R. 2007. 'Notes on Pavement Games of Greece and Rome.' In I. Finkel (ed), Ancient Board Games in Perspective. London: British Museum Press, 98-99.",
    )
    item = zotero_item(*page(chapter.get_absolute_url()))
    assert (item["itemType"], item["bookTitle"], item["publisher"], item["pages"]) == (
        "bookSection", "Ancient Board Games in Perspective", "British Museum Press", "98-99")
    assert "In In" not in item["bookTitle"] and not item["bookTitle"].startswith("In ")

    book = source("Murray, H.J.R. 1951. A History of Board-Games Other Than Chess. Oxford: Clarendon Press.")
    item = zotero_item(*page(book.get_absolute_url()))
    assert (item["itemType"], item["title"], item["publisher"], item["date"]) == (
        "book", "A History of Board-Games Other Than Chess", "Clarendon Press", "1951")
    assert item["creators"] == [{"lastName": "Murray", "firstName": "H.J.R.", "creatorType": "author"}]

    thesis = source(
        "Crist, W. 2016. Games of thrones: board games and social complexity in Bronze Age Cyprus. Unpublished Ph.D. dissertation, Arizona State University.",
    )
    item = zotero_item(*page(thesis.get_absolute_url()))
    assert (item["itemType"], item["university"]) == ("thesis", "Arizona State University")

    item = zotero_item(*page(archive["portal"].get_absolute_url()))
    assert item["itemType"] == "dataset" and item["repository"] == "Maastricht University"
    # An institution is one name, not "Project, Digital Ludeme".
    assert item["creators"] == [{"lastName": "Digital Ludeme Project", "firstName": "", "creatorType": "author"}]


def test_a_reference_the_parser_could_not_read_is_kept_whole(archive):
    text = "Ovid. Tristia. trans. A. Wheeler. 1924. Loeb Classical Library."
    unread = source(text)
    item = zotero_item(*page(unread.get_absolute_url()))
    assert item["itemType"] == "document"
    assert item["title"] == text  # whole, never cut at its first full stop
    assert item["creators"] == []


def test_a_source_page_links_its_bibtex_and_csl_json(archive):
    html, _ = page(archive["pankhurst"].get_absolute_url())
    ref = archive["pankhurst"].ref
    for fmt, media_type in (("bibtex", "application/x-bibtex"), ("csl", "application/vnd.citationstyles.csl+json")):
        url = f"/api/v1/sources/{ref}/?format={fmt}"
        assert f'<link rel="alternate" type="{media_type}" href="{url}"' in html
        assert f'href="{url}" type="{media_type}" download' in html  # visible on the page
        response = Client().get(url)
        assert response.status_code == 200 and response["Content-Type"].startswith(media_type)
    assert Client().get(f"/api/v1/sources/{ref}/?format=bibtex").content.decode().startswith(f"@article{{{ref},")


def test_the_human_citation_names_compiler_archive_and_version_and_never_the_record_itself(archive):
    html, _ = page("/evidence/DLP.Evidence.1188/")
    text = re.search(r'id="citation" class="citation">(.*?)</p>', html, re.S)[1].replace("&#x27;", "'")
    from archive import selectors

    version = selectors.data_version()
    assert text.startswith("Crist, Walter, compiler. “Béchi: ethnography, Barentu, 1971.” Evidence record DLP.Evidence.1188 (our id ")
    assert "from the Digital Ludeme Project's database (2020-08-11), after Pankhurst 1971." in text
    assert f"Board game evidence archive, data version {version}. http://testserver/evidence/DLP.Evidence.1188/ (accessed " in text
    # The portal's page for this very record is not cited as its source.
    assert "Evidence for Béchi" not in text and text.count("DLP.Evidence.1188") == 2
    assert citing.cited_sources(archive["record"]) == [archive["pankhurst"]]
    assert [v for k, v in head_meta(html) if k == "citation_reference"] == [archive["pankhurst"].citation]


def head_meta(html: str) -> list[tuple[str, str]]:
    head = Head()
    head.feed(html)
    return head.meta


def test_the_translator_rules_here_read_what_they_should():
    # The re-implementation itself: a bare citation_title is taken for a journal article, a DC.type
    # naming a Zotero type wins over that guess, a Highwire type tag wins over both.
    bare = '<html><head><meta name="citation_title" content="T"></head></html>'
    assert zotero_item(bare, "http://x/")["itemType"] == "journalArticle"
    typed = bare.replace("</head>", '<meta name="DC.type" content="book"></head>')
    assert zotero_item(typed, "http://x/")["itemType"] == "book"
    chapter = typed.replace("</head>", '<meta name="citation_book_title" content="B"></head>')
    assert zotero_item(chapter, "http://x/")["itemType"] == "bookSection"
    spaced = bare.replace("</head>", '<meta name="citation_author" content="Digital Ludeme Project"></head>')
    assert zotero_item(spaced, "http://x/")["creators"][0]["lastName"] == "Project"
