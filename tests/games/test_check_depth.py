"""The engine's guard on untrusted JSON (core.check_depth), rewritten for speed, against the plain
reading of its rule: refuse a value nested more than MAX_DEPTH levels deep or holding a whole
number of more than MAX_DIGITS digits (as too_long judges it), and nothing else."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.core import MAX_DEPTH, MAX_DIGITS, InvalidState, check_depth, too_long


def reference(value, depth=0) -> str | None:
    """What is wrong with ``value`` (recursively, the slow obvious way), or None."""
    if isinstance(value, (Mapping, list, tuple)):
        if depth >= MAX_DEPTH:
            return "deep"
        for child in value.values() if isinstance(value, Mapping) else value:
            found = reference(child, depth + 1)
            if found:
                return found
        return None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > MAX_DIGITS * 3.33:
        return "long"
    return None


def verdict(value) -> str | None:
    try:
        check_depth(value, "the state", InvalidState)
    except InvalidState as exc:
        return "deep" if "deep" in str(exc) else "long"
    return None


numbers = st.one_of(st.integers(), st.integers(min_value=10 ** 99, max_value=10 ** 102),
                    st.integers(min_value=-(10 ** 102), max_value=-(10 ** 99)), st.sampled_from([2 ** 333, 2 ** 333 - 1, -(2 ** 333)]))
scalars = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.text(max_size=3), numbers)
json_like = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=2), inner, max_size=3),
    st.tuples(inner, inner)), max_leaves=30)


def nest(value, levels: int, kind=list):
    for _ in range(levels):
        value = kind([value]) if kind is not dict else {"a": value}
    return value


@settings(max_examples=400, deadline=None)
@given(json_like)
def test_agrees_with_the_plain_reading(value):
    # One finding per value: a value both too deep and too long may be refused for either.
    assert (verdict(value) is None) == (reference(value) is None)


@given(st.integers(min_value=0, max_value=MAX_DEPTH + 3), st.sampled_from([list, dict, tuple]), scalars)
def test_depth_at_the_limit(levels, kind, leaf):
    value = nest(leaf, levels, kind)
    assert (verdict(value) is None) == (reference(value) is None)
    if levels > MAX_DEPTH:
        assert verdict(value) == "deep"


def test_the_number_limit_is_too_longs():
    for n in (2 ** 333 - 1, 2 ** 333, -(2 ** 333), 10 ** 100, 10 ** 101):
        assert (verdict({"x": [n]}) == "long") == too_long(n) == (abs(n).bit_length() > MAX_DIGITS * 3.33)
        assert (verdict(n) == "long") == too_long(n)  # a number alone, not in a container


def test_other_mappings_and_int_subclasses_are_judged_too():
    class Big(int):
        pass

    assert verdict(MappingProxyType({"a": nest(1, MAX_DEPTH + 1)})) == "deep"
    assert verdict([Big(10 ** 200)]) == "long"
    assert verdict([True, False, None, 1.5, "x"]) is None
    with pytest.raises(InvalidState, match="more than 100 digits"):
        check_depth({"a": [[10 ** 200]]}, "the state", InvalidState)
