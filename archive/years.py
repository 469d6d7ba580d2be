"""Years and dates: the one place they are read, numbered and written.

Two numberings meet here, and nowhere else may convert between them:

* **Historical years**, as historians and the DLP count: 177 BCE is ``-177``, 1971 CE is
  ``1971``, and there is no year 0 (1 BCE is followed by 1 CE). The database's ``start_year``
  and ``end_year``, the API's fields of the same names and the date filters use them.
* **ISO 8601 / EDTF years** (astronomical numbering): 1 BCE is ``0000``, 800 BCE is ``-0799``.
  Every date *string* the API and the exports write is one, and so is ``start_date`` /
  ``end_date`` as stored.

>>> to_astronomical(-800), from_astronomical(-799), iso_year(-1), iso_year(1971)
(-799, -800, '0000', '1971')

A record's date is a range with either end open (None: the source gives no bound there),
a precision and, rarely, a start the source puts after its end (kept, and flagged):

>>> date_label(-3100, -3000, precision="century")
'c. 3100–3000 BCE'
>>> date_label(-4, 65), date_label(-2321, None), date_label(None, 1401)
('4 BCE – 65 CE', 'from 2321 BCE', 'until 1401')
>>> date_label(-177, -176, start_date="-0176-11-03", end_date="-0175-11-03", precision="day")
'3 November 177 BCE – 3 November 176 BCE'
>>> date_label(2024, 2024, start_date="2024-07-18", end_date="2024-08-06", precision="day")
'18 July – 6 August 2024'
>>> date_label(-1220, -122, reversed=True)
'122 BCE – 1220 BCE (as recorded: start after end)'
>>> edtf(-177, -176, start_date="-0176-11-03", end_date="-0175-11-03", precision="day")
'-0176-11-03/-0175-11-03'
>>> edtf(-2321, None), edtf(None, 1401), edtf(-3100, -3000, precision="century")
('-2320/..', '../1401', '-3099~/-2999~')

Day and month precision are written out with the month's name, day first (``3 November 177
BCE``), never as ISO strings: a reader cannot be expected to know that ``-0176`` is 177 BCE.
"""
from __future__ import annotations

import calendar
import math
import re
from dataclasses import dataclass, field

MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)
# Precisions coarser than a year: the range is an estimate, and says so ("c.", EDTF's "~").
APPROXIMATE = frozenset({"decade", "century", "millennium"})
ISO_DATE = re.compile(r"^(?P<sign>[-+])?(?P<y>\d{4,})(?:-(?P<m>\d{2})(?:-(?P<d>\d{2}))?)?$")
DLP_DATE = re.compile(r"(?P<y>\d{1,4})-(?P<m>\d{2})-(?P<d>\d{2})")
ONE_DATE = re.compile(
    r"^\s*(?P<sign>-)?\s*(?P<y>\d{1,4})(?:-(?P<m>\d{2})(?:-(?P<d>\d{2}))?)?\s*"
    r"(?P<era>BCE|BC|B\.C\.E?\.?|CE|AD|A\.D\.)?\s*$",
    re.I,
)


class DateError(ValueError):
    pass


# -- the two numberings -----------------------------------------------------------------------


#: The years a record may give (historical numbering: -100000 is 100,000 BCE). Far beyond any
#: board game's evidence, and well inside what both databases' integer columns hold.
YEAR_MIN, YEAR_MAX = -100_000, 9_999

def to_astronomical(year: int) -> int:
    """A historical year in ISO 8601's numbering: 1 BCE is 0, 800 BCE is -799."""
    if year == 0:
        raise DateError("there is no year 0 (1 BCE is followed by 1 CE)")
    return year + 1 if year < 0 else year


def from_astronomical(year: int) -> int:
    """An ISO 8601 year as a historical one: 0 is 1 BCE, -799 is 800 BCE."""
    return year - 1 if year <= 0 else year


def iso_year(year: int) -> str:
    """A historical year as ISO 8601 writes it (four digits at least, astronomical)."""
    a = to_astronomical(year)
    return f"{'-' if a < 0 else ''}{abs(a):04d}"


def iso_date(year: int, month: int, day: int) -> str:
    """A historical year, month and day as an ISO 8601 calendar date: (-177, 11, 3) -> '-0176-11-03'."""
    return f"{iso_year(year)}-{month:02d}-{day:02d}"


def iso_parts(text: str) -> tuple[int, int | None, int | None] | None:
    """An ISO 8601 date ('-0176-11-03', '1971-07', '1971') as (historical year, month, day);
    None if it is not one, a day the calendar lacks included (the proleptic Gregorian calendar,
    on astronomical years, as ISO 8601 counts them).

    >>> iso_parts("-0176-11-03"), iso_parts("1971-07"), iso_parts("2024-13-45"), iso_parts("-2401-02-30")
    ((-177, 11, 3), (1971, 7, None), None, None)
    >>> iso_parts("-0004-02-29"), iso_parts("1900-02-29")
    ((-5, 2, 29), None)
    """
    match = ISO_DATE.match((text or "").strip())
    if not match:
        return None
    a = int(match["y"]) * (-1 if match["sign"] == "-" else 1)
    month = int(match["m"]) if match["m"] else None
    day = int(match["d"]) if match["d"] else None
    if month is not None and not 1 <= month <= 12:
        return None
    if day is not None:
        if month == 2:
            days = 29 if a % 4 == 0 and (a % 100 != 0 or a % 400 == 0) else 28
        else:
            days = 30 if month in (4, 6, 9, 11) else 31
        if not 1 <= day <= days:
            return None
    return from_astronomical(a), month, day


# -- reading ----------------------------------------------------------------------------------


def parse_year(text: str) -> int:
    """A year as a person or a filter writes it, read as a historical year: '1971' -> 1971;
    '-3100', '3100 BCE', '3100 BC' or '3100 B.C.' -> -3100; '65 CE' or '65 AD' -> 65.

    >>> parse_year("3100 BCE"), parse_year("-3100"), parse_year(" 65 ce ")
    (-3100, -3100, 65)
    >>> parse_year("0")
    Traceback (most recent call last):
    ...
    archive.years.DateError: there is no year 0 (1 BCE is followed by 1 CE)
    """
    cleaned = (text or "").strip().upper().replace("B.C.E.", "BCE").replace("B.C.", "BC").replace("A.D.", "AD")
    sign = 1
    for suffix in ("BCE", "BC"):
        if cleaned.endswith(suffix):
            cleaned, sign = cleaned[: -len(suffix)].strip(), -1
            break
    else:
        for suffix in ("CE", "AD"):
            if cleaned.endswith(suffix):
                cleaned = cleaned[: -len(suffix)].strip()
                break
    if sign == -1 and cleaned.startswith("-"):
        raise DateError(f"{text.strip()!r} is both negative and BCE")
    if not re.fullmatch(r"-?\d{1,6}", cleaned):
        raise DateError(f"{text.strip()!r} is not a year (write 1971, -3100 or 3100 BCE)")
    year = int(cleaned) * sign
    if year == 0:
        raise DateError("there is no year 0 (1 BCE is followed by 1 CE)")
    return year


@dataclass
class DateRange:
    """A range read from an import: historical years, ISO 8601 dates, the precision, and whether
    the source put the start after the end (the years are then stored in order)."""

    start_year: int | None = None
    end_year: int | None = None
    start_date: str = ""
    end_date: str = ""
    precision: str = "unknown"
    reversed: bool = False
    notes: list[str] = field(default_factory=list)


def _dlp_date(value: str | None, bc, what: str) -> tuple[int, int, int] | None:
    if value is None or str(value).strip() in ("", "0000-00-00"):
        return None
    match = DLP_DATE.fullmatch(str(value).strip())
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


# The DLP records years as dates: a range of whole years reads 1 January of its first year to 31
# December (or 1 January) of its last. Three records start on 2 January (600, 1200 BCE: a day
# lost to a time zone, never a day anyone recorded) and one ends on 21 December of a range of
# fifty years ("mid seventh century BCE"); an open range gives its one end the same way.
YEAR_STARTS = frozenset({(1, 1), (1, 2)})
YEAR_ENDS = frozenset({(12, 31), (1, 1)})


def _precision(start: tuple[int, int, int] | None, end: tuple[int, int, int] | None) -> str:
    """The precision of a range read from the DLP (or a portal page): whole years unless its days
    say otherwise.

    >>> _precision((1401, 1, 1), None), _precision(None, (1401, 12, 31)), _precision((600, 1, 2), (900, 12, 31))
    ('year', 'year', 'year')
    >>> _precision((-675, 1, 1), (-625, 12, 21)), _precision((1994, 3, 1), (1994, 3, 31)), _precision((960, 2, 4), (1127, 3, 20))
    ('year', 'month', 'day')
    """
    if start is None and end is None:
        return "unknown"
    if start is None or end is None:
        # An open range: its one end at a year's boundary is a year, as the DLP writes them.
        known = start or end
        if known[1:] in YEAR_STARTS | YEAR_ENDS:
            return "year"
        start = end = known
    if start[1:] in YEAR_STARTS and (end[1:] in YEAR_ENDS or end[1] == 12):
        return "year"
    if start[2] == 1 and end[:2] == start[:2] and end[2] == calendar.monthrange(2000, end[1])[1]:
        return "month"
    return "day"


def dlp_range(start: str | None, start_bc, end: str | None, end_bc) -> DateRange:
    """The DLP's range: ``YYYY-MM-DD`` strings with a BC flag for each end. Either end may be
    missing (an open range).

    >>> r = dlp_range("3100-01-01", 1, "3000-12-31", 1)
    >>> (r.start_year, r.end_year, r.start_date, r.end_date, r.precision)
    (-3100, -3000, '-3099-01-01', '-2999-12-31', 'year')
    >>> dlp_range("2024-07-18", 0, "2024-08-06", 0).precision
    'day'
    >>> r = dlp_range("0122-01-01", 1, "1220-01-01", 1)
    >>> (r.start_year, r.end_year, r.reversed)
    (-1220, -122, True)
    """
    s = _dlp_date(start, start_bc, "DateStart")
    e = _dlp_date(end, end_bc, "DateEnd")
    result = DateRange(precision=_precision(s, e))
    if s and e and s > e:
        # The source puts the start after the end: the years are stored in order, so that the
        # database's constraint holds and filters find the span, and the record is flagged so
        # that its page shows the range as recorded (Evidence.date_reversed).
        s, e = e, s
        result.reversed = True
        result.notes.append("DateStart was after DateEnd in the DLP; the range is stored in order and flagged")
    if s:
        result.start_year, result.start_date = s[0], iso_date(*s)
    if e:
        result.end_year, result.end_date = e[0], iso_date(*e)
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
    """A range as the portal prints it (``1971-01-01 - 1971-12-31``, ``3100 BCE - 3000 BCE``),
    or a single date. A leading minus is a historical BCE year, as the portal writes it.

    >>> r = parse_date_range("2024-07-18 - 2024-08-06")
    >>> (r.start_year, r.end_year, r.precision)
    (2024, 2024, 'day')
    >>> parse_date_range("3100 BCE - 3000 BCE").start_date
    '-3099-01-01'
    >>> parse_date_range("0 - 10")
    Traceback (most recent call last):
    ...
    archive.years.DateError: there is no year 0 (1 BCE is followed by 1 CE): '0'
    """
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
        start_date=iso_date(*full_start),
        end_date=iso_date(*full_end),
        precision=precision,
    )


# -- writing ----------------------------------------------------------------------------------


def record_date_errors(start_year: int | None, end_year: int | None, start_date: str, end_date: str) -> dict[str, list[str]]:
    """What is wrong with a record's years and ISO dates, by field: a year 0, a start after the
    end, a date that is not ISO 8601 or not in the calendar, a date in another year than its
    field's. One check for every way a record is written (the API, the imports, the admin).

    >>> record_date_errors(-2402, None, "1900-01-01", "")["start_date"]
    ["'1900-01-01' is in 1900 (ISO 8601 counts 1 BCE as 0000), but start_year is -2402."]
    >>> record_date_errors(0, 5, "", "")["start_year"]
    ['There is no year 0: 1 BCE (-1) is followed by 1 CE (1).']
    >>> record_date_errors(1900, 1901, "1900-02-29", "")["start_date"][0][:31]
    "'1900-02-29' is not an ISO 8601"
    """
    errors: dict[str, list[str]] = {}
    for name, year in (("start_year", start_year), ("end_year", end_year)):
        if year == 0:
            errors.setdefault(name, []).append("There is no year 0: 1 BCE (-1) is followed by 1 CE (1).")
    if start_year is not None and end_year is not None and start_year > end_year and "start_year" not in errors:
        errors.setdefault("start_year", []).append(
            f"The start ({start_year}) is after the end ({end_year}); give them in order and set date_reversed where the source reverses them."
        )
    for name, text, year_name, year in (("start_date", start_date, "start_year", start_year), ("end_date", end_date, "end_year", end_year)):
        if text:
            parts = iso_parts(text)
            if parts is None:
                errors.setdefault(name, []).append(
                    f"{text!r} is not an ISO 8601 date in the calendar (astronomical years: -0799-01-01 is 1 January 800 BCE)."
                )
            elif year is not None and parts[0] != year:
                errors.setdefault(name, []).append(
                    f"{text!r} is in {year_label(parts[0])} (ISO 8601 counts 1 BCE as 0000), but {year_name} is {year}."
                )
    return errors


def year_label(year: int | None, *, era: bool = False) -> str:
    """'177 BCE', '1971' ('1971 CE' with ``era``): a historical year as people write it."""
    if year is None:
        return ""
    if year < 0:
        return f"{-year} BCE"
    return f"{year} CE" if era else str(year)


def _detail(iso: str, year: int | None, precision: str) -> tuple[int | None, int | None]:
    """The month and day an end shows at this precision, where its ISO date agrees with its year."""
    if precision not in ("day", "month") or year is None:
        return None, None
    parts = iso_parts(iso)
    if parts is None or parts[0] != year:
        return None, None
    _, month, day = parts
    return month, (day if precision == "day" else None)


def _day_month(month: int | None, day: int | None) -> str:
    if month is None:
        return ""
    return f"{day} {MONTHS[month - 1]}" if day else MONTHS[month - 1]


def _point(year: int, month: int | None, day: int | None, *, era: bool) -> str:
    head = _day_month(month, day)
    return f"{head} {year_label(year, era=era)}" if head else year_label(year, era=era)


def date_label(
    start: int | None,
    end: int | None,
    *,
    start_date: str = "",
    end_date: str = "",
    precision: str = "unknown",
    reversed: bool = False,
) -> str:
    """A record's date as pages, list rows and citations write it (see the module's examples).
    ``reversed``: the source gives the start after the end; shown as recorded, end first."""
    if start is None and end is None:
        return ""
    sm, sd = _detail(start_date, start, precision)
    em, ed = _detail(end_date, end, precision)
    circa = "c. " if precision in APPROXIMATE else ""
    if reversed and start is not None and end is not None:
        # As recorded, the later year first, each end with its era, and said to be so.
        return f"{circa}{_point(end, em, ed, era=True)} – {_point(start, sm, sd, era=True)} (as recorded: start after end)"
    if end is None:
        return f"from {circa}{_point(start, sm, sd, era=False)}"
    if start is None:
        return f"until {circa}{_point(end, em, ed, era=False)}"
    if (start, sm, sd) == (end, em, ed):
        return circa + _point(start, sm, sd, era=False)
    mixed = start < 0 < end
    if mixed:
        return f"{circa}{_point(start, sm, sd, era=True)} – {_point(end, em, ed, era=True)}"
    if sm is None and em is None:
        # 3100–3000 BCE, 1920–1930: one era, said once.
        return f"{circa}{abs(start)}–{abs(end)}{' BCE' if end < 0 else ''}"
    if start == end:
        return f"{circa}{_day_month(sm, sd)} – {_day_month(em, ed)} {year_label(end)}"
    return f"{circa}{_point(start, sm, sd, era=False)} – {_point(end, em, ed, era=False)}"


def reversed_note(start: int | None, end: int | None) -> str:
    """The note a reversed range carries on its page."""
    return (
        f"As recorded, the start ({year_label(end)}) is after the end ({year_label(start)}); "
        f"filters and the timeline read it as {date_label(start, end)}."
    )


def _edtf_point(iso: str, year: int, precision: str) -> str:
    month, day = _detail(iso, year, precision)
    text = iso_year(year)
    if month is not None:
        text += f"-{month:02d}"
    if day is not None:
        text += f"-{day:02d}"
    return text + ("~" if precision in APPROXIMATE else "")


def edtf(start: int | None, end: int | None, *, start_date: str = "", end_date: str = "", precision: str = "unknown") -> str:
    """The range in EDTF (ISO 8601-2; astronomical years): '-0799/-0699', '-2320/..', '../1401',
    '1971', '-0176-11-03/-0175-11-03'; '' when undated. Coarse precision is marked '~'."""
    if start is None and end is None:
        return ""
    a = _edtf_point(start_date, start, precision) if start is not None else ".."
    b = _edtf_point(end_date, end, precision) if end is not None else ".."
    return a if a == b else f"{a}/{b}"


# -- the timeline's axis ----------------------------------------------------------------------

TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000)


def timeline_axis(first: int, last: int) -> dict:
    """The span and labelled ticks of a timeline from ``first`` to ``last`` (historical years),
    on an astronomical axis so that 1 BCE and 1 CE are one year apart: {'from', 'to' (axis
    bounds), 'ticks': [{'at', 'label'}]}. Scripts draw it; they format no year themselves."""
    lo, hi = to_astronomical(first), to_astronomical(last)
    # Pad the range so that one record, or a few close together, sit mid-axis rather than at an edge.
    pad = max((hi - lo) * 0.05, 5)
    start, stop = lo - pad, hi + 1 + pad
    step = next((s for s in TICK_STEPS if (stop - start) / s <= 8), 20000)
    ticks = []
    # Ticks at round historical years (1000 BCE, not 1001 BCE), placed on the astronomical axis.
    year = math.ceil(from_astronomical(math.ceil(start)) / step) * step
    while to_astronomical(year or step) <= stop:
        if year and to_astronomical(year) >= start:
            ticks.append({"at": to_astronomical(year), "label": year_label(year)})
        year += step
    return {"from": start, "to": stop, "ticks": ticks}


# -- periods: the browse page's timeline --------------------------------------------------------

PERIOD_STEPS = (1, 5, 10, 25, 50, 100, 250, 500, 1000)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def period_index(year: int, step: int) -> int:
    """The period of ``step`` years a historical year falls in, numbered on both sides of the era:
    0 is 1–step CE, -1 is step–1 BCE (centuries run 1–100, 101–200; 100–1 BCE, 200–101 BCE)."""
    if year == 0:
        raise DateError("there is no year 0 (1 BCE is followed by 1 CE)")
    return (year - 1) // step if year > 0 else -((-year - 1) // step) - 1


def period_bounds(index: int, step: int) -> tuple[int, int]:
    """The first and last historical year of a period of period_index.

    >>> period_bounds(19, 100), period_bounds(-1, 100), period_bounds(-31, 100)
    ((1901, 2000), (-100, -1), (-3100, -3001))
    """
    if index >= 0:
        return index * step + 1, (index + 1) * step
    k = -index - 1
    return -(k + 1) * step, -(k * step + 1)


def period_step(first: int, last: int, most: int = 60) -> int:
    """The shortest period in PERIOD_STEPS that covers first..last in at most ``most`` periods."""
    for step in PERIOD_STEPS:
        if period_index(last, step) - period_index(first, step) + 1 <= most:
            return step
    return 10 * PERIOD_STEPS[-1]


def period_label(start: int, end: int) -> str:
    """A period as people name it: '20th century', '31st century BCE', '2nd millennium BCE';
    other spans as a date range ('1901–1950', '500–451 BCE', '1971').

    >>> period_label(1901, 2000), period_label(-3100, -3001), period_label(-2000, -1001), period_label(1901, 1950)
    ('20th century', '31st century BCE', '2nd millennium BCE', '1901–1950')
    """
    for size, name in ((1000, "millennium"), (100, "century")):
        if end - start + 1 == size:
            if start > 0 and start % size == 1:
                return f"{ordinal(end // size)} {name}"
            if end < 0 and -end % size == 1:
                return f"{ordinal(-start // size)} {name} BCE"
    return date_label(start, end)
