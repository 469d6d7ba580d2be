"""Historical dates: the archive's signed years (-3100 is 3100 BCE; there is no year 0), and
the ways imports write them.

The DLP stores a range of ``YYYY-MM-DD`` strings with a separate BC flag for each end:

>>> r = dlp_range("3100-01-01", 1, "3000-12-31", 1)
>>> (r.start_year, r.end_year, r.start_date, r.end_date, r.precision)
(-3100, -3000, '-3100-01-01', '-3000-12-31', 'year')
>>> dlp_range("2024-07-18", 0, "2024-08-06", 0).precision
'day'
>>> dlp_range(None, 0, None, 0).precision
'unknown'

The portal's pages print the same range as text:

>>> r = parse_date_range("2024-07-18 - 2024-08-06")
>>> (r.start_year, r.end_year, r.precision)
(2024, 2024, 'day')
>>> parse_date_range("3100 BCE - 3000 BCE").start_year
-3100
>>> parse_date_range("0 - 10")
Traceback (most recent call last):
...
archive.importers.dates.DateError: there is no year 0 (1 BCE is followed by 1 CE): '0'
"""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field

ISO = re.compile(r"(?P<y>\d{1,4})-(?P<m>\d{2})-(?P<d>\d{2})")
ONE_DATE = re.compile(
    r"^\s*(?P<sign>-)?\s*(?P<y>\d{1,4})(?:-(?P<m>\d{2})(?:-(?P<d>\d{2}))?)?\s*(?P<era>BCE|BC|B\.C\.E?\.?|CE|AD|A\.D\.)?\s*$",
    re.I,
)


class DateError(ValueError):
    pass


@dataclass
class DateRange:
    start_year: int | None = None
    end_year: int | None = None
    start_date: str = ""
    end_date: str = ""
    precision: str = "unknown"
    notes: list[str] = field(default_factory=list)


def signed_iso(year: int, month: int, day: int) -> str:
    return f"{'-' if year < 0 else ''}{abs(year):04d}-{month:02d}-{day:02d}"


def iso8601_year(year: int) -> str:
    """ISO 8601 counts 1 BCE as year 0000 (astronomical numbering): 3100 BCE is -3099.

    >>> iso8601_year(-3100), iso8601_year(-1), iso8601_year(1971)
    ('-3099', '0000', '1971')
    """
    astronomical = year + 1 if year < 0 else year
    return f"{'-' if astronomical < 0 else ''}{abs(astronomical):04d}"


def _dlp_date(value: str | None, bc, what: str) -> tuple[int, int, int] | None:
    if value is None or str(value).strip() in ("", "0000-00-00"):
        return None
    match = ISO.fullmatch(str(value).strip())
    if not match:
        raise DateError(f"{what} {value!r} is not a YYYY-MM-DD date")
    year, month, day = int(match["y"]), int(match["m"]), int(match["d"])
    if year == 0:
        raise DateError(f"{what} {value!r}: there is no year 0")
    # MySQL allows a zero month or day for "unknown"; read them as the start of the year/month.
    if month == 0:
        month, day = 1, day or 1
    if day == 0:
        day = 1
    if not 1 <= month <= 12 or not 1 <= day <= calendar.monthrange(2000, month)[1]:
        raise DateError(f"{what} {value!r} is not a valid date")
    return (-year if bc else year), month, day


def _precision(start: tuple[int, int, int] | None, end: tuple[int, int, int] | None) -> str:
    if start is None and end is None:
        return "unknown"
    start = start or end
    end = end or start
    if start[1:] == (1, 1) and end[1:] in ((12, 31), (1, 1)):
        return "year"
    if start[2] == 1 and end[:2] == start[:2] and end[2] == calendar.monthrange(2000, end[1])[1]:
        return "month"
    return "day"


def dlp_range(start: str | None, start_bc, end: str | None, end_bc) -> DateRange:
    s = _dlp_date(start, start_bc, "DateStart")
    e = _dlp_date(end, end_bc, "DateEnd")
    result = DateRange(precision=_precision(s, e))
    if s and e and s > e:
        # The DLP has a record whose start lies after its end (both BC): keep the raw values
        # (dlp_extra) and store the range the two dates span, so the database stays consistent.
        s, e = e, s
        result.notes.append("DateStart was after DateEnd in the DLP; the range is stored in order")
    if s:
        result.start_year, result.start_date = s[0], signed_iso(*s)
    if e:
        result.end_year, result.end_date = e[0], signed_iso(*e)
    return result


def _parse_one(text: str) -> tuple[int, int | None, int | None]:
    match = ONE_DATE.match(text)
    if not match:
        raise DateError(f"cannot read the date {text.strip()!r} (expected e.g. 1971-01-01, 3100 BCE or -3100)")
    year = int(match["y"])
    if year == 0:
        raise DateError(f"there is no year 0 (1 BCE is followed by 1 CE): {text.strip()!r}")
    era = (match["era"] or "").upper().replace(".", "")
    if match["sign"] or era in ("BC", "BCE"):
        year = -year
    month = int(match["m"]) if match["m"] else None
    day = int(match["d"]) if match["d"] else None
    if month is not None and not 1 <= month <= 12:
        raise DateError(f"month {month} is not valid in {text.strip()!r}")
    if day is not None and not 1 <= day <= calendar.monthrange(2000, month or 1)[1]:
        raise DateError(f"day {day} is not valid in {text.strip()!r}")
    return year, month, day


def parse_date_range(text: str) -> DateRange:
    """A range as the portal prints it (``1971-01-01 - 1971-12-31``), or a single date."""
    text = (text or "").strip()
    if not text:
        return DateRange()
    # Split on a dash with spaces round it, or on "to"/en dash, so "-3100 - -3000" works.
    parts = re.split(r"\s+(?:-|–|—|to)\s+|\s*[–—]\s*", text)
    if len(parts) > 2:
        raise DateError(f"cannot read the date range {text!r}")
    start = _parse_one(parts[0])
    end = _parse_one(parts[-1])
    if start[0] > end[0]:
        raise DateError(f"the range {text!r} starts after it ends")
    full_start = (start[0], start[1] or 1, start[2] or 1)
    end_month = end[1] or 12
    full_end = (end[0], end_month, end[2] or calendar.monthrange(2000, end_month)[1])
    precision = "day" if start[2] and end[2] else "month" if start[1] and end[1] else "year"
    if precision == "day":
        precision = _precision(full_start, full_end)
    return DateRange(
        start_year=start[0],
        end_year=end[0],
        start_date=signed_iso(*full_start),
        end_date=signed_iso(*full_end),
        precision=precision,
    )
