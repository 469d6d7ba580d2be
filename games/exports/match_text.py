"""A tables match as games of turn items, and the Jellyfish/GNU Backgammon match text (.mat)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from games.engine import get_variant
from games.engine.tables.moves import to_mover

STEP = re.compile(r"^(bar|\d+)/(off|\d+)(\*?)$")
LEFT_WIDTH = 34  # the first player's column, after the line number "  1) "
NAMES = ("White", "Black")


class ExportError(ValueError):
    """A match that cannot be written in the format asked, or a file that cannot be read back."""


class Unwritable(ExportError):
    """A known format that has no way to write this match; ``fits`` names the formats that do."""

    def __init__(self, reason: str, fits: list[str]) -> None:
        super().__init__(reason)
        self.fits = fits


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
class Setup:
    """Where a game starts when not from its variant's usual position (a match created from a
    given state): each side's 26 counts on its own points (``[0]`` off, ``[25]`` the bar), the
    side on roll (None before the opening throw) and the cube as (value, owner), None when the
    game has no cube (or, read back from a file, when the file does not say)."""

    checkers: list[list[int]]
    to_move: int | None
    cube: tuple[int, int | None] | None


@dataclass
class Game:
    number: int
    score: tuple[int, int]  # at the game's start, side 0's first
    items: list[TurnItem] = field(default_factory=list)
    winner: int | None = None
    points: int = 0
    how: str = ""
    setup: Setup | None = None  # the first game's, when it does not start from the usual position


def parse_step(notation: str) -> tuple[int, int, bool]:
    m = STEP.match(notation.strip())
    if not m:
        raise ExportError(f"a checker step reads like 13/8, bar/20* or 6/off, not {notation!r}")
    a = 25 if m[1] == "bar" else int(m[1])
    b = 0 if m[2] == "off" else int(m[2])
    return a, b, bool(m[3])


def _throw(start: dict) -> tuple[int, int]:
    """The throw of the turn a starting position is in: its ``roll``, else its dice if they are
    a whole throw (a position written by hand may leave ``roll`` out)."""
    if start.get("roll"):
        a, b = start["roll"]
        return a, b
    dice = start.get("dice") or []
    if len(dice) == 2 or (dice and len(set(dice)) == 1 and len(dice) == 4):
        return dice[0], dice[1]
    raise ExportError(f"the starting position names no throw (roll) for its dice {dice}")


def opening_of(variant: Any, state: Any) -> tuple[Setup | None, list[TurnItem]]:
    """Where a match's record starts: the start of the turn its first state is in, and that
    turn's items so far. A match created part way into a turn (steps of the throw played, or a
    double offered) starts before them: the steps are undone on the board and written as the
    first steps of the turn, the double as the doubler's item. The setup is None when that
    position is the variant's usual start (as every match text game assumes)."""
    start = state.to_json()
    phase, side = start["phase"], start["to_move"]
    checkers = [list(start["checkers"][0]), list(start["checkers"][1])]
    cube = (start["cube"]["value"], start["cube"]["owner"]) if start.get("cube") else None
    items: list[TurnItem] = []
    if phase == "move":
        played = [(s["from"], s["to"], bool(s["hit"])) for s in start.get("played") or []]
        me = checkers[side]
        op = list(to_mover(state.rules, checkers[1 - side]))  # the opponent's, in the mover's points
        for a, b, hit in reversed(played):
            me[b] -= 1
            me[a] += 1
            if hit:  # the checker hit goes back from the bar to the point it was hit on
                op[25] -= 1
                op[b] += 1
        checkers[1 - side] = list(to_mover(state.rules, op))
        items.append(TurnItem(side, "move", _throw(start), played))
    elif phase == "take":
        side = 1 - side  # the doubler: the double was offered before the match began
        items.append(TurnItem(side, "double", cube=2 * cube[0]))
    usual = variant.new_game(start["options"]).to_json()
    usual_cube = (usual["cube"]["value"], usual["cube"]["owner"]) if usual.get("cube") else None
    if checkers == usual["checkers"] and cube == usual_cube:
        return None, items
    return Setup(checkers, side, cube), items


def games_of(variant_key: str, initial_state: dict, log: list[dict], outcome: dict | None = None) -> list[Game]:
    """Split a tables match's log into its games, replaying it to see each throw's roller,
    throws with no play and where each game ended. A match created from a given state starts
    at the start of the turn that state is in (:func:`opening_of`)."""
    variant = get_variant(variant_key)
    state = variant.state_from_json(initial_state)
    before = state.to_json()
    setup, lead = opening_of(variant, state)
    games = [Game(before.get("game", 1), tuple(before["score"]), setup=setup)]
    pending: TurnItem | None = None
    for item in lead:
        if item.kind == "move":
            pending = item  # the turn's steps still to come are in the log
        else:
            games[-1].items.append(item)

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
    if any(game.setup for game in games):
        raise Unwritable(
            "format: mat cannot record this match's starting position: match text has no way to set up a "
            "position (every game in it starts from the usual one), and this match starts from a position "
            "set up by hand; SGF sets that position up, and the JSON record holds the whole match",
            fits=["json", "sgf"],
        )
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
