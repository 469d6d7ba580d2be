"""Play concepts measured by simulated play (issue 39): branching factor, decisiveness, draw and
move-limit rates, captures, lead changes and decisions per game, checked by hand on tiny games and
on records whose sums are worked out below; the fast paths count as the Variant protocol does."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from games.engine import Action, Outcome, State, Variant, get_variant
from games.engine.concepts import LEAD_BY, Concepts, pip_count
from games.engine.simulate import (
    GameRecord, concepts, play_game, play_rules_random, play_tables_random, simulate, simulation_options, wilson,
)
from games.engine.simulate_chunks import record_from_json, record_json
from games.simulation import concept_rows


# -- the sums, by hand ----------------------------------------------------------------------------
def records() -> list[GameRecord]:
    return [
        GameRecord(turns=8, first=0, winner=0, how="first-off", decisions=10, choices=30, captures=2, lead_changes=1),
        GameRecord(turns=5, first=1, winner=None, how="draw", decisions=6, choices=6, captures=0, lead_changes=0),
        GameRecord(turns=4, first=0, winner=1, how="limit", decisions=4, choices=12, captures=1, lead_changes=3),
        GameRecord(turns=15, first=1, winner=1, how="first-off", decisions=20, choices=52, captures=5, lead_changes=2),
    ]


def test_the_concepts_are_sums_over_the_games_worked_out_by_hand():
    c = concepts(get_variant("race.ur"), records())
    # 10 + 6 + 4 + 20 decisions, 30 + 6 + 12 + 52 choices
    assert c["decisions"] == {"total": 40, "per_game": 10.0}
    assert c["branching"] == {"choices": 100, "mean": 2.5}
    # won under the rules: games 1 and 4 (game 3's winner was named at the throw limit)
    lo, hi = wilson(2, 4)
    assert c["decisive"] == {"games": 2, "share": 0.5, "low": round(lo, 4), "high": round(hi, 4)}
    assert c["draws"]["games"] == 1 and c["draws"]["share"] == 0.25
    assert c["move_limit"]["games"] == 1 and c["move_limit"]["share"] == 0.25
    # 2 + 0 + 1 + 5 = 8 capturing decisions of 40; 1 + 0 + 3 + 2 = 6 lead changes in 4 games
    assert c["captures"]["moves"] == 8 and c["captures"]["share"] == 0.2
    assert c["lead_changes"] == {"total": 6, "per_game": 1.5, "by": LEAD_BY["race"]}
    assert c["decision"] == "a move (one action)"


def test_a_game_whose_captures_or_lead_were_not_measured_makes_them_not_measured():
    rs = records()
    rs[1].captures = None
    c = concepts(get_variant("race.ur"), rs)
    assert c["captures"] is None and c["lead_changes"]["total"] == 6
    rs[2].lead_changes = None
    assert concepts(get_variant("race.ur"), rs)["lead_changes"] is None


def test_a_record_keeps_its_concepts_through_json_and_refuses_one_without_them():
    from games.engine import EngineError

    rec = records()[2]
    assert record_from_json(record_json(rec)) == rec
    rec.captures = None
    assert record_from_json(record_json(rec)).captures is None
    old = record_json(rec)
    del old["choices"]
    with pytest.raises(EngineError, match="no 'choices'"):
        record_from_json(old)
    with pytest.raises(EngineError, match="'decisions' must be a whole number"):
        record_from_json({**record_json(rec), "decisions": -1})


# -- a toy family that cannot tell captures or a lead ---------------------------------------------
@dataclass(frozen=True)
class Toy(State):
    moves: int = 0
    rolled: bool = False
    width: int = 0  # the choices the die gave

    def to_json(self) -> dict[str, Any]:
        return {"moves": self.moves, "rolled": self.rolled, "width": self.width}


class ToyVariant(Variant):
    """Three decisions a side: a die is thrown before each, and every decision offers 2 choices
    (after the die 1) or 3 (after a 2). Nobody wins: six decisions and the game is a draw."""

    key, title, family = "toy.toy", "Toy", "toy"

    def new_game(self, options=None):
        return Toy()

    def legal_actions(self, state):
        if state.moves == 6:
            return []
        if not state.rolled:
            return [Action({"die": 1}), Action({"die": 2})]
        return [Action({"pick": i}) for i in range(state.width)]

    def apply(self, state, action):
        if "die" in action:
            return Toy(state.moves, True, 1 + Action.from_json(action)["die"])
        return Toy(state.moves + 1, False)

    def outcome(self, state):
        return Outcome(None, 0, "draw") if state.moves == 6 else None

    def to_move(self, state):
        return None if not state.rolled else state.moves % 2

    def is_chance(self, state):
        return not state.rolled and state.moves < 6

    def draw(self, state, rng):
        return Action({"die": rng.choice([1, 2])})

    def state_from_json(self, data):
        return Toy(**data)


def test_a_family_that_cannot_tell_reports_not_measured_and_counts_its_decisions():
    v = ToyVariant()
    for seed in range(5):
        rec = play_game(v, {}, random.Random(seed), None)
        assert rec.decisions == 6 and rec.turns == 6 and rec.first == 0 and rec.winner is None
        assert 12 <= rec.choices <= 18  # 2 or 3 choices at each of the 6 decisions
        assert rec.captures is None and rec.lead_changes is None
    c = concepts(v, [play_game(v, {}, random.Random(s), None) for s in range(4)])
    assert c["captures"] is None and c["lead_changes"] is None and c["draws"]["share"] == 1.0
    assert c["decisive"]["games"] == 0 and c["decisions"]["per_game"] == 6.0
    rows = concept_rows([{"m": {"concepts": c}}, {"m": {}}])
    by_name = {r["name"]: r["cells"] for r in rows}
    assert by_name["captures"] == ["not measured", "not computed (an older run)"]
    assert by_name["lead_changes"][0] == "not measured" and by_name["branching"][0] == f"{c['branching']['mean']:g}"


def test_the_toy_games_choices_follow_its_dice():
    """The die thrown before each decision sets its choices: replaying the same seed's dice by
    hand gives the game's sum of choices."""
    v = ToyVariant()
    for seed in range(6):
        rec = play_game(v, {}, random.Random(seed), None)
        rng, expected = random.Random(seed), 0
        for _ in range(6):
            width = 1 + rng.choice([1, 2])  # the draw
            rng.randrange(width)  # the random player's pick
            expected += width
        assert rec.choices == expected


# -- tic-tac-toe, by hand ---------------------------------------------------------------------------
def test_tic_tac_toe_offers_every_empty_cell_and_captures_nothing():
    """The k-th decision (from 0) of tic-tac-toe has 9 - k empty cells to choose from, so a game of
    d decisions had 9 + 8 + ... + (10 - d) choices; nothing is ever removed; a game ends with a line
    (decided) or a full board (drawn)."""
    v = get_variant("line.tic-tac-toe")
    opts = simulation_options(v, {})
    for i in range(30):
        rec = play_rules_random(v, opts, random.Random(f"7:{i}"))
        assert 5 <= rec.decisions <= 9 and rec.turns == rec.decisions
        assert rec.choices == sum(9 - k for k in range(rec.decisions))
        assert rec.captures == 0
        assert rec.winner is not None or rec.decisions == 9
    c = simulate("line.tic-tac-toe", {}, games=30, seed=7)["concepts"]
    assert c["move_limit"]["games"] == 0 and c["decisive"]["games"] + c["draws"]["games"] == 30
    assert c["captures"] == {"moves": 0, "share": 0.0, "by": Concepts(v).capture_by}


# -- the two paths count alike ---------------------------------------------------------------------
@pytest.mark.parametrize("key", ["war.alquerque", "sow.awari", "line.three-mens-morris", "race.ur-finkel", "tafl.ard-ri"])
def test_a_rules_files_fast_path_gives_the_variant_paths_records(key):
    """The fast path reads captures and the lead on the live ``Sim``; the Variant path from states
    read back from JSON, by replaying the move: the same games give the same records."""
    v = get_variant(key)
    opts = simulation_options(v, {})
    seen = Counter()
    for i in range(3):
        fast = play_rules_random(v, opts, random.Random(f"3:{i}"))
        slow = play_game(v, opts, random.Random(f"3:{i}"), None)
        assert fast == slow
        seen["captures"] += fast.captures or 0
    if key in ("war.alquerque", "sow.awari", "tafl.ard-ri"):
        assert seen["captures"] > 0  # these games capture: the reader sees it


def test_tables_count_a_whole_play_as_one_decision_on_both_paths():
    v = get_variant("tables.backgammon")
    opts = simulation_options(v, {})
    for i in range(3):
        for rec in (play_game(v, opts, random.Random(i), None), play_tables_random(v, opts, random.Random(i))):
            # no cascades in backgammon: one decision a turn, however many checkers it moves
            assert rec.decisions == rec.turns and rec.choices >= rec.decisions and rec.captures <= rec.decisions
    # the opening 3-1 is one decision among the complete plays of 3-1 (the engine's own list)
    s = v.apply(v.new_game(opts), {"opening": [3, 1]})
    assert Concepts(v).choices(s, len(v.legal_actions(s))) == len(v.complete_plays(s)) > len(v.legal_actions(s))


def test_tables_lead_is_the_pip_count():
    v = get_variant("tables.backgammon")
    start = v.new_game(simulation_options(v, {}))
    assert pip_count(start.checkers[0]) == pip_count(start.checkers[1]) == 167  # the known start count
    assert Concepts(v).leader(start) is None  # level: nobody leads
    s = v.apply(start, {"opening": [3, 1]})
    side = v.to_move(s)
    s = v.apply(s, {"from": 8, "to": 5})  # three pips
    assert pip_count(s.checkers[side]) == 164 and Concepts(v).leader(s) == side


# -- sowing games that take seeds while sowing ---------------------------------------------------
@pytest.mark.parametrize("key", ["sow.hus-damara", "sow.owela-benguela", "sow.katra-sakalava", "sow.motiq"])
def test_seeds_taken_while_sowing_are_marked_and_counted_as_captures(key):
    """Hus, Owela and Katra draw the enemy holes facing the last hole into the sowing (a relay
    hook); Motiq takes a hole the last seed makes four (relay_take). The notation marks those
    seeds as taken, as it marks the other captures, and the simulation counts those decisions:
    in Hus, where the sowing never leaves the mover's two rows, exactly the decisions after which
    the opponent holds fewer seeds."""
    v = get_variant(key)
    g = v.game
    opts = simulation_options(v, {})
    rng = random.Random(1)
    state = v.new_game(opts)
    marked = 0
    for _ in range(400):
        if v.outcome(state) is not None:
            break
        if v.is_chance(state):
            state = v.apply(state, v.draw(state, rng))
            continue
        sim = v.fast(state)
        opp = 1 - sim.turn
        before = sum(sim.b[p] for p in range(g.N) if sim.own[p] == opp)
        legal = v.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        took = "×" in v.describe(state, action)
        state = v.apply(state, action)
        after = v.fast(state)
        fewer = sum(after.b[p] for p in range(g.N) if after.own[p] == opp) < before
        marked += took
        if key == "sow.hus-damara" and v.outcome(state) is None and after.turn != sim.turn:
            assert took == fewer, v.describe(sim.state(), action)
    assert marked > 0
    assert simulate(key, {}, games=3, seed=1)["concepts"]["captures"]["moves"] > 0
