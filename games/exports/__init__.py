"""A match as files other programs read, beside the JSON record.

- ``mat``: the match text of Jellyfish and GNU Backgammon (``.mat``): a header with the match
  length, then per game the score and numbered lines, the first player's action on the left
  and the second's on the right (``52: 13/8 13/11``, ``Doubles => 2``, ``Takes``, ``Wins 1
  point``). Points are each player's own (24 farthest from home), the bar is 25 and off is 0.
- ``sgf``: the Smart Game Format for backgammon (``GM[6]``), one game tree per game: a move is
  the dice and source/destination letters (``a`` = White's 1 point ... ``x`` = White's 24,
  ``y`` the bar, ``z`` off), cube actions are ``double``, ``take``, ``drop``.

A match created from a given state is written from the start of the turn that state is in (the
steps already played, or the double already offered, written first). SGF sets up that position
where it is not the usual start (``AE``/``AW``/``AB``, ``CV``/``CP``, ``PL``, as GNU Backgammon
does); match text has no way to, so such a match is refused in it, naming the formats that fit.

Both are written for the tables games (the backgammon family); GNU Backgammon replays
``tables.backgammon`` faithfully, the other variants keep its layout with their own rules
(named in the header). Side 0 is White (O, written first), side 1 Black (X).
"""
from __future__ import annotations

from typing import Any

from games.exports.match_text import ExportError, Setup, TurnItem, Unwritable, games_of, opening_of, parse_mat, write_mat
from games.exports.sgf import write_sgf, parse_sgf

FORMATS = {"mat": ("text/plain", "mat"), "sgf": ("application/x-go-sgf", "sgf")}

__all__ = ["ExportError", "Setup", "TurnItem", "Unwritable", "export", "formats_for", "games_of", "parse_mat", "parse_sgf", "write_mat", "write_sgf"]


def supported(variant_key: str, options: dict | None = None, set_up: bool = False) -> list[str]:
    """The formats (beside JSON) a variant's matches, played with ``options``, can be exported
    in. Not Gul Bara's where the opponent plays a broken cascade's remainder (GB-5): his steps
    come with no throw of his, which neither format has a way to write. Not match text for a
    match ``set_up`` from another position than the usual start (``starts_set_up``): a match
    text game always begins from the usual start."""
    if not variant_key.startswith("tables."):
        return []
    if variant_key == "tables.gul-bara" and (options or {}).get("opponent_plays_remainder", True):
        return []
    return [fmt for fmt in FORMATS if not (set_up and fmt == "mat")]


def starts_set_up(variant: Any, state: Any) -> bool:
    """Whether a match starting at ``state`` starts, once the turn it is in is taken back to its
    start, from another position than the variant's usual start (``opening_of``)."""
    if not variant.key.startswith("tables."):
        return False
    try:
        return opening_of(variant, state)[0] is not None
    except ExportError:
        return True


def formats_for(variant_key: str, match_url: str, options: dict | None = None, set_up: bool = False) -> dict[str, str]:
    """Each export format's address for a match whose API address is ``match_url``."""
    found = {"json": f"{match_url}record/?download=1"}
    for fmt in supported(variant_key, options, set_up):
        found[fmt] = f"{match_url}export/{fmt}/"
    return found


def export(match: Any, fmt: str) -> tuple[str, str, str]:
    """(text, content type, file suffix) of ``match`` in ``fmt``; ``ExportError`` when the format
    is unknown, ``Unwritable`` (naming the formats that fit) when it cannot write this match: the
    game, or (match text) a match starting from a position set up by hand."""
    if fmt not in FORMATS:
        raise ExportError(f"format: unknown export format {fmt!r} (known: {', '.join(FORMATS)})")
    if fmt not in supported(match.variant, match.options):
        if match.variant.startswith("tables."):
            raise Unwritable(
                f"format: {fmt} has no way to write Gul Bara's remainder (GB-5: the opponent plays the rest of a "
                "broken cascade without a throw of his own); the JSON record holds the whole match", fits=["json"]
            )
        raise Unwritable(f"format: {fmt} is written for the tables games (backgammon and its kin), not {match.variant}",
                         fits=["json"])
    content_type, suffix = FORMATS[fmt]
    games = games_of(match.variant, match.initial_state, match.log_entries(), match.outcome)
    info = {"id": match.id, "variant": match.variant, "match_to": match.options.get("match_to", 1)}
    text = write_mat(games, info) if fmt == "mat" else write_sgf(games, info)
    return text, content_type, suffix
