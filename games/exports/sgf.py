"""SGF for backgammon (GM[6]): one game tree per game of the match."""
from __future__ import annotations

import re
from typing import Any

from games.exports.match_text import ExportError, Game, Setup, TurnItem

COLOUR = ("W", "B")  # side 0 is White, side 1 Black


def letter(side: int, point: int) -> str:
    """A point in the mover's own numbering (bar 25, off 0) as an SGF letter: ``a`` is White's 1
    point (Black's 24) ... ``x`` White's 24, ``y`` the bar, ``z`` off."""
    if point == 25:
        return "y"
    if point == 0:
        return "z"
    white = point if side == 0 else 25 - point
    return chr(ord("a") + white - 1)


def point_of(side: int, ch: str) -> int:
    if ch == "y":
        return 25
    if ch == "z":
        return 0
    white = ord(ch) - ord("a") + 1
    return white if side == 0 else 25 - white


def escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def item_value(item: TurnItem) -> str:
    if item.kind == "move":
        return f"{item.dice[0]}{item.dice[1]}" + "".join(letter(item.side, a) + letter(item.side, b) for a, b, _ in item.moves)
    return item.kind


CUBE_OWNER = "wb"  # CP[]: the cube's owner, c when centred


def setup_nodes(setup: Setup) -> str:
    """A starting position as GNU Backgammon writes one: the board cleared and each checker
    placed (a point's letter once per checker; those borne off are not written), then the cube
    where it is not centred at 1, and the side on roll."""
    placed = [
        "".join(f"[{letter(side, point)}]" * setup.checkers[side][point] for point in range(1, 26))
        for side in (0, 1)
    ]
    nodes = f";AE[a:y]AW{placed[0]}AB{placed[1]}"
    if setup.cube is not None and setup.cube != (1, None):
        value, owner = setup.cube
        nodes += f";CV[{value}];CP[{'c' if owner is None else CUBE_OWNER[owner]}]"
    if setup.to_move is not None:
        nodes += f";PL[{COLOUR[setup.to_move]}]"
    return nodes


def write_sgf(games: list[Game], info: dict[str, Any]) -> str:
    trees = []
    for game in games:
        result = ""
        if game.winner is not None:
            result = f"{COLOUR[game.winner]}+{game.points}" + ("R" if game.how in ("resign", "drop") else "")
        head = (
            f"FF[4]GM[6]CA[UTF-8]AP[Board game archive]"
            f"MI[length:{info.get('match_to', 1)}][game:{game.number}][ws:{game.score[0]}][bs:{game.score[1]}]"
            f"PW[White]PB[Black]GC[{escape(str(info.get('variant', '')))} match {escape(str(info.get('id', '')))}]"
            + (f"RE[{result}]" if result else "")
        )
        nodes = setup_nodes(game.setup) if game.setup else ""
        nodes += "".join(f";{COLOUR[item.side]}[{item_value(item)}]" for item in game.items)
        trees.append(f"(;{head}\n{nodes})")
    return "\n".join(trees) + "\n"


TREE = re.compile(r"\(;(?P<head>.*?)\n(?P<nodes>[^()]*)\)", re.S)
PROP = re.compile(r"([A-Z]+)((?:\[(?:\\.|[^\]])*\])+)")
NODE = re.compile(r";([WB])\[([^\]]*)\]")
SETUP = re.compile(r";AE\[a:y\]AW((?:\[[a-y]\])*)AB((?:\[[a-y]\])*)(?:;CV\[(\d+)\];CP\[([cwb])\])?(?:;PL\[([WB])\])?")


def parse_setup(nodes: str) -> Setup | None:
    """The starting position :func:`setup_nodes` wrote, if the game has one (each side's
    checkers not on the board are taken as borne off, of 15)."""
    m = SETUP.search(nodes)
    if not m:
        return None
    checkers = []
    for side, placed in ((0, m[1]), (1, m[2])):
        counts = [0] * 26
        for ch in re.findall(r"[a-y]", placed):
            counts[point_of(side, ch)] += 1
        counts[0] = 15 - sum(counts)
        if counts[0] < 0:
            raise ExportError(f"the set-up position has {sum(counts[1:])} checkers of {COLOUR[side]}, more than 15")
        checkers.append(counts)
    cube = (int(m[3]), None if m[4] == "c" else CUBE_OWNER.index(m[4])) if m[3] else None
    return Setup(checkers, COLOUR.index(m[5]) if m[5] else None, cube)


def parse_sgf(text: str) -> tuple[int, list[Game]]:
    """Read SGF written by :func:`write_sgf`: the match length and the games."""
    games: list[Game] = []
    match_to = None
    for n, tree in enumerate(TREE.finditer(text), start=1):
        props = {name: re.findall(r"\[((?:\\.|[^\]])*)\]", values) for name, values in PROP.findall(tree["head"])}
        if props.get("GM") != ["6"]:
            raise ExportError(f"game {n}: GM[6] (backgammon) is required, got {props.get('GM')}")
        mi = dict(v.split(":", 1) for v in props.get("MI", []))
        match_to = int(mi.get("length", 1))
        game = Game(int(mi.get("game", n)), (int(mi.get("ws", 0)), int(mi.get("bs", 0))),
                    setup=parse_setup(tree["nodes"]))
        if props.get("RE"):
            m = re.fullmatch(r"([WB])\+(\d+)R?", props["RE"][0])
            if not m:
                raise ExportError(f"game {n}: cannot read RE[{props['RE'][0]}]")
            game.winner, game.points = COLOUR.index(m[1]), int(m[2])
        for colour, value in NODE.findall(tree["nodes"]):
            side = COLOUR.index(colour)
            if value in ("double", "take", "drop"):
                game.items.append(TurnItem(side, value))
                continue
            m = re.fullmatch(r"([1-6])([1-6])((?:[a-z][a-z])*)", value)
            if not m:
                raise ExportError(f"game {n}: cannot read the move {colour}[{value}]")
            pairs = re.findall(r"[a-z][a-z]", m[3])
            game.items.append(TurnItem(side, "move", (int(m[1]), int(m[2])), [(point_of(side, p[0]), point_of(side, p[1]), False) for p in pairs]))
        games.append(game)
    if match_to is None:
        raise ExportError("no game tree (;FF[4]GM[6]...) found")
    return match_to, games
