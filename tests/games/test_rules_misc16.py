"""The vocabulary added for the misc16 batch, worked by hand: Ludus Latrunculorum as Schaedler
reconstructs it (hooks_misc16.ll_schadler): steps, hops of either colour chained at will, an
enemy held between two pieces and removed on a later turn, a holder's leaving freeing it, a
held holder freeing the piece it held, Ludii's quirk of a turn's first hop that may go on, the
repetition rule, and the end at one piece left."""
from __future__ import annotations

from typing import Any

from games.engine import get_variant

LS = "war.ludus-latrunculorum-schadler"
W, B = 0, 1


def position(board: dict[str, str], to_move: int = 0, options: dict | None = None) -> Any:
    """``board``: site -> "w"/"b" (free) or "W"/"B" (held)."""
    v = get_variant(LS)
    cells = {s: [W if p.lower() == "w" else B, "alligatus" if p.isupper() else "vagus", 1] for s, p in board.items()}
    return v.game.sim_from_json({"board": cells, "to_move": to_move, "turn": 40, "hands": [{}, {}]}, options or {})


def names(sim: Any) -> set[str]:
    return {_name(sim, m) for m in sim.moves()}


def _name(sim: Any, m: tuple) -> str:
    b = sim.game.board.names
    if m[5] == 2:
        return "pass"
    if m[5] == 1:
        return f"x{b[m[1]]}"
    return f"{b[m[1]]}-{b[m[2]]}"


def play(sim: Any, name: str) -> None:
    sim.play(next(m for m in sim.moves() if _name(sim, m) == name))


def kinds(sim: Any) -> dict[str, str]:
    out = {}
    for s, (owner, kind, _) in sim.to_json()["board"].items():
        c = "w" if owner == W else "b"
        out[s] = c.upper() if kind == "alligatus" else c
    return out


def test_steps_and_hops_over_either_colour() -> None:
    sim = position({"d4": "w", "d5": "b", "e4": "w", "h8": "b", "a8": "b"})
    got = {n for n in names(sim) if n.startswith("d4")}
    assert got == {"d4-c4", "d4-d3", "d4-d6", "d4-f4"}  # steps, hop over black d5 and white e4


def test_a_chain_of_hops_goes_on_at_will_never_back() -> None:
    sim = position({"a1": "w", "a2": "b", "a4": "b", "h8": "b", "h1": "w"})
    play(sim, "a1-a3")
    assert sim.to_move() == W  # may hop on over a4
    assert names(sim) == {"a3-a5", "pass"}  # not back over a2 to a1, where it began
    play(sim, "pass")
    assert sim.to_move() == B


def test_an_enemy_between_two_free_pieces_is_held_then_removed() -> None:
    sim = position({"c4": "w", "d4": "b", "f3": "w", "h8": "b", "a8": "b"})
    play(sim, "f3-e3")  # nothing: e3 is not in line with d4
    play(sim, "h8-h7")
    play(sim, "e3-e4")  # d4 now between c4 and e4
    assert kinds(sim)["d4"] == "B"
    assert not any(n.startswith("d4-") for n in names(sim))  # a held piece does not move
    play(sim, "h7-h6")
    assert "xd4" in names(sim)
    play(sim, "xd4")
    assert "d4" not in kinds(sim)


def test_a_holder_leaving_frees_the_held_piece() -> None:
    sim = position({"c4": "w", "d4": "B", "e4": "w", "h8": "b", "a8": "b"})
    play(sim, "e4-e5")
    assert kinds(sim)["d4"] == "b"


def test_holding_a_holder_frees_the_piece_it_held() -> None:
    # White's d4 is held between Black's c4 and e4; White holds e4 along the e file.
    sim = position({"c4": "b", "d4": "W", "e4": "b", "e6": "w", "e2": "w", "h1": "w", "a8": "b"})
    play(sim, "e2-e3")
    play(sim, "a8-a7")
    play(sim, "e6-e5")  # e4 held between e5 and e3; d4, one of whose holders is now held, is freed
    k = kinds(sim)
    assert k["e4"] == "B" and k["d4"] == "w"


def test_ludii_quirk_the_first_hop_that_may_go_on_holds_the_movers_own() -> None:
    board = {"h7": "b", "h6": "b", "g5": "b", "f5": "b", "h4": "b", "a1": "w", "b1": "w"}
    plain = position(board, to_move=B)
    play(plain, "h7-h5")
    assert kinds(plain)["g5"] == "b" and plain.to_move() == B  # may hop on over h4
    ludii = position(board, to_move=B, options={"ludii_again": True})
    play(ludii, "h7-h5")
    assert kinds(ludii)["g5"] == "B"  # Black's own g5, between h5 and f5
    play(ludii, "h5-h3")  # the later hop holds the opponent's pieces only: g5 stays held
    assert kinds(ludii)["g5"] == "B"


def test_no_repeat_refuses_a_move_back_to_a_position_seen() -> None:
    opts = {"no_repeat": True}
    sim = position({"a1": "w", "h8": "b", "h1": "w", "a8": "b"}, options=opts)
    play(sim, "a1-a2")
    play(sim, "h8-h7")
    play(sim, "a2-a1")
    assert "h7-h8" not in names(sim)  # the position after a1-a2's predecessor would come back
    assert "h7-g7" in names(sim)


def test_a_player_left_with_one_piece_loses() -> None:
    sim = position({"c4": "w", "d4": "B", "e4": "w", "a8": "b"})
    play(sim, "xd4")
    state = sim.to_json()
    assert state["over"] is not None and state["over"]["winner"] == W


def test_a_hundred_quiet_moves_end_the_game_by_the_pieces_left() -> None:
    """LS-9, the site's bound: two pieces each stepping to and fro take nothing; the game ends
    at the hundredth such move, the side with more pieces winning; with the option off (the
    text alone, and Ludii) it goes on."""
    board = {"a1": "w", "a2": "w", "h8": "b", "h7": "b", "c8": "b"}
    for options, ends in (({}, True), ({"quiet_end": False}, False)):
        sim = position(board, options=options)
        steps = [("a1-b1", "h8-g8"), ("b1-a1", "g8-h8")]
        for i in range(60):
            for name in steps[i % 2]:
                if sim.outcome() is not None:
                    break
                play(sim, name)
        out = sim.outcome()
        if ends:
            assert out is not None and out.winner == B  # three pieces against two
        else:
            assert out is None
