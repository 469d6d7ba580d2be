"""Structured fields read from a reference written in the DLP's author-date style.

The DLP keeps only the reference text; BibTeX and CSL-JSON need authors, year and title.

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
>>> parse_citation("no year here")
{}
"""
from __future__ import annotations

import re

HEAD = re.compile(r"^(?P<authors>.+?)\s+(?P<year>\d{4})[a-z]?\.\s+(?P<rest>.+?)\s*$", re.S)
QUOTED = re.compile(r"^(?:''|\"|“|‘|')(?P<title>.+?)(?:\.|\?|!)?(?:''|\"|”|’|')[,.]?\s*(?P<rest>.*)$", re.S)
ARTICLE = re.compile(r"^(?P<container>.+?)\s+(?P<volume>\d+)(?:\s*\((?P<issue>[^)]+)\))?\s*:\s*(?P<pages>[\d\s–-]+)\.?$")
PUBLISHER = re.compile(r"^(?P<place>[^.:]{2,60}):\s*(?P<publisher>[^:]+?)\.?$")


def _authors(text: str) -> str:
    """'Akhmet, S. and B. Zhelezhnyakov' -> 'Akhmet, S.; Zhelezhnyakov, B.' (Family, Given; ...)."""
    parts = re.split(r",?\s+(?:and|&)\s+", text.strip())
    first, others = parts[0], parts[1:]
    names = [first]
    for other in others:
        for name in re.split(r",\s+", other):
            bits = name.split()
            # "B. Zhelezhnyakov" is Given Family; turn it round.
            if len(bits) >= 2 and "," not in name:
                names.append(f"{bits[-1]}, {' '.join(bits[:-1])}")
            elif name:
                names.append(name)
    return "; ".join(n.strip() for n in names if n.strip())


def parse_citation(text: str) -> dict:
    """The fields we can read with confidence; {} when the reference does not fit the style."""
    text = re.sub(r"\s+", " ", text or "").strip()
    head = HEAD.match(text)
    if not head:
        return {}
    authors = head["authors"]
    if not re.search(r"\b[A-Z]\.$", authors):
        authors = authors.rstrip(".")  # "Zhelezhnyakov." ends the names; "H.J.R." is an initial
    fields: dict = {"authors": _authors(authors), "year": int(head["year"])}
    rest = head["rest"]
    quoted = QUOTED.match(rest)
    if quoted:
        fields["title"], after = quoted["title"].strip(), quoted["rest"].strip()
        fields["kind"] = "chapter" if after.startswith("In ") else "article"
    else:
        title, _, after = rest.partition(". ")
        fields["title"], after = title.strip().rstrip("."), after.strip()
        fields["kind"] = "book"
    article = ARTICLE.match(after)
    if article:
        fields.update(
            container=article["container"].strip(),
            volume=article["volume"],
            issue=article["issue"] or "",
            pages=re.sub(r"\s+", "", article["pages"]),
            kind="article",
        )
    else:
        publisher = PUBLISHER.match(after)
        if publisher:
            fields.update(place=publisher["place"].strip(), publisher=publisher["publisher"].strip())
        elif after and fields["kind"] != "book":
            fields["container"] = after.rstrip(".")
    return fields
