"""Identifiers: the DLP's (``DLP.Evidence.1188``) and our own stable refs (``E…``, ``S…``), built
and read here only.

Our refs are derived, never drawn at random, so every installation gives the same record and the
same source the same ref, and a rebuilt database keeps its permalinks and BibTeX keys:

* a record or source the DLP has: from its DLP id (``dlp:evidence:1188``, ``dlp:source:122``);
* a source without a DLP id: from its normalised citation (case, spacing and a final full stop
  do not count);
* a record of our own: from what it says when it is first saved (game, type, dates, place,
  text), so that importing the same page or file into two databases gives the same refs;
* the catalogue's own sources keep the refs it fixes (archive.catalogue.sources).

A ref is the prefix and eight characters of a hash of that key, in an alphabet without look-alikes
(no 0/O, 1/I/L), so it can be read aloud and typed from print. A ref, once given, never changes:
curating a record or a citation leaves its ref alone, and exports carry it, so an import into
another database keeps it. Refs given before they were derived live on as ``FormerRef`` rows and
redirect.

>>> evidence_ref(dlp_id=1188) == evidence_ref(dlp_id=1188), evidence_ref(dlp_id=1188)[0]
(True, 'E')
>>> source_ref(citation="Murray, H.J.R. 1951. A History.") == source_ref(citation=" murray, h.j.r.  1951. a history")
True
>>> parse_dlp("DLP.Evidence.1188"), parse_dlp("DLP.Sources.122"), parse_dlp("DLP.Evidence.x"), parse_dlp("EABC")
(('Evidence', 1188), ('Sources', 122), None, None)
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

# Our own stable ids use an alphabet without look-alikes (no 0/O, 1/I/L).
REF_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
REF_LENGTH = 8
DLP_KINDS = ("Evidence", "Games", "GameRulesets", "Sources")
DLP_IDENTIFIER = re.compile(r"^DLP\.(?P<kind>[A-Za-z]+)\.(?P<number>\d+)$")
REF_PATTERN = re.compile(r"^[A-Z][0-9A-Z]{1,19}$")


def dlp_identifier(kind: str, dlp_id: int | None) -> str:
    """'DLP.Evidence.1188': the DLP's own public name for a row of one of its tables."""
    if kind not in DLP_KINDS:
        raise ValueError(f"unknown DLP table {kind!r}")
    return f"DLP.{kind}.{dlp_id}" if dlp_id else ""


def parse_dlp(text: str, kind: str | None = None) -> tuple[str, int] | None:
    """('Evidence', 1188) for 'DLP.Evidence.1188'; None for anything else (or another ``kind``)."""
    match = DLP_IDENTIFIER.match((text or "").strip())
    if not match or match["kind"] not in DLP_KINDS or (kind and match["kind"] != kind):
        return None
    return match["kind"], int(match["number"])


def looks_like_dlp(text: str, kind: str) -> bool:
    """True for 'DLP.<kind>.' followed by anything: a DLP identifier, well formed or not."""
    return (text or "").strip().startswith(f"DLP.{kind}.")


def normalise_ref(text: str) -> str:
    return (text or "").strip().upper()


def is_ref(text: str) -> bool:
    return bool(REF_PATTERN.match(normalise_ref(text)))


def _code(key: str) -> str:
    number = int.from_bytes(hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest(), "big")
    out = []
    for _ in range(REF_LENGTH):
        number, digit = divmod(number, len(REF_ALPHABET))
        out.append(REF_ALPHABET[digit])
    return "".join(out)


def derived_ref(prefix: str, key: str, taken: Callable[[str], bool] | None = None) -> str:
    """``prefix`` and the code of ``key``; where ``taken`` says that ref is used by another row,
    the code of ``key`` with a counter (the same on every installation that saves in the same
    order)."""
    ref = prefix + _code(key)
    n = 1
    while taken is not None and taken(ref):
        n += 1
        ref = prefix + _code(f"{key}#{n}")
    return ref


def citation_key(text: str) -> str:
    """A citation as compared: case, spacing and a final full stop do not count."""
    return " ".join((text or "").casefold().split()).rstrip(".")


def evidence_ref(*, dlp_id: int | None = None, natural: str = "", taken: Callable[[str], bool] | None = None) -> str:
    if dlp_id:
        return derived_ref("E", f"dlp:evidence:{dlp_id}")
    return derived_ref("E", f"evidence:{natural}", taken)


def source_ref(*, dlp_id: int | None = None, citation: str = "", taken: Callable[[str], bool] | None = None) -> str:
    if dlp_id:
        return derived_ref("S", f"dlp:source:{dlp_id}")
    return derived_ref("S", f"citation:{citation_key(citation)}", taken)


def evidence_natural_key(*, game: str, type: str, start_year, end_year, location_text: str, text: str) -> str:
    """What a record of our own is, for its ref: game slug, type, dates, place and its text."""
    return "|".join(str(v) for v in (game, type, start_year, end_year, location_text.strip(), " ".join(text.split())[:2000]))
