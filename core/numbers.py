"""Whole numbers from text a client sent: query parameters, form fields, cursors."""
from __future__ import annotations

#: The largest value a 64-bit signed database column (SQLite's INTEGER, PostgreSQL's bigint)
#: holds: a larger number in a query makes the driver raise rather than match nothing.
BIGGEST = 2**63 - 1


def whole_number(text, low: int = 0, high: int = BIGGEST) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``, or None if it is not one.

    ASCII digits only: ``str.isdigit`` also takes superscripts such as '²', which ``int()``
    refuses, and ``int()`` takes other scripts' digits, which no one means as an id.

    >>> whole_number("42"), whole_number("\u00b2"), whole_number("-1"), whole_number("9" * 30)
    (42, None, None, None)
    >>> whole_number("150", high=100), whole_number(" 7")
    (None, None)
    """
    if not isinstance(text, str) or not text or len(text) > 19 or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if low <= value <= high else None


def in_range(value) -> bool:
    """Whether an int (from JSON, say) fits a 64-bit signed column."""
    return -BIGGEST - 1 <= value <= BIGGEST
