"""The five tables variants: each is the shared engine with its rule set and options.

Readings the engine makes where RULES.md leaves a detail open (each is tested):

- Backgammon plays the opening throw (standard rules) with the Crawford rule (option
  ``crawford``, on: the game after a side first comes within a point of the match is played
  without the cube); no Jacoby rule. Takhte Nard offers ``crawford`` too, off: its source says
  nothing of it.
- TN-3 ``higher_die`` (off): when only one of two dice can be played, the player chooses which;
  on, the larger must be played (backgammon's rule, which the others keep).
- TN-6 ``black_mars_bar`` (off): black mars needs a checker in the winner's home quarter; on, a
  checker on the bar counts too (as backgammon's "backgammon" does).
- TN-4: the restriction follows the hitting checker for the rest of the turn (hit on the 4,
  on to an empty 3, then not on to the own 1); checkers are alike, so where the hitter shares a
  point with an own checker that did not hit, the step counts as the other checker's.
- TN-5 ``bearoff_fallback``: with nothing on the die's point and no higher checker able to
  play the die, the highest checker below the die bears off.
- SS-6: six points in a row are counted along the opponent's route (the route the block would
  stop); an opposing checker is past it when it stands lower on its own route, or is borne off.
- SS-7: the jump needs the 13-point open and a checker allowed to leave the head.
- GB-4: "play as much as possible" applies to each number of the cascade in turn (four of it,
  or as many as possible); a number that cannot be played four times ends the roller's cascade.
- GB-5: the opponent plays the unplayed numbers in order, each as far as possible; what he
  cannot play of the remainder is lost (it does not pass back). Rolls are counted from the
  first two-dice throw; the opening throw and a remainder are not rolls.
- A step that bears off the last checker ends the game at once; but as in gnubg, a play that
  uses both dice (hitting on the way, say) is required where one exists.

>>> from games.engine import get_variant
>>> [get_variant(k).geometry for k in ("tables.backgammon", "tables.ses-bes")]
['opposite', 'parallel']
>>> sorted(get_variant("tables.gul-bara").options)
['cascade_after', 'match_to', 'opponent_plays_remainder']
"""
from __future__ import annotations

from games.engine.core import OptionSpec, register
from games.engine.tables.game import TablesVariant
from games.engine.tables.moves import START, START_HEAD

__all__ = ["Backgammon", "GulBara", "SesBes", "SheshBesh", "TakhteNard"]


def _match_to(default: int, clause: str) -> OptionSpec:
    return OptionSpec(default, "the match is played to this many points (1: a single game)", minimum=1, maximum=64, clause=clause)


def _crawford(default: bool, clause: str) -> OptionSpec:
    return OptionSpec(
        default,
        "the Crawford rule: the game after a player first comes within one point of winning the "
        "match is played without the doubling cube",
        clause=clause,
    )


@register
class Backgammon(TablesVariant):
    """Standard backgammon: the reference the others differ from (and what gnubg checks)."""

    key = "tables.backgammon"
    title = "Backgammon"
    setup = START
    plays_opening_dice = True  # the starter plays the opening throw, as in standard rules
    has_cube = True
    wins = ("single", "gammon", "backgammon")
    options = {
        "match_to": _match_to(1, ""),
        "cube": OptionSpec(True, "play with the doubling cube (2, 4, ... 64)"),
        "crawford": _crawford(True, ""),
    }


@register
class SheshBesh(TablesVariant):
    """Shesh Besh, Turkish backgammon (SB-1..SB-8)."""

    key = "tables.shesh-besh"
    title = "Shesh Besh"
    setup = START  # SB-1
    wins = ("single", "mars", "turkish-mars")  # SB-7
    options = {"match_to": _match_to(5, "SB-8")}


@register
class TakhteNard(TablesVariant):
    """Takhte Nard, Persian backgammon (TN-1..TN-8)."""

    key = "tables.takhte-nard"
    title = "Takhte Nard"
    setup = START  # TN-1
    plays_opening_dice = True  # TN-2
    has_cube = True  # TN-7
    wins = ("single", "mars", "black-mars")  # TN-6
    options = {
        "match_to": _match_to(5, "TN-8"),
        "opening": OptionSpec(
            "high", 'who starts: the higher opening die ("ziad bazi") or the lower ("kam bazi")', choices=("high", "low"), clause="TN-2"
        ),
        "home_hit_restriction": OptionSpec(
            True, "in the home quarter a checker that has just hit may not go on to a point held by its own checkers", clause="TN-4"
        ),
        "bearoff_fallback": OptionSpec(
            False, "when no higher checker can play a die, the highest checker below it bears off", clause="TN-5"
        ),
        "cube": OptionSpec(True, 'play with the doubling cube ("dav")', clause="TN-7"),
        "crawford": _crawford(False, "TN-8"),
        "higher_die": OptionSpec(
            False,
            "when either die but not both can be played, the larger must be played; off, the player "
            'chooses (the source calls the larger "better", advice rather than a rule)',
            clause="TN-3",
        ),
        "black_mars_bar": OptionSpec(
            False,
            "a checker on the bar counts for black mars like one in the winner's home quarter; off, "
            "only the home quarter counts (the source names only it)",
            clause="TN-6",
        ),
    }


@register
class SesBes(TablesVariant):
    """Şeş-Beş, Azerbaijani long nard (SS-1..SS-9)."""

    key = "tables.ses-bes"
    title = "Şeş-Beş"
    geometry = "parallel"  # SS-1: both move counterclockwise, heads diagonally opposite
    hitting = False  # SS-4
    setup = START_HEAD  # SS-1
    head_rule = True  # SS-5
    six_block = True  # SS-6
    options = {
        "match_to": _match_to(3, "SS-9"),
        "ses_bes_jump": OptionSpec(
            True, "on 6-5 a checker may go from the head straight to the 13-point, using the whole roll", clause="SS-7"
        ),
    }


@register
class GulBara(TablesVariant):
    """Gul Bara, "rosespring" or crazy narde (GB-1..GB-7)."""

    key = "tables.gul-bara"
    title = "Gul Bara"
    geometry = "parallel"  # GB-1
    hitting = False  # GB-3
    setup = START_HEAD  # GB-1
    cascade = True  # GB-4
    options = {
        "match_to": _match_to(1, "GB-7"),
        "cascade_after": OptionSpec(
            "game",
            "the cascade of doubles starts after the game's first three rolls (the source's words), "
            "or after each player's own first three",
            choices=("each_player", "game"),
            clause="GB-4",
        ),
        "opponent_plays_remainder": OptionSpec(
            True, "numbers of a cascade the roller cannot play are played by the opponent", clause="GB-5"
        ),
    }
