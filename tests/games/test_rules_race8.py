"""The race8 batch, worked by hand:

- the hook ``camelot`` (``hooks_race8.py``, Camelot, DLP.GameRulesets.416): plain moves,
  canters over one's own pieces (a chain the player may stop), jumps over enemy pieces (a
  chain that must go on; compulsory at the turn's start), the knight's charge (canters then
  jumps, the jump compulsory once open), the castles (never one's own; the enemy's kept) and
  the ends (two pieces in the enemy castle; the last piece taken while keeping two, else a draw);
- the hook ``arimaa`` (Arimaa, DLP.GameRulesets.43): the setting up, steps (rabbits never
  back), freezing, pushes and pulls as two actions, trap captures (the puller taken on a trap
  still pulls), the turn's four steps and its ban on the board it began with, and the ends
  (the mover's rabbit on the goal row first, then the lost rabbits).
"""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

CM = "race.camelot"
AR = "race.arimaa"


def position(key: str, board: dict[str, list], to_move: int = 0, turn: int = 20, **extra: Any) -> Any:
    v = get_variant(key)
    return v.game.sim_from_json({"board": board, "to_move": to_move, "turn": turn, **extra}, {})


def names(sim: Any) -> set[str]:
    return {_name(sim, m) for m in sim.moves()}


def _name(sim: Any, m: tuple) -> str:
    a = sim.action(m).to_json()
    if a.get("pass"):
        return "pass"
    if "from" in a:
        return f"{a['from']}-{a['to']}"
    return f"{a.get('piece', '')}@{a['to']}"


def play(sim: Any, name: str) -> None:
    sim.play(next(m for m in sim.moves() if _name(sim, m) == name))


def at(sim: Any, site: str) -> tuple[int, str] | None:
    c = sim.cells[sim.game.board.index[site]]
    return (sim.game.owner_of[c], sim.game.kinds[sim.game.kind_of[c]]) if c else None


P0, P1, K0, K1 = [0, "pawn", 1], [1, "pawn", 1], [0, "knight", 1], [1, "knight", 1]
FAR = {"a13": P1, "b13": P1, "c13": P1}  # Black pieces out of the way


# -- Camelot ---------------------------------------------------------------------------------
def test_camelot_board_and_opening() -> None:
    v = get_variant(CM)
    sim = v.fast(v.new_game())
    assert len(sim.game.board.names) == 160
    # Pawns d6..i6, e7..h7, knights c6 j6 d7 i7; Black turned half round.
    assert at(sim, "c6") == (0, "knight") and at(sim, "e7") == (0, "pawn") and at(sim, "j11") == (1, "knight")
    # The two rows of fourteen pieces:
    # 52 plain moves, 40 canters (each piece over each neighbour friend with an empty square
    # beyond), 92 in all, as Ludii's first step of both traces has it.
    assert len(sim.moves()) == 92


def test_camelot_plain_moves_canter_and_own_castle() -> None:
    # Pawns f2 and f3. f2: steps e2 g2 e3 g3 (e1 is off the board; f1 and g1 are White's own
    # castle), canter over f3 to f4: 5. f3: steps e2 g2 e3 g3 e4 f4 g4, and its canter over f2
    # would land on f1, its own castle: 7. Total 12.
    sim = position(CM, {"f2": P0, "f3": P0, **FAR})
    assert len(sim.moves()) == 12
    assert "f2-f4" in names(sim) and "f3-f1" not in names(sim) and "f2-f1" not in names(sim)
    # Pawns e2 and f2: e2 steps d2 d3 e3 f3 and canters to g2; f2 steps g2 e3 f3 g3, canters to d2.
    sim = position(CM, {"e2": P0, "f2": P0, **FAR})
    assert len(sim.moves()) == 10


def test_camelot_canter_chain_may_stop_and_never_revisits() -> None:
    # Pawn d4 canters over d5 to d6; from d6 it may canter over d7 to d8 (not back over d5 to
    # d4, where it started) or stop.
    sim = position(CM, {"d4": P0, "d5": P0, "d7": P0, **FAR})
    play(sim, "d4-d6")
    assert sim.to_move() == 0
    assert names(sim) == {"d6-d8", "pass"}
    play(sim, "d6-d8")  # no friend next to d8 to canter over: the turn ends by itself
    assert sim.to_move() == 1 and at(sim, "d8") == (0, "pawn")


def test_camelot_jumps_are_compulsory_and_go_on() -> None:
    # White pawn d5 next to Black's e6 (f7 empty): the only move is the jump, though the knight
    # on h4 could step or the pawn step. After it, Black's f8 (f9 empty) must be jumped too.
    sim = position(CM, {"d5": P0, "h4": K0, "e6": P1, "f8": P1, **FAR})
    assert names(sim) == {"d5-f7"}
    play(sim, "d5-f7")
    assert at(sim, "e6") is None and sim.to_move() == 0
    assert names(sim) == {"f7-f9"}  # no stopping
    play(sim, "f7-f9")
    assert at(sim, "f8") is None and sim.to_move() == 1 and sim.scores[0] == 2


def test_camelot_pawn_never_jumps_after_cantering() -> None:
    # Pawn d4 canters over e5 to f6, next to Black's g7 with h8 empty: a pawn makes one kind of
    # move a turn, so the turn ends (no canter left from f6).
    sim = position(CM, {"d4": P0, "e5": P0, "g7": P1, **FAR})
    assert "d4-f6" in names(sim)
    play(sim, "d4-f6")
    assert sim.to_move() == 1


def test_camelot_knights_charge() -> None:
    # The same with a knight on d4: after its canter to f6 it must jump g7 to h8 (the charge);
    # no stopping and no further canter.
    sim = position(CM, {"d4": K0, "e5": P0, "g7": P1, **FAR})
    play(sim, "d4-f6")
    assert sim.to_move() == 0 and names(sim) == {"f6-h8"}
    play(sim, "f6-h8")
    assert at(sim, "g7") is None and sim.to_move() == 1
    # A knight that has cantered and cannot jump may canter on or stop: d4 over e5 to f6, then
    # over g6 to h6 (f6's other friends: none) or stop.
    sim = position(CM, {"d4": K0, "e5": P0, "g6": P0, **FAR})
    play(sim, "d4-f6")
    assert names(sim) == {"f6-h6", "pass"}


def test_camelot_piece_in_the_enemy_castle_stays() -> None:
    # White pawn f16 in Black's castle, a Black pawn on f15 with f14 empty: the castle piece
    # never hops, so no jump is compulsory; it may step to g16. The pawn a4: b3 b4 a5 b5 (a3 is
    # off the board). 1 + 4.
    sim = position(CM, {"f16": P0, "a4": P0, "f15": P1, **FAR})
    assert names(sim) == {"f16-g16", "a4-b3", "a4-b4", "a4-a5", "a4-b5"}


def test_camelot_ends() -> None:
    v = get_variant(CM)
    # Two White pieces in Black's castle: White wins.
    sim = position(CM, {"f16": P0, "g15": P0, **FAR})
    play(sim, "g15-g16")
    assert sim.result() == (1.0, 0.0)
    # The last Black piece taken by White's last-but-one... White keeping two: White wins.
    sim = position(CM, {"d5": P0, "a4": P0, "e6": P1})
    play(sim, "d5-f7")
    assert sim.result() == (1.0, 0.0)
    # Taken by a lone White piece: a draw.
    sim = position(CM, {"d5": P0, "e6": P1})
    play(sim, "d5-f7")
    assert sim.result() == (0.5, 0.5)
    # One White piece left against two Black, one taken: neither side has two, a draw.
    sim = position(CM, {"d5": P0, "e6": P1, "a13": P1})
    play(sim, "d5-f7")
    assert sim.result() == (0.5, 0.5)
    assert v is not None


# -- Arimaa ----------------------------------------------------------------------------------
def R(seat: int) -> list:
    return [seat, "rabbit", 1]


def A(seat: int, kind: str) -> list:
    return [seat, kind, 1]


def test_arimaa_setting_up() -> None:
    v = get_variant(AR)
    sim = v.fast(v.new_game())
    assert len(sim.moves()) == 6 * 16  # six kinds in hand, sixteen empty home squares
    play(sim, "elephant@d2")
    assert sim.to_move() == 0 and len(sim.moves()) == 5 * 15  # the elephant is placed
    for _ in range(15):
        sim.play(sim.moves()[0])
    assert sim.to_move() == 1 and len(sim.moves()) == 6 * 16
    assert {_name(sim, m).split("@")[1][1] for m in sim.moves()} == {"7", "8"}
    for _ in range(16):
        sim.play(sim.moves()[0])
    assert sim.to_move() == 0 and "pass" not in names(sim)  # Gold's first step; no stopping yet


def test_arimaa_steps_rabbits_and_freezing() -> None:
    # Rabbit d4: e4 d5 c4, never back to d3. Cat g4 beside Silver's dog g5, no friend: frozen.
    sim = position(AR, {"d4": R(0), "g4": A(0, "cat"), "g5": A(1, "dog"), "a8": R(1)}, turn=40)
    assert names(sim) == {"d4-e4", "d4-d5", "d4-c4"}
    # A Gold rabbit on h4 beside the cat unfreezes it: cat f4 g3 (no push of the stronger dog);
    # rabbit h4: h5 (h3 is backward, g4 taken).
    sim = position(AR, {"d4": R(0), "g4": A(0, "cat"), "h4": R(0), "g5": A(1, "dog"), "a8": R(1)}, turn=40)
    assert names(sim) == {"d4-e4", "d4-d5", "d4-c4", "g4-f4", "g4-g3", "h4-h5"}


def test_arimaa_push_is_two_actions() -> None:
    # Elephant d4: c4 e4 d3 and the push onto the cat's d5; rabbit h1: g1 h2. 6.
    sim = position(AR, {"d4": A(0, "elephant"), "h1": R(0), "d5": A(1, "cat"), "a8": R(1)}, turn=40)
    assert len(sim.moves()) == 6 and "d4-d5" in names(sim)
    play(sim, "d4-d5")
    assert sim.to_move() == 0 and sim.hands[1][sim.game.kinds.index("cat")] == 1
    assert names(sim) == {"@c5", "@e5", "@d6"}  # beside d5, not d4 where the elephant came from
    play(sim, "@d6")
    assert at(sim, "d6") == (1, "cat") and at(sim, "d5") == (0, "elephant")
    # Two steps used, two left: the elephant, beside the cat again, may push it once more (steps
    # 3 and 4) or stop; after a third step no push is left.
    assert "d5-d6" in names(sim) and "pass" in names(sim)
    play(sim, "h1-g1")
    assert "d5-d6" not in names(sim)


def test_arimaa_pull_and_the_turn_start_board() -> None:
    sim = position(AR, {"d4": A(0, "elephant"), "h1": R(0), "d5": A(1, "cat"), "a8": R(1)}, turn=40)
    play(sim, "d4-d3")
    # The cat beside d4 may be pulled in (1); the elephant c3 e3 d2, not back to d4, which would
    # bring back the turn's first board (3); rabbit g1 h2 (2); stop (1). 7.
    assert names(sim) == {"d5-d4", "d3-c3", "d3-e3", "d3-d2", "h1-g1", "h1-h2", "pass"}
    play(sim, "d5-d4")
    assert at(sim, "d4") == (1, "cat") and sim.to_move() == 0
    # No pull after a pull: the elephant d3 next to the cat d4 may push it (2 steps left).
    assert "d3-d4" in names(sim)


def test_arimaa_traps() -> None:
    # The elephant pushes the cat from c4 onto the trap c3, no Silver piece beside it: taken.
    sim = position(AR, {"d4": A(0, "elephant"), "h1": R(0), "c4": A(1, "cat"), "a8": R(1)}, turn=40)
    play(sim, "d4-c4")
    assert names(sim) == {"@b4", "@c5", "@c3"}
    play(sim, "@c3")
    assert at(sim, "c3") is None and sim.scores[0] == 1 and not any(sim.hands[1])
    # A horse stepping onto the unguarded trap f3 is taken, yet still pulls the cat f5 into f4.
    sim = position(AR, {"f4": A(0, "horse"), "h1": R(0), "f5": A(1, "cat"), "a8": R(1)}, turn=40)
    play(sim, "f4-f3")
    assert at(sim, "f3") is None and sim.scores[1] == 1
    assert "f5-f4" in names(sim)
    play(sim, "f5-f4")
    assert at(sim, "f4") == (1, "cat") and not any(sim.hands[0])


def test_arimaa_four_steps_end_the_turn() -> None:
    sim = position(AR, {"a1": R(0), "h1": R(0), "a8": R(1)}, turn=40)
    for step in ("a1-a2", "a2-a3", "h1-h2", "h2-h3"):
        assert sim.to_move() == 0
        play(sim, step)
    assert sim.to_move() == 1


def test_arimaa_ends() -> None:
    # Gold's rabbit c7 reaches c8; the turn must end before it counts.
    sim = position(AR, {"c7": R(0), "h1": R(0), "a7": R(1)}, turn=40)
    play(sim, "c7-c8")
    assert sim.result() is None
    play(sim, "pass")
    assert sim.result() == (1.0, 0.0)
    # Gold also pushes Silver's rabbit e2 onto e1, Silver's goal: both rabbits home, the mover
    # (Gold) wins.
    sim = position(AR, {"c7": R(0), "e3": A(0, "elephant"), "e2": R(1), "a7": R(1)}, turn=40)
    play(sim, "c7-c8")
    play(sim, "e3-e2")
    play(sim, "@e1")
    play(sim, "pass")
    assert sim.result() == (1.0, 0.0)
    # Silver's last rabbit pushed from f4 onto the trap f3 (no Silver piece beside it): taken,
    # and Gold wins as the turn ends.
    sim = position(AR, {"g4": A(0, "elephant"), "a1": R(0), "f4": R(1), "a7": A(1, "cat")}, turn=40)
    play(sim, "g4-f4")
    play(sim, "@f3")
    assert at(sim, "f3") is None and sim.result() is None
    play(sim, "pass")
    assert sim.result() == (1.0, 0.0)
