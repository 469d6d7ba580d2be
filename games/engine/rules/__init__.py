"""Rules-file games: one TOML file per ruleset, compiled by a mechanic, played by one generic
variant class (``games.engine.rules.game.RulesVariant``).

The files live in ``games/rulesets/<family>/<name>.toml`` (variant key ``family.name``); the
format is documented for curators in ``games/rulesets/README.md`` and the contracts between the
parts in ``CONTRACT.md`` beside this file. Importing this package registers every file that
loads; a file that does not is kept in ``ERRORS`` with its message (file, line, field), and the
conformance test (``tests/games/test_rules_files.py``) fails on any.
"""
from __future__ import annotations

import importlib
from pathlib import Path

from games.engine.core import _REGISTRY, UnknownVariant
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


def compile_file(path: Path, root: Path | None = None) -> RulesVariant:
    """Read, check and compile one rules file into its variant (not registered)."""
    import tomllib

    root = root or RULESETS_DIR.parent
    try:
        name = tomllib.loads(path.read_text(encoding="utf-8")).get("mechanic")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        name = None  # load_file says what is wrong, with the place
    module = mechanic(name) if isinstance(name, str) else None
    rf = load_file(path, root, module.ELEMENTS if module else None)
    if module is None:
        mechanic(rf.mechanic)
    return RulesVariant(module.compile(rf))


def _load_all() -> None:
    if _FILES or ERRORS:
        return
    for path in sorted(RULESETS_DIR.glob("*/*.toml")):
        key = f"{path.parent.name}.{path.stem}"
        try:
            variant = compile_file(path)
        except RulesFileError as exc:
            ERRORS[key] = str(exc)
            continue
        if variant.key in _REGISTRY:
            ERRORS[key] = f"{path}: key {variant.key} is registered twice"
            continue
        _REGISTRY[variant.key] = variant
        _FILES[variant.key] = variant.rules_file


def catalogue() -> list[RulesFile]:
    """Every rules file that loaded, by key."""
    _load_all()
    return [_FILES[k] for k in sorted(_FILES)]


def rules_variant(key: str) -> RulesVariant:
    _load_all()
    variant = _REGISTRY.get(key)
    if not isinstance(variant, RulesVariant):
        raise UnknownVariant(f"no rules file has the key {key!r}")
    return variant


_load_all()
