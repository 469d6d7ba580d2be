"""Named hooks: rules a file needs that the mechanics' vocabulary cannot say.

A hook is a Python function registered under a name with ``@hook("name")``; a rules file
names it inside the element it belongs to (``capture = { hook = "name" }``) and the mechanic
calls it at the point that element documents, with the arguments it documents. Each hook is
documented here and tested, and ``HOOKS`` lists them (the catalogue shows which files use
which: ``RulesFile.hooks``).

Hook points so far (the mechanic's module docstring says more):

- ``sow`` mechanic, ``capture = { hook = NAME }``: ``fn(sim, seat, origin, last, direction)
  -> [(hole index, seeds taken), ...]``, called after the sowing in the rule's turn among the
  other capture rules; it reads the position (``sim.b``, the hole counts) and returns what it
  takes, changing nothing itself.
- ``sow`` mechanic, ``sow = { relay_hook = NAME }`` (with relay sowing): ``fn(sim, seat, last)
  -> [hole index, ...]``, called at the end of each lap with the last hole's index; the seeds
  of the holes it names are drawn into the last hole and the sowing goes on from it (none: the
  ordinary relay rule decides; ``None``: the sowing ends there, unrelayed). It changes nothing
  itself (``hooks_sow_rows.py``, ``hooks_sowb2.py``).
- ``pieces`` mechanic, ``move = { kind = "hook", hook = NAME }`` (one such rule a game):
  ``fn(sim, what, move, check_ends=True)`` gives the player's moves (``what = "moves"``), plays
  one (``"play"``) and names it as an action (``"action"``): ``hooks_race3.py`` says how.
  Such a function may carry ``compile(game)`` (called once as the file compiles) and
  ``when_stuck = True`` (asked again with ``"stuck"`` where the player has no other legal
  move) and ``own_check = True`` (its moves skip the mechanic's check test; the hook judges
  them): ``hooks_chess6.py``.
- ``sow`` mechanic, ``sow = { take_hook = NAME }``: ``fn(sim, seat, hole) -> [(from, to), ...]``,
  called as the turn passes to ``seat`` (``hole = -1``) and, with ``relay = "next"``, before each
  next hole is lifted (that hole); the seeds of each ``from`` are moved into ``to`` by the
  mechanic. It changes nothing itself (``hooks_fourA.py``).
- ``sow`` mechanic, ``sow = { sow_hook = NAME }``: ``fn(sim, seat, hole, direction) -> last``,
  makes the whole sowing from ``hole`` (changing ``sim.b``, adding each relay lap's hole to
  ``sim.laps`` where that is a list) and returns its last hole (``hooks_sow13.py``).
- ``sow`` mechanic, ``sow = { prelude_hook = NAME }``: ``fn(sim, seat, what, move)``: with
  ``what = "moves"`` the player's moves (tuples ``("hook", ...)``) or None (the ordinary
  moves); ``"action"`` the action dict of one of them; ``"play"`` plays it, changing ``sim.b``
  and ``sim.sc`` (``hooks_sow13.py``).
- ``sow`` mechanic, ``sow = { moves_hook = NAME }``: ``fn(sim, seat, moves) -> moves``, called
  as the player's sowings are listed (ints: hole + 256 * direction); it returns those allowed,
  each possibly marked ``| k << 9`` to lift only ``k`` of the hole's seeds. It changes nothing
  itself (``hooks_sow1.py``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["HOOKS", "hook"]

#: Hook name -> function.
HOOKS: dict[str, Callable[..., Any]] = {}


def hook(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the decorated function as the hook ``name`` (each name once)."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        if name in HOOKS and HOOKS[name] is not fn:
            raise ValueError(f"hook {name!r} is registered twice")
        HOOKS[name] = fn
        return fn

    return register


# Hooks kept in modules of their own (``hooks_*.py`` beside this one) register when imported,
# here at the end (they use ``hook``), in name order. They are found, not listed: adding a
# module leaves this file, and so the simulation fingerprint of every other rules-file game
# (games/engine/simulate.py), unchanged.
def _import_hook_modules() -> None:
    import importlib
    import pkgutil
    from pathlib import Path

    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name):
        if info.name.startswith("hooks_"):
            importlib.import_module(f"{__package__}.{info.name}")


_import_hook_modules()
