"""Years and dates (archive.years): one convention for labels, ISO 8601 / EDTF for machines."""
from __future__ import annotations

import doctest

import edtf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from archive import identifiers, years


@pytest.mark.parametrize("module", [years, identifiers])
def test_the_modules_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


LABELS = [
    # (start, end, start_date, end_date, precision, reversed) -> label
    ((-177, -177, "", "", "year", False), "177 BCE"),
    ((-3100, -3000, "", "", "century", False), "c. 3100–3000 BCE"),
    ((-3100, -3000, "", "", "year", False), "3100–3000 BCE"),
    ((-4, 65, "", "", "year", False), "4 BCE – 65 CE"),
    ((-2321, None, "", "", "year", False), "from 2321 BCE"),
    ((None, 1401, "", "", "year", False), "until 1401"),
    ((1920, 1930, "", "", "year", False), "1920–1930"),
    ((1971, 1971, "1971-01-01", "1971-12-31", "year", False), "1971"),
    # DLP.Evidence.842, precise to the day: never the raw ISO strings.
    ((-177, -176, "-0176-11-03", "-0175-11-03", "day", False), "3 November 177 BCE – 3 November 176 BCE"),
    ((2024, 2024, "2024-07-18", "2024-08-06", "day", False), "18 July – 6 August 2024"),
    ((2024, 2024, "2024-07-18", "2024-07-18", "day", False), "18 July 2024"),
    ((1923, 1924, "1923-11-03", "1924-01-02", "day", False), "3 November 1923 – 2 January 1924"),
    ((-1, 1, "0000-12-25", "0001-01-06", "day", False), "25 December 1 BCE – 6 January 1 CE"),
    ((1920, 1920, "1920-03-01", "1920-05-31", "month", False), "March – May 1920"),
    ((-500, None, "-0499-06-01", "", "day", False), "from 1 June 500 BCE"),
    # DLP.Evidence.1257: 122 BC recorded before 1220 BC, stored in order.
    ((-1220, -122, "-1219-01-01", "-0121-01-01", "year", True), "122 BCE – 1220 BCE (as recorded: start after end)"),
    ((None, None, "", "", "unknown", False), ""),
]


@pytest.mark.parametrize("args, label", LABELS)
def test_labels_follow_one_convention(args, label):
    start, end, start_date, end_date, precision, reversed_ = args
    assert years.date_label(start, end, start_date=start_date, end_date=end_date, precision=precision, reversed=reversed_) == label


@pytest.mark.parametrize("args, _", LABELS)
def test_every_edtf_string_is_valid_edtf(args, _):
    start, end, start_date, end_date, precision, _reversed = args
    text = years.edtf(start, end, start_date=start_date, end_date=end_date, precision=precision)
    if start is None and end is None:
        assert text == ""
    else:
        edtf.parse_edtf(text)  # raises on anything that is not EDTF


def test_edtf_uses_astronomical_years_and_open_ends():
    assert years.edtf(-800, -700) == "-0799/-0699"
    assert years.edtf(-1, -1) == "0000"
    assert years.edtf(-2321, None) == "-2320/.."
    assert years.edtf(None, 1401) == "../1401"
    assert years.edtf(-177, -176, start_date="-0176-11-03", end_date="-0175-11-03", precision="day") == "-0176-11-03/-0175-11-03"
    assert years.edtf(-3100, -3000, precision="millennium") == "-3099~/-2999~"
    # What the library reads back is the year we meant: lower_strict is a struct_time in its
    # proleptic (astronomical) numbering.
    assert edtf.parse_edtf(years.edtf(-800, -700)).lower_strict().tm_year == -799


@given(st.integers(min_value=-9999, max_value=9999).filter(lambda y: y != 0))
def test_the_two_numberings_convert_both_ways(year):
    assert years.from_astronomical(years.to_astronomical(year)) == year
    assert years.iso_parts(years.iso_date(year, 2, 28)) == (year, 2, 28)
    assert years.parse_year(years.year_label(year)) == year


def test_a_filter_year_is_a_historical_year():
    assert [years.parse_year(t) for t in ("1971", "-3100", "3100 BCE", "3100 bc", "3100 B.C.", "65 CE", "65 AD")] == [
        1971, -3100, -3100, -3100, -3100, 65, 65,
    ]
    for bad in ("0", "year 5", "-5 BCE", "", "1.5"):
        with pytest.raises(years.DateError):
            years.parse_year(bad)


def test_the_timeline_axis_is_labelled_by_the_server():
    axis = years.timeline_axis(-3100, -3000)
    assert [t["label"] for t in axis["ticks"]][0] == "3100 BCE"
    assert all(axis["from"] <= t["at"] <= axis["to"] for t in axis["ticks"])
    crossing = years.timeline_axis(-10, 20)
    labels = [t["label"] for t in crossing["ticks"]]
    assert "5 BCE" in labels and "5" in labels and "0" not in labels and "0 BCE" not in labels
    # Ticks fall on round historical years; 1000 BCE sits at ISO 8601's -999.
    assert {"at": -999, "label": "1000 BCE"} in years.timeline_axis(-1500, 500)["ticks"]


def test_dlp_ranges_are_iso_dates_in_astronomical_years():
    r = years.dlp_range("0177-11-03", 1, "0176-11-03", 1)
    assert (r.start_year, r.end_year, r.start_date, r.end_date, r.precision) == (-177, -176, "-0176-11-03", "-0175-11-03", "day")
    r = years.dlp_range("2321-01-01", 1, None, 0)
    assert (r.start_year, r.end_year) == (-2321, None)
    r = years.dlp_range("0122-01-01", 1, "1220-01-01", 1)
    assert (r.start_year, r.end_year, r.reversed) == (-1220, -122, True)
