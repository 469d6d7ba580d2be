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
    ((2, 4, 6, 8, 10, 12, 14), 'opening')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.core import InvalidOptions, OptionSpec, register
from games.engine.race import boards
from games.engine.race.game import RaceVariant, Rules

__all__ = ["FiftyEightHoles", "Senet", "TwentySquares", "Ur", "XIIScripta"]


def _off_board(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return ((0,) * n, (0,) * n)


@dataclass(frozen=True)
class SquaresOption(OptionSpec):
    """An option whose value is a set of squares, given as a list of square numbers."""

    lowest: int = 1
    highest: int = 30

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, (list, tuple)):
            raise InvalidOptions(f"option {name!r} must be a list of squares, got {value!r}"[:200])
        if len(value) > self.highest:
            raise InvalidOptions(f"option {name!r} lists {len(value)} squares; there are {self.highest}")
        for v in value:
            if isinstance(v, bool) or not isinstance(v, int) or not self.lowest <= v <= self.highest:
                raise InvalidOptions(
                    f"option {name!r}: squares are numbered {self.lowest} to {self.highest}, got {v!r}"[:200]
                )
        if len(set(value)) != len(value):
            raise InvalidOptions(f"option {name!r} lists a square twice")
        return sorted(value)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out.update(items={"minimum": self.lowest, "maximum": self.highest})
        return out


# -- Senet ---------------------------------------------------------------------------------

SENET_PRESETS: dict[str, dict[str, Any]] = {
    # Kendall's rules book (1978/1979) as the DLP's ruleset "Kendall" gives it
    # (DLP.GameRulesets.922, newer than the project's 2020 dump; its text as Ludii's Senet.lud
    # carries it): the first to throw a 1 starts, all a turn's throws before moving, the water
    # waits for a 4, 28 and 29 leave only with 3 and 2, 30 with any throw.
    "kendall": {
        "pieces": 7, "start": "even", "opening": True, "zero_value": 5, "extra_throws": True,
        "capture": "swap", "protection": True, "blocking": True, "backward": True, "safe_squares": [],
        "stop_on_26": True, "square_27": True, "exact_bearoff": True, "vacate_marked": False,
        "goal": "first-off", "starter": "one", "throws_first": True, "water_wait": True,
        "last_squares": "kendall", "optional_bearoff": True,
    },
    # Bell 1979: 27-28, as the DLP ruleset "Bell" summarises it (marked squares as Ludii's Bell).
    "bell": {
        "pieces": 10, "start": "odd", "opening": True, "zero_value": 5, "extra_throws": False,
        "capture": "remove", "protection": False, "blocking": False, "backward": False,
        "safe_squares": [15, 26, 27, 28, 29], "stop_on_26": False, "square_27": False,
        "exact_bearoff": True, "vacate_marked": True, "goal": "most-off", "starter": "higher",
        "throws_first": False, "water_wait": False, "last_squares": "open", "optional_bearoff": False,
    },
}


@register
class Senet(RaceVariant):
    key = "race.senet"
    title = "Senet"
    PRESETS = SENET_PRESETS
    options = {
        "rules": OptionSpec("kendall", "the reconstruction the other options start from: Kendall 1978 or Bell "
                            "1979; options given beside it override it", choices=("kendall", "bell"), clause="SN-1"),
        "pieces": OptionSpec(7, "pieces a side: 5 or 7 (Kendall), 10 (Bell)", choices=(5, 7, 10), clause="SN-2"),
        "start": OptionSpec("even", "where the pieces start: alternating along the route from square 1, the "
                            "first side's on the even squares (even, Kendall) or on the odd squares (odd, "
                            "Bell); or all off the board, entering by the throw (off-board)",
                            choices=("even", "odd", "off-board"), clause="SN-15"),
        "opening": OptionSpec(True, "each side throws once before play and the higher throw starts (equal "
                              "throws again); false: side 0 starts", clause="SN-16"),
        "zero_value": OptionSpec(5, "what a throw of the four sticks with no marked side up is worth: 5 "
                                 "(Kendall, Piccione) or 6 (Jéquier)", choices=(5, 6), clause="SN-3"),
        "extra_throws": OptionSpec(True, "a throw of 1, 4 or the no-side-up value gives another throw "
                                   "(Kendall)", clause="SN-4"),
        "capture": OptionSpec("swap", "landing on a lone enemy piece: the two change places (swap, Kendall), "
                              "the enemy piece leaves the game (remove, Bell), or it goes off the board to "
                              "enter again (send-back)", choices=("swap", "remove", "send-back"), clause="SN-5"),
        "protection": OptionSpec(True, "two pieces of a side on consecutive squares cannot be attacked",
                                 clause="SN-6"),
        "blocking": OptionSpec(True, "three pieces of a side in a row cannot be passed by the enemy",
                               clause="SN-7"),
        "backward": OptionSpec(True, "a side that cannot move forward must move a piece backward by the throw "
                               "(Kendall)", clause="SN-8"),
        "safe_squares": SquaresOption([], "squares on which a piece cannot be captured and may be entered only "
                                      "when empty (Bell: the marked squares 15, 26, 27, 28, 29)", clause="SN-9"),
        "stop_on_26": OptionSpec(True, "every piece must land exactly on square 26 before going further",
                                 clause="SN-10"),
        "square_27": OptionSpec(True, "a piece landing on square 27 (the water) goes back to square 15, or the "
                                "nearest empty square before it", clause="SN-11"),
        "exact_bearoff": OptionSpec(True, "a piece leaves the board only with the exact throw; false: any throw "
                                    "that reaches past 30", clause="SN-12"),
        "vacate_marked": OptionSpec(False, "a piece on a safe square must leave it at the first throw that can "
                                    "move it (Bell)", clause="SN-13"),
        "goal": OptionSpec("first-off", "the first side to bear off all its pieces wins (first-off), or, once no "
                           "piece is left on the board, the side with more pieces borne off (most-off, Bell); "
                           "equal scores go to the side whose pieces left the board first",
                           choices=("first-off", "most-off"), clause="SN-14"),
        "starter": OptionSpec("one", "with the opening throws: the sides throw in turn and the first to throw "
                              "a 1 takes the pieces in front and plays the 1 with the front piece (one, Kendall "
                              "after DLP.GameRulesets.922), or each throws once and the higher starts (higher, "
                              "Bell and the modern summaries)", choices=("one", "higher"), clause="SN-17"),
        "throws_first": OptionSpec(True, "all of a turn's throws (a 1, 4 or 5 giving another) are made before "
                                   "any is played, each then moving one piece by its whole value (Kendall, "
                                   "DLP.GameRulesets.922); false: each throw is played as it falls", clause="SN-18"),
        "water_wait": OptionSpec(True, "a piece on square 27 (the water, with square_27) stays there until a "
                                 "4 bears it off, or its owner sends it back to 15 and loses the next turn; "
                                 "while it waits no other piece of its side moves (Kendall, "
                                 "DLP.GameRulesets.922); false: a piece landing on 27 goes straight back to 15",
                                 clause="SN-19"),
        "last_squares": OptionSpec("kendall", "squares 27 to 30: a piece on 27, 28 or 29 leaves only by the "
                                   "exact throw off the board (4, 3, 2), one on 30 with any throw, none moves "
                                   "backward, and a piece attacked on 28-30 goes to 27 (if 27 is empty; kendall, "
                                   "DLP.GameRulesets.922); open: pieces move on through 27-30 like any square "
                                   "and are swapped back as anywhere",
                                   choices=("kendall", "open"), clause="SN-20"),
        "optional_bearoff": OptionSpec(True, "bearing off is never compulsory: a player whose only moves bear a "
                                       "piece off may pass (Kendall, DLP.GameRulesets.922)", clause="SN-21"),
    }

    def check_options(self, options: dict[str, Any]) -> None:
        if options["capture"] == "remove" and options["goal"] != "most-off":
            raise InvalidOptions('option "capture": "remove" takes pieces out of the game, so it needs "goal": "most-off"')

    def build_rules(self, o: dict[str, Any]) -> Rules:
        board = boards.senet()
        n = o["pieces"]
        odd, even = tuple(range(1, 2 * n, 2)), tuple(range(2, 2 * n + 1, 2))
        start = {"even": (even, odd), "odd": (odd, even), "off-board": _off_board(n)}[o["start"]]  # SN-15
        route = board.routes[0]
        safe = frozenset(route[p - 1] for p in o["safe_squares"])
        zero = o["zero_value"]
        wait = o["water_wait"] and o["square_27"]
        last = o["last_squares"] == "kendall"
        return Rules(
            board=board, pieces=n, start=start,
            device="sticks4", none_up=zero,                                          # SN-3
            opening=o["opening"], starter=o["starter"],                              # SN-16, SN-17
            bank=o["throws_first"],                                                  # SN-18
            extra_values=frozenset({1, 4, zero}) if o["extra_throws"] else frozenset(),  # SN-4
            capture=o["capture"],                                                    # SN-5
            protect_pairs=o["protection"],                                           # SN-6
            block_three=o["blocking"],                                               # SN-7
            backward=o["backward"],                                                  # SN-8
            safe_cells=safe,                                                         # SN-9
            must_land=frozenset({26}) if o["stop_on_26"] else frozenset(),           # SN-10
            # SN-11: the water sends a piece to 15, or the nearest empty square before it; SN-19:
            # or the piece waits there, its owner choosing
            jumps=({27: 15}, {27: 15}) if o["square_27"] and not wait else ({}, {}), jump_fallback="back",
            water_wait=wait, water=27 if wait or last else 0, rebirth=15,
            end_exact=frozenset({27, 28, 29}) if last else frozenset(),             # SN-20
            end_any=frozenset({30}) if last else frozenset(),
            back_below=27 if last else 0,
            hit_to_water=frozenset({28, 29, 30}) if last else frozenset(),
            optional_bearoff=o["optional_bearoff"],                                  # SN-21
            bear_off="exact" if o["exact_bearoff"] else "any",                      # SN-12
            vacate_cells=safe if o["vacate_marked"] else frozenset(),                # SN-13
            goal=o["goal"],                                                          # SN-14
        )


# -- Royal Game of Ur ----------------------------------------------------------------------

UR_PRESETS: dict[str, dict[str, Any]] = {
    # Finkel 2007: 16-31 (DLP "Finkel").
    "finkel": {"route": "finkel", "pieces": 7, "dice": 4, "zero": "no-move", "capture": True,
               "hit": "send-back", "safe_rosettes": "centre", "extra_throw_rosettes": "corners",
               "exact_bearoff": True},
    # Murray 1951: 20-21 (DLP "Murray"): three tetrahedral dice and the looping route; the
    # summary gives the rosettes no role. Murray "assumes it is played like Senet" (the DLP's
    # description), so the points the summary leaves open are Senet's: a throw with no marked tip
    # up is worth one more than the dice (as the sticks' 5), and an attacked piece changes places
    # with its attacker. Read with Finkel's instead (a lost turn, back off the board) the loop
    # deadlocks: most random games met the 1,000-throw limit (UR-12).
    "murray": {"route": "murray", "pieces": 7, "dice": 3, "zero": "highest", "capture": True,
               "hit": "swap", "safe_rosettes": "none", "extra_throw_rosettes": "none", "exact_bearoff": True},
}


@register
class Ur(RaceVariant):
    key = "race.ur"
    title = "Royal Game of Ur"
    PRESETS = UR_PRESETS
    options = {
        "rules": OptionSpec("finkel", "the reconstruction the other options start from: Finkel 2007 or Murray "
                            "1951", choices=("finkel", "murray"), clause="UR-1"),
        "route": OptionSpec("finkel", "the track: Finkel's 14 squares, or Murray's loop round the small block "
                            "and back home (27 squares)", choices=("finkel", "murray"), clause="UR-2"),
        "pieces": OptionSpec(7, "pieces a side: 7, or 5 (the DLP's historical note)", choices=(5, 7),
                             clause="UR-3"),
        "dice": OptionSpec(4, "tetrahedral dice thrown: 4 (Finkel) or 3 (Murray); a throw is worth the marked "
                           "tips up", choices=(4, 3), clause="UR-4"),
        "zero": OptionSpec("no-move", "a throw with no marked tip up: no move and the turn is lost (no-move), "
                           "or worth one more than the dice (highest: 5 with four dice, 4 with three), as "
                           "sticks with no side up are in Senet", choices=("no-move", "highest"), clause="UR-11"),
        "capture": OptionSpec(True, "landing on an enemy piece (only possible on the shared squares) sends it "
                              "off the board to enter again; false: such a square is closed", clause="UR-6"),
        "hit": OptionSpec("send-back", "where an attacked piece goes: off the board, to enter again (send-back, "
                          "Finkel), or to the square its attacker came from, the two changing places as in "
                          "Kendall's Senet (swap: Murray, who takes the game to be played like Senet)",
                          choices=("send-back", "swap"), clause="UR-13"),
        "safe_rosettes": OptionSpec("centre", "which rosettes keep a piece safe: the centre one (Finkel), all, "
                                    "or none", choices=("centre", "all", "none"), clause="UR-7"),
        "extra_throw_rosettes": OptionSpec("corners", "which rosettes give another throw: the four corner "
                                           "rosettes (Finkel), all five, or none",
                                           choices=("corners", "all", "none"), clause="UR-8"),
        "exact_bearoff": OptionSpec(True, "bearing off needs the exact number of squares left plus one; false: "
                                    "any throw that reaches past the end", clause="UR-9"),
    }

    def build_rules(self, o: dict[str, Any]) -> Rules:
        board = boards.ur(o["route"])
        rosettes = board.cells_marked("rosette")
        centre = frozenset(c for c in rosettes if board.cells[c].y == 1)
        pick = {"corners": rosettes - centre, "centre": centre, "all": rosettes, "none": frozenset()}
        return Rules(
            board=board,                                                             # UR-1, UR-2
            pieces=o["pieces"], start=_off_board(o["pieces"]),                       # UR-3
            device=f"tetra{o['dice']}", zero=o["zero"],                              # UR-4, UR-11
            capture=o["hit"] if o["capture"] else "none",                            # UR-6, UR-13
            safe_cells=pick[o["safe_rosettes"]],                                     # UR-7
            extra_cells=pick[o["extra_throw_rosettes"]],                             # UR-8
            bear_off="exact" if o["exact_bearoff"] else "any",                      # UR-9
        )


# -- 20 Squares ----------------------------------------------------------------------------

TS_PRESETS: dict[str, dict[str, Any]] = {
    # Finkel 2007: 21-22 (DLP "Seleucid"), from the Seleucid tablet.
    "seleucid": {"pieces": 7, "astragal_odds": "even", "capture": True, "safe_rosettes": "middle",
                 "extra_throw_rosettes": "corners", "exact_bearoff": True},
}


@register
class TwentySquares(RaceVariant):
    key = "race.twenty-squares"
    title = "20 Squares"
    PRESETS = TS_PRESETS
    options = {
        "rules": OptionSpec("seleucid", "the reconstruction: Finkel's reading of the Seleucid tablet",
                            choices=("seleucid",), clause="TS-1"),
        "pieces": OptionSpec(7, "pieces a side: 7 (Finkel), or 5 (the DLP's historical note)", choices=(5, 7),
                             clause="TS-3"),
        "astragal_odds": OptionSpec("even", "how often the sheep astragal's faces fall: all alike (even), or "
                                    "the broad faces four times as often as the narrow ones (measured: the "
                                    "rounded figures of F. N. David 1955, Biometrika 42), the narrow faces "
                                    "being 1 and 4; the ox astragal's yes and no stay even",
                                    choices=("even", "measured"), clause="TS-5"),
        "capture": OptionSpec(True, "landing on an enemy piece sends it off the board to enter again; false: "
                              "such a square is closed", clause="TS-7"),
        "safe_rosettes": OptionSpec("middle", "which rosettes keep a piece safe: those of the middle row "
                                    "(Finkel), all, or none", choices=("middle", "all", "none"), clause="TS-8"),
        "extra_throw_rosettes": OptionSpec("corners", "which rosettes give another throw: the corner rosettes "
                                           "(Finkel), all, or none", choices=("corners", "all", "none"),
                                           clause="TS-9"),
        "exact_bearoff": OptionSpec(True, "bearing off needs the exact number of squares left plus one; false: "
                                    "any throw that reaches past the end", clause="TS-10"),
    }

    def build_rules(self, o: dict[str, Any]) -> Rules:
        board = boards.twenty_squares()
        rosettes = board.cells_marked("rosette")
        middle = frozenset(c for c in rosettes if board.cells[c].y == 1)
        pick = {"corners": rosettes - middle, "middle": middle, "all": rosettes, "none": frozenset()}
        return Rules(
            board=board,                                                             # TS-1, TS-2
            pieces=o["pieces"], start=_off_board(o["pieces"]),                       # TS-3
            device="sheep-ox",                                                       # TS-4
            measured=o["astragal_odds"] == "measured",                               # TS-5
            capture="send-back" if o["capture"] else "none",                         # TS-7
            safe_cells=pick[o["safe_rosettes"]],                                     # TS-8
            extra_cells=pick[o["extra_throw_rosettes"]],                             # TS-9
            bear_off="exact" if o["exact_bearoff"] else "any",                      # TS-10
        )


# -- 58 Holes ------------------------------------------------------------------------------

FH_PRESETS: dict[str, dict[str, Any]] = {
    # Carnarvon and Carter 1912 (DLP "Carnarvon and Carter").
    "carnarvon-carter": {"device": "sticks", "lines": "6-20,8-10", "line_direction": "backward",
                         "extra_holes": True, "one_a_hole": True, "exact_bearoff": True},
}


@register
class FiftyEightHoles(RaceVariant):
    key = "race.58-holes"
    title = "58 Holes"
    PRESETS = FH_PRESETS
    options = {
        "rules": OptionSpec("carnarvon-carter", "the reconstruction: Carnarvon and Carter 1912",
                            choices=("carnarvon-carter",), clause="FH-1"),
        "device": OptionSpec("sticks", "what decides a move (the source says dice): four two-sided sticks "
                             "worth the marked sides up, 5 with none (sticks); one six-sided die (d6); or one "
                             "astragal read 1, 3, 4, 6 (astragal)", choices=("sticks", "d6", "astragal"),
                             clause="FH-3"),
        "one_a_hole": OptionSpec(True, "a hole holds one peg, so a side's pegs block each other; false: pegs "
                                 "may share a hole (each side has its own track, so none can capture)",
                                 clause="FH-4"),
        "lines": OptionSpec("6-20,8-10", "which holes lines join on each track: 6 with 20 and 8 with 10, only 6 "
                            "with 20, or none", choices=("6-20,8-10", "6-20", "none"), clause="FH-5"),
        "line_direction": OptionSpec("backward", "a peg ending its move on a joined hole follows the line only "
                                     "backward, from the higher hole (Carnarvon and Carter), or both ways "
                                     "(from the lower hole forward too); only into an empty hole",
                                     choices=("backward", "both"), clause="FH-8"),
        "extra_holes": OptionSpec(True, "a peg ending its move in hole 15 or 25 earns another throw",
                                  clause="FH-6"),
        "exact_bearoff": OptionSpec(True, "hole 30 is reached only with the exact throw; false: any throw that "
                                    "gets there", clause="FH-7"),
    }

    def build_rules(self, o: dict[str, Any]) -> Rules:
        board = boards.fifty_eight_holes(o["lines"])
        jumps: dict[int, int] = {}
        for low, high in boards.FH_LINES[o["lines"]]:
            jumps[high] = low  # FH-5: from the higher hole back along the line
            if o["line_direction"] == "both":  # FH-8
                jumps[low] = high
        extra = frozenset(board.routes[s][h - 1] for s in (0, 1) for h in (15, 25)) if o["extra_holes"] else frozenset()
        device = {"sticks": "sticks4", "d6": "d6", "astragal": "astragal"}[o["device"]]
        return Rules(
            board=board,                                                             # FH-1
            pieces=5, start=_off_board(5),                                           # FH-2
            device=device, none_up=5,                                                # FH-3
            capture="none", stack=not o["one_a_hole"],                               # FH-4
            jumps=(dict(jumps), dict(jumps)),                                        # FH-5
            extra_cells=extra,                                                       # FH-6
            bear_off="exact" if o["exact_bearoff"] else "any",                      # FH-7
        )


# -- XII Scripta ---------------------------------------------------------------------------

XS_PRESETS: dict[str, dict[str, Any]] = {
    # Murray 1951: 30-31 (DLP "Murray").
    "murray": {"pieces": 15, "enter": "free", "must_use_all": True, "exact_bearoff": False,
               "reenter_first": True},
}


@register
class XIIScripta(RaceVariant):
    key = "race.xii-scripta"
    title = "XII Scripta"
    PRESETS = XS_PRESETS
    options = {
        "rules": OptionSpec("murray", "the reconstruction: Murray 1951", choices=("murray",), clause="XS-1"),
        "pieces": OptionSpec(15, "pieces a side: 15, as in backgammon", minimum=3, maximum=15, clause="XS-3"),
        "enter": OptionSpec("free", "a piece enters on the first six points by a die (or dice) whenever its side "
                            "likes (free), or all pieces must be entered before any moves on (all-first)",
                            choices=("free", "all-first"), clause="XS-11"),
        "reenter_first": OptionSpec(True, "a piece that was hit must enter again before its side moves any "
                                    "other", clause="XS-7"),
        "must_use_all": OptionSpec(True, "a player must use as many dice as can be used, the larger numbers "
                                   "where there is a choice; false: he may move as he likes and loses what he "
                                   "cannot play", clause="XS-8"),
        "exact_bearoff": OptionSpec(False, "once all pieces are in the last row: bearing off by the exact "
                                    "number only (true), or also by a larger die for the rearmost piece, as in "
                                    "backgammon (false)", clause="XS-9"),
    }

    def build_rules(self, o: dict[str, Any]) -> Rules:
        return Rules(
            # XS-4: dice "used singly or combined but never divided": a piece may take several
            # dice one after another, each a step of its own that lands (and hits) as it goes.
            board=boards.xii_scripta(), pieces=o["pieces"], start=_off_board(o["pieces"]), device="dice3",
            split=True,
            enter=o["enter"],                                                        # XS-3, XS-11
            capture="send-back", stack=True,                                         # XS-6
            reenter_first=o["reenter_first"],                                        # XS-7
            use_max=o["must_use_all"],                                               # XS-8
            bear_zone=25, bear_off="exact" if o["exact_bearoff"] else "backgammon",  # XS-9
        )
