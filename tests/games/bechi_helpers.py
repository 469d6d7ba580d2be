"""Shared helpers for the Béchi tests: positions written by hand, and invariant checks."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.engine import get_variant
from games.engine.mancala.bechi import BechiState

bechi = get_variant("mancala.bechi")


def position(
    rows: list[list[int]],
    *,
    to_move: int = 0,
    sown: Iterable[tuple[int, int]] = (),
    closed: Iterable[tuple[int, int]] = (),
    captured: list[int] | None = None,
    aside: list[int] | None = None,
    **more: Any,
) -> BechiState:
    """A hand-written position; counters not on the board are split between the captures."""
    n = len(rows[0])
    aside = aside or [0, 0]
    if captured is None:
        rest = 12 * n - sum(map(sum, rows)) - sum(aside)
        captured = [rest // 2, rest - rest // 2]
    sown, closed = set(sown), set(closed)
    data = {
        "rows": rows,
        "to_move": to_move,
        "sown": [[(r, i) in sown for i in range(n)] for r in (0, 1)],
        "closed": [[(r, i) in closed for i in range(n)] for r in (0, 1)],
        "captured": captured,
        "aside": aside,
        **more,
    }
    return bechi.state_from_json(data)


def rows(state: BechiState) -> list[list[int]]:
    return state.to_json()["rows"]


def check_invariants(state: BechiState) -> None:
    """BE-9 and the shape of every state the engine hands out."""
    data = state.to_json()
    n = data["options"]["holes"]
    cells = [c for row in data["rows"] for c in row]
    assert all(c >= 0 for c in cells), data
    assert sum(cells) + sum(data["captured"]) + sum(data["aside"]) == 12 * n, data  # BE-9
    for r in (0, 1):
        for i in range(n):
            if data["closed"][r][i]:
                assert data["rows"][r][i] == 0 and not data["sown"][r][i], data
    if data["phase"] == "sow":
        assert bechi.legal_actions(state), data
    if data["phase"] == "over":
        assert data["to_move"] is None and bechi.outcome(state) is not None
    else:
        assert bechi.outcome(state) is None


def new_game(options: dict[str, Any] | None = None) -> BechiState:
    """A new game with side 0 starting round one (``round_one`` fixed rather than drawn by lot),
    so a test can sow at once."""
    return bechi.new_game({"round_one": "side0", **(options or {})})
