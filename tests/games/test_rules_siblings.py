"""Three rulesets written as siblings of files already playable, worked by hand on the clauses
that differ: Tablut as Linnaeus observed it (tafl.tablut-linnaeus, DLP.GameRulesets.373: the
king taken as any piece away from the castle), Mogul Putt'han with nineteen pieces
(war.mogul-putthan-nineteen, DLP.GameRulesets.556: a third cross line in each triangle), and
Aw-li On-nam Ot-tjin with five counters (sow.aw-li-on-nam-ot-tjin-five, DLP.GameRulesets.26);
then Grande Acedrex with a die (chess.grande-acedrex-dice, DLP.GameRulesets.652)."""
from __future__ import annotations

from games.engine.core import Action
from games.engine.rules import rules_variant

TABLUT = "tafl.tablut-linnaeus"


def tafl_state(board: dict, to_move: int = 0, key: str = TABLUT):
    v = rules_variant(key)
    data = v.new_game({}).to_json()
    data.update(board={k: list(x) for k, x in board.items()}, to_move=to_move, quiet=0)
    return v.state_from_json(data)


def play(key: str, s, **move):
    v = rules_variant(key)
    return v.apply(s, Action(move))


def test_linnaeus_king_away_from_the_castle_is_taken_between_two_attackers():  # TL-9
    s = tafl_state({"b3": [0, "soldier", 1], "e3": [0, "soldier", 1], "d3": [1, "king", 1],
                    "h8": [1, "soldier", 1], "a8": [0, "soldier", 1]})
    v = rules_variant(TABLUT)
    after = play(TABLUT, s, **{"from": "b3", "to": "c3"})
    assert v.outcome(after) is not None and v.outcome(after).winner == 0  # the attackers win


def test_linnaeus_king_beside_the_castle_needs_three_attackers():  # TL-5
    v = rules_variant(TABLUT)
    # the king on e4, beside the castle (e5): attackers on d4 and f4, one comes to e3
    s = tafl_state({"d4": [0, "soldier", 1], "f4": [0, "soldier", 1], "e4": [1, "king", 1],
                    "e1": [0, "soldier", 1], "h8": [1, "soldier", 1]})
    after = play(TABLUT, s, **{"from": "e1", "to": "e3"})
    assert v.outcome(after) is not None and v.outcome(after).winner == 0
    # two attackers either side of him along the row are not enough there
    s = tafl_state({"d4": [0, "soldier", 1], "f1": [0, "soldier", 1], "e4": [1, "king", 1], "h8": [1, "soldier", 1]})
    after = play(TABLUT, s, **{"from": "f1", "to": "f4"})
    assert v.outcome(after) is None and after.to_json()["board"]["e4"][1] == "king"


def test_smith_king_away_from_the_castle_is_not_taken_by_two():  # the sibling's reading, TS-5
    smith = "tafl.tablut-smith"
    s = tafl_state({"b3": [0, "soldier", 1], "e3": [0, "soldier", 1], "d3": [1, "king", 1],
                    "h8": [1, "soldier", 1], "a8": [0, "soldier", 1]}, key=smith)
    after = play(smith, s, **{"from": "b3", "to": "c3"})
    assert rules_variant(smith).outcome(after) is None


def test_mogul_putthan_nineteen_has_nine_points_in_each_triangle():  # MN-1, MN-2
    v = rules_variant("war.mogul-putthan-nineteen")
    board = v.new_game({}).to_json()["board"]
    assert sum(1 for p in board.values() if p[0] == 0) == 19 and sum(1 for p in board.values() if p[0] == 1) == 19
    assert {"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3"} <= {k for k, p in board.items() if p[0] == 0}
    assert not any(k.endswith("6") for k in board)  # the middle row starts empty
    # the first moves: the front row steps into the empty middle row, straight or on the diagonals
    moves = sorted((a["from"], a["to"]) for a in (x.to_json() for x in v.legal_actions(v.new_game({}))))
    # (the alquerque diagonals run through c5 and e5, every other point, as Ludii's traces have them)
    assert moves == [("b5", "b6"), ("c5", "b6"), ("c5", "c6"), ("c5", "d6"), ("d5", "d6"), ("e5", "d6"),
                     ("e5", "e6"), ("e5", "f6"), ("f5", "f6")]


def test_aw_li_five_counters_fish_at_five():  # AV-1, AV-4
    key = "sow.aw-li-on-nam-ot-tjin-five"
    v = rules_variant(key)
    start = v.new_game({}).to_json()
    assert [start["board"][str(h)][2] for h in range(1, 19)] == [5] * 18  # ninety counters
    # South lifts the two counters of hole 1: the last falls into hole 3, which held four: a fish
    board = {str(h): [None, "seed", 3] for h in range(1, 19)}
    board["1"], board["3"] = [None, "seed", 2], [None, "seed", 4]
    data = dict(start, board=board, scores=[18, 18])  # the rest of the ninety taken already
    after = v.apply(v.state_from_json(data), Action({"sow": "1"}))
    assert after.to_json()["scores"] == [23, 18] and "3" not in after.to_json()["board"]
    # a last counter that makes four, not five, takes nothing
    board["3"] = [None, "seed", 3]
    after = v.apply(v.state_from_json(dict(start, board=board, scores=[19, 18])), Action({"sow": "1"}))
    assert after.to_json()["scores"] == [19, 18]


def test_grande_acedrex_die_names_the_kind_to_move():  # GD-1
    v = rules_variant("chess.grande-acedrex-dice")
    s = v.new_game({})
    assert [a.to_json() for a in v.legal_actions(s)] == [{"throw": [f]} for f in range(1, 9)]
    pawns = v.apply(s, Action({"throw": [1]}))
    assert len(v.legal_actions(pawns)) == 12  # each of the twelve pawns one square forward
    lions = v.apply(s, Action({"throw": [4]}))
    assert [a.to_json() for a in v.legal_actions(lions)] == [{"pass": True}]  # both lions shut in: a pass
    aanca = v.apply(s, Action({"throw": [7]}))
    assert len(v.legal_actions(aanca)) == 13 and all(a["from"] == "f1" for a in v.legal_actions(aanca))


def test_grande_acedrex_die_a_check_the_throw_cannot_answer_loses():  # GD-16
    v = rules_variant("chess.grande-acedrex-dice")
    data = v.new_game({}).to_json()
    # White's king on g1 checked by a rook on g8; a pawn on a4 is all White has besides
    data.update(board={"g1": [0, "king", 1], "a4": [0, "pawn", 1], "g8": [1, "rook", 1], "a12": [1, "king", 1]},
                to_move=0, quiet=0)
    s = v.state_from_json(data)
    assert v.outcome(v.apply(s, Action({"throw": [8]}))) is None  # the king can step out of check
    lost = v.apply(s, Action({"throw": [1]}))  # the pawn cannot answer the check
    assert v.outcome(lost) is not None and v.outcome(lost).winner == 1
