"""Coordinates as the DLP records them (degrees, minutes, seconds) to decimal degrees."""
from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, Decimal

# 39°35'29.31"N or 41° 3'4.40"N (stray spaces are common); minutes and seconds optional.
DMS = re.compile(
    r"""(?P<deg>\d{1,3}(?:\.\d+)?)\s*°\s*
        (?:(?P<min>\d{1,2}(?:\.\d+)?)\s*['′’]\s*)?
        (?:(?P<sec>\d{1,2}(?:\.\d+)?)\s*(?:"|″|''|”)\s*)?
        (?P<hem>[NSEW])""",
    re.VERBOSE,
)
SIX_PLACES = Decimal("0.000001")


class CoordinateError(ValueError):
    pass


def dms_to_decimal(deg: str, minutes: str | None, seconds: str | None, hemisphere: str) -> Decimal:
    value = Decimal(deg) + Decimal(minutes or 0) / 60 + Decimal(seconds or 0) / 3600
    if hemisphere in "SW":
        value = -value
    return value.quantize(SIX_PLACES, rounding=ROUND_HALF_EVEN)


def parse_coordinates(text: str) -> list[tuple[Decimal, Decimal]]:
    """Every latitude/longitude pair in ``text``, in decimal degrees (six places).

    >>> parse_coordinates('39°35\\'29.31"N, 48°58\\'34.31"E')
    [(Decimal('39.591475'), Decimal('48.976197'))]
    >>> parse_coordinates(' 15° 6\\'26.82"N, 37°35\\'26.68"E; 3°22\\'54.54"S, 29°21\\'34.57"E')[1]
    (Decimal('-3.381817'), Decimal('29.359603'))
    """
    values = [(m, dms_to_decimal(m["deg"], m["min"], m["sec"], m["hem"])) for m in DMS.finditer(text or "")]
    if len(values) % 2:
        raise CoordinateError(f"odd number of coordinates in {text!r}: each place needs a latitude and a longitude")
    pairs = []
    for (mlat, lat), (mlon, lon) in zip(values[::2], values[1::2]):
        if mlat["hem"] not in "NS" or mlon["hem"] not in "EW":
            raise CoordinateError(f"expected latitude (N/S) then longitude (E/W) in {text!r}")
        if not (-90 <= lat <= 90 and -180 <= lon <= 180):
            raise CoordinateError(f"coordinates out of range in {text!r}")
        pairs.append((lat, lon))
    return pairs
