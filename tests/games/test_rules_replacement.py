"""Capture by replacement outside chess (issue 33): Skirmish, chess without checkmate, worked by
hand from set positions: the king is an ordinary piece, and the game stops when a player cannot
move or after a hundred moves, the side with more pieces winning (``end.no-moves`` and
``end.moves`` with ``result = "more-pieces"``)."""
from __future__ import annotations

from games.engine import get_variant
from tests.games.test_rules_chess2 import perft
from tests.games.test_rules_chess3 import names, play, position, start

SK = "chess.skirmish"


def test_skirmish_starts_as_chess() -> None:
    # Chess's opening counts: 20 moves, 400 replies, 8,902 positions at the third ply.
    assert [perft(start(SK), d) for d in (1, 2, 3)] == [20, 400, 8902]


def test_the_king_may_stand_attacked_and_be_taken() -> None:
    # e1's king steps next to the black rook on d2 (into its attack) and may take it; the rook
    # takes the king like any piece, and the game goes on.
    sim = position(SK, {"e1": [0, "king", 1], "d2": [1, "rook", 1], "a8": [1, "king", 1], "h2": [0, "pawn", 1]})
    assert {"e1-d1", "e1-f1", "e1-e2", "e1-d2", "e1-f2"} == {n for n in names(sim) if n.startswith("e1")}
    sim = position(SK, {"e1": [0, "king", 1], "e2": [1, "rook", 1], "a8": [1, "king", 1], "h2": [0, "pawn", 1]}, to_move=1)
    play(sim, "e2-e1")
    assert sim.over is None
    assert names(sim) == {"h2-h3"}  # White plays on without a king (a pawn set here counts as moved)


def test_a_player_who_cannot_move_ends_the_game_and_more_pieces_win() -> None:
    # White's pawn on a4 is blocked by a black pawn on a5 and White has nothing else: the game
    # ends; Black has two pieces to White's one and wins.
    sim = position(SK, {"a4": [0, "pawn", 1], "a5": [1, "pawn", 1], "h8": [1, "king", 1]})
    assert sim.over == (1, "no-moves")
    # One piece each: a draw.
    sim = position(SK, {"a4": [0, "pawn", 1], "a5": [1, "pawn", 1]})
    assert sim.over == (None, "no-moves")
    # Black blocked, as many pieces as White: a draw; with one more (a pawn stuck on its far
    # row), Black, who cannot move, still wins.
    sim = position(SK, {"a4": [0, "pawn", 1], "a5": [1, "pawn", 1], "h4": [0, "pawn", 1], "h5": [1, "pawn", 1]},
                   to_move=1)
    assert sim.over == (None, "no-moves")
    sim = position(SK, {"a4": [0, "pawn", 1], "a5": [1, "pawn", 1], "d1": [1, "pawn", 1]}, to_move=1)
    assert sim.over == (1, "no-moves")


def test_the_game_stops_after_a_hundred_moves_and_more_pieces_win() -> None:
    board = {"e1": [0, "king", 1], "e8": [1, "king", 1], "a2": [0, "pawn", 1], "h7": [1, "pawn", 1], "h6": [1, "pawn", 1]}
    sim = position(SK, board, turn=98)
    play(sim, "e1-e2")
    assert sim.over is None
    play(sim, "e8-e7")
    assert sim.over == (1, "move-limit")
    # Equal numbers at the hundredth move: a draw.
    board.pop("h6")
    sim = position(SK, board, turn=99)
    play(sim, "e1-e2")
    assert sim.over == (None, "move-limit")


def test_the_more_pieces_ending_is_checked_when_the_file_is_read(tmp_path) -> None:
    import pytest

    from games.engine.rules import RulesFileError
    from tests.games.rules_text import clause, compile_example

    head = ('key = "war.example"\ntitle = "Example"\nmechanic = "pieces"\ngame = { dlp = 0, name = "Ex" }\n'
            'ruleset = { dlp = 0, name = "Ex" }\nsides = ["A", "B"]\nsource = "dlp-2020"\nlocator = "x"\n')
    body = (clause(1, 'board = { shape = "grid", size = [3, 3] }\npieces = { man = { glyph = "M" } }\n'
                        'setup = { place = [{ seat = 0, piece = "man", at = "a1" }, { seat = 1, piece = "man", at = "c3" }] }')
            + clause(2, 'move = { kind = "step", pieces = ["man"], dirs = "all", to = "empty" }')
            + clause(3, 'end = { kind = "no-moves", result = "most" }'))
    with pytest.raises(RulesFileError, match=r"result: must be loss, win, draw, pass, more-pieces or most-filled"):
        compile_example(tmp_path, "war", head, body)
    assert get_variant(SK).rules_file.players == 2
