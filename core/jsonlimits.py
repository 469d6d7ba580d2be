"""JSON from untrusted clients, read with limits: nesting depth and NUL characters.

Python's json module recurses once per level of nesting, so a body of 100,000 '[' ends in
RecursionError (a server error) instead of a 400. PostgreSQL's text and jsonb cannot hold
U+0000, so a string holding one fails at the database, after the checks. Both are refused
here, with a message saying what and where, before anything else reads the body.

Use ``loads`` wherever a view parses a request body itself; DRF views get it through
``LimitedJSONParser`` (REST_FRAMEWORK's DEFAULT_PARSER_CLASSES), and a form's NUL is refused by
``LimitedFormParser`` and ``LimitedMultiPartParser``.
"""
from __future__ import annotations

import json
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

MAX_DEPTH = 32


class JSONLimitError(ValueError):
    """The body is JSON the site refuses: too deeply nested, or holding a NUL character."""


def _depth_ok(text: str, max_depth: int) -> None:
    # Counted on the raw text, outside strings, before json.loads ever recurses.
    depth = 0
    in_string = escaped = False
    for position, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > max_depth:
                raise JSONLimitError(f"nested more than {max_depth} levels deep (at character {position})")
        elif char in "]}":
            depth -= 1


def _no_nul(value: Any, where: str = "$") -> None:
    if isinstance(value, str):
        if "\x00" in value:
            raise JSONLimitError(f"{where} contains a NUL character (\\u0000)")
    elif isinstance(value, dict):
        for key, item in value.items():
            if "\x00" in key:
                raise JSONLimitError(f"a key in {where} contains a NUL character (\\u0000)")
            _no_nul(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _no_nul(item, f"{where}[{index}]")


def loads(data: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """json.loads with the limits: JSONLimitError (a ValueError) for what is refused, and
    json.JSONDecodeError (also a ValueError) for what is not JSON.

    >>> loads('{"action": {"from": 24, "to": 18}}')
    {'action': {'from': 24, 'to': 18}}
    >>> loads("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    core.jsonlimits.JSONLimitError: nested more than 32 levels deep (at character 32)
    """
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    _depth_ok(text, max_depth)
    value = json.loads(text)
    _no_nul(value)
    return value


def _form_without_nul(data, where: str) -> None:
    """A form's fields (a QueryDict, every value of every key) hold no NUL character: PostgreSQL
    text cannot store one, and a lookup by such a value fails in the database, not as a 400."""
    for key, values in data.lists():
        if "\x00" in key:
            raise ParseError(f"{where}: a field name contains a NUL character (%00)")
        if any(isinstance(value, str) and "\x00" in value for value in values):
            raise ParseError(f"{where}: field {key!r} contains a NUL character (%00)")


class LimitedFormParser(FormParser):
    """DRF's form parser, refusing a NUL character in any field name or value (400)."""

    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        _form_without_nul(data, "the form")
        return data


class LimitedMultiPartParser(MultiPartParser):
    """DRF's multipart parser, refusing a NUL character in any field's name or value (400)."""

    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        _form_without_nul(parsed.data, "the form")
        _form_without_nul(parsed.files, "the form's files")
        return parsed


class LimitedJSONParser(JSONParser):
    """DRF's JSON parser with the limits above; a refused body is a 400 (ParseError)."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", "utf-8")
        try:
            return loads(stream.read().decode(encoding))
        except UnicodeDecodeError as exc:
            raise ParseError(f"JSON parse error - the body is not {encoding}: {exc}") from None
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
