"""Rules-file games: one TOML file per ruleset, compiled by a mechanic, played by one generic
variant class (``games.engine.rules.game.RulesVariant``).

The files live in ``games/rulesets/<family>/<name>.toml`` (variant key ``family.name``); the
format is documented for curators in ``games/rulesets/README.md`` and the contracts between the
parts in ``CONTRACT.md`` beside this file. Importing this package registers every file that
loads; a file that does not is kept in ``ERRORS`` with its message (file, line, field), and the
conformance test (``tests/games/test_rules_files.py``) fails on any.

Files are compiled when first asked for: importing the package only lists the files' keys, and
``get_variant(key)`` compiles that one file (a command-line call or a web worker playing one game
does not compile the whole catalogue, a few seconds of work that grows with every file).
``catalogue()``, ``variants()`` and anything else that needs every file compile them all.
"""
from __future__ import annotations

import importlib
import re
from pathlib import Path

from games.engine.core import _LAZY, _REGISTRY, UnknownVariant
from games.engine.rules.game import RulesVariant
from games.engine.rules.loader import RulesFile, RulesFileError, load_file

__all__ = ["ERRORS", "MECHANICS", "RULESETS_DIR", "RulesFile", "RulesFileError", "catalogue", "compile_file", "rules_variant"]

RULESETS_DIR = Path(__file__).resolve().parents[2] / "rulesets"

#: Mechanic name -> module; each module has ``ELEMENTS`` (the rule elements a clause may carry)
#: and ``compile(rules_file) -> Game``.
MECHANICS = {
    "pieces": "games.engine.rules.pieces",
    "sow": "games.engine.rules.sow",
    "race": "games.engine.rules.race",
}

ERRORS: dict[str, str] = {}
_FILES: dict[str, RulesFile] = {}


def mechanic(name: str):
    if name not in MECHANICS:
        raise RulesFileError(f"mechanic: must be one of {', '.join(sorted(MECHANICS))}, got {name!r}")
    return importlib.import_module(MECHANICS[name])


#: The top-level ``mechanic = "..."`` line, read before the file is parsed: the mechanic says which
#: rule elements a clause may carry, and parsing the file twice doubled the catalogue's load time.
_MECHANIC_RE = re.compile(r'^mechanic\s*=\s*"([^"\n]*)"', re.MULTILINE)


def compile_file(path: Path, root: Path | None = None) -> RulesVariant:
    """Read, check and compile one rules file into its variant (not registered)."""
    root = root or RULESETS_DIR.parent
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        text = ""  # load_file says what is wrong, with the place
    head = re.split(r"^\[", text, maxsplit=1, flags=re.MULTILINE)[0]  # before the first table
    found = _MECHANIC_RE.search(head)
    module = mechanic(found.group(1)) if found and found.group(1) in MECHANICS else None
    rf = load_file(path, root, module.ELEMENTS if module else None)
    if module is None:
        module = mechanic(rf.mechanic)
        rf = load_file(path, root, module.ELEMENTS)
    return RulesVariant(module.compile(rf))


#: Every file's key and path, listed when the package is imported (no file is read).
_PATHS: dict[str, Path] = {}
_ALL_LOADED = False


def _list_files() -> None:
    _PATHS.clear()
    for path in sorted(RULESETS_DIR.glob("*/*.toml")):
        _PATHS[f"{path.parent.name}.{path.stem}"] = path


def _load_one(key: str) -> RulesVariant | None:
    """Compile and register the file of ``key`` (None when no file has that key, or it is
    already registered; a file that does not load raises its ``RulesFileError``, kept in
    ``ERRORS``)."""
    path = _PATHS.get(key)
    if path is None or key in _REGISTRY:
        return None
    if key in ERRORS:
        raise RulesFileError(ERRORS[key])
    try:
        variant = compile_file(path)
    except RulesFileError as exc:
        ERRORS[key] = str(exc)
        raise
    _REGISTRY[variant.key] = variant
    _FILES[variant.key] = variant.rules_file
    return variant


def _load_all() -> None:
    global _ALL_LOADED
    if _ALL_LOADED:
        return
    _ALL_LOADED = True
    for key, path in _PATHS.items():
        if key in _FILES or key in ERRORS:
            continue
        if key in _REGISTRY:
            ERRORS[key] = f"{path}: key {key} is registered twice"
            continue
        try:
            _load_one(key)
        except RulesFileError:
            continue


class _Files:
    """The rules files as a lazy source of variants for ``games.engine.core``."""

    @staticmethod
    def build(key: str):
        return _load_one(key)

    @staticmethod
    def load_all() -> None:
        _load_all()


def catalogue() -> list[RulesFile]:
    """Every rules file that loaded, by key."""
    _load_all()
    return [_FILES[k] for k in sorted(_FILES)]


def rules_variant(key: str) -> RulesVariant:
    if key not in _REGISTRY and key in _PATHS:
        _load_one(key)
    variant = _REGISTRY.get(key)
    if not isinstance(variant, RulesVariant):
        raise UnknownVariant(f"no rules file has the key {key!r}")
    return variant


_list_files()
_LAZY.append(_Files)
