"""Play concepts a simulation measures beside game length and outcomes (issue 39): what the Ludii
project computes from self-play and researchers compare across games. No Django here.

Per game, :mod:`games.engine.simulate` counts

- *decisions*: the choices a side made (the time a game takes to play by hand), and the legal
  choices it had at each (their mean is the *branching factor*). A decision is one action of the
  family's engine, except in the tables family, where it is a whole play of the dice (the
  distinct complete plays of a throw, as backgammon programs count them), so random players on
  the fast path and strong ones stepping checker by checker count alike;
- *captures*: decisions that captured, by the family's own meaning (:data:`CAPTURE_BY`);
- *lead changes*: how often the side ahead changed, by the measure in :data:`LEAD_BY`, read after
  every decision; a level position leads nobody and changes nothing.

A family (or a rules-file mechanic) that cannot tell one of them reports ``None``: "not measured",
never 0. The readers below know each family's states; the simulation's two paths (the Variant
protocol and the fast play-outs) call them on the same positions.

>>> LEAD_BY["tables"], CAPTURE_BY["mancala"]
('pip count (the lower leads)', 'a sowing that captured counters')
"""
from __future__ import annotations

from typing import Any

__all__ = [
    "CAPTURE_BY", "LEAD_BY", "LIMIT_HOWS", "Concepts", "concepts_for", "pip_count", "rules_reader",
]

#: The outcome kinds that mean a game was cut at a move (or throw) limit.
LIMIT_HOWS = frozenset({"limit", "move-limit"})

#: What a capture is, by family (and by rules-file mechanic: ``rules:pieces`` ...).
CAPTURE_BY = {
    "tables": "a play that hit a blot (sent it to the bar)",
    "race": "a move that sent an enemy piece back, swapped or removed it",
    "mancala": "a sowing that captured counters",
    "rules:pieces": "a move that removed an enemy piece from the board or took it over",
    "rules:sow": "a sowing (or a choice of holes) that took seeds",
    "rules:race": "a move that sent an enemy piece back",
}
#: What decides who is ahead, by family and mechanic.
LEAD_BY = {
    "tables": "pip count (the lower leads)",
    "race": "pieces borne off, then progress along the track",
    "mancala": "counters captured",
    "rules:pieces": "the engine's evaluation (material, mainly)",
    "rules:sow": "the engine's evaluation (seeds taken and in hand)",
    "rules:race": "the engine's evaluation (progress along the track)",
}

EPS = 1e-9


def pip_count(counts: Any) -> int:
    """A tables side's pip count from its 26 counts in its own numbering (0 borne off, 25 the bar).

    >>> pip_count([0] * 24 + [2, 1])
    73
    """
    return sum(p * counts[p] for p in range(1, 26))


def _leader(a: float, b: float, low_leads: bool = False) -> int | None:
    if abs(a - b) <= EPS:
        return None
    return (0 if a < b else 1) if low_leads else (0 if a > b else 1)


class Concepts:
    """What one variant's simulation reads from its positions (states of the Variant protocol)."""

    def __init__(self, variant: Any) -> None:
        self.variant = variant
        family = variant.family
        self.kind = family
        self.tables = family == "tables"
        self.rules = None
        if family == "rules":
            self.rules = rules_reader(variant.game)
            self.kind = f"rules:{_mechanic(variant.game)}"
        self.capture_by = CAPTURE_BY.get(self.kind)
        self.lead_by = LEAD_BY.get(self.kind)
        if self.rules is not None and self.rules.evaluate is None:
            self.lead_by = None
        if family == "rules" and self.rules is None:
            self.capture_by = self.lead_by = None

    # -- on Variant states (play_game) --------------------------------------------------------
    def choices(self, state: Any, legal: int) -> int:
        """The legal choices of a decision that begins in ``state`` (``legal`` actions)."""
        if self.tables:
            return len(self.variant.complete_plays(state))
        return legal

    def captured(self, state: Any, action: Any, after: Any, events: dict[str, int]) -> bool:
        v = self.variant
        if self.tables:
            side = state.to_move
            return state.phase == "move" and after.checkers[1 - side][25] > state.checkers[1 - side][25]
        if self.kind == "race":
            side = state.to_move
            if side is None or "from" not in action:
                return False
            return after.pieces[1 - side] != state.pieces[1 - side] or after.lost[1 - side] != state.lost[1 - side]
        if self.kind == "mancala":
            return bool(events.get("capture"))
        if self.rules is not None:
            return self.rules.captured_by(v.fast(state), action)
        return False

    def leader(self, state: Any) -> int | None:
        v = self.variant
        if self.tables:
            return _leader(pip_count(state.checkers[0]), pip_count(state.checkers[1]), low_leads=True)
        if self.kind == "race":
            n = v._rules(state).n
            a, b = (state.off(0, n), sum(state.pieces[0])), (state.off(1, n), sum(state.pieces[1]))
            return None if a == b else (0 if a > b else 1)
        if self.kind == "mancala":
            return _leader(state.captured[0], state.captured[1])
        if self.rules is not None and self.rules.evaluate is not None:
            return self.rules.leader(v.fast(state))
        return None


class RulesReader:
    """Captures and the leader on a rules-file game's mutable ``Sim`` (its fast path)."""

    def __init__(self, game: Any, mechanic: str) -> None:
        self.game = game
        self.mechanic = mechanic
        self.evaluate = getattr(game, "evaluate", None)

    def prepare(self, sim: Any) -> None:
        """Ready a new sim to be read (a sowing game writes the notation it reads)."""
        if self.mechanic == "sow":
            sim.log = True

    def before(self, sim: Any) -> Any:
        """What :meth:`captured` compares, taken before the mover's decision."""
        if self.mechanic == "pieces":
            seat = sim.mover
            return seat, self._enemy_pieces(sim, seat)
        if self.mechanic == "race":
            seat = sim.to_move()
            return seat, self._enemies(sim, seat)
        sim.last_text = ""
        return None

    def captured(self, snapshot: Any, sim: Any) -> bool:
        if self.mechanic == "pieces":
            seat, count = snapshot
            return self._enemy_pieces(sim, seat) < count
        if self.mechanic == "race":
            seat, where = snapshot
            return self._enemies(sim, seat) != where
        text = sim.last_text
        return "×" in text or text.startswith("takes ")

    def captured_by(self, sim: Any, action: Any) -> bool:
        """Whether ``action``, a decision in the position ``sim`` read from a state (the Variant
        path), captures: the move is played on ``sim``, which is left after it."""
        self.prepare(sim)
        for move in sim.moves():
            if sim.action(move) == action:
                snapshot = self.before(sim)
                sim.play(move)
                return self.captured(snapshot, sim)
        return False

    def _enemy_pieces(self, sim: Any, seat: int) -> int:
        g = self.game
        team = g.team_of(seat)
        owner_of, dead = g.owner_of, sim.dead
        n = 0
        for i, c in enumerate(sim.cells):
            if c and g.team_of(owner_of[c]) != team and i not in dead:
                n += 1
        return n

    def _enemies(self, sim: Any, seat: int) -> tuple:
        g = self.game
        team = g.team_of(seat)
        return tuple((tuple(sim.pos[o]), sim.hand[o]) for o in range(g.players) if g.team_of(o) != team)

    def leader(self, sim: Any) -> int | None:
        """The side ahead by the engine's evaluation (seat 0's value above or below one half)."""
        value = self.evaluate(sim)[0]
        return None if abs(value - 0.5) <= EPS else (0 if value > 0.5 else 1)


def _mechanic(game: Any) -> str:
    """A compiled rules file's mechanic, by its class (``RaceGame``: race), or the one it reads
    as (a match of race games, ``MatchGame.reads_as``)."""
    return getattr(game, "reads_as", None) or type(game).__name__.removesuffix("Game").lower()


def rules_reader(game: Any) -> RulesReader | None:
    """The reader for a rules-file game's mechanic, None for a mechanic it does not know."""
    mechanic = _mechanic(game)
    return RulesReader(game, mechanic) if mechanic in ("pieces", "sow", "race") else None


def concepts_for(variant: Any) -> Concepts:
    return Concepts(variant)
