"""Structured fields read from a reference written in the DLP's author-date style.

The DLP keeps only the reference text; BibTeX and CSL-JSON need authors, year, title, container,
volume, issue, pages, place and publisher. No maintained Python parser reads humanities
author-date references offline (refextract and refparse expect physics or Web of Science
formats; GROBID and AnyStyle are Java and Ruby services), so this is our own: it reads the
authors and the year at the head, a quoted title if there is one, and then recognises the tail of
the reference (a chapter "In ... (ed), Book. Place: Publisher, pages", an article "Journal
14(3): 154-206", a book "Place: Publisher") at the first sentence end, outside parentheses and
not after an initial, where the whole of the rest fits. A reference it cannot read completely is
marked so (``citation_parse(text).complete``): its full text then travels with it as a note.

>>> f = parse_citation("Murray, H.J.R. 1951. A History of Board-Games Other Than Chess. Oxford: Clarendon Press.")
>>> f["authors"], f["year"], f["title"], f["place"], f["publisher"], f["kind"]
('Murray, H.J.R.', 1951, 'A History of Board-Games Other Than Chess', 'Oxford', 'Clarendon Press', 'book')
>>> f = parse_citation("Pankhurst, R. 1971. Gabata and Related Board Games of Ethiopia and the Horn of Africa. Ethiopia Observer 14(3):154-206.")
>>> f["title"], f["container"], f["volume"], f["issue"], f["pages"], f["kind"]
('Gabata and Related Board Games of Ethiopia and the Horn of Africa', 'Ethiopia Observer', '14', '3', '154-206', 'article')
>>> parse_citation("Akhmet, S. and B. Zhelezhnyakov. 2005. Mystery of Dastarbasy Caves. Nomad-Kazakhstan 5.")["authors"]
'Akhmet, S.; Zhelezhnyakov, B.'
>>> parse_citation("Kallipolitis, V. 1963. ‘Ανασκαφη ταφων Αναγθροντος’, Archaeologikon Deltion, 18: 123–73.")["title"]
'Ανασκαφη ταφων Αναγθροντος'
>>> parse_citation("Davies, N and A. Gardiner. 1915. The Tomb of Amenemhet (No. 82). London: Egypt Exploration Society.")["title"]
'The Tomb of Amenemhet (No. 82)'
>>> f = parse_citation("Bell, R. 2007. 'Notes on Pavement Games of Greece and Rome.' In I. Finkel (ed), Ancient Board Games in Perspective. London: British Museum Press, 98-99.")
>>> f["kind"], f["title"], f["container"], f["place"], f["publisher"], f["pages"]
('chapter', 'Notes on Pavement Games of Greece and Rome', 'Ancient Board Games in Perspective', 'London', 'British Museum Press', '98-99')
>>> f = parse_citation("Danilovic, S. and A. de Voogt. 2020. 'Making Sense of Abstract Board Games: Toward a Cross-Ludic Theory.' Games and Culture: 1-20.")
>>> f["authors"], f["kind"], f["container"], f["pages"], "publisher" in f
('Danilovic, S.; de Voogt, A.', 'article', 'Games and Culture', '1-20', False)
>>> citation_parse("Ovid. Tristia. trans. A. Wheeler. 1924. Loeb Classical Library.").complete
False
>>> parse_citation("Codex Borgia.")
{'title': 'Codex Borgia', 'kind': 'other'}
>>> parse_citation("Talmud Bavli. The William Davidson Talmud Online. Sefaria. accessed 07/07/2020.")
{}
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

QUOTES_OPEN = "'\"“‘«"
QUOTES_CLOSE = "'\"”’»"
YEAR = r"(?:(?P<year>(?:1[0-9]|20)\d{2})(?:\s*[–/-]\s*\d{2,4})?[a-z]?|n\.\s?d\.)"
HEAD = re.compile(rf"^(?P<authors>.+?),?\s+{YEAR}(?![\d])[.,:]?\s*(?P<rest>.*?)\s*$", re.S)
# "Ovid. Tristia. trans. ..." is a work title among the names, not an author list.
NOT_AUTHORS = re.compile(r"\.\s[A-Z][a-z]{3,}\.\s|\b(?:trans|transl|eds?)\.\s+[A-Z]")
ROLE = re.compile(r",?\s*\(?\b(?:trans|transl|eds?|comp|hrsg)\.?\)?\.?$", re.I)
PARTICLES = {"de", "da", "di", "du", "del", "della", "des", "van", "von", "der", "den", "ben", "bin", "al", "el", "le", "la", "ter", "ten"}
ABBREVIATIONS = {"no", "vol", "vols", "ed", "eds", "trans", "st", "pp", "p", "cf", "bd", "nr", "ca", "c", "mt", "dr", "jr", "sr", "fig", "pl", "col", "repr", "rev", "ser", "n", "s", "t"}
# Publishing places accepted without a publisher ("... 1902/1903. Berlin."): a known city, so a
# last word of a title ("Tafeln.") is not taken for one.
CITIES = (
    "Amsterdam|Athens|Baghdad|Barcelona|Basel|Beijing|Berlin|Bern|Bologna|Bombay|Bonn|Boston|Brussels|Cairo|Calcutta|"
    "Cambridge|Chicago|Copenhagen|Delhi|Dresden|Edinburgh|Firenze|Florence|Frankfurt|Geneva|Genève|Glasgow|Göttingen|"
    "Hamburg|Heidelberg|Hildesheim|Helsinki|Istanbul|Jerusalem|Kyoto|Leiden|Leipzig|Lima|Lisbon|Lisboa|London|Lyon|Madrid|Mainz|"
    "Marseille|Marseilles|Mexico|Milan|Milano|Moscow|Munich|München|Naples|Napoli|New Delhi|New Haven|New York|Oslo|"
    "Oxford|Paris|Philadelphia|Prague|Princeton|Rome|Roma|Seville|Sevilla|Shanghai|St\\. Petersburg|Stockholm|Stuttgart|"
    "Tehran|Tokyo|Toronto|Turin|Torino|Uppsala|Venice|Venezia|Vienna|Wien|Warsaw|Washington|Zürich|Zurich"
)
PAGES = r"(?:pp?\.?:?\s*)?(?P<pages>\d+(?:\s*[–-]\s*\d+)?)"
PAGE_SEP = r"(?:\s*[,.:]\s*|\s+)"
PLACE = r"(?P<place>[A-Z][^.:\"“”()]{1,60}?)"
PLACES = rf"(?P<place>(?:{CITIES})(?:(?:,| and|,? &)\s+(?:{CITIES}))*)"
# "Volume III. Berlin: ..." / "Tome II. Paris: ...": the volume of a book, before its imprint.
BOOK_VOLUME = r"(?:(?:Volume|Vol\.|Vols\.|Tome|Band|Bd\.|Abtheilung|Abteilung|Part|Teil)\s+(?P<volume>[IVXLC]+|\d+)[.,]\s+)?"
THESIS = re.compile(
    r"(?P<note>(?:Unpublished\s+)?(?:Ph\.?\s?D\.?|PhD|Phd|M\.?\s?A\.?|MA|Doctoral|Master'?s)\s+(?:[Tt]hesis|[Dd]issertation))"
    r"[.,]\s+(?P<publisher>.+?)\.?"
)
# A publisher is never only a page range ("Games and Culture: 1-20" is a journal's pages).
PUBLISHER = r"(?!\s*(?:pp?\.?\s*)?\d+(?:\s*[–-]\s*\d+)?\.?$)(?P<publisher>[^:\"“”]+?)"
VOLUME = r"(?P<volume>\d+(?:[-–/\\]\d+)?[A-Za-z]?|[IVXLC]+)(?:\s*\((?P<issue>[^)]+)\))?"
EDITORS = re.compile(r"^(?P<editors>[^()]{2,200}?)\s*,?\s*\(?\b(?:eds?|Eds?|hrsg|Hrsg)\b\.?\)?\s*[.,:]?\s+(?P<book>.+)$", re.S)


def _tail_patterns(container: str) -> list[tuple[str, re.Pattern]]:
    return [
        ("article", re.compile(rf"(?P<container>{container})[,.]?\s+{VOLUME}(?:\s*[:,]\s*|\.\s+|\s+){PAGES}\.?")),
        ("book", re.compile(rf"{BOOK_VOLUME}{PLACE}\s*:\s*{PUBLISHER}[.,]?")),
        ("book", re.compile(rf"{BOOK_VOLUME}{PLACES}\.?")),
        ("other", THESIS),
        ("article", re.compile(rf"(?!(?i:accessed|retrieved|viewed)\b)(?P<container>{container})[,.]?\s+(?P<volume>\d+)(?:\s*\((?P<issue>[^)]+)\))?\.?")),
        ("article", re.compile(rf"(?P<container>{container})(?:\s*[.:,]\s*|\s+(?=p)){PAGES}\.?")),
    ]


# A journal's name: no sentence end inside (unless the title was quoted, which marks its end).
TAILS_AFTER_PLAIN_TITLE = _tail_patterns(r"(?:[^.?!\"“”]|\.(?!\s))+?")
TAILS_AFTER_QUOTED_TITLE = _tail_patterns(r"[^\"“”]+?")
BOOK_OF_CHAPTER = [
    re.compile(rf"(?P<container>.+?)[.,]\s+{PLACE}\s*:\s*{PUBLISHER}(?:{PAGE_SEP}{PAGES})?\.?"),
    re.compile(rf"(?P<container>.+?)[.,]\s+{PLACES}(?:{PAGE_SEP}{PAGES})?\.?"),
    re.compile(rf"(?P<container>.+?){PAGE_SEP}{PAGES}\.?"),
    re.compile(r"(?P<container>[^:]+?)\.?"),
]


@dataclass
class ParsedCitation:
    fields: dict = field(default_factory=dict)
    # Text of the reference that no field holds; empty when the parse is complete.
    leftover: str = ""

    @property
    def complete(self) -> bool:
        return bool(self.fields) and not self.leftover


# Every Source field the parser may fill, with its value when the reference does not give it.
PARSED_FIELDS = {
    "authors": "", "year": None, "title": "", "container": "", "volume": "", "issue": "", "pages": "",
    "publisher": "", "place": "", "note": "", "kind": "other",
}


def citation_fields(text: str) -> dict:
    """parse_citation with every field of PARSED_FIELDS present (blank where nothing was read),
    to replace what an earlier parse of the same text stored."""
    parsed = parse_citation(text)
    return {name: parsed.get(name, blank) for name, blank in PARSED_FIELDS.items()}


def parse_citation(text: str) -> dict:
    """The fields we can read with confidence (Source's field names); {} when the reference does
    not fit the style."""
    return citation_parse(text).fields


def citation_parse(text: str) -> ParsedCitation:
    text = re.sub(r"\s+", " ", text or "").strip()
    head = _head(text)
    if head is None:
        if text and all(after >= len(text) for _, after in _sentence_ends(text)) and not re.search(r"\d{4}", text):
            # One sentence, no author, no date: a manuscript or a work known by its name alone.
            return ParsedCitation({"title": _clean_title(text), "kind": "other"})
        return ParsedCitation(leftover=text)
    fields, rest = head
    quoted = _quoted_title(rest)
    if quoted:
        title, tail = quoted
        title = title.strip()
        if title.endswith(".") and not re.search(r"\b(?:al|etc|Esq)\.$", title):
            title = title[:-1]  # the sentence's full stop, inside the quotation marks
        fields["title"] = _clean_title(title)
        if not tail:
            fields["kind"] = "other"
            return ParsedCitation(fields)
        found = _read_tail(tail, TAILS_AFTER_QUOTED_TITLE)
        if found is None:
            fields["kind"] = "other"
            return ParsedCitation(fields, leftover=tail)
        fields.update(found)
        return ParsedCitation(fields)
    rest = rest.lstrip(QUOTES_OPEN)  # a title whose quotation mark never closes
    # First at true sentence ends; then also after a lone capital ("Beth Pelet I. London: ...")
    # and at a full stop with no space after it ("Shore.London: ...").
    candidates = [*_sentence_ends(rest), *_sentence_ends(rest, loose=True)]
    for end, after in candidates:
        found = _read_tail(rest[after:], TAILS_AFTER_PLAIN_TITLE)
        if found is not None:
            # Keep a quotation mark closed after the full stop ('of “backgammon.” In ...').
            closing = re.match(rf"[.?!]([{QUOTES_CLOSE}]*)", rest[end:])
            fields["title"] = _clean_title(rest[:end] + (closing.group(1) if closing else ""))
            fields.update(found)
            return ParsedCitation(fields)
    ends = list(_sentence_ends(rest))
    if not ends or ends[0][1] >= len(rest):
        fields.update(title=_clean_title(rest), kind="book")
        return ParsedCitation(fields) if fields["title"] else ParsedCitation(fields, leftover=rest)
    # The title is the first sentence; the rest is not ours to guess.
    end, after = ends[0]
    fields.update(title=_clean_title(rest[:end]), kind="book")
    return ParsedCitation(fields, leftover=rest[after:])


def _head(text: str) -> tuple[dict, str] | None:
    """The authors and year at the head of a reference, and what follows them."""
    head = HEAD.match(text)
    authors = _clean_authors(head["authors"]) if head else ""
    if head and not NOT_AUTHORS.search(head["authors"]) and len(authors) <= 200 and "(" not in authors:
        fields = {"authors": _authors(authors)}
        if head["year"]:
            fields["year"] = int(head["year"])
        return fields, head["rest"]
    if re.search(r"(?<![/\d])\b(?:1[0-9]|20)\d{2}\b(?!/)", text):
        return None  # a year out of place: not a form we read
    # No date: "Seele, K. The Tomb of ..." (one author with initials), or a classical author
    # known by one name ("Ovid. Ars Amatoria.").
    undated = re.match(r"^(?P<authors>(?:(?:de|van|von|le|la|du|ben|al)\s+)?[A-Z][\w'’-]+(?: [a-z]+ [A-Z][\w'’-]+)?,\s+(?:[A-Z]\.\s?-?)+)\s+(?P<rest>\S.*)$", text)
    if undated is None:
        undated = re.match(r"^(?P<authors>[A-Z][a-z]{2,})\.\s+(?P<rest>.+)$", text)
    if undated is None:
        return None
    return {"authors": _authors(_clean_authors(undated["authors"]))}, undated["rest"]


def _clean_authors(authors: str) -> str:
    authors = ROLE.sub("", authors).strip()
    authors = re.sub(r"^([A-Z][\w'’-]+)\.\s+((?:[A-Z]\.)+)$", r"\1, \2", authors)  # "Lebrun. M."
    if not re.search(r"\b[A-Z]\.$", authors):
        authors = authors.rstrip(".,")  # "Zhelezhnyakov." ends the names; "H.J.R." is an initial
    return authors


def _read_tail(tail: str, patterns: list[tuple[str, re.Pattern]]) -> dict | None:
    tail = tail.strip()
    if tail.count(")") > tail.count("("):
        tail = tail.rstrip(")").rstrip()
    chapter = re.match(r"^In:?\s*(?=[A-Z])(?P<inner>.+)$", tail, re.S)
    if chapter:
        return _read_chapter(chapter["inner"])
    for kind, pattern in patterns:
        m = pattern.fullmatch(tail)
        if m:
            return _fields(m, kind)
    return None


def _read_chapter(inner: str) -> dict | None:
    editors = EDITORS.match(inner)
    book = editors["book"] if editors else inner
    for pattern in BOOK_OF_CHAPTER:
        m = pattern.fullmatch(book.strip())
        if m:
            fields = _fields(m, "chapter")
            if not editors and re.search(r"\b(?:eds?|Eds?)\b", fields.get("container", "")):
                return None
            return fields
    return None


def _fields(m: re.Match, kind: str) -> dict:
    out = {"kind": kind}
    for name, value in m.groupdict().items():
        if value:
            value = value.strip().rstrip(",")
            if name == "pages":
                value = re.sub(r"\s+", "", value)
            if name == "container":
                value = _clean_title(value)
            out[name] = value
    return out


def _quoted_title(rest: str) -> tuple[str, str] | None:
    """(title, what follows) when the rest opens with a quotation mark that closes; the close is
    the first quotation mark after a sentence end (Chicago style: 'Title.'), else the first one
    followed by a comma, full stop or colon."""
    opener = "''" if rest.startswith("''") and not rest.startswith("'''") and rest[2:3] != "'" else rest[:1]
    if not opener or opener[0] not in QUOTES_OPEN:
        return None
    body = rest[1:]
    for i, ch in enumerate(body):
        if ch in QUOTES_CLOSE and i > 0 and body[i - 1] in ".?!" and (i + 1 == len(body) or body[i + 1] in " ,.;:" or body[i + 1].isupper()):
            return body[:i], body[i + 1 :].lstrip(" ,.;:")
    for i, ch in enumerate(body):
        if ch in QUOTES_CLOSE and i > 0 and (i + 1 == len(body) or body[i + 1] in ",.:"):
            return body[:i], body[i + 1 :].lstrip(" ,.;:")
    return None


def _sentence_ends(text: str, *, loose: bool = False):
    """(end of a sentence, start of the next) pairs: a full stop, ? or ! followed by a space,
    outside parentheses and brackets, and not after an initial or an abbreviation. ``loose``
    gives only the ends that rule leaves out: after a single capital, or with no space after."""
    depth = 0
    # A parenthesis the reference never closes ("(Red Sea Coast, Egypt. Antiquity ...") must not
    # hide every sentence end after it.
    balanced = text.count("(") <= text.count(")") and text.count("[") <= text.count("]")
    for i, ch in enumerate(text):
        if ch in "([" and balanced:
            depth += 1
        elif ch in ")]" and balanced:
            depth = max(0, depth - 1)
        elif ch in ".?!" and depth == 0:
            j = i + 1
            while j < len(text) and text[j] in QUOTES_CLOSE:
                j += 1
            word = re.search(r"(\S+)$", text[:i])
            word = word.group(1) if word else ""
            bare = word.strip("(").lower()
            unspaced = j < len(text) and not text[j].isspace()
            after_initial = ch == "." and re.fullmatch(r"(?:[A-Z]\.-?)*[A-Z]", word) is not None
            if ch == "." and bare in ABBREVIATIONS and not after_initial:
                continue
            if not loose and (unspaced or after_initial):
                continue
            if loose and not (
                (unspaced and text[j].isupper() and i > 0 and text[i - 1].islower())
                or (not unspaced and after_initial and len(word) == 1)
            ):
                continue
            while j < len(text) and text[j].isspace():
                j += 1
            yield i, j


def _clean_title(title: str) -> str:
    title = title.strip()
    if len(title) > 1 and title[0] in QUOTES_OPEN and title[-1] in QUOTES_CLOSE:
        title = title[1:-1].strip()
    title = title.rstrip(",;: ")
    # A closing full stop belongs to the sentence, not the title (an abbreviation keeps its own).
    if title.endswith(".") and not re.search(r"\b(?:[A-Z]|[a-z]{1,3})\.$", title):
        title = title[:-1]
    return title.strip()


def _is_given(text: str) -> bool:
    """'W.', 'H.J.R.', 'A.-E.', 'N', 'R. S.': initials (a given name written out is read as one too
    where the names are in Family, Given order)."""
    return bool(re.fullmatch(r"(?:[A-Z][a-z]?\.?[\s-]*)+", text.strip()))


def _flip(name: str) -> str:
    """'A. de Voogt' -> 'de Voogt, A.'; 'J. McNab Dennis' -> 'Dennis, J. McNab'."""
    bits = name.split()
    if len(bits) < 2:
        return name
    start = len(bits) - 1
    while start > 1 and bits[start - 1].lower() in PARTICLES:
        start -= 1
    return f"{' '.join(bits[start:])}, {' '.join(bits[:start])}"


def _authors(text: str) -> str:
    """'Crist, W., A.-E. Dunn-Vaturi and A. de Voogt' -> 'Crist, W.; Dunn-Vaturi, A.-E.; de Voogt, A.'
    (Family, Given; ...). The first name is written Family, Given; later ones Given Family."""
    text = text.strip()
    etal = re.search(r",?\s+(?i:et\s+al)\.?$", text)
    if etal:
        text = text[: etal.start()]
    tokens = [t.strip() for t in re.split(r"\s*,\s*(?:(?i:and)\s+|&\s+)?|\s+(?:(?i:and)|&|anmd)\s+", text.strip()) if t.strip()]
    names: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        first = not names
        if following is not None and not _is_given(token) and (
            _is_given(following) or (first and "." not in following and (" " not in following or len(tokens) == 2))
        ):
            names.append(f"{token}, {following}")
            i += 2
            continue
        if _is_given(token) and names and ", " not in names[-1]:
            names[-1] = f"{names[-1]}, {token}"
        else:
            names.append(token if first else _flip(token))
        i += 1
    if etal:
        names.append("others")  # BibTeX's word for "et al."
    return "; ".join(names)
