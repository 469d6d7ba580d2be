"""The API's JSON renderer (orjson doing the encoding) writes what DRF's own renderer writes, and
the evidence filters copy their declared filters only when something reads them (issue 14: the
cold API list page)."""
from __future__ import annotations

import datetime
import json
from decimal import Decimal

import pytest
from django.utils.translation import gettext_lazy
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework import renderers as drf

from archive.api.filters import EvidenceFilterSet
from archive.api.renderers import CSLJSONRenderer, JSONLDRenderer, JSONRenderer

UTC = datetime.timezone.utc

scalars = (
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.text() | st.sampled_from(["\u2028 and \u2029", "Şeş-Beş", "\x00\x1f\"\\", "<>&'", "𓀀"])
    | st.decimals(allow_nan=False, allow_infinity=False, places=6, min_value=-1000, max_value=1000)
    | st.datetimes(timezones=st.sampled_from([UTC, datetime.timezone(datetime.timedelta(hours=4)), None]))
    | st.dates() | st.times()
)
documents = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(documents)
def test_the_same_bytes_as_drf_for_what_the_api_sends(data):
    assert JSONRenderer().render(data) == drf.JSONRenderer().render(data)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), max_size=10))
def test_floats_read_back_the_same(numbers):
    # orjson writes the shortest round-tripping form as Python does, only the exponent differs
    # (1e16 for 1e+16): the same numbers.
    assert json.loads(JSONRenderer().render(numbers)) == json.loads(drf.JSONRenderer().render(numbers))


def test_what_orjson_leaves_to_python_is_written_as_drf_writes_it():
    data = {
        "when": datetime.datetime(2026, 11, 25, 8, 0, 0, 123456, tzinfo=UTC),
        "lazy": gettext_lazy("Evidence"),
        "degrees": Decimal("40.409264"),
        "huge": 2**70,
        1: "an integer key",
        "separators": "a\u2028b\u2029c",
    }
    got = JSONRenderer().render(data)
    assert got == drf.JSONRenderer().render(data)
    assert b'"2026-11-25T08:00:00.123456Z"' in got and b"\\u2028" in got and b'"1":' in got


def test_an_indented_answer_and_an_empty_body_are_drf_s():
    data = {"a": [1, {"b": "ç"}]}
    for media in ("application/json; indent=4", "application/json; indent=0"):
        assert JSONRenderer().render(data, media) == drf.JSONRenderer().render(data, media)
    assert JSONRenderer().render(None) == b""


def test_an_unencodable_value_fails_as_drf_does():
    with pytest.raises(TypeError):
        drf.JSONRenderer().render({"x": object()})
    with pytest.raises(TypeError):
        JSONRenderer().render({"x": object()})


def test_the_linked_data_and_citation_renderers_use_it():
    assert issubclass(JSONLDRenderer, JSONRenderer) and issubclass(CSLJSONRenderer, JSONRenderer)


@pytest.mark.django_db
def test_the_api_answers_through_it(client):
    response = client.get("/api/v1/evidence/", {"page_size": 3})
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert json.loads(response.content) == response.json()
    from rest_framework.settings import api_settings

    assert api_settings.DEFAULT_RENDERER_CLASSES[0] is JSONRenderer


@pytest.mark.django_db
def test_the_filters_are_copied_only_when_read(monkeypatch):
    import copy

    copies = []
    real = copy.deepcopy
    monkeypatch.setattr(copy, "deepcopy", lambda x, *a: copies.append(1) or real(x, *a))
    fs = EvidenceFilterSet({"q": "senet", "from": "-3100"})
    assert fs.is_valid() and fs.qs is not None and not copies
    filters = fs.filters
    assert copies and set(filters) == set(EvidenceFilterSet.base_filters)
    assert all(f.parent is fs and f is not EvidenceFilterSet.base_filters[name] for name, f in filters.items())
    assert fs.filters is filters  # copied once
    assert "q" in fs.form.fields  # the browsable API's form is built from them
    bad = EvidenceFilterSet({"from": "the bronze age"})
    assert not bad.is_valid()
    assert "from" in str(bad.errors)
