"""The review of a finished game, and the estimate of a position during one (issue 37).

A review replays a match's log and, for every decision a side made, compares what was played
with what the strongest computer player would have played, by that player's own evaluator:

- **tables** (backgammon, the nard games): the trained network of ``ai/td.py``, in cubeless
  equity (points a game). Every complete play of the roll is valued by the network (0-ply);
  the best few and the one played are then valued as the ``strong`` level values them, after
  each of the opponent's 21 rolls and his best reply (1-ply). In a Gul Bara cascade or
  remainder (more of the mover's dice to come) the 0-ply values stand. Cube decisions are not
  judged.
- **race** (Senet, Ur, 20 Squares, 58 Holes, XII Scripta): a one-throw expectimax over the
  race module's public evaluation (``ai/race.py: evaluate``, race standing less the expected
  loss to the next throw), in squares: each move is followed by every throw of the device (at
  its exact probability) and the thrower's best answer (where the mover plays on, the rest of
  the throw or a throw again, its :data:`CONTINUATIONS` best continuations by the evaluation).
- **mancala** (Béchi): the ``strong`` level's alpha-beta search, at its own depth, in counters
  ahead.
- **rules** (the rules-file games): the Monte Carlo tree search of ``ai/mcts.py`` at a fixed
  small budget (:data:`MCTS_ITERATIONS` a position, at most :data:`MCTS_SECONDS`, less in a
  long game: the time left is shared among the searches left), whose values are win chances
  (the mean result of the search's most visited move). The best move is the search's choice in
  the position before; the move played and the best are valued alike, by a search of the
  position each leaves (for the mover), so the loss is their difference. Where a move leaves
  dice to throw, the two moves' means in the search before stand instead (the move played
  judged only if that search visited it :data:`MCTS_MIN_VISITS` times). A search of fewer than
  :data:`MCTS_MIN_ITERATIONS` iterations (a slow game in a long log) judges nothing. Games of
  more than two sides are not judged. These are estimates: a small search is noisy.

A family without an evaluator gets a review that says so (``available`` false, ``reason``).

Marks, by the loss against the best move (thresholds in :data:`THRESHOLDS`, per unit):
``inaccuracy``, ``mistake``, ``blunder``; a move that loses less is not marked.

The work is bounded by :data:`REVIEW_SECONDS`. Moves are judged as above while the pace so far
would finish the game in the time left; past that, by the evaluator alone (tables: the network
at 0-ply; race: the evaluation of the position the step left, nothing after it; Béchi: a search of
:data:`SHALLOW_MANCALA` plies), and each move's ``depth`` says which. Once the time is gone,
the moves left are listed as not judged and ``complete`` is false (rules-file games share the
time among their positions instead, each search running fewer iterations).

    >>> import random
    >>> from games.engine import get_variant
    >>> ur = get_variant("race.ur")
    >>> s = ur.state_from_json({"pieces": [[0, 0, 0, 0, 0, 0, 9], [0, 0, 0, 0, 0, 0, 7]], "to_move": 1,
    ...                        "phase": "move", "throw": {"dice": [1, 1, 0, 0]}})
    >>> entries = [{"side": 1, "by": "human", "action": {"from": 0, "to": 2}}]
    >>> r = review(ur, s, entries)
    >>> r["moves"][0]["mark"], r["moves"][0]["best"]
    ('blunder', '7→9*')
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from games.engine.core import Action, EngineError, State, Variant

__all__ = ["MCTS_ITERATIONS", "REVIEW_SECONDS", "THRESHOLDS", "estimate", "evaluator", "mark", "review"]

#: How long one review may judge moves (seconds); the moves after are listed, not judged.
REVIEW_SECONDS = 20.0
#: The rules-file games' search budget per position (iterations, and seconds at most).
MCTS_ITERATIONS = 300
MCTS_SECONDS = 0.2
#: The fewest visits of a move for its mean in a search to judge it by.
MCTS_MIN_VISITS = 10
#: The fewest iterations whose values judge a move: a game whose search runs fewer in
#: MCTS_SECONDS (the heaviest rules files) has no evaluator fast enough, and the review says so.
MCTS_MIN_ITERATIONS = 30
#: Race: how many continuations of a throw still being played are followed through the throws.
CONTINUATIONS = 2
#: Béchi: the search depth when time is short (plies).
SHALLOW_MANCALA = 2
#: The loss from which a move is an inaccuracy, a mistake, a blunder, per unit.
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "points": (0.04, 0.08, 0.16),  # cubeless equity, as gnubg's doubtful / bad / very bad
    "win chance": (0.05, 0.10, 0.20),
    "squares": (1.0, 2.0, 4.0),
    "counters": (1.0, 2.0, 4.0),
}
MARKS = ("inaccuracy", "mistake", "blunder")
PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
EVALUATORS: dict[str, dict[str, str]] = {
    "tables": {
        "unit": "points",
        "name": "the trained network of the strong level (cubeless equity, in points a game), "
        "its best plays and the one played looked at after every reply roll (1-ply)",
    },
    "race": {
        "unit": "squares",
        "name": "the race evaluation (standing, less the expected loss to the next throw) after "
        "every throw and the thrower's best answer, in squares",
    },
    "mancala": {
        "unit": "counters",
        "name": "the strong level's alpha-beta search, in counters ahead",
    },
    "rules": {
        "unit": "win chance",
        "name": f"a Monte Carlo tree search of {MCTS_ITERATIONS} iterations a position (at most "
        f"{MCTS_SECONDS:g} s): an estimate of the win chance, noisy at this budget",
    },
}
NO_EVALUATOR = "this game has no evaluator: the computer plays it without one, so its moves cannot be judged"


def evaluator(variant: Variant) -> dict[str, Any] | None:
    """What judges ``variant``'s moves: ``{"family", "unit", "name", "thresholds"}``, or None."""
    found = EVALUATORS.get(variant.family)
    if found is None:
        return None
    unit = found["unit"]
    return {"family": variant.family, "unit": unit, "name": found["name"],
            "thresholds": dict(zip(MARKS, THRESHOLDS[unit]))}


def mark(loss: float | None, unit: str) -> str | None:
    """The mark a move losing ``loss`` (in ``unit``) earns, or None.

    >>> mark(0.03, "points"), mark(0.09, "points"), mark(0.5, "win chance"), mark(None, "squares")
    (None, 'mistake', 'blunder', None)
    """
    if loss is None:
        return None
    found = None
    for name, limit in zip(MARKS, THRESHOLDS[unit]):
        if loss >= limit - 1e-12:
            found = name
    return found


def loss_text(loss: float | None, unit: str) -> str:
    """The loss in words: "0.123 points", "12% win chance", "2.5 squares"."""
    if loss is None:
        return ""
    if unit == "win chance":
        return f"{loss * 100:.0f}% win chance"
    if unit == "points":
        return f"{loss:.3f} points"
    return f"{loss:.1f} {unit}"


# -- the decisions of a log -------------------------------------------------------------------


class _Turn:
    """One judged decision: the state before it, the log entries (0-based) that played it, the
    state after it, and the side."""

    __slots__ = ("before", "first", "last", "after", "side", "actions")

    def __init__(self, before: State, first: int, side: int) -> None:
        self.before, self.first, self.last, self.after, self.side = before, first, first, before, side
        self.actions: list[Action] = []


def _same_tables_play(before: Any, after: Any, side: int) -> bool:
    """Whether ``after`` is still within the complete play begun at ``before`` (as the strong
    level hands a play out step by step: td.py's _step_towards)."""
    return (after.phase == "move" and after.to_move == side and after.pending == before.pending
            and after.game == before.game and after.remainder == before.remainder)


def decisions(variant: Variant, state: State, entries: list[Mapping[str, Any]]) -> tuple[list[_Turn], State]:
    """The log split into decisions (chance entries and cube decisions left out): a tables
    turn's steps make one decision (one complete play), every other family's entries one each.
    Returns them and the final state; a log entry the rules refuse raises EngineError."""
    turns: list[_Turn] = []
    open_turn: _Turn | None = None
    for i, entry in enumerate(entries):
        action = Action.from_json(entry["action"])
        chance = variant.is_chance(state)
        side = None if chance else variant.to_move(state)
        try:
            after = variant.apply(state, action)
        except EngineError as exc:
            raise EngineError(f"log entry {i + 1} ({entry.get('notation') or action.to_json()}): {exc}") from None
        judged = not chance and side is not None and not _is_cube(variant, state)
        if judged:
            if open_turn is None:
                open_turn = _Turn(state, i, side)
                turns.append(open_turn)
            open_turn.last, open_turn.after = i, after
            open_turn.actions.append(action)
            if variant.family != "tables" or not _same_tables_play(open_turn.before, after, side):
                open_turn = None
        else:
            open_turn = None
        state = after
    return turns, state


def _is_cube(variant: Variant, state: State) -> bool:
    return variant.family == "tables" and getattr(state, "phase", "") != "move"


# -- the families' values: (value of each choice for the mover, the played one's, the best's) ----

Judgement = dict[str, Any]


def _tables_judge(variant: Any, turn: _Turn, shallow: bool = False) -> Judgement:
    import numpy as np

    from games.engine.ai import td
    from games.engine.tables.moves import to_mover

    state, side = turn.before, turn.side
    plays = variant.complete_plays(state)
    if len(plays) <= 1:
        return {"forced": True}
    plays.sort(key=lambda p: (p.me, p.op))
    rules = state.rules
    net = td.load(variant.key)
    eq = td.mover_equities(variant, net, rules, plays)
    after = turn.after
    if after.game == state.game and after.phase != "over":
        target = (after.checkers[side], to_mover(rules, after.checkers[1 - side]))
        played = next((i for i, p in enumerate(plays) if (p.me, p.op) == target), None)
    else:  # the play ended the game: one of the plays that bear the last checker off
        done = [i for i, p in enumerate(plays) if p.me[0] == 15]
        played = max(done, key=lambda i: eq[i]) if done else None
    if played is None:
        return {"note": "the play could not be found among the complete plays"}
    order = [int(i) for i in np.argsort(-eq, kind="stable")]
    deep = not (shallow or state.pending or state.remainder)
    if deep:
        best0 = eq[order[0]]
        cands = [i for i in order[: td.CANDIDATES if rules.standard else 3] if eq[i] >= best0 - td.MARGIN]
        if played not in cands:
            cands.append(played)
        values = {i: td._reply_value(variant, net, rules, plays[i].me, plays[i].op) for i in cands}
    else:
        values = {i: float(eq[i]) for i in order[:1] + [played]}
    best = max(values, key=lambda i: (values[i], -order.index(i)))
    return {"played": values[played], "best": values[best], "best_is_played": values[played] >= values[best],
            "best_text": variant.play_text(plays[best]), "choices": len(plays),
            "depth": "1-ply" if deep else "0-ply"}


def _race_throws(variant: Any, state: Any) -> list[tuple[Action, float]]:
    """The throws due in ``state``, one a distinct worth, with their probabilities."""
    from games.engine.race import devices

    r = variant._rules(state)
    merged: dict[tuple[int, ...], list[Any]] = {}
    dist = devices.distribution(r.device, r.measured)
    for faces, p in dist.items():
        key = tuple(sorted(r.value_of(faces)))
        if key in merged:
            merged[key][1] += float(p)
        else:
            merged[key] = [Action({"throw": list(faces)}), float(p)]
    return [(a, p) for a, p in merged.values()]


def _race_value(variant: Any, state: Any, me: int, memo: dict[Any, float], shallow: bool = False) -> float:
    """``me``'s value of a state reached by one of ``me``'s moves: the rest of a split throw
    played at best, else every throw and the thrower's best answer by the evaluation
    (``shallow``: the evaluation of the state itself, nothing after it looked at)."""
    from games.engine.ai.race import evaluate

    if state in memo:
        return memo[state]
    if shallow:
        value = evaluate(variant, state, me)
    elif variant.outcome(state) is not None:
        value = evaluate(variant, state, me)
    elif not variant.is_chance(state):
        mover = variant.to_move(state)
        if mover == me:
            # The rest of a throw still to play (split dice, a move that moves again): its few
            # best continuations by the evaluation are looked at in full, not all of them.
            kids = [variant.apply(state, a) for a in variant.legal_actions(state)]
            kids.sort(key=lambda k: evaluate(variant, k, me), reverse=True)
            value = max(_race_value(variant, k, me, memo, shallow) for k in kids[:CONTINUATIONS])
        else:
            value = evaluate(variant, state, me)
    else:
        value = 0.0
        for throw, p in _race_throws(variant, state):
            nxt = variant.apply(state, throw)
            if variant.is_chance(nxt) or variant.outcome(nxt) is not None:
                reply = evaluate(variant, nxt, me)
            else:
                kids = [evaluate(variant, variant.apply(nxt, a), me) for a in variant.legal_actions(nxt)]
                reply = max(kids) if variant.to_move(nxt) == me else min(kids)
            value += p * reply
    memo[state] = value
    return value


def _choice_values(variant: Variant, turn: _Turn, value: Callable[[State], float]) -> Judgement:
    actions = variant.legal_actions(turn.before)
    if len(actions) <= 1:
        return {"forced": True}
    played_action = turn.actions[0]
    values = [value(variant.apply(turn.before, a)) for a in actions]
    played = next((i for i, a in enumerate(actions) if a == played_action), None)
    if played is None:
        return {"note": "the move played is not among the legal moves"}
    best = max(range(len(actions)), key=lambda i: (values[i], i == played))
    return {"played": values[played], "best": values[best], "best_is_played": values[best] <= values[played],
            "best_text": variant.describe(turn.before, actions[best]), "choices": len(actions)}


def _race_judge(variant: Variant, turn: _Turn, shallow: bool = False) -> Judgement:
    memo: dict[Any, float] = {}
    found = _choice_values(variant, turn, lambda s: _race_value(variant, s, turn.side, memo, shallow))
    found["depth"] = "0-ply" if shallow else "1-ply"
    from games.engine.ai.race import WIN

    for key in ("played", "best"):
        if key in found and abs(found[key]) >= WIN / 2:
            found[key + "_outcome"] = "win" if found[key] > 0 else "loss"
    return found


def _mancala_judge(variant: Variant, turn: _Turn, shallow: bool = False) -> Judgement:
    from games.engine.ai import mancala

    depth = SHALLOW_MANCALA if shallow else mancala.STRONG_DEPTH.get(getattr(turn.before, "n", 4), 6)
    side = turn.side
    found = _choice_values(
        variant, turn, lambda s: float(mancala.search(variant, s, depth - 1, side, -mancala.WIN - 1, mancala.WIN + 1)))
    found["depth"] = f"{depth} plies"
    for key in ("played", "best"):
        if key in found and abs(found[key]) >= mancala.WIN:
            found[key + "_outcome"] = "win" if found[key] > 0 else "loss"
    return found


def _loss(found: Judgement, unit: str) -> float | None:
    if "played" not in found:
        return None
    if found.get("best_is_played"):
        return 0.0
    loss = max(0.0, found["best"] - found["played"])
    if found.get("best_outcome") == "win" and found.get("played_outcome") != "win":
        return math.inf  # a win missed
    if found.get("played_outcome") == "loss" and found.get("best_outcome") != "loss":
        return math.inf  # a loss walked into
    return loss


# -- the rules-file games: searches of the positions the moves leave ---------------------------


def _mcts_value(variant: Variant, state: State, seed: str, seconds: float) -> tuple[float | None, str | None, int, int]:
    """The search's value of ``state`` for the seat to move (the most visited move's mean), that
    move's notation, how many moves it looked at and the iterations it ran."""
    from games.engine.ai.mcts import search
    from games.engine.ai.rules import EVALUATED_CAP, PLAYOUT_CAP

    cap = EVALUATED_CAP if hasattr(variant, "evaluate") else PLAYOUT_CAP
    result = search(variant, state, random.Random(seed), iterations=MCTS_ITERATIONS,
                    time_limit=seconds, playout_cap=cap)
    if result.iterations == 0:
        return None, None, 1, 0
    top = result.children[0]
    return top.value, variant.describe(state, top.action), len(result.children), result.iterations


def _seat_reward(variant: Variant, state: State, side: int) -> float | None:
    from games.engine.ai.mcts import rewards

    got = rewards(variant, variant.outcome(state))
    return None if got is None or side >= len(got) else got[side]


# -- the review ---------------------------------------------------------------------------------


def review(variant: Variant, initial: State, entries: list[Mapping[str, Any]], *,
           seconds: float = REVIEW_SECONDS, clock: Callable[[], float] = time.perf_counter) -> dict[str, Any]:
    """The review of the game(s) logged in ``entries`` from ``initial`` (see the module's
    docstring): ``evaluator``, ``moves`` (one per decision, in order: the log entries it spans,
    1-based, the side, what was played and the best move, the values, the loss and its mark),
    ``summary`` per side, ``complete`` (false when the time budget ran out) and ``seconds``."""
    start = clock()
    found = evaluator(variant)
    turns, _final = decisions(variant, initial, entries)
    out: dict[str, Any] = {"variant": variant.key, "available": found is not None, "evaluator": found,
                           "moves": [], "complete": True}
    if found is None:
        out["reason"] = NO_EVALUATOR
    unit = found["unit"] if found else ""
    judged: list[Judgement] = []
    if found is not None and variant.family == "rules":
        try:
            judged = _rules_judgements(variant, turns, start, seconds, clock)
        except _TooSlow as exc:
            judged = [{} for _ in turns]
            found = None
            out.update(available=False, evaluator=None, reason=too_slow(exc.iterations))
    elif found is not None:
        judge = {"tables": _tables_judge, "race": _race_judge, "mancala": _mancala_judge}[variant.family]
        deep_time, deep_count, n = 0.0, 0, len(turns)
        for k, turn in enumerate(turns):
            now = clock()
            left = seconds - (now - start)
            if left <= 0:
                judged.append({"note": "not judged: the review's time budget ran out"})
                continue
            # Judged as the strong level looks, while the time left allows that for the moves
            # left at the pace so far; else by the evaluator alone (the answer says which).
            shallow = deep_count >= 3 and deep_time / deep_count * (n - k) > left
            judged.append(judge(variant, turn, shallow))
            if not shallow:
                deep_time, deep_count = deep_time + clock() - now, deep_count + 1
    else:
        judged = [{} for _ in turns]
    for k, (turn, j) in enumerate(zip(turns, judged)):
        loss = _loss(j, unit) if found else None
        item = {
            "n": k + 1,
            "entries": [turn.first + 1, turn.last + 1],
            "side": turn.side,
            "played": " ".join(e for e in (entries[i].get("notation") or "" for i in range(turn.first, turn.last + 1)) if e)
            or " ".join(str(a.to_json()) for a in turn.actions),
            "best": None if j.get("best_is_played") or "best_text" not in j else j["best_text"],
            "value_played": _finite(j.get("played")),
            "value_best": _finite(j.get("best")),
            "loss": None if loss is None or math.isinf(loss) else round(loss, 4),
            "mark": "blunder" if loss is not None and math.isinf(loss) else mark(loss, unit) if found else None,
            "loss_text": ("misses a win" if j.get("best_outcome") == "win" else "walks into a loss")
            if loss is not None and math.isinf(loss) else loss_text(loss, unit),
            "judged": loss is not None,
            "choices": j.get("choices", 1 if j.get("forced") else None),
        }
        note = j.get("note") or ("the only legal move" if j.get("forced") else "")
        if j.get("depth"):
            item["depth"] = j["depth"]
        if j.get("iterations"):
            item["iterations"] = j["iterations"]
        if note:
            item["note"] = note
        if "not judged: the review's time budget" in note:
            out["complete"] = False
        out["moves"].append(item)
    out["summary"] = _summary(out["moves"])
    out["seconds"] = round(clock() - start, 3)
    return out


def _finite(value: Any) -> float | None:
    if value is None:
        return None
    value = float(value)
    return round(value, 4) if math.isfinite(value) else None


def _summary(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    sides = []
    for side in (0, 1):
        mine = [m for m in moves if m["side"] == side]
        losses = [m["loss"] for m in mine if m["loss"] is not None]
        row: dict[str, Any] = {"side": side, "moves": len(mine), "judged": sum(1 for m in mine if m["judged"])}
        for name in MARKS:
            row[PLURALS[name]] = sum(1 for m in mine if m["mark"] == name)
        row["average_loss"] = round(sum(losses) / len(losses), 4) if losses else None
        sides.append(row)
    return sides


class _TooSlow(Exception):
    """The search is too slow in this game for its values to judge a move."""

    def __init__(self, iterations: int) -> None:
        super().__init__(iterations)
        self.iterations = iterations


def too_slow(iterations: int) -> str:
    return (f"this game has no evaluator fast enough to judge its moves: the search ran {iterations} "
            f"iterations in {MCTS_SECONDS:g} s, fewer than the {MCTS_MIN_ITERATIONS} its values need")


def _rules_judgements(variant: Variant, turns: list[_Turn], start: float, seconds: float,
                      clock: Callable[[], float]) -> list[Judgement]:
    """Each decision judged by searches of the positions the best move and the move played
    leave (each position searched once: the position a move leaves is usually the next
    decision's), both values for the mover; where a move leaves dice to throw (no seat to move
    to search from), by the two moves' means in the search of the position before."""
    from games.engine.ai.mcts import sides

    if sides(variant) != 2:
        return [{"note": "not judged: the review judges games of two sides only"} for _ in turns]
    searcher = _Searcher(variant, start, seconds, clock)
    out: list[Judgement] = []
    for turn in turns:
        got = searcher.search(turn.before)
        if got is None:
            out.append({"note": "not judged: the review's time budget ran out"})
            continue
        if got["value"] is None:
            out.append({"forced": True})
            continue
        if got["iterations"] < MCTS_MIN_ITERATIONS:
            if got["iterations"] < MCTS_ITERATIONS and all("played" not in j for j in out):
                # Cut by its time, not its iterations, on the first judgement: too slow a game.
                raise _TooSlow(got["iterations"])
            out.append({"note": "not judged: the review's time budget ran out"})
            continue
        played, best = turn.actions[0], got["action"]
        found: Judgement = {"choices": got["choices"], "iterations": got["iterations"],
                            "best_text": variant.describe(turn.before, best), "best_is_played": played == best}
        v_played = searcher.value_for(turn.after, turn.side)
        v_best = v_played if played == best else searcher.value_for(variant.apply(turn.before, best), turn.side)
        if v_played is not None and v_best is not None:
            found.update(played=v_played, best=max(v_best, v_played))
            found["best_is_played"] = found["best_is_played"] or v_played >= v_best
        else:
            stats = got["children"].get(played)
            if stats is None or stats[0] < MCTS_MIN_VISITS:
                found["note"] = "not judged: the search looked at the move played too little"
            else:
                found.update(played=stats[1], best=max(got["value"], stats[1]), depth="one search")
        out.append(found)
    return out


class _Searcher:
    """The searches of one review: one per position (kept by the position's JSON), each of
    MCTS_ITERATIONS at most MCTS_SECONDS (less if the review's time is nearly gone)."""

    def __init__(self, variant: Variant, start: float, seconds: float, clock: Callable[[], float]) -> None:
        self.variant, self.start, self.seconds, self.clock = variant, start, seconds, clock
        self.kept: dict[str, dict[str, Any] | None] = {}

    def search(self, state: State) -> dict[str, Any] | None:
        """The search of ``state`` (a seat to move): ``value`` for that seat (None for a lone
        move), the ``action`` it picks, ``choices``, ``iterations`` and ``children`` (action:
        (visits, mean)); None once the time is gone."""
        import json

        from games.engine.ai.mcts import search
        from games.engine.ai.rules import EVALUATED_CAP, PLAYOUT_CAP

        key = json.dumps(state.to_json(), sort_keys=True)
        if key in self.kept:
            return self.kept[key]
        left = self.seconds - (self.clock() - self.start)
        if left <= 0:
            return None
        budget = min(MCTS_SECONDS, left)
        cap = EVALUATED_CAP if hasattr(self.variant, "evaluate") else PLAYOUT_CAP
        result = search(self.variant, state, random.Random(f"review:{len(self.kept)}"), iterations=MCTS_ITERATIONS,
                        time_limit=budget, playout_cap=cap)
        if result.iterations == 0:
            found: dict[str, Any] = {"value": None, "action": result.action, "choices": 1, "iterations": 0,
                                     "children": {}}
        else:
            top = result.children[0]
            found = {"value": top.value, "action": top.action, "choices": len(result.children),
                     "iterations": result.iterations,
                     "children": {c.action: (c.visits, c.value) for c in result.children}}
        self.kept[key] = found
        return found

    def value_for(self, state: State, side: int, depth: int = 0) -> float | None:
        """``side``'s value of ``state``: its result if the game is over, else the search's value
        (turned round when the other side is to move), through lone moves; None where there is
        no seat to move (dice due) or no time left."""
        variant = self.variant
        reward = _seat_reward(variant, state, side)
        if reward is not None:
            return reward
        mover = variant.to_move(state)
        if variant.is_chance(state) or mover is None:
            return None
        got = self.search(state)
        if got is None:
            return None
        if got["value"] is None:
            if depth >= 8:
                return None
            return self.value_for(variant.apply(state, got["action"]), side, depth + 1)
        if got["iterations"] < MCTS_MIN_ITERATIONS:
            return None
        return got["value"] if mover == side else 1.0 - got["value"]


# -- the estimate during play -------------------------------------------------------------------


def estimate(variant: Variant, state: State) -> dict[str, Any]:
    """The evaluator's view of ``state`` for the win-chance bar: ``win_chance`` per side (where
    the evaluator gives one), or ``value`` for side 0 in the evaluator's unit (race squares,
    Béchi counters), and ``text`` in words. ``available`` false (with ``reason``) where the game
    has no evaluator, or the position is one it does not judge (dice due in a rules-file game)."""
    found = evaluator(variant)
    out: dict[str, Any] = {"variant": variant.key, "available": False, "evaluator": found,
                           "win_chance": None, "value": None}
    if found is None:
        out["reason"] = NO_EVALUATOR
        return out
    outcome = variant.outcome(state)
    if outcome is not None:
        out["reason"] = "the game is over"
        return out
    family = variant.family
    if family == "tables":
        chance = _tables_win_chance(variant, state)
        if chance is None:
            out["reason"] = "no estimate before the opening roll"
            return out
        out.update(available=True, win_chance=[round(chance, 4), round(1 - chance, 4)])
    elif family == "rules":
        if variant.is_chance(state) or variant.to_move(state) is None:
            out["reason"] = "no estimate while a throw is due"
            return out
        mover = variant.to_move(state)
        value, _best, _n, iterations = _mcts_value(variant, state, "estimate", MCTS_SECONDS)
        if value is None:  # a lone move: the position after it
            only = variant.legal_actions(state)[0]
            return estimate(variant, variant.apply(state, only))
        if iterations < MCTS_MIN_ITERATIONS:
            out.update(evaluator=None, reason=too_slow(iterations))
            return out
        p0 = value if mover == 0 else 1.0 - value
        out.update(available=True, win_chance=[round(p0, 4), round(1 - p0, 4)])
    else:
        value = _lead(variant, state)
        out.update(available=True, value=round(value, 2))
    return out


def _tables_win_chance(variant: Any, state: Any) -> float | None:
    """Side 0's chance to win the game by the network: with the dice thrown, after the mover's
    best play by the network; before them, with the side to roll on roll."""
    import numpy as np

    from games.engine.ai import td

    net = td.load(variant.key)
    if state.phase == "move" and state.to_move is not None:
        side = state.to_move
        plays = variant.complete_plays(state)
        if plays:
            plays.sort(key=lambda p: (p.me, p.op))
            eq = td.mover_equities(variant, net, state.rules, plays)
            best = plays[int(np.argmax(eq))]
            if best.me[0] == 15:
                mine = 1.0
            else:
                rows = td.play_rows([best])
                mine = 1.0 - float(net.values(td.after_play_inputs(state.rules, rows))[0, 0])
            return mine if side == 0 else 1.0 - mine
    side = state.to_move
    if side is None:
        return None
    x = td.features(np.array([state.checkers[side]]), np.array([state.checkers[1 - side]]), variant.hitting)
    mine = float(net.values(x)[0, 0])
    return mine if side == 0 else 1.0 - mine


def _lead(variant: Variant, state: State) -> float:
    """Side 0's lead by the race or Béchi evaluator (squares, counters)."""
    if variant.family == "race":
        from games.engine.ai.race import evaluate

        if variant.is_chance(state):
            memo: dict[Any, float] = {}
            return _race_value(variant, state, 0, memo)
        mover = variant.to_move(state)
        memo = {}
        values = [_race_value(variant, variant.apply(state, a), mover, memo) for a in variant.legal_actions(state)]
        best = max(values) if values else evaluate(variant, state, mover)
        return best if mover == 0 else -best
    from games.engine.ai import mancala

    mover = variant.to_move(state)
    if mover is None:
        return float(mancala.evaluate(variant, state, 0))
    depth = 4
    value = mancala.search(variant, state, depth, mover, -mancala.WIN - 1, mancala.WIN + 1)
    return float(value if mover == 0 else -value)
