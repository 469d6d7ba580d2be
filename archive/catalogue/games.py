"""The first catalogue's games: names, descriptions (our words, with the sources they rest on)
and rulesets with every clause of RULES.md (clause ids are stable; cite them).

Each clause: ``id``, ``text`` (the rule in our words), ``source`` (a key of sources.SOURCES),
``locator`` (where in the source), ``quotation`` (short, shown marked as the source's words, with
``quotation_language`` and our ``quotation_translation`` where it is not English),
``interpretation`` (our reading where the source is ambiguous or silent) and ``option`` (the
engine option that lets a player choose the other reading).
"""
from __future__ import annotations

# -- Şeş-Beş (Azerbaijani long nard) -------------------------------------------------------------

SES_BES_CLAUSES = [
    {
        "id": "SS-1",
        "text": (
            "All fifteen of a player's pieces start on his 24-point, the rightmost point of the far row "
            "(the “head”). Both players move counterclockwise, so the two heads are diagonally opposite: "
            "a player's 24-point is his opponent's 12-point."
        ),
        "source": "seed-ses-bes",
        "locator": "Rules, first paragraph; Content, “All fifteen of the player's pieces…”",
        "quotation": "All fifteen of a player's pieces begin on the space in the row opposite the player, on the rightmost spot.",
    },
    {
        "id": "SS-2",
        "text": "Each player throws one die; the higher throw starts (a tie is thrown again), and the starter throws both dice for his first turn.",
        "source": "seed-ses-bes",
        "locator": "Content, “Game play”",
        "quotation": "Each player rolls one die to determine who goes first. The player with the highest number goes first.",
        "interpretation": (
            "The record does not say whether the starter plays the opening dice or throws again; we "
            "read it as a fresh throw, the common practice in long nard."
        ),
    },
    {
        "id": "SS-3",
        "text": (
            "A double is played four times. As much of the roll as possible must be played: both dice "
            "if both can be used, the larger if only one can, and as many of a double as can be (as SB-3)."
        ),
        "source": "seed-ses-bes",
        "locator": "Content, “Dice values are played as in backgammon…”",
        "quotation": "You must play all dice values if possible.",
        "interpretation": (
            "The record says the value of a double “is played twice”, meaning each die twice: four "
            "moves in all, as in backgammon."
        ),
    },
    {
        "id": "SS-4",
        "text": "There is no hitting: a piece may not land on a point holding any opposing piece, so a single piece closes a point.",
        "source": "seed-ses-bes",
        "locator": "Content, “No hitting in this game…”",
        "quotation": "No hitting in this game; a player can only place pieces on empty spaces or those occupied by their own pieces.",
    },
    {
        "id": "SS-5",
        "text": (
            "Only one piece may leave the head in a turn, except on a player's first throw, when a 6-6 "
            "or a 4-4 lets two pieces leave it. A player's first throw is the turn that starts with all "
            "fifteen of his pieces on the head."
        ),
        "source": "seed-ses-bes",
        "locator": "Content, “You can move two pieces from the start only once…”",
        "quotation": "You can move two pieces from the start only once with a double six or double four if it is on the first throw",
        "interpretation": (
            "The exception for 3-3 that many long-nard players know is not in this source, so it is "
            "not part of this ruleset."
        ),
    },
    {
        "id": "SS-6",
        "text": (
            "A player may not make six consecutive points (a six-block) unless at least one opposing "
            "piece is already past it. This is checked after every step: no step may complete such a "
            "block, even if a later step of the same turn would break it again."
        ),
        "source": "seed-ses-bes",
        "locator": "Rules and Content, “You cannot occupy six spaces in a row…”",
        "quotation": "You cannot occupy six spaces in a row unless one of your opponent’s pieces have moved beyond the six blocked spaces.",
        "interpretation": (
            "The source does not say when the rule is checked; we check it after every single step, "
            "the strictest reading."
        ),
    },
    {
        "id": "SS-7",
        "text": (
            "On a throw of 6-5 a piece on the head may move eleven points in one move to the 13-point, "
            "the last point before the third quarter, even when both intermediate points are closed. "
            "The move uses the whole throw and is the turn's one piece from the head. With the option "
            "off, 6-5 is played as an ordinary throw."
        ),
        "source": "seed-ses-bes",
        "locator": "Rules and Content, “Rolling six and five (şeş-beş)…”",
        "quotation": "moves a piece directly from the starting position to the bar; from there it moves into the third quarter of the board.",
        "interpretation": (
            "Our reading of the source's sentence: “the bar” is the middle of the route, which the "
            "13-point borders (eleven pips from the head, 6 and 5 together), and “from there it moves into "
            "the third quarter” says where the piece goes on its later moves, not where the jump stops: "
            "no throw of 6-5 reaches the third quarter (points 12 to 7) from the head. So the piece jumps "
            "from the head to the 13-point whatever stands between. This is the rule the game is named "
            "after (şeş-beş, “six-five”)."
        ),
        "option": "ses_bes_jump",
    },
    {
        "id": "SS-8",
        "text": (
            "Once all fifteen pieces are in the home quarter a player bears off: a die bears off from its "
            "own point; if that point is empty, a legal move inside home must be made with a piece on a "
            "higher point; if there is none higher, the piece on the highest occupied point bears off (as SB-6)."
        ),
        "source": "seed-ses-bes",
        "locator": "Content, “When bearing off…”",
        "quotation": "you bear off with an exact throw to get to the starting position. If you throw too high of a number for the pieces you have left, you bear off the farthest piece from the starting position.",
    },
    {
        "id": "SS-9",
        "text": (
            "The winner of a game scores 1 point, or 2 (“mars”) if the loser has borne off none. A match "
            "is played to 3 points."
        ),
        "source": "seed-ses-bes",
        "locator": "Rules, last paragraph; Content, “The game is played to three points…”",
        "quotation": "The game is played to three points.",
        "interpretation": (
            "The record words mars as having “blocked the opponent from being able to bear off any”; we "
            "score it whenever the loser has borne off none."
        ),
        "option": "match_to",
    },
]

# -- Shesh Besh (Turkish backgammon) ---------------------------------------------------------------

SHESH_BESH_CLAUSES = [
    {
        "id": "SB-1",
        "text": (
            "Set up as in backgammon: two checkers on the 24-point, five on the 13, three on the 8 and "
            "five on the 6; the two players move in opposite directions."
        ),
        "source": "seed-shesh-besh",
        "locator": "Setup",
        "quotation": "The game is set up the same is in backgammon.",
    },
    {
        "id": "SB-2",
        "text": (
            "Each player throws one die; the higher starts (a tie is thrown again) and throws both dice "
            "anew for the first turn."
        ),
        "source": "seed-shesh-besh",
        "locator": "To start; Rule Differences from Backgammon",
        "quotation": "Then that player rolls the dice again to begin his turn.",
    },
    {
        "id": "SB-3",
        "text": (
            "Movement as in backgammon: each die is a separate move, one checker may take both if the "
            "intermediate point is open; a double is played four times; as much of the roll as "
            "possible must be played (both dice if possible, else the larger when either could be played)."
        ),
        "source": "seed-shesh-besh",
        "locator": "Movement",
        "quotation": "You must use both numbers of a roll if possible, or all four numbers in the case of doubles.",
        "interpretation": (
            "The page does not say which die to play when only one can be; we follow backgammon: the larger."
        ),
    },
    {
        "id": "SB-4",
        "text": (
            "A point with two or more opposing checkers is closed. A single opposing checker (a blot) "
            "is hit by a checker landing on it and goes to the bar."
        ),
        "source": "seed-shesh-besh",
        "locator": "Movement; Hitting",
        "quotation": "A checker may be moved only to an open point, one that is not occupied by two or more opposing checkers.",
    },
    {
        "id": "SB-5",
        "text": (
            "A player with checkers on the bar must enter them all, into the opponent's home (point 25 "
            "minus the die), before moving anything else; if only some can enter, the rest of the turn is lost."
        ),
        "source": "seed-shesh-besh",
        "locator": "Entering from the bar",
        "quotation": "you must enter as many as you can then give up the remainder of your turn.",
    },
    {
        "id": "SB-6",
        "text": (
            "Bearing off begins once all fifteen checkers are home: a die bears off from its own point; "
            "if that point is empty, a legal move inside home must be made with a checker on a higher "
            "point; if there is none higher, the checker on the highest occupied point bears off."
        ),
        "source": "seed-shesh-besh",
        "locator": "Bearing Off",
        "quotation": "If there are no checkers on higher-numbered points, you are permitted to remove a checker from the highest point that has a checker.",
    },
    {
        "id": "SB-7",
        "text": (
            "The winner scores 1 point; 2 (“mars”) if the loser has borne off none; 3 (“Turkish mars”) "
            "if the loser has also still a checker on the bar. There is no doubling cube."
        ),
        "source": "seed-shesh-besh",
        "locator": "Scoring",
        "quotation": "if he still has a checker on the bar, he loses three points (\"Turkish Mars\").",
    },
    {
        "id": "SB-8",
        "text": "A match is played to a number of points chosen by the players (5 by default; 1 is a single game).",
        "source": "seed-shesh-besh",
        "locator": "Scoring",
        "interpretation": (
            "The page scores single games and does not say how long a match is; the default of 5 is "
            "our choice, a common length, not the source's."
        ),
        "option": "match_to",
    },
]

# -- Takhte Nard (Persian backgammon) --------------------------------------------------------------

TAKHTE_NARD_CLAUSES = [
    {
        "id": "TN-1",
        "text": (
            "Set up 5-3-5-2 as in backgammon: for white, the starting quarter is 19-24, with two "
            "pieces on the 24-point, five on the 13, three on the 8 and five on the 6; the other player mirrors this."
        ),
        "source": "seed-takhte-nard",
        "locator": "Second text, “basic rules” and “numbering”",
        "quotation": "چینش مهره ها باید به ترتیب 5-3-5-2 باشد",
        "quotation_language": "fa",
        "quotation_translation": "the pieces must be set up in the order 5-3-5-2",
    },
    {
        "id": "TN-2",
        "text": (
            "Each player throws one die; by default the higher throw starts, but the players may agree "
            "beforehand that the lower starts (ties are thrown again). The starter does not throw "
            "again: he plays the two opening dice, his own and his opponent's."
        ),
        "source": "seed-takhte-nard",
        "locator": "“Setting up and starting”; second text",
        "quotation": "شخص آغاز کننده با همان تاس ریخته شده بازی می کند و دوباره تاس نمی ریزد",
        "quotation_language": "fa",
        "quotation_translation": "the one who starts plays with the dice already thrown and does not throw again",
        "interpretation": (
            "The second text says players agree whether it is “kam bazi” (the lower throw starts) or "
            "“ziad bazi” (the higher starts); the first text gives only the higher. The higher is our default."
        ),
        "option": "opening",
    },
    {
        "id": "TN-3",
        "text": (
            "Movement, doubles, hitting and entering from the bar as in Shesh Besh (SB-3 to SB-5): a "
            "point held by two or more opposing pieces is closed, a blot is hit and goes to the bar, "
            "and pieces on the bar must enter before any other move."
        ),
        "source": "seed-takhte-nard",
        "locator": "“Moving” and “Hitting”",
        "quotation": "در شرایط یکسان بهتر است شماره بیشتر بازی شود",
        "quotation_language": "fa",
        "quotation_translation": "in equal conditions it is better that the larger number be played",
        "interpretation": (
            "The source, side by side with our reading. Source: when both numbers could be played but "
            "not both together, “it is better” (بهتر است) to play the larger. Our reading: “better” is "
            "advice, not an obligation, so by default the player chooses which die to play; the same "
            "paragraph says “must” (باید) where it means a rule. Option higher_die (off by default) "
            "makes the larger obligatory, as in backgammon and the other games here."
        ),
        "option": "higher_die",
    },
    {
        "id": "TN-4",
        "text": (
            "In the home quarter, a piece that has just hit may go on with the rest of the roll to an "
            "empty point, or hit again, but may not go on to a point held by the mover's own pieces."
        ),
        "source": "seed-takhte-nard",
        "locator": "The paragraph headed “قانون” (rule), after “Hitting”",
        "quotation": (
            "در ۶ خانه آخر نمی توان مهرهٔ حریف را زد و سپس آن را روی مهره های دیگر خودی قرار داد؛ ولی "
            "همواره می توان مهره حریف را زد و سپس آن را در دیگر خانههای خالی حرکت داده و یا حتی مهره "
            "دیگری از حریف را زد"
        ),
        "quotation_language": "fa",
        "quotation_translation": (
            "in the last six points one may not hit the opponent's piece and then put it onto other pieces "
            "of one's own; but one may always hit and then move it to other empty points, or even hit "
            "another of the opponent's pieces"
        ),
        "interpretation": (
            "The source states this rule in one sentence and gives no example, so its reach is our "
            "reading: it applies to the hitting piece's further steps in the same turn, within the "
            "mover's home quarter."
        ),
        "option": "home_hit_restriction",
    },
    {
        "id": "TN-5",
        "text": "Bearing off as in Shesh Besh (SB-6), once all fifteen pieces are in the home quarter.",
        "source": "seed-takhte-nard",
        "locator": "“Bearing off”, both texts",
        "quotation": "باید از بالاترین خانه ایکه",
        "quotation_language": "fa",
        "quotation_translation": "he must [bear off] from the highest point that…",
        "interpretation": (
            "The second text can be read as letting a lower piece bear off when no higher piece can "
            "move (our translation: “then he must bear off one from the highest point not above the "
            "die”). That reading is the option bearoff_fallback, off by default; standard play is the default."
        ),
        "option": "bearoff_fallback",
    },
    {
        "id": "TN-6",
        "text": (
            "The winner scores 1 point; 2 (“mars”) if the loser has borne off none; 3 (“mars-e siah”, "
            "black mars, also called “mars akbar”) if the loser has borne off none and still has a piece "
            "in the winner's home quarter."
        ),
        "source": "seed-takhte-nard",
        "locator": "“Mars” and “Black mars”",
        "quotation": "حداقل یک مهره در خانهٔ خودی شما داشته باشد اصطلاحاً میگویند حریف مارس اکبر شده",
        "quotation_language": "fa",
        "quotation_translation": "[if he] has at least one piece in your home quarter, they say the opponent is “mars akbar”",
        "interpretation": (
            "The source, side by side with our reading. Source: black mars when the loser has borne off "
            "none and has at least one piece “in your home quarter”. Our reading: only the winner's home "
            "quarter counts, as the source names no other place; a piece on the bar alone gives a mars "
            "(2). Option black_mars_bar (off by default) counts the bar too, as backgammon's "
            "“backgammon” does."
        ),
        "option": "black_mars_bar",
    },
    {
        "id": "TN-7",
        "text": (
            "The doubling cube (“dav”), used by default: before throwing, a player who may double offers "
            "it; the other accepts (the stake doubles and the acceptor owns the cube and alone may "
            "redouble) or refuses (and loses the current stake). The cube shows 2, 4, 8, 16, 32 and 64, "
            "and a game's points are multiplied by it."
        ),
        "source": "seed-takhte-nard",
        "locator": "“The doubling cube (dav)”",
        "quotation": "شمارههای ۲، ۴، ۸، ۱۶، ۳۲ و ۶۴ درج شده است",
        "quotation_language": "fa",
        "quotation_translation": "the numbers 2, 4, 8, 16, 32 and 64 are marked on it",
        "interpretation": "The source calls the cube optional; players can switch it off.",
        "option": "cube",
    },
    {
        "id": "TN-8",
        "text": "A match is played to a number of points (5 by default), as in Shesh Besh (SB-8).",
        "source": "seed-takhte-nard",
        "locator": "“The doubling cube”: each game is a “set”",
        "interpretation": (
            "The article speaks of successive games (“sets”) but not of a match length; 5 is our default. "
            "It says nothing of the Crawford rule (the game after a player first comes within one point "
            "of the match played without the cube), so it is off; option crawford turns it on."
        ),
        "option": "match_to",
    },
]

# -- Gul Bara -----------------------------------------------------------------------------------

GUL_BARA_CLAUSES = [
    {
        "id": "GB-1",
        "text": (
            "Each player starts with fifteen men on the rightmost point of the far row, the two "
            "stacks at diagonally opposite corners (as SS-1), and both move anticlockwise."
        ),
        "source": "seed-gul-bara",
        "locator": "Play",
        "quotation": "Each player starts with fifteen men on the rightmost point of the far side of the board, at diagonally opposite corners from each other.",
    },
    {
        "id": "GB-2",
        "text": "Each player throws one die; the higher starts and throws both dice for the first turn.",
        "source": "seed-gul-bara",
        "locator": "Play",
        "quotation": "That player rolls both dice to begin the game.",
        "interpretation": "The article does not mention ties; as in the other tables games, a tie is thrown again.",
    },
    {
        "id": "GB-3",
        "text": (
            "There is no hitting: one man closes a point (as SS-4). A man using both dice needs the "
            "intermediate point to be open."
        ),
        "source": "seed-gul-bara",
        "locator": "Rules",
        "quotation": "One man on a point controls it, and an opposing man cannot be placed on that particular point.",
    },
    {
        "id": "GB-4",
        "text": (
            "During the game's first three rolls a double is played four times. After that, a double is "
            "played four times and then every higher double four times, up to 6-6: a 2-2 gives four 2s, "
            "four 3s, four 4s, four 5s and four 6s."
        ),
        "source": "seed-gul-bara",
        "locator": "Doublets",
        "quotation": "During the first three rolls of the game, doublets only played twice.",
        "interpretation": (
            "The source, side by side with our reading. Source: “the first three rolls of the game” and "
            "“after the first three rolls”. Our reading: the game's first three rolls, both players' "
            "together, since the words name the game and not a player (option cascade_after: game by "
            "default, or each_player to count each player's own). “Played twice” means four moves, as the "
            "article's own example shows (3-3 gives four threes)."
        ),
        "option": "cascade_after",
    },
    {
        "id": "GB-5",
        "text": (
            "When a player cannot play all four of a number in the cascade, the rest of the cascade is "
            "lost to him and the opponent plays the unplayed numbers before starting his own turn."
        ),
        "source": "seed-gul-bara",
        "locator": "Doublets",
        "quotation": "If at any point the player is unable to play all four numbers, the rest are lost and the opponent plays the remainder before starting his or her next turn.",
        "interpretation": (
            "We read “at any point” number by number: at each number the player must play as many of its "
            "four as the position then allows, and how he played the numbers before it is his own choice, "
            "even where another way would have let him play all four of the next. The source does not "
            "oblige him to keep the cascade going; the stricter reading (choosing, among the earlier "
            "plays, one that lets the cascade run on) is not offered as an option yet. Option "
            "opponent_plays_remainder off lets the rest simply be lost."
        ),
        "option": "opponent_plays_remainder",
    },
    {
        "id": "GB-6",
        "text": "Bearing off as in Shesh Besh (SB-6), once all fifteen men are in the home quarter.",
        "source": "seed-gul-bara",
        "locator": "Bearing off and winning",
        "quotation": "If there are no men on higher-numbered points, the player must remove a man from the highest point that is occupied.",
    },
    {
        "id": "GB-7",
        "text": (
            "The winner scores 1 point, or 2 if the loser has borne off none. A match is a single game "
            "by default; players may choose a longer one (as SB-8)."
        ),
        "source": "seed-gul-bara",
        "locator": "Bearing off and winning",
        "quotation": "A player scores two points if all men are borne off before the opponent has borne any off.",
        "interpretation": "The article does not speak of matches; a single game is our default.",
        "option": "match_to",
    },
]

# -- Béchi (Kunama mancala) ----------------------------------------------------------------------

BECHI_CLAUSES = [
    {
        "id": "BE-1",
        "text": "Two rows of four holes, one row for each player (sometimes three holes a row), with six counters in every hole.",
        "source": "pankhurst-1971",
        "locator": "Townshend as quoted, p. 169",
        "quotation": "two rows each of four or sometimes three holes with six balls per hole",
        "option": "holes",
    },
    {
        "id": "BE-2",
        "text": (
            "A move takes all the counters of one of the player's own holes that holds at least two; "
            "the first counter goes back into the hole it came from and the others one by one into the "
            "following holes. A single counter never moves."
        ),
        "source": "pankhurst-1971",
        "locator": "Townshend as quoted, p. 169-170",
        "quotation": "They could thus under no circumstances pick up a single ball.",
        "interpretation": (
            "Townshend writes that players “always leave one ball behind”; like the DLP's summary of the "
            "record, we read this as the first counter sown going back into the starting hole."
        ),
    },
    {
        "id": "BE-3",
        "text": (
            "From a hole in the left half of the player's row the sowing runs clockwise; from the right "
            "half, anticlockwise; from the centre hole of a three-hole row, the player chooses. Seen from "
            "the player, clockwise from the left half runs toward his left end and on into the opponent's row."
        ),
        "source": "pankhurst-1971",
        "locator": "Townshend as quoted, p. 169",
        "quotation": "in a clockwise direction when starting a move from one of his two left-hand holes",
    },
    {
        "id": "BE-4",
        "text": "A move ends with its last counter: the hole it falls into is never picked up to sow on.",
        "source": "pankhurst-1971",
        "locator": "Townshend as quoted, p. 169",
        "quotation": "the players move comes to an end without him picking up its contents for further distribution",
    },
    {
        "id": "BE-5",
        "text": (
            "If the last counter falls into a hole, in either row, that was occupied and now holds an "
            "even number, and that hole has already been sown from earlier in this round, the mover "
            "captures its counters. The following holes in the sowing direction are captured too while "
            "each holds a non-empty even number; the first odd or empty hole ends the chain. A capture "
            "ends the move."
        ),
        "source": "pankhurst-1971",
        "locator": "Townshend as quoted, p. 169-170",
        "quotation": "provided (a) the contents of that hole had already been moved and (b) the hole in consequence of his move contained an even number of balls",
        "interpretation": (
            "Two readings, each the source's words beside ours. (a) Source: “provided (a) the contents of "
            "that hole had already been moved”. Our reading: moved by an earlier move this round, so a "
            "sowing whose last counter comes round into the hole it started from captures there only if "
            "an earlier move this round had sown from that hole too, not because this move did: "
            "“already” points before this move, and the source says the player “always leave[s] one "
            "ball behind”, so that hole is never emptied. Ludii and MancalaGames read it the other way "
            "(option origin_counts_as_moved, off by default); with it, every hole of seven on the "
            "three-hole board comes round into itself and its chain takes the board, so the second "
            "player wins with his first move. (b) Source: “Should the immediately following hole or "
            "holes also contain even groups of balls, the player would capture them too”. Our reading: "
            "the immediately following hole is the next hole on the board, so a hole left empty (BE-7), "
            "holding no group, ends the chain; option chain_skips_left_empty (off by default) passes "
            "over it as sowing does. Any empty hole ends the chain."
        ),
        "option": "origin_counts_as_moved",
    },
    {
        "id": "BE-6",
        "text": (
            "A player with no hole of two or more passes, and plays again once a move becomes possible. "
            "When neither player can move, the round ends and each takes the counters left in his own row."
        ),
        "source": "pankhurst-1971",
        "locator": "Townshend as quoted, p. 170",
        "quotation": "each player appropriating the counters, if any, remaining on his side",
    },
    {
        "id": "BE-7",
        "text": (
            "For the next round each player puts his counters back six to a hole; surplus counters are "
            "set aside for later rounds. A player who cannot fill all his holes chooses which to leave "
            "empty and keeps the leftover counters aside. Nobody sows into a hole left empty: the sowing skips it."
        ),
        "source": "pankhurst-1971",
        "locator": "Townshend as quoted, p. 170",
        "quotation": "Players were not allowed to drop counters into a hole which had thus been left empty at the beginning of a round.",
        "interpretation": (
            "The source also describes a trick: a player may hide his takings in such a hole (“shuda "
            "ita”), and an opponent who drops a counter there by mistake forfeits it unless he takes it "
            "back before the owner says “shu”. The ban on sowing there stands; the forfeit punishes a "
            "mistake. A computer never makes that mistake and our board sows for the player, so the "
            "faithful trick plays exactly like the game without it. Option shu_house_rule (off by "
            "default) is a house rule, not the source's: the opponent's sowing runs through such holes "
            "and every counter dropped there is forfeited at once."
        ),
        "option": "shu_house_rule",
    },
    {
        "id": "BE-8",
        "text": (
            "The players take turns to start the rounds; who starts the first is drawn by lot. The game "
            "ends when a player cannot fill even one hole (he has fewer than six counters); the other wins."
        ),
        "source": "pankhurst-1971",
        "locator": "Townshend as quoted, p. 170",
        "quotation": "The players would start each round of the game alternately",
        "interpretation": (
            "The source does not say who starts the first round; starting matters (an outside audit of "
            "this engine found the first player winning only 27% of games between strong computer "
            "players on three holes), so it is drawn by lot, recorded as the game's first action (option round_one: lot by default, "
            "or side0 / side1 to fix it). Not in the source either: a game whose rounds keep starting "
            "alike ends (round_repetition_limit), won by the player with more counters and drawn at equal "
            "counters."
        ),
        "option": "round_one",
    },
    {
        "id": "BE-9",
        "text": (
            "Counters are never created or lost: the board, both players' captures and the counters set "
            "aside always add up to 48 (36 with three holes a row)."
        ),
        "source": "pankhurst-1971",
        "locator": "Follows from the rules above",
        "interpretation": "Not stated by the source; it follows from the rules above, and the engine checks it after every move.",
    },
]

GAMES = [
    {
        "slug": "ses-bes",
        "name": "Şeş-Beş",
        "dlp_id": 1702,
        "featured": 1,
        "regions": [22],
        "periods": [3],
        "categories": [3],
        "sources": ["seed-ses-bes", "crist-gasimov-2024"],
        "description_source": "seed-ses-bes",
        "description": (
            "Şeş-Beş (“six-five”) is what most players in Azerbaijan call nərd, a long form of nard. "
            "Each player's fifteen pieces start stacked on a single point, both players race them "
            "counterclockwise round the board, and there is no hitting: one piece is enough to hold a "
            "point, and building a wall of six points is forbidden until an opposing piece has passed "
            "it. The game takes its name from the throw of 6-5, which carries a piece from the start "
            "straight into the third quarter. In Nakhchivan it is called Uzun nərd, “long nard”, after "
            "the long row the pieces form at the start, and the board itself is a nərd taxta, a "
            "“wooden nard”. Walter Crist and Aslan Gasimov recorded these rules in Salyan, in "
            "Xanliqlar and among refugees from Karabakh in the summer of 2024 (DLP.Evidence.2445)."
        ),
        "names": [
            {"name": "Şeş-Beş", "language": "az", "note": "“six-five”, the most common name"},
            {"name": "Nərd", "language": "az"},
            {"name": "Uzun nərd", "language": "az", "note": "“long nard”, in Nakhchivan"},
            {"name": "Nərd taxta", "language": "az", "note": "“wooden nard”, the board"},
            {"name": "Long nard", "kind": "alias", "language": "en"},
        ],
        "rulesets": [
            {
                "slug": "azerbaijan-2024",
                "name": "As observed in Azerbaijan, 2024",
                "native_name": "Şeş-Beş",
                "type": "observed",
                "summary": (
                    "Long nard as played in Salyan, Xanliqlar and among Karabakh refugees: all pieces "
                    "start on the head, no hitting, one piece from the head per turn, no six-blocks, "
                    "the 6-5 jump, games to three points."
                ),
                "variant": "tables.ses-bes",
                "options": {},
                "sources": ["seed-ses-bes", "crist-gasimov-2024"],
                "evidence_dlp_ids": [2445],
                "clauses": SES_BES_CLAUSES,
            }
        ],
    },
    {
        "slug": "shesh-besh",
        "name": "Shesh Besh",
        "dlp_id": None,
        "featured": 2,
        "regions": [22],
        "periods": [3],
        "categories": [3],
        "sources": ["seed-shesh-besh"],
        "description_source": "seed-shesh-besh",
        "description": (
            "Shesh Besh, from the Turkish şeş beş (“six-five”), is a Turkish way of playing backgammon. "
            "The board, the starting position, movement, hitting and bearing off are those of Western "
            "backgammon; what differs is that the winner of the opening throw throws both dice again "
            "for his first turn, there is no doubling cube, and the triple win (“Turkish mars”) needs "
            "the loser to have a checker still on the bar. A backgammon blog's page on the game, which "
            "lists exactly these differences, is our source."
        ),
        "names": [
            {"name": "Şeş beş", "language": "tr", "note": "“six-five”"},
            {"name": "Turkish backgammon", "kind": "alias", "language": "en"},
        ],
        "rulesets": [
            {
                "slug": "standard",
                "name": "Turkish rules",
                "type": "described",
                "summary": "Backgammon without the cube; the opening winner rethrows; mars 2, Turkish mars 3.",
                "variant": "tables.shesh-besh",
                "options": {},
                "sources": ["seed-shesh-besh"],
                "clauses": SHESH_BESH_CLAUSES,
            }
        ],
    },
    {
        "slug": "takhte-nard",
        "name": "Takhte Nard",
        "dlp_id": None,
        "featured": 3,
        "regions": [19],
        "periods": [3],
        "categories": [3],
        "sources": ["seed-takhte-nard"],
        "description_source": "seed-takhte-nard",
        "description": (
            "Takhte nard (Persian تخته نرد, “nard board”) is backgammon as it is played in Iran: the "
            "5-3-5-2 starting position, hitting, and a doubling cube called dav. The Persian rules "
            "article we follow adds conventions of its own: players may agree that the lower opening "
            "throw starts (kam bazi) rather than the higher (ziad bazi); the starter plays the two "
            "opening dice instead of throwing again; a “black mars” (mars-e siah, also mars akbar) is "
            "worth three; and in the home quarter a piece that has just hit may not go on to land on "
            "its own pieces. The article also repeats the claim that excavations at Shahr-e Sukhteh "
            "show the game in Iran around 3000 BCE; we record the claim, not its proof."
        ),
        "names": [
            {"name": "تخته نرد", "language": "fa", "transliteration": "takhte nard", "note": "“nard board”"},
            {"name": "نرد", "language": "fa", "transliteration": "nard"},
            {"name": "Persian backgammon", "kind": "alias", "language": "en"},
        ],
        "rulesets": [
            {
                "slug": "professional",
                "name": "Professional rules",
                "native_name": "قوانین تخته نرد حرفه ای",
                "type": "described",
                "summary": (
                    "Backgammon with the dav cube, the opening dice played by the starter, black mars "
                    "for three, and the home-quarter hitting rule."
                ),
                "variant": "tables.takhte-nard",
                "options": {"higher_die": False, "black_mars_bar": False, "crawford": False},
                "sources": ["seed-takhte-nard"],
                "clauses": TAKHTE_NARD_CLAUSES,
            }
        ],
    },
    {
        "slug": "gul-bara",
        "name": "Gul Bara",
        "dlp_id": None,
        "featured": 4,
        "regions": [7, 20, 22],
        "periods": [3],
        "categories": [3],
        "sources": ["seed-gul-bara"],
        "description_source": "seed-gul-bara",
        "description": (
            "Gul bara, also known in English as Rosespring Backgammon or Crazy Narde, is a tables game of "
            "the long-nard kind, reported as popular in Bulgaria, Azerbaijan, Greece, Turkey and North "
            "Macedonia. Both players start with fifteen men on a single point and move anticlockwise in "
            "parallel; there is no hitting, and one man holds a point. Its hallmark is the cascade of "
            "doublets: after the opening rolls, a doublet is played four times and then every higher "
            "doublet four times up to 6-6, and whatever the roller cannot play passes to the opponent. "
            "An encyclopaedia article on the game is our source."
        ),
        "names": [
            {"name": "Gul bara", "kind": "alias", "language": "en"},
            {"name": "Rosespring Backgammon", "kind": "alias", "language": "en"},
            {"name": "Crazy Narde", "kind": "alias", "language": "en"},
        ],
        "rulesets": [
            {
                "slug": "standard",
                "name": "Cascading doublets",
                "type": "described",
                "summary": "Long nard with no hitting and doublets that cascade up to 6-6 after the first three rolls.",
                "variant": "tables.gul-bara",
                "options": {"cascade_after": "game"},
                "sources": ["seed-gul-bara"],
                "clauses": GUL_BARA_CLAUSES,
            }
        ],
    },
    {
        "slug": "bechi",
        "name": "Béchi",
        "dlp_id": 325,
        "featured": 5,
        "regions": [5],
        "periods": [3],
        "categories": [7, 10],
        "sources": ["pankhurst-1971", "townshend-1971", "seed-bechi"],
        "description_source": "pankhurst-1971",
        "description": (
            "Béchi is a two-row mancala game of the Kunama people of western Eritrea, played above all "
            "by boys and young men. P. Townshend's account, quoted by Richard Pankhurst in 1971, is our "
            "source. Each player has a row of four holes (sometimes three) with six counters in each. "
            "The direction of sowing depends on which half of the row a move starts from, the first "
            "counter drops back into the hole it came from so that a lone counter can never move, and "
            "captures of even-numbered holes can be made in either row. The game runs over rounds; a "
            "player who can no longer fill a hole must leave it empty, and such a hole (shuda ita) "
            "could hide captured counters to trap an unwary opponent, unless the players agreed to "
            "play without tricks. The winner might say “toma natuka”: “I put fire to all your houses”."
        ),
        "names": [
            {"name": "Béchi", "language": "kun", "note": "Kunama"},
            {"name": "Bechi", "kind": "alias", "language": "en", "note": "the DLP's spelling"},
        ],
        "rulesets": [
            {
                "slug": "kunama",
                "name": "Kunama",
                "dlp_id": 345,
                "type": "observed",
                "summary": (
                    "Two rows of four holes, six counters each; direction by the half of the row; the "
                    "first counter back into its hole; even captures on either row; rounds until a "
                    "player cannot fill a hole."
                ),
                "variant": "mancala.bechi",
                "options": {"round_one": "lot", "origin_counts_as_moved": False, "chain_skips_left_empty": False, "shu_house_rule": False},
                "sources": ["pankhurst-1971", "townshend-1971", "seed-bechi"],
                "evidence_dlp_ids": [1188],
                "clauses": BECHI_CLAUSES,
            },
            {
                "slug": "three-holes",
                "name": "Three holes",
                "dlp_id": 641,
                "type": "observed",
                "summary": (
                    "The same game on two rows of three holes (BE-1 with the option holes = 3): from the "
                    "centre hole the player chooses the direction (BE-3). The clauses are those of the "
                    "Kunama ruleset."
                ),
                "variant": "mancala.bechi",
                "options": {"holes": 3, "round_one": "lot", "origin_counts_as_moved": False, "chain_skips_left_empty": False, "shu_house_rule": False},
                "sources": ["pankhurst-1971"],
                "clauses": [],
            },
        ],
    },
]
