"""Chaturaji after Wikipedia (chess.chaturaji-wikipedia, DLP.GameRulesets.295) worked by hand,
clause by clause, and the engine parts it brought: the hook ``chaturaji_dice``
(hooks_chat2.py: two dice a turn, the ships' square, promotion to a lost piece, the 54 points)
with the pieces mechanic's ``owns_moves`` and ``hand_tally`` and chesslike's ``die_pairs``."""
from __future__ import annotations

import random

import pytest

from games.engine.core import Action
from games.engine.rules import rules_variant
from games.engine.rules.game import random_playout

KEY = "chess.chaturaji-wikipedia"
LUDII = {"two_dice": False, "one_die": True, "ship_square": False, "kings_bonus": False, "promotion": "lost"}


def state(board: dict, *, to_move=0, scores=(0, 0, 0, 0), throw=None, hands=None, options=None) -> object:
    v = rules_variant(KEY)
    data = v.new_game(options or {}).to_json()
    if throw is not None:
        throw = {"faces": list(throw), "value": int("".join(map(str, throw)))}
    data.update(board={k: list(x) for k, x in board.items()}, to_move=to_move, scores=list(scores), quiet=0,
                throw=throw, hands=hands or [{}, {}, {}, {}])
    return v.state_from_json(data)


def moves(s) -> list:
    v = rules_variant(KEY)
    out = []
    for a in (x.to_json() for x in v.legal_actions(s)):
        out.append(("pass",) if "pass" in a else (a["from"], a["to"]) + ((a["promote"],) if "promote" in a else ()))
    return sorted(out)


def play(s, **action):
    return rules_variant(KEY).apply(s, Action(action))


def test_the_armies_stand_in_their_corners_and_two_dice_are_thrown():  # CWK-2, CWK-3
    v = rules_variant(KEY)
    s = v.new_game({})
    board = s.to_json()["board"]
    assert len(board) == 32
    assert board["d1"] == [0, "king", 1] and board["h4"] == [1, "king", 1]
    assert board["e8"] == [2, "king", 1] and board["a5"] == [3, "king", 1]
    assert board["a7"] == [3, "horse", 1] and board["h8"] == [2, "ship", 1]
    # Sixteen throws, each ordered pair of the two dice 2..5, each as likely (die_pairs).
    throws = [a.to_json()["throw"] for a in v.legal_actions(s)]
    assert throws == [[a, b] for a in range(2, 6) for b in range(2, 6)]
    sim = v.fast(s)
    assert sorted(p for _, p in sim.chance_outcomes()) == [1 / 16] * 16
    s = play(s, throw=[2, 5])
    assert s.to_json()["throw"] == {"faces": [2, 5], "value": 25, "pair": True}  # shown as the dice (pair), never as 25


def test_a_move_for_each_die_in_the_order_chosen():  # CWK-3
    v = rules_variant(KEY)
    s = play(v.new_game({}), throw=[2, 5])
    # Either die first: the ship's leap (2) or a pawn's or the king's step (5).
    assert moves(s) == [("a1", "c3"), ("a2", "a3"), ("b2", "b3"), ("c2", "c3"), ("d1", "e1"), ("d1", "e2"), ("d2", "d3")]
    after_ship = play(s, **{"from": "a1", "to": "c3"})
    j = after_ship.to_json()
    assert j["to_move"] == 0 and j["throw"] == {"faces": [5], "value": 5} and j["pending"] is None
    assert moves(after_ship) == [("a2", "a3"), ("b2", "b3"), ("d1", "e1"), ("d1", "e2"), ("d2", "d3")]  # c2 now blocked
    done = play(after_ship, **{"from": "d1", "to": "e2"})
    assert done.to_json()["to_move"] == 1 and done.to_json()["throw"] is None
    # The other order: a pawn first leaves the die 2, the ship's.
    after_pawn = play(s, **{"from": "b2", "to": "b3"})
    assert after_pawn.to_json()["to_move"] == 0 and moves(after_pawn) == [("a1", "c3")]


def test_a_die_whose_kind_cannot_move_is_lost_and_neither_is_a_pass():  # CWK-3
    v = rules_variant(KEY)
    s = play(v.new_game({}), throw=[4, 2])
    assert moves(s) == [("a1", "c3")]  # the elephant on c1 is shut in
    s = play(s, **{"from": "a1", "to": "c3"})
    assert s.to_json()["to_move"] == 1  # still shut in: the 4 is lost, Red throws
    s = play(v.new_game({}), throw=[4, 4])
    assert moves(s) == [("pass",)]
    assert play(s, **{"pass": True}).to_json()["to_move"] == 1


def test_a_double_moves_the_kind_twice_even_the_same_piece():  # CWK-3
    s = state({"d4": [0, "horse", 1], "h8": [2, "king", 1]}, throw=(3, 3))
    s = play(s, **{"from": "d4", "to": "e6"})
    assert s.to_json()["to_move"] == 0
    assert moves(s) == [("e6", "c5"), ("e6", "c7"), ("e6", "d4"), ("e6", "d8"), ("e6", "f4"), ("e6", "f8"),
                        ("e6", "g5"), ("e6", "g7")]
    s = play(s, **{"from": "e6", "to": "g7"})
    assert s.to_json()["to_move"] == 1


def test_each_army_moves_towards_the_side_it_faces():  # CWK-2, CWK-6, CWK-7
    s = state({"d4": [1, "pawn", 1], "e4": [0, "king", 1], "c3": [0, "pawn", 1]}, to_move=1, throw=(5, 5))
    assert moves(s) == [("d4", "c3"), ("d4", "c4")]  # Red's pawn goes left, taking diagonally ahead
    s = state({"d4": [3, "pawn", 1], "e5": [0, "king", 1]}, to_move=3, throw=(5, 5))
    assert moves(s) == [("d4", "e4"), ("d4", "e5")]  # Yellow's goes right


def test_the_horse_is_a_knight_or_leaps_three_diagonally():  # CWK-8, CWK-8a
    board = {"d4": [0, "horse", 1], "e6": [1, "pawn", 1], "f5": [0, "pawn", 1], "g7": [2, "pawn", 1], "a1": [3, "king", 1]}
    s = state(board, throw=(3, 3))
    assert moves(s) == [("d4", "b3"), ("d4", "b5"), ("d4", "c2"), ("d4", "c6"), ("d4", "e2"), ("d4", "e6"), ("d4", "f3")]
    s = state(board, throw=(3, 3), options={"horse_knight": False, "horse_three": True})
    assert moves(s) == [("d4", "a1"), ("d4", "a7"), ("d4", "g1"), ("d4", "g7")]


def test_the_ship_the_elephant_and_the_king():  # CWK-4, CWK-5, CWK-9, CWK-10
    s = state({"a1": [0, "elephant", 1], "a4": [1, "king", 1], "c1": [2, "pawn", 1], "c3": [0, "ship", 1],
               "d4": [2, "pawn", 1], "h8": [3, "king", 1]}, throw=(4, 2))
    assert moves(s) == [("a1", "a2"), ("a1", "a3"), ("a1", "a4"), ("a1", "b1"), ("a1", "c1"),
                        ("c3", "a5"), ("c3", "e1"), ("c3", "e5")]  # the ship leaps d4; a1 is its own
    s = state({"d4": [0, "king", 1], "d5": [0, "pawn", 1], "e5": [1, "ship", 1]}, throw=(5, 5))
    assert [m for m in moves(s) if m[0] == "d4"] == [("d4", "c3"), ("d4", "c4"), ("d4", "c5"), ("d4", "d3"),
                                                     ("d4", "e3"), ("d4", "e4"), ("d4", "e5")]


def test_a_capture_scores_the_piece_taken():  # CWK-4, CWK-13
    s = state({"a1": [0, "elephant", 1], "a4": [1, "horse", 1], "c1": [2, "pawn", 1], "h8": [3, "king", 1]},
              throw=(4, 4), scores=(3, 0, 0, 0))
    s = play(s, **{"from": "a1", "to": "a4"})
    assert s.to_json()["scores"] == [6, 0, 0, 0]  # a horse is 3
    s = play(s, **{"from": "a4", "to": "a1"})
    s = state({"a1": [0, "elephant", 1], "a4": [1, "king", 1], "c1": [2, "pawn", 1], "h8": [3, "king", 1]}, throw=(4, 4))
    s = play(s, **{"from": "a1", "to": "c1"})
    assert s.to_json()["scores"] == [1, 0, 0, 0]  # a pawn is 1


SQUARE = {"a2": [0, "ship", 1], "d4": [1, "ship", 1], "c5": [2, "ship", 1], "d5": [3, "ship", 1],
          "h1": [0, "king", 1]}


def test_a_ship_completing_a_square_of_ships_takes_the_other_three():  # CWK-11
    s = play(state(SQUARE, throw=(2, 2)), **{"from": "a2", "to": "c4"})
    j = s.to_json()
    assert j["scores"] == [6, 0, 0, 0]  # three ships of 2
    assert sorted(j["board"]) == ["c4", "h1"]
    assert j["over"] == {"winner": 0, "how": "alone"}  # and Green alone is left
    # Off (Ludii's reading), nothing is taken.
    s = play(state(SQUARE, throw=(2, 2), options={"ship_square": False}), **{"from": "a2", "to": "c4"})
    assert len(s.to_json()["board"]) == 5 and s.to_json()["scores"] == [0, 0, 0, 0]
    # A square with a pawn in it is no square of ships.
    s = play(state(SQUARE | {"d5": [3, "pawn", 1]}, throw=(2, 2)), **{"from": "a2", "to": "c4"})
    assert len(s.to_json()["board"]) == 5
    # Only a ship's move makes it: an elephant coming to c4 takes nothing.
    s = play(state(SQUARE | {"c1": [0, "elephant", 1]}, throw=(4, 4)), **{"from": "c1", "to": "c4"})
    assert len(s.to_json()["board"]) == 6


def test_a_pawn_is_promoted_only_to_its_lines_lost_piece():  # CWK-12
    base = {"d7": [0, "pawn", 1], "c7": [0, "pawn", 1], "e7": [0, "pawn", 1], "d8": [2, "pawn", 1], "h1": [1, "king", 1]}
    # Green's king (begun on d1) is gone: the pawn reaching d8, straight or taking, becomes a king.
    # (c8: Green's elephant, begun on c1, still stands, so the pawn stays a pawn there; e8: no Green
    # piece began on the e-file.)
    s = state(base | {"c1": [0, "elephant", 1]}, throw=(5, 5))
    assert moves(s) == [("c7", "c8"), ("c7", "d8", "king"), ("e7", "d8", "king"), ("e7", "e8")]
    s = play(s, **{"from": "c7", "to": "d8", "promote": "king"})
    assert s.to_json()["board"]["d8"] == [0, "king", 1] and s.to_json()["scores"] == [1, 0, 0, 0]
    # The elephant gone too: c8 makes an elephant.
    assert ("c7", "c8", "elephant") in moves(state(base, throw=(5, 5)))
    s = play(state(base | {"d1": [0, "king", 1]}, throw=(5, 5)), **{"from": "e7", "to": "d8"})
    assert s.to_json()["board"]["d8"] == [0, "pawn", 1]  # the king stands: no promotion
    # Red, facing west, promotes on the a-file by rank: on a3 to its elephant (begun on h3).
    s = state({"b3": [1, "pawn", 1], "h4": [1, "king", 1], "h8": [0, "king", 1]}, to_move=1, throw=(5, 5))
    assert moves(s) == [("b3", "a3", "elephant"), ("h4", "g3"), ("h4", "g4"), ("h4", "g5"), ("h4", "h3"), ("h4", "h5")]


def test_ludiis_promotion_offers_every_lost_kind():  # CWK-12, option promotion = "lost"
    s = state({"d7": [0, "pawn", 1], "c1": [0, "elephant", 1], "h1": [1, "king", 1]}, throw=(5,), options=LUDII)
    assert moves(s) == [("d7", "d8", "horse"), ("d7", "d8", "king"), ("d7", "d8", "ship")]
    # Ludii plays it as its own step, the pair [d8, d8] after [d7, d8] (hook ludii_steps).
    v = rules_variant(KEY)
    sim = v.fast(s)
    m = next(m for m in sim.moves() if m[4] >= 0)
    g = sim.game
    assert g.ludii_steps(sim, m, None) == [(0, {"from": "d7", "to": "d8"}, False), (0, {"from": "d8", "to": "off"}, False)]
    s = state({"d7": [0, "pawn", 1], "c1": [0, "elephant", 1], "b1": [0, "horse", 1], "a1": [0, "ship", 1],
               "d1": [0, "king", 1], "h1": [1, "king", 1]}, throw=(5,), options=LUDII)
    sim = v.fast(s)
    m = next(m for m in sim.moves() if m[1] == g.board.index["d7"])
    assert g.ludii_steps(sim, m, None) == [(0, {"from": "d7", "to": "d8"}, False), (0, {"pass": True}, False)]


def test_taking_the_three_other_kings_scores_54():  # CWK-14
    board = {"a1": [0, "elephant", 1], "a4": [1, "king", 1], "h8": [0, "king", 1], "c3": [2, "pawn", 1]}
    s = play(state(board, throw=(4, 4), hands=[{"king": 2}, {}, {}, {}], scores=(10, 0, 0, 0)), **{"from": "a1", "to": "a4"})
    j = s.to_json()
    assert j["scores"] == [10 + 5 + 54, 0, 0, 0] and j["hands"][0] == {"king": 3} and j["phase"] == "play"
    # Own king gone: only the 5.
    s = play(state(board | {"h8": [2, "pawn", 1]}, throw=(4, 4), hands=[{"king": 2}, {}, {}, {}]), **{"from": "a1", "to": "a4"})
    assert s.to_json()["scores"] == [5, 0, 0, 0]
    # Another's king still stands: only the 5, the king counted.
    s = play(state(board | {"c3": [2, "king", 1]}, throw=(4, 4), hands=[{"king": 2}, {}, {}, {}]), **{"from": "a1", "to": "a4"})
    assert s.to_json()["scores"] == [5, 0, 0, 0] and s.to_json()["hands"][0] == {"king": 3}
    # Two kings taken by others: this is Green's first.
    s = play(state(board, throw=(4, 4)), **{"from": "a1", "to": "a4"})
    assert s.to_json()["scores"] == [5, 0, 0, 0] and s.to_json()["hands"][0] == {"king": 1}
    # Off: nothing counted.
    s = play(state(board, throw=(4, 4), options={"kings_bonus": False}), **{"from": "a1", "to": "a4"})
    assert s.to_json()["hands"][0] == {}


def test_when_one_army_is_left_the_highest_score_wins():  # CWK-15
    s = state({"a1": [0, "elephant", 1], "a4": [1, "pawn", 1]}, throw=(4, 4), scores=(4, 0, 9, 2))
    s = play(s, **{"from": "a1", "to": "a4"})
    assert s.to_json()["over"] == {"winner": 2, "how": "alone"}
    s = state({"a1": [0, "elephant", 1], "a4": [1, "pawn", 1]}, throw=(4, 4), scores=(8, 0, 9, 2))
    s = play(s, **{"from": "a1", "to": "a4"})
    assert s.to_json()["over"] == {"winner": None, "how": "alone"}  # 9 and 9: a draw


def test_a_player_with_no_pieces_passes():  # CWK-16
    s = state({"a1": [0, "elephant", 1], "h8": [2, "king", 1]}, to_move=1)
    s = play(s, throw=[5, 3])
    assert moves(s) == [("pass",)]
    assert play(s, **{"pass": True}).to_json()["to_move"] == 2


def test_two_hundred_quiet_moves_end_the_game():  # CWK-17
    v = rules_variant(KEY)
    for quiet, over in ((198, None), (199, {"winner": 0, "how": "move-limit"})):
        data = state({"a1": [0, "king", 1], "h8": [2, "king", 1]}, throw=(5, 2), scores=(3, 0, 1, 0)).to_json()
        data["quiet"] = quiet
        s = play(v.state_from_json(data), **{"from": "a1", "to": "a2"})  # the 199th, the 200th quiet move
        assert s.to_json()["over"] == over  # (3 to Black's 1: Green wins)


def test_the_one_die_reading_moves_once_a_turn():  # CWK-3a
    v = rules_variant(KEY)
    s = v.new_game(LUDII)
    assert [a.to_json()["throw"] for a in v.legal_actions(s)] == [[2], [3], [4], [5]]
    s = play(s, throw=[2])
    s = play(s, **{"from": "a1", "to": "c3"})
    assert s.to_json()["to_move"] == 1


@pytest.mark.parametrize("options", [{}, LUDII, {"horse_knight": False, "horse_three": True}])
def test_random_games_end_by_the_rules_or_the_guard(options):
    v = rules_variant(KEY)
    hows = set()
    for seed in range(5):
        rng = random.Random(seed)
        sim = v.fast(v.new_game(options))
        assert random_playout(sim, rng, 50_000) < 50_000
        hows.add(sim.outcome().how)
        assert v.state_from_json(sim.state().to_json()) == sim.state()
    assert hows <= {"alone", "move-limit"}
