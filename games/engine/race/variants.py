"""The five race games, each one variant whose options are the points scholars dispute.

Each reconstruction is a preset (option ``rules``) that sets every disputed option; options
given beside it override the preset, so ``{"rules": "kendall", "pieces": 5}`` is Kendall's Senet
with five pieces. Clause ids (``SN-4``) are the catalogue's (``archive/catalogue/race.py``).

    >>> from games.engine import get_variant
    >>> senet = get_variant("race.senet")
    >>> senet.validate_options({"rules": "bell"})["pieces"]
    10
    >>> s = senet.new_game({"rules": "kendall"})
    >>> s.pieces[0], s.phase
    ((2, 4, 6, 8, 10, 12, 14), 'throw')
"""
from __future__ import annotations

from typing import Any

from games.engine.core import InvalidOptions, OptionSpec, register
from games.engine.race import boards
from games.engine.race.game import RaceVariant, Rules

__all__ = ["FiftyEightHoles", "Senet", "TwentySquares", "Ur", "XIIScripta"]


def _off_board(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return ((0,) * n, (0,) * n)


# -- Senet ---------------------------------------------------------------------------------

SENET_PRESETS: dict[str, dict[str, Any]] = {
    # Kendall 1978 (the Piccione/Kendall stick values, as Ludii's "Kendall" ruleset has them).
    "kendall": {
        "pieces": 7, "start": "alternate", "none_up": 5, "extra_throw": "1-4-none-up",
        "capture": "swap", "protect_pairs": True, "block_three": True, "stop_on_26": True,
        "water": "to-15", "safe": "none", "vacate_marked": False, "backward": True,
        "bear_off": "exact", "goal": "all-off",
    },
    # Bell 1979: 27-28, as the DLP ruleset "Bell" summarises it.
    "bell": {
        "pieces": 10, "start": "alternate", "none_up": 5, "extra_throw": "none",
        "capture": "remove", "protect_pairs": False, "block_three": False, "stop_on_26": False,
        "water": "none", "safe": "26-30", "vacate_marked": True, "backward": False,
        "bear_off": "exact", "goal": "most-off",
    },
}


@register
class Senet(RaceVariant):
    key = "race.senet"
    title = "Senet"
    PRESETS = SENET_PRESETS
    options = {
        "rules": OptionSpec("kendall", "the reconstruction whose readings the other options start from: "
                            "Kendall 1978 or Bell 1979", choices=("kendall", "bell"), clause="SN-1"),
        "pieces": OptionSpec(7, "pieces a side: 5 or 7 (Kendall), 10 (Bell)", choices=(5, 7, 10), clause="SN-2"),
        "start": OptionSpec("alternate", "where the pieces start: alternating on the first squares, the first "
                            "player's on the even squares and in front (alternate), or off the board, entering "
                            "by throws (off-board)", choices=("alternate", "off-board"), clause="SN-2"),
        "none_up": OptionSpec(5, "what a throw of the four sticks with no marked side up is worth: 5 "
                              "(Kendall, Piccione) or 6 (Jéquier)", choices=(5, 6), clause="SN-3"),
        "extra_throw": OptionSpec("1-4-none-up", "which throws give another throw: 1, 4 and the no-side-up "
                                  "throw (Kendall), or none", choices=("1-4-none-up", "none"), clause="SN-4"),
        "capture": OptionSpec("swap", "landing on a lone enemy piece: the two swap places (Kendall), the enemy "
                              "piece is taken out of the game (Bell), or it goes back off the board to enter "
                              "again (send-back)", choices=("swap", "remove", "send-back"), clause="SN-5"),
        "protect_pairs": OptionSpec(True, "two pieces of a side on neighbouring squares cannot be attacked",
                                    clause="SN-6"),
        "block_three": OptionSpec(True, "three pieces of a side in a row cannot be passed by the enemy",
                                  clause="SN-6"),
        "stop_on_26": OptionSpec(True, "every piece must land exactly on square 26 (the House of Beauty) "
                                 "before going further", clause="SN-7"),
        "water": OptionSpec("to-15", "a piece landing on square 27 (the water) goes back to square 15, or the "
                            "first free square before it (to-15), or nothing happens (none)",
                            choices=("to-15", "none"), clause="SN-8"),
        "safe": OptionSpec("none", "squares where a piece cannot be captured: none, or the marked squares "
                           "26-30 (Bell)", choices=("none", "26-30"), clause="SN-9"),
        "vacate_marked": OptionSpec(False, "a piece on a marked square (26-30) must leave it at the first throw "
                                    "that can move it (Bell)", clause="SN-9"),
        "backward": OptionSpec(True, "a side that cannot move forward must move a piece backward by the throw "
                               "(Kendall)", clause="SN-10"),
        "bear_off": OptionSpec("exact", "bearing off from 26-30 needs the exact throw (exact) or any throw that "
                               "reaches past 30 (any)", choices=("exact", "any"), clause="SN-11"),
        "goal": OptionSpec("all-off", "the first side to bear off all its pieces wins (all-off), or, once no "
                           "piece is left on the board, the side with more pieces borne off (most-off, Bell)",
                           choices=("all-off", "most-off"), clause="SN-12"),
    }

    def check_options(self, options: dict[str, Any]) -> None:
        if options["capture"] == "remove" and options["goal"] != "most-off":
            raise InvalidOptions('option "capture": "remove" takes pieces out of the game, so it needs "goal": "most-off"')

    def build_rules(self, o: dict[str, Any]) -> Rules:
        board = boards.senet()
        n = o["pieces"]
        if o["start"] == "alternate":
            start = (tuple(range(2, 2 * n + 1, 2)), tuple(range(1, 2 * n, 2)))
        else:
            start = _off_board(n)
        route = board.routes[0]
        marked = frozenset(route[p - 1] for p in range(26, 31))
        return Rules(
            board=board, pieces=n, start=start, device="sticks4", none_up=o["none_up"],
            extra_values=frozenset({1, 4, o["none_up"]}) if o["extra_throw"] == "1-4-none-up" else frozenset(),
            capture=o["capture"], protect_pairs=o["protect_pairs"], block_three=o["block_three"],
            must_land=frozenset({26}) if o["stop_on_26"] else frozenset(),
            jumps=({27: 15}, {27: 15}) if o["water"] == "to-15" else ({}, {}),
            jump_fallback="back",
            safe_cells=marked if o["safe"] == "26-30" else frozenset(),
            vacate_cells=marked if o["vacate_marked"] else frozenset(),
            backward=o["backward"], bear_off=o["bear_off"], goal=o["goal"],
        )


# -- Royal Game of Ur ----------------------------------------------------------------------

UR_PRESETS: dict[str, dict[str, Any]] = {
    # Finkel 2007: 16-31 (DLP "Finkel").
    "finkel": {"pieces": 7, "dice": "tetra4", "route": "finkel", "zero": "no-move",
               "rosette_throw": "corners", "rosette_safe": "middle", "capture": "send-back", "bear_off": "exact"},
    # Murray 1951: 20-21 (DLP "Murray"): three tetrahedral dice and the looping route; Murray
    # "assumes it is played like Senet" and says nothing of the rosettes, so they do nothing.
    "murray": {"pieces": 7, "dice": "tetra3", "route": "murray", "zero": "no-move",
               "rosette_throw": "none", "rosette_safe": "none", "capture": "send-back", "bear_off": "exact"},
}


@register
class Ur(RaceVariant):
    key = "race.ur"
    title = "Royal Game of Ur"
    PRESETS = UR_PRESETS
    options = {
        "rules": OptionSpec("finkel", "the reconstruction: Finkel 2007 or Murray 1951",
                            choices=("finkel", "murray"), clause="UR-1"),
        "pieces": OptionSpec(7, "pieces a side: 7 (Finkel, Murray) or 5 (the DLP's historical note)",
                             choices=(5, 7), clause="UR-2"),
        "dice": OptionSpec("tetra4", "four tetrahedral dice (Finkel) or three (Murray), each showing a marked "
                           "tip or not", choices=("tetra4", "tetra3"), clause="UR-3"),
        "route": OptionSpec("finkel", "the track: Finkel's 14 squares, or our reading of Murray's loop round the "
                            "small block and back to the start (24 squares)", choices=("finkel", "murray"),
                            clause="UR-4"),
        "zero": OptionSpec("no-move", "a throw with no marked tip up: no move (no-move), or worth one more than "
                           "the dice's highest (highest), as sticks with no side up are in Senet",
                           choices=("no-move", "highest"), clause="UR-5"),
        "rosette_throw": OptionSpec("corners", "which rosettes give another throw: the four corner rosettes "
                                    "(Finkel), all five, or none", choices=("corners", "all", "none"), clause="UR-6"),
        "rosette_safe": OptionSpec("middle", "which rosettes keep a piece safe from capture: the middle one "
                                   "(Finkel), all, or none", choices=("middle", "all", "none"), clause="UR-7"),
        "capture": OptionSpec("send-back", "landing on an enemy piece on the shared middle row sends it off the "
                              "board to enter again (send-back), or is not allowed (none)",
                              choices=("send-back", "none"), clause="UR-8"),
        "bear_off": OptionSpec("exact", "bearing off needs the exact number of squares left plus one (exact), "
                               "or any throw that reaches past the end (any)", choices=("exact", "any"),
                               clause="UR-9"),
    }

    def build_rules(self, o: dict[str, Any]) -> Rules:
        board = boards.ur(o["route"])
        rosettes = board.cells_marked("rosette")
        middle = frozenset(c for c in rosettes if board.cells[c].y == 1)
        corners = rosettes - middle
        pick = {"corners": corners, "middle": middle, "all": rosettes, "none": frozenset()}
        return Rules(
            board=board, pieces=o["pieces"], start=_off_board(o["pieces"]), device=o["dice"], zero=o["zero"],
            extra_cells=pick[o["rosette_throw"]], safe_cells=pick[o["rosette_safe"]],
            capture=o["capture"], bear_off=o["bear_off"],
        )


# -- 20 Squares ----------------------------------------------------------------------------

TS_PRESETS: dict[str, dict[str, Any]] = {
    # Finkel 2007: 21-22 (DLP "Seleucid"), from the Seleucid tablet.
    "seleucid": {"pieces": 7, "frequencies": "uniform", "rosette_throw": "corners", "rosette_safe": "track",
                 "capture": "send-back", "bear_off": "exact"},
}


@register
class TwentySquares(RaceVariant):
    key = "race.twenty-squares"
    title = "20 Squares"
    PRESETS = TS_PRESETS
    options = {
        "rules": OptionSpec("seleucid", "the reconstruction: Finkel's reading of the Seleucid tablet",
                            choices=("seleucid",), clause="TS-1"),
        "pieces": OptionSpec(7, "pieces a side: 7 (Finkel) or 5 (the DLP's historical note)", choices=(5, 7),
                             clause="TS-2"),
        "frequencies": OptionSpec("uniform", "how often the sheep astragal's faces fall: all alike (uniform), or "
                                  "the broad faces four times as often as the narrow ones (measured, after "
                                  "F. N. David 1955), the narrow faces being 1 and 4",
                                  choices=("uniform", "measured"), clause="TS-3"),
        "rosette_throw": OptionSpec("corners", "which rosettes give another throw: the corner rosettes "
                                    "(Finkel), all, or none", choices=("corners", "all", "none"), clause="TS-4"),
        "rosette_safe": OptionSpec("track", "which rosettes keep a piece safe: those on the shared middle track "
                                   "(Finkel), all, or none", choices=("track", "all", "none"), clause="TS-5"),
        "capture": OptionSpec("send-back", "landing on an enemy piece sends it off the board to enter again "
                              "(send-back), or is not allowed (none)", choices=("send-back", "none"),
                              clause="TS-6"),
        "bear_off": OptionSpec("exact", "bearing off needs the exact number of squares left plus one (exact), "
                               "or any throw that reaches past the end (any)", choices=("exact", "any"),
                               clause="TS-7"),
    }

    def build_rules(self, o: dict[str, Any]) -> Rules:
        board = boards.twenty_squares()
        rosettes = board.cells_marked("rosette")
        track = frozenset(c for c in rosettes if board.cells[c].y == 1)
        corners = rosettes - track
        pick = {"corners": corners, "track": track, "all": rosettes, "none": frozenset()}
        return Rules(
            board=board, pieces=o["pieces"], start=_off_board(o["pieces"]), device="sheep-ox",
            measured=o["frequencies"] == "measured",
            extra_cells=pick[o["rosette_throw"]], safe_cells=pick[o["rosette_safe"]],
            capture=o["capture"], bear_off=o["bear_off"],
        )


# -- 58 Holes ------------------------------------------------------------------------------

FH_PRESETS: dict[str, dict[str, Any]] = {
    # Carnarvon and Carter 1912 (DLP "Carnarvon and Carter").
    "carnarvon-carter": {"device": "d6", "lines": "6-20 8-10", "line_direction": "backward",
                         "extra_holes": "15-25", "one_a_hole": True, "bear_off": "exact"},
}


@register
class FiftyEightHoles(RaceVariant):
    key = "race.58-holes"
    title = "58 Holes"
    PRESETS = FH_PRESETS
    options = {
        "rules": OptionSpec("carnarvon-carter", "the reconstruction: Carnarvon and Carter 1912",
                            choices=("carnarvon-carter",), clause="FH-1"),
        "device": OptionSpec("d6", "what decides a move: the source says dice, read as one six-sided die (d6); "
                             "four throwing sticks worth 1-4, 5 with none up (sticks4); or one astragal "
                             "read 1, 3, 4, 6 (astragal)", choices=("d6", "sticks4", "astragal"), clause="FH-3"),
        "lines": OptionSpec("6-20 8-10", "which holes are joined by lines: 6 with 20 and 8 with 10, only 6 with "
                            "20, or none", choices=("6-20 8-10", "6-20", "none"), clause="FH-4"),
        "line_direction": OptionSpec("backward", "a piece landing on a joined hole moves along the line only "
                                     "backward (Carnarvon and Carter), or both ways (from the lower hole "
                                     "forward too)", choices=("backward", "both"), clause="FH-4"),
        "extra_holes": OptionSpec("15-25", "holes that give another throw: 15 and 25, or none",
                                  choices=("15-25", "none"), clause="FH-5"),
        "one_a_hole": OptionSpec(True, "a hole holds one peg, so a side's pegs block each other (the tracks "
                                 "never meet, so there is nothing to capture); false lets pegs share a hole",
                                 clause="FH-6"),
        "bear_off": OptionSpec("exact", "reaching hole 30 needs the exact throw (exact) or any throw that gets "
                               "there (any)", choices=("exact", "any"), clause="FH-7"),
    }

    def build_rules(self, o: dict[str, Any]) -> Rules:
        board = boards.fifty_eight_holes(o["lines"])
        jumps: dict[int, int] = {}
        for a, b in boards.FH_LINES[o["lines"]]:
            jumps[b] = a  # FH: landing on the higher hole, back along the line
            if o["line_direction"] == "both":
                jumps[a] = b
        extra = frozenset(board.routes[s][h - 1] for s in (0, 1) for h in (15, 25)) \
            if o["extra_holes"] == "15-25" else frozenset()
        return Rules(
            board=board, pieces=5, start=_off_board(5), device=o["device"], none_up=5,
            extra_cells=extra, capture="none", stack=not o["one_a_hole"], jumps=(dict(jumps), dict(jumps)),
            bear_off=o["bear_off"],
        )


# -- XII Scripta ---------------------------------------------------------------------------

XS_PRESETS: dict[str, dict[str, Any]] = {
    # Murray 1951: 30-31 (DLP "Murray").
    "murray": {"pieces": 15, "enter": "free", "bear_off": "backgammon", "unusable": "lost",
               "reenter_first": True},
}


@register
class XIIScripta(RaceVariant):
    key = "race.xii-scripta"
    title = "XII Scripta"
    PRESETS = XS_PRESETS
    options = {
        "rules": OptionSpec("murray", "the reconstruction: Murray 1951", choices=("murray",), clause="XS-1"),
        "pieces": OptionSpec(15, "pieces a side: 15 as in backgammon (Murray), or 12", choices=(12, 15),
                             clause="XS-2"),
        "enter": OptionSpec("free", "entering: a piece may enter (on points 1-6 of the middle row, by a die or "
                            "dice) whenever its side likes (free), or all pieces must be entered before any "
                            "moves on (all-first)", choices=("free", "all-first"), clause="XS-3"),
        "bear_off": OptionSpec("backgammon", "bearing off, once all pieces are in the last row: by the exact "
                               "number, or a larger one for the rearmost piece (backgammon); exact only; or "
                               "any throw that reaches past the end", choices=("backgammon", "exact", "any"),
                               clause="XS-6"),
        "unusable": OptionSpec("lost", "dice that cannot be used: the player moves as he likes and loses what he "
                               "cannot play (lost), or must use as many dice as possible (most)",
                               choices=("lost", "most"), clause="XS-7"),
        "reenter_first": OptionSpec(True, "a piece that was hit must re-enter before its side moves any other",
                                    clause="XS-5"),
    }

    def build_rules(self, o: dict[str, Any]) -> Rules:
        return Rules(
            board=boards.xii_scripta(), pieces=o["pieces"], start=_off_board(o["pieces"]), device="dice3",
            split=True, capture="send-back", stack=True, bear_off=o["bear_off"], bear_zone=25,
            enter=o["enter"], reenter_first=o["reenter_first"], use_max=o["unusable"] == "most",
        )
