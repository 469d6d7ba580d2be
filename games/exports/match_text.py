"""A tables match as games of turn items, and the Jellyfish/GNU Backgammon match text (.mat)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from games.engine import get_variant

STEP = re.compile(r"^(bar|\d+)/(off|\d+)(\*?)$")
LEFT_WIDTH = 34  # the first player's column, after the line number "  1) "
NAMES = ("White", "Black")


class ExportError(ValueError):
    """A match that cannot be written in the format asked, or a file that cannot be read back."""


@dataclass
class TurnItem:
    """One entry of a game as the match text numbers them: a throw and its play (``dice``,
    ``moves`` as (from, to, hit) in the mover's own points, bar 25, off 0), or a cube action."""

    side: int
    kind: str  # "move", "double", "take", "drop"
    dice: tuple[int, int] | None = None
    moves: list[tuple[int, int, bool]] = field(default_factory=list)
    cube: int = 0  # the cube's new value, for "double"

    def text(self) -> str:
        if self.kind == "move":
            steps = " ".join(f"{a}/{b}{'*' if hit else ''}" for a, b, hit in self.moves)
            return f"{self.dice[0]}{self.dice[1]}: {steps}".rstrip()
        return {"double": f" Doubles => {self.cube}", "take": " Takes", "drop": " Drops"}[self.kind]


@dataclass
class Game:
    number: int
    score: tuple[int, int]  # at the game's start, side 0's first
    items: list[TurnItem] = field(default_factory=list)
    winner: int | None = None
    points: int = 0
    how: str = ""


def parse_step(notation: str) -> tuple[int, int, bool]:
    m = STEP.match(notation.strip())
    if not m:
        raise ExportError(f"a checker step reads like 13/8, bar/20* or 6/off, not {notation!r}")
    a = 25 if m[1] == "bar" else int(m[1])
    b = 0 if m[2] == "off" else int(m[2])
    return a, b, bool(m[3])


def games_of(variant_key: str, initial_state: dict, log: list[dict], outcome: dict | None = None) -> list[Game]:
    """Split a tables match's log into its games, replaying it to see each throw's roller,
    throws with no play and where each game ended."""
    variant = get_variant(variant_key)
    state = variant.state_from_json(initial_state)
    before = state.to_json()
    games = [Game(before.get("game", 1), tuple(before["score"]))]
    pending: TurnItem | None = None

    def flush() -> None:
        nonlocal pending
        if pending is not None:
            games[-1].items.append(pending)
            pending = None

    for entry in log:
        action = entry["action"]
        state = variant.apply(state, action)
        after = state.to_json()
        side = entry.get("side")
        if "opening" in action:
            a, b = action["opening"]
            if a != b and after["phase"] == "move":
                flush()  # the opening throw is the starter's first roll
                pending = TurnItem(after["to_move"], "move", (a, b) if a >= b else (b, a))
        elif "roll" in action:
            flush()
            roller = before["to_move"]
            a, b = action["roll"]
            pending = TurnItem(roller, "move", (a, b))
            if not (after["phase"] == "move" and after["to_move"] == roller):
                flush()  # no play: the throw is written alone
        elif "from" in action:
            if pending is None or pending.side != side:
                raise ExportError(f"entry {entry.get('notation')!r}: a checker step with no throw before it")
            pending.moves.append(parse_step(entry["notation"]))
        elif action.get("double") is True:
            flush()
            games[-1].items.append(TurnItem(side, "double", cube=2 * (before.get("cube") or {}).get("value", 1)))
        elif action.get("take") is True:
            games[-1].items.append(TurnItem(side, "take"))
        elif action.get("drop") is True:
            games[-1].items.append(TurnItem(side, "drop"))
        # {"double": false} is the choice to roll: nothing to write.
        if after["score"] != before["score"] or (after["phase"] == "over" and before["phase"] != "over"):
            flush()
            last = after.get("last_game") or {}
            game = games[-1]
            game.winner, game.points, game.how = last.get("winner"), last.get("points", 0), last.get("how", "")
            if after["phase"] != "over":
                games.append(Game(after.get("game", len(games) + 1), tuple(after["score"])))
        before = after
    flush()
    last_game = games[-1]
    if outcome and outcome.get("how") == "resign" and last_game.winner is None:
        last_game.winner, last_game.points, last_game.how = outcome["winner"], outcome["points"], "resign"
    return games


def _line(number: int, left: str, right: str) -> str:
    return (f"{number:3d}) " + left.ljust(LEFT_WIDTH) + right).rstrip()


def write_mat(games: list[Game], info: dict[str, Any]) -> str:
    lines = [
        '; [Site "Board game archive"]',
        f'; [Match ID "{info.get("id", "")}"]',
        f'; [Variant "{info.get("variant", "")}"]',
        "",
        f" {info.get('match_to', 1)} point match",
        "",
    ]
    for game in games:
        lines.append(f" Game {game.number}")
        lines.append(f" {NAMES[0]} : {game.score[0]}".ljust(LEFT_WIDTH + 5) + f" {NAMES[1]} : {game.score[1]}")
        row: list[str] = []
        number = 0
        for item in game.items:
            if not row and item.side == 1:
                row = [""]  # the second player acts first on this line
            elif len(row) == 1 and item.side == 0:
                number += 1
                lines.append(_line(number, row[0], ""))
                row = []
            row.append(item.text())
            if len(row) == 2:
                number += 1
                lines.append(_line(number, row[0], row[1]))
                row = []
        if row:
            number += 1
            lines.append(_line(number, row[0], ""))
        if game.winner is not None:
            points = f"Wins {game.points} point{'s' if game.points != 1 else ''}"
            if game.how == "resign":
                lines.append("; the loser resigned the match")
            lines.append(" " * 6 + points if game.winner == 0 else " " * (5 + LEFT_WIDTH) + points)
        lines.append("")
    return "\n".join(lines) + "\n"


ITEM = re.compile(r"^(?:(\d)(\d):(?P<steps>(?:\s+\d+/\d+\*?)*)|Doubles => (?P<cube>\d+)|(?P<word>Takes|Drops))$")


def _parse_item(text: str, side: int, where: str) -> TurnItem | None:
    text = text.strip()
    if not text:
        return None
    m = ITEM.match(text)
    if not m:
        raise ExportError(f"{where}: cannot read {text!r}")
    if m["cube"]:
        return TurnItem(side, "double", cube=int(m["cube"]))
    if m["word"]:
        return TurnItem(side, m["word"][:-1].lower())
    moves = [parse_step(step) for step in m["steps"].split()]
    return TurnItem(side, "move", (int(m[1]), int(m[2])), moves)


def parse_mat(text: str) -> tuple[int, list[Game]]:
    """Read match text written by :func:`write_mat` (and the like): the match length and its
    games. ``ExportError`` names the line it cannot read."""
    match_to = None
    games: list[Game] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        where = f"line {n}"
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            continue
        if m := re.fullmatch(r"(\d+) point match", stripped):
            match_to = int(m[1])
        elif m := re.fullmatch(r"Game (\d+)", stripped):
            games.append(Game(int(m[1]), (0, 0)))
        elif m := re.fullmatch(r"\S+ : (\d+)\s+\S+ : (\d+)", stripped):
            if not games:
                raise ExportError(f"{where}: a score line before any game")
            games[-1].score = (int(m[1]), int(m[2]))
        elif m := re.fullmatch(r"Wins (\d+) points?", stripped):
            games[-1].winner = 0 if len(line) - len(line.lstrip()) < 5 + LEFT_WIDTH else 1
            games[-1].points = int(m[1])
        elif m := re.match(r"\s*(\d+)\) (.*)$", line):
            if not games:
                raise ExportError(f"{where}: a move line before any game")
            body = m[2]
            left, right = body[:LEFT_WIDTH], body[LEFT_WIDTH:]
            for side, part in ((0, left), (1, right)):
                item = _parse_item(part, side, where)
                if item:
                    games[-1].items.append(item)
        else:
            raise ExportError(f"{where}: cannot read {stripped!r}")
    if match_to is None:
        raise ExportError("no line '<N> point match' names the match length")
    return match_to, games
