r"""Coordinates as the DLP records them (degrees, minutes, seconds; one or more places) to decimal degrees.

One parser for the catalogue, the importers and the forms.

>>> [(str(p.latitude), str(p.longitude)) for p in parse_places('39°35\'29.31"N, 48°58\'34.31"E')]
[('39.591475', '48.976197')]

Several places, separated by ``;`` (the dump) or only by spaces (the portal's pages), with the
stray spaces the dump has (``45° 1'45.55"E``):

>>> [p.text for p in parse_places(' 5°23\'12.66"N, 7°54\'15.47"E; 6°17\'46.07"S,  9° 1\'42.53"W')]
['5°23\'12.66"N, 7°54\'15.47"E', '6°17\'46.07"S, 9° 1\'42.53"W']
>>> [str(p.longitude) for p in parse_places('6°17\'46.07"S, 9°17\'42.53"W')]
['-9.295147']

Decimal degrees are read too (``39.5916, 48.9762``). Anything else is refused:

>>> parse_places('39°75\'00"N, 48°58\'34.31"E')
Traceback (most recent call last):
...
archive.geo.CoordinateError: minutes must be under 60 in 39°75'00"N
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

SIX_PLACES = Decimal("0.000001")

# One coordinate in degrees (minutes (seconds)) and a hemisphere letter. Quote marks come in
# several shapes: ' ′ ’ for minutes, " ″ ” '' for seconds.
DMS = (
    r"(?P<{n}deg>\d{{1,3}}(?:\.\d+)?)\s*°\s*"
    r"(?:(?P<{n}min>\d{{1,2}}(?:\.\d+)?)\s*['′’]\s*"
    r"(?:(?P<{n}sec>\d{{1,2}}(?:\.\d+)?)\s*(?:\"|″|”|''|’’)\s*)?)?"
    r"(?P<{n}hem>[NSEWnsew])"
)
PAIR = re.compile(DMS.format(n="a") + r"\s*,?\s*" + DMS.format(n="b"))
DECIMAL_PAIR = re.compile(r"(?P<lat>[-+]?\d{1,2}(?:\.\d+)?)\s*,\s*(?P<lon>[-+]?\d{1,3}(?:\.\d+)?)(?![\d°])")
SEPARATORS = re.compile(r"[\s,;]*")


class CoordinateError(ValueError):
    pass


@dataclass(frozen=True)
class ParsedPlace:
    latitude: Decimal
    longitude: Decimal
    text: str


def _component(match: re.Match, n: str) -> tuple[Decimal, str]:
    text = match.string[match.start(f"{n}deg") : match.end(f"{n}hem")]
    deg = Decimal(match.group(f"{n}deg"))
    minutes = Decimal(match.group(f"{n}min") or 0)
    seconds = Decimal(match.group(f"{n}sec") or 0)
    hem = match.group(f"{n}hem").upper()
    if minutes >= 60:
        raise CoordinateError(f"minutes must be under 60 in {text.strip()}")
    if seconds >= 60:
        raise CoordinateError(f"seconds must be under 60 in {text.strip()}")
    value = (deg + minutes / 60 + seconds / 3600).quantize(SIX_PLACES, ROUND_HALF_UP)
    return (-value if hem in "SW" else value), hem


def _checked(lat: Decimal, lon: Decimal, text: str) -> ParsedPlace:
    if not -90 <= lat <= 90:
        raise CoordinateError(f"latitude {lat} is outside -90..90 in {text}")
    if not -180 <= lon <= 180:
        raise CoordinateError(f"longitude {lon} is outside -180..180 in {text}")
    return ParsedPlace(
        latitude=lat.quantize(SIX_PLACES, ROUND_HALF_UP), longitude=lon.quantize(SIX_PLACES, ROUND_HALF_UP), text=text
    )


def parse_places(text: str) -> list[ParsedPlace]:
    """Every place in ``text``, in order; [] for blank text. CoordinateError names what is wrong."""
    text = (text or "").strip()
    if not text:
        return []
    places: list[ParsedPlace] = []
    pos = 0
    while True:
        sep = SEPARATORS.match(text, pos)
        pos = sep.end()
        if pos >= len(text):
            return places
        match = PAIR.match(text, pos)
        if match:
            a, a_hem = _component(match, "a")
            b, b_hem = _component(match, "b")
            if a_hem not in "NS" or b_hem not in "EW":
                raise CoordinateError(
                    f"expected latitude (N/S) then longitude (E/W) in {match.group(0).strip()}"
                )
            places.append(_checked(a, b, re.sub(r"\s*,\s*", ", ", match.group(0).strip(), count=1)))
            pos = match.end()
            continue
        match = DECIMAL_PAIR.match(text, pos)
        if match:
            places.append(_checked(Decimal(match.group("lat")), Decimal(match.group("lon")), match.group(0).strip()))
            pos = match.end()
            continue
        snippet = text[pos : pos + 40]
        raise CoordinateError(f"cannot read coordinates at {snippet!r} (expected e.g. 39°35'29.31\"N, 48°58'34.31\"E)")


def parse_coordinates(text: str) -> list[tuple[Decimal, Decimal]]:
    r"""Every (latitude, longitude) pair in ``text``, in decimal degrees (six places).

    >>> parse_coordinates(' 15° 6\'26.82"N, 37°35\'26.68"E; 3°22\'54.54"S, 29°21\'34.57"E')[1]
    (Decimal('-3.381817'), Decimal('29.359603'))
    """
    return [(p.latitude, p.longitude) for p in parse_places(text)]
