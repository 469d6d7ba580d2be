"""Hooks for helper sow23 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow23.py): Bao Kiswahili of the DR Congo (DLP game 120, ruleset 142,
after Townshend 1977), ``sow/bao-kiswahili-drc.toml``.

Four rows of eight; each player sows round his own two rows (``board.rows = 4``), holes as
South sees them:

    North outer  32 31 30 29 28 27 26 25
    North inner  17 18 19 20 21 22 23 24
    South inner  16 15 14 13 12 11 10  9
    South outer   1  2  3  4  5  6  7  8

- ``bao-kiswahili-drc`` (``sow = { prelude_hook = "bao-kiswahili-drc" }``) gives every move of
  the game, names it and plays it:

  * while a player has counters in hand (the introduction), he puts one into a hole of his
    inner row whose facing hole (the opponent's inner hole across) holds counters,
    ``{"to": "12", "piece": "seed"}``, and takes that facing hole; the counters taken go into
    the end hole of his inner row nearer the capturing hole (the two holes at each end of the
    row) or, from the four central holes, the end he chooses; that end hole's counters are
    then lifted and sown along the inner row away from the end (from his left end clockwise,
    from his right end anticlockwise), on round his two rows;
  * once both hands are empty (the second phase), he lifts the counters of any hole of his
    (either row) and sows them either way round his rows, ``{"sow": "3", "direction": "cw"}``;
  * where a lap ends: an empty hole ends the turn; an occupied hole of his inner row facing a
    hole that holds counters takes them as above (in the second phase only where the
    sowing's first lap so took; else it is relayed); any other occupied hole is lifted and
    sown on in the same direction (relay);
  * where the counters taken may go to either end, the sowing stops and the mover chooses,
    ``{"sow": "16"}`` (the counters waiting meanwhile in his store, the state's ``scores``);
  * a turn's sowing ends, wherever it is, once it has made ``RELAY_CAP`` laps for each counter
    on the board (64 x 64 = 4096) without ending by the rules: relay sowing on one's own rows,
    no counter leaving them, can go round for ever;
  * after every lap, a player whose inner row is empty has lost (the mover's opponent judged
    first): the player to move then has no move (the file's ``end.no_moves = "loses"``).

  Options read (Ludii's readings, for the replay of its traces): ``ludii_empty_capture``, a
  lap ending in an empty hole of the inner row also takes the facing hole; ``ludii_ends``, the
  end hole is chosen by the board's columns as South sees them, so that North's captures from
  his two outermost holes at either end go to the far end of his inner row.

  The function carries ``ludii_steps(sim, move, last)`` (``SowGame.ludii_steps`` calls it for
  these moves): Ludii plays the placement, each capture's sowing from an end hole and each
  relay lap as steps of their own, each naming its hole.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["bao_kiswahili_drc"]

RELAY_CAP = 64  # laps per counter on the board, at most, in one turn (as sow.py's relay)

CCW, CW = 0, 1
DIR_NAMES = ("ccw", "cw")


def inner_row(g: Any, seat: int) -> list[int]:
    """The seat's inner-row holes, from his left as he sees them."""
    row = 1 if seat == 0 else 2
    holes = [h for h in g.holes_of[seat] if g.row_of[h] == row]
    return sorted(holes, key=lambda h: g.col_of[h] if seat == 0 else -g.col_of[h])


def place_of(g: Any, seat: int, h: int) -> int:
    """The inner hole's place in its row from its owner's left, 0 the leftmost."""
    return g.col_of[h] if seat == 0 else g.per_row - 1 - g.col_of[h]


def ends_for(sim: Any, seat: int, h: int) -> list[int]:
    """The end holes of the seat's inner row the counters taken from across ``h`` may go to:
    the nearer end from the two holes at each end, either from the central ones."""
    g = sim.game
    row = inner_row(g, seat)
    n = len(row)
    k = place_of(g, seat, h)
    if seat == 1 and sim.options.get("ludii_ends"):  # Ludii: the ends by South's left and right
        k = n - 1 - k
    if k < 2:
        return [row[0]]
    if k >= n - 2:
        return [row[-1]]
    return [row[0], row[-1]]


def direction_from(sim: Any, seat: int, end: int) -> int:
    """Sowing along the inner row away from the end: from the left end clockwise."""
    return CW if end == inner_row(sim.game, seat)[0] else CCW


def _empty(sim: Any, seat: int) -> bool:
    return not any(sim.b[h] for h in inner_row(sim.game, seat))


def _run(sim: Any, seat: int, lap: int, d: int, captures: bool, first_decides: bool) -> bool:
    """Sow from ``lap`` in direction ``d`` and on by the rules; True where the mover moves
    again (a choice of end is due, or his own inner row is empty: he has lost)."""
    g, b = sim.game, sim.b
    track = g.plain[seat][d]
    budget = RELAY_CAP * g.total  # 4096 laps
    inner = 1 if seat == 0 else 2
    while True:
        c, b[lap], p = b[lap], 0, lap
        while c:
            p = track[p]
            b[p] += 1
            c -= 1
        if _empty(sim, 1 - seat):
            return False  # the opponent's inner row is cleared: he has lost
        if _empty(sim, seat):
            return True  # his own is: he has lost
        f = g.facing[p] if g.row_of[p] == inner else -1
        if b[p] == 1 and not (sim.options.get("ludii_empty_capture") and captures and f >= 0 and b[f]):
            return False  # an empty hole: the turn ends
        if captures and f >= 0 and b[f]:
            taken, b[f] = b[f], 0
            first_decides = False
            ends = ends_for(sim, seat, p)
            if len(ends) > 1:  # the mover chooses the end: the counters wait in his store
                sim.sc[seat] += taken
                return True
            lap = ends[0]
            b[lap] += taken
            d = direction_from(sim, seat, lap)
            track = g.plain[seat][d]
        else:
            if first_decides:  # second phase: no capture in the first lap, none in the later
                captures = first_decides = False
            lap = p
        budget -= 1
        if budget <= 0:  # the sowing would go round for ever: the turn ends where it is
            return False
        if sim.laps is not None:
            sim.laps.append(lap)


def _play(sim: Any, seat: int, move: tuple) -> bool:
    g, b = sim.game, sim.b
    kind = move[1]
    if kind == "place":
        h = move[2]
        sim.hand[seat] -= 1
        b[h] += 1
        f = g.facing[h]
        taken, b[f] = b[f], 0
        ends = ends_for(sim, seat, h)
        if len(ends) > 1:
            sim.sc[seat] += taken
            return True
        b[ends[0]] += taken
        if sim.laps is not None:
            sim.laps.append(ends[0])
        return _run(sim, seat, ends[0], direction_from(sim, seat, ends[0]), True, False)
    if kind == "end":
        e = move[2]
        b[e] += sim.sc[seat]
        sim.sc[seat] = 0
        return _run(sim, seat, e, direction_from(sim, seat, e), True, False)
    return _run(sim, seat, move[2], move[3], True, True)  # the second phase's sowing


def _moves(sim: Any, seat: int) -> list:
    g, b = sim.game, sim.b
    if sim.sc[seat]:  # counters taken, waiting for the mover's choice of end
        row = inner_row(g, seat)
        return [("hook", "end", row[0]), ("hook", "end", row[-1])]
    if _empty(sim, seat):
        return []  # his inner row is cleared: he has lost
    if sim.hand[seat]:  # the introduction: a counter into an inner hole facing counters
        return [("hook", "place", h) for h in sorted(inner_row(g, seat)) if b[g.facing[h]]]
    return [("hook", "sow", h, d) for h in g.holes_of[seat] if b[h] for d in (CCW, CW)]


def _action(sim: Any, move: tuple) -> dict[str, Any]:
    name = sim.game.names[move[2]]
    if move[1] == "place":
        return {"to": name, "piece": "seed"}
    if move[1] == "end":
        return {"sow": name}
    return {"sow": name, "direction": DIR_NAMES[move[3]]}


@hook("bao-kiswahili-drc")
def bao_kiswahili_drc(sim: Any, seat: int, what: str, move: Any) -> Any:
    if what == "moves":
        return _moves(sim, seat)
    if what == "action":
        return _action(sim, move)
    again = _play(sim, seat, move)
    if sim.log:
        act = _action(sim, move)
        sim.last_text = ("+" + act["to"]) if "to" in act else act["sow"] + (" " + act["direction"] if "direction" in act else "")
    return again


def _ludii_steps(sim: Any, move: Any, last: int | None) -> list[tuple[int, dict[str, Any], bool]] | None:
    """Ludii's steps for one of our moves: the move's own, then one per capture sown from an
    end hole it did not choose and per relay lap, each naming its hole."""
    seat = sim.turn
    probe = sim.copy()
    probe.laps = []
    _play(probe, seat, move)
    run = [(seat, _action(sim, move), False)] + [(seat, {"sow": sim.game.names[p]}, False) for p in probe.laps]
    return run if len(run) > 1 else None


bao_kiswahili_drc.ludii_steps = _ludii_steps  # type: ignore[attr-defined]


def _score(sim: Any) -> tuple[int, int]:
    """The game's count at its end: the counters in each player's inner row. The game is won by
    clearing the opponent's inner row (BKC-8), so the loser's count is 0; the counters still in
    hand or taken and waiting for an end are nobody's gain, and counting them could show the
    winner behind."""
    return (sum(sim.b[h] for h in inner_row(sim.game, 0)), sum(sim.b[h] for h in inner_row(sim.game, 1)))


bao_kiswahili_drc.score = _score  # type: ignore[attr-defined]
