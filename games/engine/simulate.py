"""Rulesets measured by simulated play (issue 13, item 3). No Django here: the management command
``simulate_ruleset`` (games/management/commands/) stores what :func:`simulate` returns.

A simulation plays ``games`` single games of one variant with fixed options, both sides by the
same player (``random``: uniformly random legal choices; ``strong``: the family's strongest
computer level), game ``i`` with its own ``random.Random(f"{seed}:{i}")``, so the same seed and
options give the same results, game for game. Matches are cut to one game and the doubling cube
is off: the unit measured is a game.

What is measured, per game:

- its length in *turns*: a turn begins with a decision that follows a throw of the dice or
  sticks, or a decision of the other side (so a turn in which the side to move could do nothing
  is not counted, and an extra throw is a turn of its own);
- the *first player*, the side that made the game's first decision, and the winner;
- the outcome's kind (``Outcome.how``: single, mars, gammon, turkish-mars, draw, limit...);
- the clause events the variant reports (:meth:`Variant.clause_events`);
- the play concepts of :mod:`games.engine.concepts`: its decisions and the legal choices each
  had, the decisions that captured and the changes of the side ahead (:func:`concepts` turns
  them into the branching factor, decisiveness, draw and move-limit rates, and the rest).

Random tables games take the fast path (:class:`games.engine.tables.playout.Playout`, whole
complete plays on a mutable state), counting the same events from the plays' steps; random
rules-file games play on the file's mutable ``Sim`` (:func:`play_rules_random`), game for game
the games the Variant protocol would play.

>>> r = simulate("race.ur", {}, games=20, seed=1, players="random")
>>> r["games"], 0 <= r["first_player"]["rate"] <= 1, r["events"]["capture"]["games"] > 0
(20, True, True)
"""
from __future__ import annotations

import hashlib
import math
import random
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engine.concepts import LIMIT_HOWS, Concepts
from games.engine.core import EngineError, Variant, get_variant

__all__ = [
    "PLAYERS", "GameRecord", "check_options", "engine_version", "histogram", "median", "metrics", "play_game", "play_one",
    "play_rules_random", "play_tables_random", "quantile", "simulate", "simulation_options", "strongest_level", "wilson",
]

PLAYERS = ("random", "strong")
#: Guard against a game that never ends (every family ends its games; this only stops a bug).
MAX_ACTIONS = 20_000
#: Options a simulation fixes: it measures single games, without the cube.
FIXED = {"match_to": 1, "cube": False}

ENGINE_DIR = Path(__file__).resolve().parent


#: The rules engine's modules every rules-file game is played by (the Ludii replay is not one),
#: and those of each mechanic: a change to the sowing mechanic leaves the chess-like games'
#: results current.
RULES_SHARED = ("__init__.py", "game.py", "board.py", "loader.py", "hooks.py")
RULES_MECHANICS = {"pieces": ("pieces.py", "chesslike.py"), "sow": ("sow.py",), "race": ("race.py",)}


def _rules_engine_files(rules_file) -> list[Path]:
    """The modules a rules file's game is played by: the shared ones, its mechanic's, and the
    modules of the hooks it names (all the hooks' modules where one is not found)."""
    from games.engine.rules.hooks import HOOKS

    folder = ENGINE_DIR / "rules"
    files = [folder / name for name in RULES_SHARED]
    files += [folder / name for name in RULES_MECHANICS.get(rules_file.mechanic, ())]
    if rules_file.mechanic not in RULES_MECHANICS:
        files += sorted(folder.glob("*.py"))
    modules = {getattr(HOOKS.get(name), "__module__", None) for name in rules_file.hooks}
    if None in modules:
        files += sorted(folder.glob("hooks_*.py"))
    else:
        files += [folder / (m.rsplit(".", 1)[1] + ".py") for m in sorted(modules)]
    return files


def engine_version(variant: Variant, players: str = "random") -> str:
    """A short fingerprint of the code a simulation of ``variant`` depends on: the shared core,
    the family's package (for a rules-file game, the rules engine's shared modules, its
    mechanic's and its hooks', and its own file), this module and, for ``strong`` players, the family's computer players
    and the variant's trained weights, if it has any.
    Stored with every result, so results computed by older rules are flagged as stale.

    >>> v = get_variant("race.ur")
    >>> engine_version(v) == engine_version(v), len(engine_version(v))
    (True, 12)
    """
    files = [ENGINE_DIR / "core.py", ENGINE_DIR / "simulate.py", ENGINE_DIR / "concepts.py"]
    rules_file = getattr(variant, "rules_file", None)
    if rules_file is not None:  # a rules-file game: its file is its rules
        files += _rules_engine_files(rules_file)
        files.append(ENGINE_DIR.parent / rules_file.path)
    else:
        files += sorted((ENGINE_DIR / variant.family).glob("*.py"))
    if players == "strong":
        # the family's own players (and the levels kept beside them), and this variant's weights:
        # retraining one network leaves the other variants' and families' results current
        from games.engine.ai import MORE_LEVELS

        ai = ENGINE_DIR / "ai"
        files += [ai / "__init__.py", ai / f"{variant.family}.py"]
        files += [ENGINE_DIR.parent.joinpath(*m.split(".")[1:]).with_suffix(".py") for m in MORE_LEVELS.get(variant.family, ())]
        files += sorted((ai / "weights").glob(variant.key.split(".", 1)[1] + ".*"))
    digest = hashlib.sha256()
    for path in files:
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def simulation_options(variant: Variant, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` completed by the variant, with the fixed ones (one game, no cube) set.
    ``InvalidOptions`` names an unknown option or a bad value."""
    opts = variant.validate_options(dict(options or {}))
    for name, value in FIXED.items():
        if name in opts:
            opts[name] = value
    return variant.validate_options(opts)


@dataclass
class GameRecord:
    turns: int = 0
    first: int | None = None
    winner: int | None = None
    how: str = ""
    events: Counter = field(default_factory=Counter)
    #: Play concepts (games/engine/concepts.py): decisions made, the legal choices they had in
    #: all, the decisions that captured and the changes of the side ahead (None: not measured).
    decisions: int = 0
    choices: int = 0
    captures: int | None = 0
    lead_changes: int | None = 0


class _Lead:
    """Counts the changes of the side ahead, given the leader after each decision."""

    __slots__ = ("last", "changes")

    def __init__(self) -> None:
        self.last: int | None = None
        self.changes = 0

    def see(self, leader: int | None) -> None:
        if leader is None:
            return
        if self.last is not None and leader != self.last:
            self.changes += 1
        self.last = leader


# -- statistics ---------------------------------------------------------------------------------
def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); ``(0.0, 1.0)`` when ``n`` is 0.

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` by linear interpolation between order statistics
    (numpy's default); ``values`` need not be sorted.

    >>> quantile([1, 2, 3, 4], 0.5), quantile([1, 2, 3, 4], 0.25), quantile([7], 0.75)
    (2.5, 1.75, 7.0)
    """
    if not values:
        raise ValueError("no values")
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return float(xs[lo] + (xs[hi] - xs[lo]) * (pos - lo))


def median(values: list[float]) -> float:
    """The middle value (the mean of the two middle ones for an even count).

    >>> median([3, 1, 2]), median([4, 1, 3, 2])
    (2.0, 2.5)
    """
    return quantile(values, 0.5)


def histogram(values: list[int], bins: int = 12) -> list[dict[str, int]]:
    """Game lengths in ``bins`` equal ranges from the shortest to the longest (for the chart)."""
    if not values:
        return []
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    out = [{"from": lo + i * width, "to": lo + (i + 1) * width - 1, "games": 0} for i in range(bins)]
    for v in values:
        out[(v - lo) // width]["games"] += 1
    while out and out[-1]["games"] == 0:
        out.pop()
    return out


def metrics(variant: Variant, records: list[GameRecord]) -> dict[str, Any]:
    n = len(records)
    turns = [r.turns for r in records]
    decided = [r for r in records if r.winner is not None and r.first is not None]
    first_wins = sum(1 for r in decided if r.winner == r.first)
    lo, hi = wilson(first_wins, len(decided))
    kinds = Counter(r.how for r in records)
    events: dict[str, dict[str, Any]] = {}
    for name, (clause, text) in variant.clause_event_names.items():
        total = sum(r.events.get(name, 0) for r in records)
        games = sum(1 for r in records if r.events.get(name, 0))
        events[name] = {
            "clause": clause,
            "label": text,
            "total": total,
            "games": games,
            "per_game": round(total / n, 3) if n else 0.0,
            "share_of_games": round(games / n, 4) if n else 0.0,
        }
    return {
        "turns": {
            "median": median(turns) if turns else 0.0,
            "q1": quantile(turns, 0.25) if turns else 0.0,
            "q3": quantile(turns, 0.75) if turns else 0.0,
            "min": min(turns) if turns else 0,
            "max": max(turns) if turns else 0,
            "mean": round(sum(turns) / n, 2) if n else 0.0,
            "histogram": histogram(turns),
        },
        "first_player": {
            "wins": first_wins,
            "decided": len(decided),
            "rate": round(first_wins / len(decided), 4) if decided else 0.0,
            "low": round(lo, 4),
            "high": round(hi, 4),
        },
        "outcomes": {how: {"games": k, "share": round(k / n, 4)} for how, k in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))},
        "draws": sum(1 for r in records if r.winner is None),
        "events": events,
        "concepts": concepts(variant, records),
    }


def _share(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"games": k, "share": round(k / n, 4) if n else 0.0, "low": round(lo, 4), "high": round(hi, 4)}


def concepts(variant: Variant, records: list[GameRecord]) -> dict[str, Any]:
    """The play concepts of :mod:`games.engine.concepts`, from the games' records: sums over the
    games (so a run cut into chunks merges exactly) and the shares and means they give.

    - ``decisions``: decisions made in all and per game (the time a game takes by hand);
    - ``branching``: the legal choices per decision, on average over every decision;
    - ``decisive``: games won under the rules (a winner named at a move limit is not counted);
      ``draws``: games without a winner; ``move_limit``: games cut at a move limit; each with
      its 95% Wilson interval;
    - ``captures``: decisions that captured, and their share of all decisions (None: the family
      cannot tell); ``lead_changes``: changes of the side ahead, in all and per game (None: not
      measured), with what decides who is ahead (``by``).
    """
    n = len(records)
    info = Concepts(variant)
    decisions = sum(r.decisions for r in records)
    choices = sum(r.choices for r in records)
    limited = sum(1 for r in records if r.how in LIMIT_HOWS)
    decisive = sum(1 for r in records if r.winner is not None and r.how not in LIMIT_HOWS)
    drawn = sum(1 for r in records if r.winner is None)
    out: dict[str, Any] = {
        "decision": "a whole play of the dice" if info.tables else "a move (one action)",
        "decisions": {"total": decisions, "per_game": round(decisions / n, 2) if n else 0.0},
        "branching": {"choices": choices, "mean": round(choices / decisions, 2) if decisions else 0.0},
        "decisive": _share(decisive, n),
        "draws": _share(drawn, n),
        "move_limit": _share(limited, n),
        "captures": None,
        "lead_changes": None,
    }
    if info.capture_by and all(r.captures is not None for r in records):
        k = sum(r.captures for r in records)  # type: ignore[misc]
        out["captures"] = {"moves": k, "share": round(k / decisions, 4) if decisions else 0.0, "by": info.capture_by}
    if info.lead_by and all(r.lead_changes is not None for r in records):
        k = sum(r.lead_changes for r in records)  # type: ignore[misc]
        out["lead_changes"] = {"total": k, "per_game": round(k / n, 3) if n else 0.0, "by": info.lead_by}
    return out


# -- playing ------------------------------------------------------------------------------------
def strongest_level(variant: Variant) -> str:
    """The strongest computer level the variant's family offers (levels are registered weakest first)."""
    from games.engine.ai import levels

    found = levels(variant)
    if not found:
        raise EngineError(f"no computer player for {variant.key}")
    return found[-1]


def play_game(variant: Variant, options: Mapping[str, Any], rng: random.Random, level: str | None) -> GameRecord:
    """One game through the Variant interface (every family); ``level`` None plays at random."""
    from games.engine.ai import choose

    rec = GameRecord()
    concepts = Concepts(variant)
    lead = _Lead()
    state = variant.new_game(options)
    last_side: int | None = None
    after_chance = False
    last_dice = 0  # tables: the dice left when the last step was chosen (a new group refills them)
    in_capture = False  # tables: this play has hit already
    for _ in range(MAX_ACTIONS):
        result = variant.outcome(state)
        if result is not None:
            rec.winner, rec.how = result.winner, result.how
            rec.captures = rec.captures if concepts.capture_by else None
            rec.lead_changes = lead.changes if concepts.lead_by else None
            return rec
        chosen = not variant.is_chance(state)
        if not chosen:
            action = variant.draw(state, rng)
            after_chance = True
        else:
            side = variant.to_move(state)
            legal = variant.legal_actions(state)
            if level is None:
                action = legal[rng.randrange(len(legal))]
            else:
                action = choose(variant, state, level, rng)
            if rec.first is None:
                rec.first = side
            new_turn = after_chance or side != last_side
            if new_turn:
                rec.turns += 1
            decision = True
            if concepts.tables:  # a decision is a whole play: it begins with a new group of dice
                decision = new_turn or len(state.dice) >= last_dice
                last_dice = len(state.dice)
            if decision:
                rec.decisions += 1
                rec.choices += concepts.choices(state, len(legal))
                in_capture = False
            last_side, after_chance = side, False
        after = variant.apply(state, action)
        events = variant.clause_events(state, action, after)
        if events:
            rec.events.update(events)
        if chosen:
            if concepts.capture_by and not in_capture and concepts.captured(state, action, after, events or {}):
                rec.captures += 1
                in_capture = concepts.tables  # one capture a play, however many blots it hits
            if concepts.lead_by and variant.outcome(after) is None:
                lead.see(concepts.leader(after))
        state = after
    raise EngineError(f"{variant.key}: a simulated game did not end within {MAX_ACTIONS} actions")


def play_tables_random(variant: Any, options: Mapping[str, Any], rng: random.Random) -> GameRecord:
    """One random tables game on the mutable play-out state (the fast path), counting turns and
    clause events as :func:`play_game` does, and a decision per play."""
    from games.engine.concepts import pip_count
    from games.engine.tables.playout import Playout

    rec = GameRecord()
    lead = _Lead()
    g = Playout(variant, options)
    rules = g.rules
    each = options.get("cascade_after") == "each_player"
    randint = rng.randint
    while g.phase == "opening":
        g.opening(randint(1, 6), randint(1, 6))
    after_chance = variant.plays_opening_dice  # the starter plays the opening throw
    last_side: int | None = None
    while g.phase != "over":
        if g.phase == "roll":
            a, b = randint(1, 6), randint(1, 6)
            side = g.side
            counted = g.rolls[side] if each else g.rolls[0] + g.rolls[1]
            rec.events.update(variant.roll_events(rules, g.checkers[side], counted, (a, b)))
            g.roll(a, b)
            if variant.cascade and g.remainder and g.side != side:
                rec.events["remainder"] += 1
            after_chance = True
            continue
        side = g.side
        if rec.first is None:
            rec.first = side
        if after_chance or side != last_side:
            rec.turns += 1
        last_side, after_chance = side, False
        plays = g.plays()
        play = plays[randint(0, len(plays) - 1)] if len(plays) > 1 else plays[0]
        rec.decisions += 1
        rec.choices += len(plays)
        was_remainder = g.remainder
        steps = play.steps
        rec.events.update(variant.step_events(rules, steps))
        if any(hit for _, _, hit in steps):
            rec.captures += 1
        g.play(play)
        if g.phase != "over":
            c = g.checkers
            pips = pip_count(c[0]), pip_count(c[1])
            lead.see(None if pips[0] == pips[1] else 0 if pips[0] < pips[1] else 1)
        if variant.cascade and g.remainder and not was_remainder and g.side != side:
            rec.events["remainder"] += 1
    rec.winner, rec.how = g.winner, g.how
    rec.lead_changes = lead.changes
    return rec


def play_rules_random(variant: Any, options: Mapping[str, Any], rng: random.Random) -> GameRecord:
    """One random game of a rules file on its mutable ``Sim`` (the fast path the engine's own
    play-outs use): the same choices, draws and counts as :func:`play_game` at random, without
    reading each position back from JSON."""
    rec = GameRecord()
    concepts = Concepts(variant)
    reader = concepts.rules
    lead = _Lead()
    sim = variant.game.new_sim(variant.validate_options(dict(options)))
    if reader is not None:
        reader.prepare(sim)
    side_of = variant.side_of
    last_side: int | None = None
    after_chance = False
    for _ in range(MAX_ACTIONS):
        result = sim.outcome()
        if result is not None:
            rec.winner = None if result.winner is None else side_of(result.winner)
            rec.how = result.how
            rec.captures = rec.captures if concepts.capture_by else None
            rec.lead_changes = lead.changes if concepts.lead_by else None
            return rec
        if sim.is_chance():
            sim.chance(rng)
            after_chance = True
            continue
        side = side_of(sim.to_move())
        moves = sim.moves()
        move = moves[rng.randrange(len(moves))]
        if rec.first is None:
            rec.first = side
        if after_chance or side != last_side:
            rec.turns += 1
        last_side, after_chance = side, False
        rec.decisions += 1
        rec.choices += len(moves)
        if reader is None:
            sim.play(move)
            continue
        snapshot = reader.before(sim)
        sim.play(move)
        if reader.captured(snapshot, sim):
            rec.captures += 1
        if reader.evaluate is not None and sim.outcome() is None:
            lead.see(reader.leader(sim))
    raise EngineError(f"{variant.key}: a simulated game did not end within {MAX_ACTIONS} actions")


def play_one(variant: Variant, options: Mapping[str, Any], rng: random.Random, level: str | None) -> GameRecord:
    """One game by the path that suits it: random tables and rules-file games on their fast paths."""
    if level is None and variant.family == "tables":
        return play_tables_random(variant, options, rng)
    if level is None and variant.family == "rules":
        return play_rules_random(variant, options, rng)
    return play_game(variant, options, rng, level)


def simulate(
    key: str, options: Mapping[str, Any] | None, *, games: int, seed: int, players: str = "random",
) -> dict[str, Any]:
    """Play ``games`` games of variant ``key`` and return the metrics with what produced them:
    ``variant``, ``options`` (complete), ``players``, ``level``, ``games``, ``seed``,
    ``engine_version``, ``seconds`` and the metrics of :func:`metrics`."""
    variant = get_variant(key)
    if players not in PLAYERS:
        raise EngineError(f"unknown players {players!r} (known: {', '.join(PLAYERS)})")
    if not isinstance(games, int) or games < 1:
        raise EngineError(f"games must be a whole number of at least 1, got {games!r}")
    opts = simulation_options(variant, options)
    level = strongest_level(variant) if players == "strong" else None
    started = time.perf_counter()
    records = [play_one(variant, opts, random.Random(f"{seed}:{i}"), level) for i in range(games)]
    seconds = time.perf_counter() - started
    return {
        "variant": key,
        "options": opts,
        "players": players,
        "level": level or "random",
        "games": games,
        "seed": seed,
        "engine_version": engine_version(variant, players),
        "seconds": round(seconds, 2),
        **metrics(variant, records),
    }


def check_options(key: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options a simulation of ``key`` would play, or ``InvalidOptions``/``UnknownVariant``."""
    return simulation_options(get_variant(key), options)

