"""Reading a rules file: TOML parsed by the standard library, checked field by field.

A rules file is one ruleset (``games/rulesets/README.md``): a few top-level facts (key, title, the
DLP game and ruleset it implements, seats) and a list of clauses, each the rule in our words
with its source, and beside it the rule elements the engine runs (``board``, ``move``,
``capture``, ``end``...). This module reads and checks what every file shares; the mechanic
named by ``mechanic`` (``games.engine.rules.mechanics``) compiles the elements.

Every error is a ``RulesFileError`` naming ``file:line: field: what is wrong``. TOML parsers
keep no positions, so the line is found again in the text from the field's path (the n-th
``[[clause]]`` header, then the key below it): exact for the layout the guide uses.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engine.core import EngineError

__all__ = ["Clause", "Element", "RulesFile", "RulesFileError", "load_file", "load_text"]

#: The fields a clause may hold besides its rule elements.
CLAUSE_FIELDS = ("id", "text", "quote", "source", "locator", "interpretation", "option", "ludii")
#: The top-level fields of a file (``clause`` and ``options`` aside).
TOP_FIELDS = (
    "key", "title", "mechanic", "game", "ruleset", "players", "sides", "teams", "source", "locator",
    "summary", "ludii", "colours",
)
KEY_RE = re.compile(r"^[a-z][a-z0-9]*\.[a-z0-9][a-z0-9-]*$")
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
CLAUSE_ID_RE = re.compile(r"^[A-Z][A-Za-z0-9]*-[0-9]+[a-z]?$")


class RulesFileError(EngineError):
    """A rules file that cannot be read or says something the engine cannot play."""


@dataclass(frozen=True)
class Element:
    """One rule element: its name (``move``), its table, the clause that states it and the
    path of the table in the file (for messages)."""

    name: str
    value: Any
    clause: str
    path: tuple[Any, ...]


@dataclass(frozen=True)
class Clause:
    id: str
    text: str
    quote: str = ""
    source: str = ""
    locator: str = ""
    interpretation: str = ""
    option: str = ""
    ludii: str = ""
    elements: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "text": self.text, "quote": self.quote, "source": self.source,
            "locator": self.locator, "interpretation": self.interpretation, "option": self.option,
            "ludii": self.ludii, "elements": list(self.elements),
        }


@dataclass
class RulesFile:
    """A rules file as read: what the catalogue links and shows, and the elements to compile."""

    key: str
    title: str
    path: str
    mechanic: str
    dlp_game: int | None
    game_name: str
    dlp_ruleset: int | None
    ruleset_name: str
    players: int
    sides: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...] | None
    summary: str
    clauses: list[Clause]
    elements: list[Element]
    options: dict[str, dict[str, Any]]
    text: str = field(repr=False, default="")
    #: What the Ludii replay needs beyond the rules (``[ludii]``: site names where coordinates
    #: and labels do not decide, and the differences a clause explains); see CONTRACT.md.
    ludii: dict[str, Any] = field(default_factory=dict)
    hooks: list[str] = field(default_factory=list)
    #: The seats' colours (``colours = ["#d55e00", ...]``), where the sides are named by colour and
    #: the board should draw them so; None: the board's own light, dark, green and purple.
    colours: tuple[str, ...] | None = None

    def where(self, path: tuple[Any, ...]) -> str:
        """``file:line: field`` for a path such as ``("clause", 3, "move", "dirs")``."""
        return f"{self.path}:{locate(self.text, path)}: {field_name(path)}"

    def error(self, path: tuple[Any, ...], message: str) -> RulesFileError:
        return RulesFileError(f"{self.where(path)}: {message}")

    def elements_named(self, name: str) -> list[Element]:
        return [e for e in self.elements if e.name == name]

    def clause_ids(self) -> list[str]:
        return [c.id for c in self.clauses]


def field_name(path: tuple[Any, ...]) -> str:
    """``clause[4].move.dirs`` for ``("clause", 3, "move", "dirs")`` (clauses counted from 1)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(file)"


_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.\"-]+)\s*\]\]?")


def locate(text: str, path: tuple[Any, ...]) -> int:
    """The line (from 1) where the field at ``path`` is written, as near as the text shows."""
    lines = text.splitlines()
    start, end = 0, len(lines)
    rest = list(path)
    if rest and rest[0] in ("clause", "options"):
        table = rest.pop(0)
        if table == "clause" and rest and isinstance(rest[0], int):
            wanted = rest.pop(0)
            seen = -1
            for i, line in enumerate(lines):
                if re.match(r"^\s*\[\[\s*clause\s*\]\]", line):
                    seen += 1
                    if seen == wanted:
                        start = i
                        break
            else:
                return 1
        elif table == "options" and rest:
            name = str(rest.pop(0))
            for i, line in enumerate(lines):
                m = _HEADER.match(line)
                if m and m.group(1).replace('"', "") == f"options.{name}":
                    start = i
                    break
        for j in range(start + 1, len(lines)):
            if _HEADER.match(lines[j]):
                end = j
                break
    else:
        # A top-level key lives before the first table header.
        for j, line in enumerate(lines):
            if _HEADER.match(line):
                end = j
                break
    best = start
    for key in (p for p in rest if isinstance(p, str)):
        pattern = re.compile(rf"(^|[{{,\s]){re.escape(key)}\s*=")
        for j in range(best, end):
            if pattern.search(lines[j]):
                best = j
                break
    return best + 1


def _str(rf_path: str, text: str, data: dict, key: str, path: tuple, required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise RulesFileError(f"{rf_path}:{locate(text, path)}: {field_name(path)}: is required")
        return ""
    if not isinstance(value, str):
        raise RulesFileError(
            f"{rf_path}:{locate(text, path)}: {field_name(path)}: must be text, got {type(value).__name__}"
        )
    return value.strip()


def load_text(text: str, path: str, element_names: frozenset[str] | None = None) -> RulesFile:
    """Read a rules file's text (``path`` names it in messages). ``element_names`` are the rule
    elements a clause may carry (any other key is refused); None accepts any."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesFileError(f"{path}: not valid TOML: {exc}") from None

    def fail(p: tuple, message: str) -> RulesFileError:
        return RulesFileError(f"{path}:{locate(text, p)}: {field_name(p)}: {message}")

    for key in data:
        if key not in TOP_FIELDS and key not in ("clause", "options") and not (key == "ludii" and isinstance(data[key], dict)):
            raise fail((key,), f"unknown field (known: {', '.join(TOP_FIELDS + ('clause', 'options'))})")
    key = _str(path, text, data, "key", ("key",), required=True)
    if not KEY_RE.match(key):
        raise fail(("key",), f"{key!r} is not a variant key (family.name, lower case, e.g. sow.oware)")
    title = _str(path, text, data, "title", ("title",), required=True)
    mechanic = _str(path, text, data, "mechanic", ("mechanic",), required=True)

    def ref(name: str) -> tuple[int | None, str]:
        value = data.get(name)
        if value is None:
            raise fail((name,), "is required: { dlp = N, name = \"...\" } (dlp = 0 where the DLP has none)")
        if not isinstance(value, dict):
            raise fail((name,), "must be a table { dlp = N, name = \"...\" }")
        for k in value:
            if k not in ("dlp", "name"):
                raise fail((name, k), "unknown field (known: dlp, name)")
        dlp = value.get("dlp")
        if isinstance(dlp, bool) or not isinstance(dlp, int) or dlp < 0 or dlp > 10**7:
            raise fail((name, "dlp"), f"must be a DLP id (a whole number, 0 for none), got {dlp!r}")
        label = value.get("name", "")
        if not isinstance(label, str) or not label.strip():
            raise fail((name, "name"), "is required (the name the DLP gives)")
        return (dlp or None), label.strip()

    dlp_game, game_name = ref("game")
    dlp_ruleset, ruleset_name = ref("ruleset")
    players = data.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise fail(("players",), f"must be 2, 3 or 4, got {players!r}")
    sides = data.get("sides") or [f"Player {i + 1}" for i in range(players)]
    if not (isinstance(sides, list) and len(sides) == players and all(isinstance(s, str) and s for s in sides)):
        raise fail(("sides",), f"must list {players} seat names")
    teams_raw = data.get("teams")
    teams = None
    if teams_raw is not None:
        seats = sorted(s for t in teams_raw for s in t) if isinstance(teams_raw, list) and all(
            isinstance(t, list) and all(isinstance(s, int) and not isinstance(s, bool) for s in t) for t in teams_raw
        ) else None
        if seats != list(range(players)) or len(teams_raw) < 2:
            raise fail(("teams",), f"must split the seats 0..{players - 1} into two or more teams, each seat once")
        teams = tuple(tuple(t) for t in teams_raw)
    colours = data.get("colours")
    if colours is not None:
        if not (isinstance(colours, list) and len(colours) == players
                and all(isinstance(c, str) and COLOUR_RE.match(c) for c in colours)):
            raise fail(("colours",), f"must list {players} colours, one a seat, each as #rrggbb, got {colours!r}")
        colours = tuple(c.lower() for c in colours)
    default_source = _str(path, text, data, "source", ("source",))
    default_locator = _str(path, text, data, "locator", ("locator",))
    summary = _str(path, text, data, "summary", ("summary",))

    raw_clauses = data.get("clause")
    if not isinstance(raw_clauses, list) or not raw_clauses:
        raise fail(("clause",), "a rules file needs its clauses ([[clause]] tables)")
    clauses: list[Clause] = []
    elements: list[Element] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_clauses):
        cid = _str(path, text, raw, "id", ("clause", i, "id"), required=True)
        if not CLAUSE_ID_RE.match(cid):
            raise fail(("clause", i, "id"), f"{cid!r} is not a clause id (letters, a dash, a number: OW-3)")
        if cid in seen:
            raise fail(("clause", i, "id"), f"{cid} is used twice")
        seen.add(cid)
        words = _str(path, text, raw, "text", ("clause", i, "text"), required=True)
        values = {k: _str(path, text, raw, k, ("clause", i, k)) for k in CLAUSE_FIELDS if k not in ("id", "text")}
        names = []
        for k, v in raw.items():
            if k in CLAUSE_FIELDS:
                continue
            if element_names is not None and k not in element_names:
                raise fail(("clause", i, k), f"unknown field (a clause holds {', '.join(CLAUSE_FIELDS)} "
                                             f"and the rule elements {', '.join(sorted(element_names))})")
            elements.append(Element(k, v, cid, ("clause", i, k)))
            names.append(k)
        clauses.append(Clause(
            id=cid, text=words, quote=values["quote"], source=values["source"] or default_source,
            locator=values["locator"] or default_locator, interpretation=values["interpretation"],
            option=values["option"], ludii=values["ludii"], elements=tuple(names),
        ))
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, dict) for v in options.values()):
        raise fail(("options",), "must hold one table per option ([options.NAME])")
    governed = {c.option for c in clauses if c.option}
    for name in options:
        if name not in governed:
            raise fail(("options", name), "no clause names this option (each option is one clause's reading)")
    for c, raw in zip(clauses, raw_clauses):
        if c.option and c.option not in options:
            raise fail(("clause", raw_clauses.index(raw), "option"), f"no option {c.option!r} in [options]")
    return RulesFile(
        key=key, title=title, path=path, mechanic=mechanic, dlp_game=dlp_game, game_name=game_name,
        dlp_ruleset=dlp_ruleset, ruleset_name=ruleset_name, players=players, sides=tuple(sides),
        teams=teams, summary=summary, clauses=clauses, elements=elements, options=options, text=text,
        ludii=data.get("ludii") or {}, colours=colours,
    )


def load_file(path: Path, root: Path | None = None, element_names: frozenset[str] | None = None) -> RulesFile:
    """Read one rules file; its path in messages is relative to ``root`` where given."""
    shown = str(path.relative_to(root)) if root is not None else str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RulesFileError(f"{shown}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    rf = load_text(text, shown, element_names)
    expected = f"{path.parent.name}.{path.stem}"
    if rf.key != expected:
        raise rf.error(("key",), f"is {rf.key!r} but the file's place says {expected!r} (folder.name)")
    return rf
