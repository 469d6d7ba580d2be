"""The race games' catalogue: Senet, the Royal Game of Ur, 20 Squares, 58 Holes and XII Scripta,
each scholar's reconstruction a ruleset traced clause by clause (ids SN-, UR-, TS-, FH-, XS-).

The rulesets are reconstructions, and the clauses say so. A clause id names one point of the game
(SN-5 is capture in Senet); the two reconstructions of one game each give their own reading of
the same point under the same id, so Bell's SN-5 and Kendall's SN-5 can be read side by side.
Where the engine lets a player choose the other reading, the clause names the option, one option
per clause (games/engine/race puts the clause id in the option's ``OptionSpec.clause``). Ids are
numbered once and for all: a point added later takes the next number and is shown where it
belongs (SN-15, the starting squares, follows SN-2). Each ruleset is its engine preset (option
``rules``) with every other option spelt out, so the page shows each reading.

Each game carries its DLP game id and each ruleset the DLP ruleset id it implements: a DLP import
merges into these rows (and the catalogue into the DLP's, when the import came first), so the
ruleset shows the DLP's own text beside our clauses and the board.

What we read, and how the clauses cite it:
- The Digital Ludeme Project's database (the dump of 2020-08-11 shipped with the project) holds
  each ruleset's rules as the DLP summarises them from the scholar's work. That text is what we
  have read in full, so the quotations shown as "the source says" are the DLP's sentences, cited
  to the DLP ruleset record (source ``dlp-2020``, locator ``DLP.GameRulesets.N``) with the scholar
  and page the DLP gives. The scholars' works are the rulesets' sources as well.
- Kendall's Senet has no ruleset in that dump. The DLP's later ruleset "Kendall"
  (DLP.GameRulesets.922, "Kendall 1979: rules book") summarises his rules book; we read its text
  in the metadata of Ludii's Senet.lud. Kendall's clauses cite the booklet at that ruleset, with
  short quotations of its summary; we have not had the booklet in hand.
- Ludii's .lud files (github.com/Ludeme/Ludii) were used only to check facts such as which squares
  carry marks; the clauses say so where it decided a reading.

Each clause is written in our own words; quotations are short and marked.
"""
from __future__ import annotations

from games.engine.race.state import MAX_THROWS

DLP = "dlp-2020"

# -- sources -------------------------------------------------------------------------------------

SOURCES = [
    {
        "key": DLP,
        "ref": "SDPGAMES8",
        "kind": "database",
        "citation": (
            "Digital Ludeme Project. 2020. Ludii games database, dump of 11 August 2020 (tables Games "
            "and GameRulesets). Maastricht University. Published in the PLAY-FAIR project's repository "
            "(MaastrichtU-IDS/play-fair, data/ludiiGames.sql)."
        ),
        "authors": "Digital Ludeme Project",
        "year": 2020,
        "title": "Ludii games database, dump of 2020-08-11",
        "publisher": "Department of Advanced Computing Sciences, Maastricht University",
        "place": "Maastricht",
        "language": "en",
        "note": (
            "The DLP's records of games and rulesets, each ruleset with its rules in the DLP's words "
            "and the reference it rests on. Clauses cite a record by its public identifier, e.g. "
            "DLP.GameRulesets.529 for Bell's Senet."
        ),
    },
    {
        "key": "bell-1979",
        "ref": "SBE79SENT",
        "kind": "book",
        "citation": (
            "Bell, R. C. 1979. Board and Table Games from Many Civilizations. Revised edition in one "
            "volume. New York: Dover Publications."
        ),
        "authors": "Bell, Robert Charles",
        "year": 1979,
        "title": "Board and Table Games from Many Civilizations",
        "publisher": "Dover Publications",
        "place": "New York",
        "language": "en",
        "note": (
            "Bell's Senet rules, cited by the DLP as “Bell 1979: 27–28” (ruleset DLP.GameRulesets.529). "
            "The book first appeared in two volumes (Oxford University Press, 1960 and 1969)."
        ),
    },
    {
        "key": "kendall-1978",
        "ref": "SKEN78SNT",
        "dlp_id": 83,
        "kind": "book",
        "citation": (
            "Kendall, T. 1978. Passing through the Netherworld: The Meaning and Play of Senet, an "
            "Ancient Egyptian Funerary Game. Belmont, MA: Kirk Game Company."
        ),
        "authors": "Kendall, Timothy",
        "year": 1978,
        "title": (
            "Passing through the Netherworld: The Meaning and Play of Senet, an Ancient Egyptian "
            "Funerary Game"
        ),
        "publisher": "Kirk Game Company",
        "place": "Belmont, MA",
        "language": "en",
        "url": "https://www.worldcat.org/title/passing-through-the-netherworld-the-meaning-and-play-of-senet-an-ancient-egyptian-funerary-game/oclc/43405502&referer=brief_results",
        "note": (
            "DLP source 83. The booklet that came with Kendall's Senet set, with his reconstructed rules; "
            "the DLP's ruleset “Kendall” (DLP.GameRulesets.922) summarises it as “Kendall 1979: rules book”."
        ),
    },
    {
        "key": "finkel-2007",
        "ref": "SFNK7URRS",
        "dlp_id": 216,
        "kind": "chapter",
        "citation": (
            "Finkel, I. 2007. On the Rules for the Royal Game of Ur. In I. Finkel (ed.), Ancient Board "
            "Games in Perspective. London: The British Museum Press, 16–32."
        ),
        "authors": "Finkel, Irving",
        "year": 2007,
        "title": "On the Rules for the Royal Game of Ur",
        "container": "Ancient Board Games in Perspective",
        "pages": "16-32",
        "publisher": "The British Museum Press",
        "url": "https://www.worldcat.org/title/ancient-board-games-in-perspective-papers-from-the-1990-british-museum-colloquium-with-additional-contributions/oclc/799885684&referer=brief_results",
        "place": "London",
        "language": "en",
        "note": (
            "DLP source 216. Finkel's reading of two Seleucid cuneiform tablets (BM 33333B of 177–176 "
            "BCE and a lost tablet photographed before 1914) as rules for 20 Squares, applied by the "
            "DLP to the Ur board (DLP.GameRulesets.77) and to 20 Squares (DLP.GameRulesets.35)."
        ),
    },
    {
        "key": "murray-1951",
        "ref": "SMRY51HBG",
        "dlp_id": 1,
        "kind": "book",
        "citation": (
            "Murray, H. J. R. 1951. A History of Board-Games Other Than Chess. Oxford: Clarendon Press."
        ),
        "authors": "Murray, Harold James Ruthven",
        "year": 1951,
        "title": "A History of Board-Games Other Than Chess",
        "publisher": "Clarendon Press",
        "place": "Oxford",
        "language": "en",
        "url": "https://www.worldcat.org/title/history-of-board-games-other-than-chess/oclc/59184280&referer=brief_results",
        "note": (
            "DLP source 1. Murray's suggestions for the Royal Game of Ur (pp. 20–21, "
            "DLP.GameRulesets.655) and for XII Scripta (pp. 30–31, DLP.GameRulesets.33)."
        ),
    },
    {
        "key": "carnarvon-carter-1912",
        "ref": "SCC12THBS",
        "dlp_id": 21,
        "kind": "book",
        "citation": (
            "Carnarvon, Earl of and H. Carter. 1912. Five Years' Explorations at Thebes: A Record of "
            "Work Done 1907–1911. London: Oxford University Press."
        ),
        "authors": "Carnarvon, George Herbert, Earl of; Carter, Howard",
        "year": 1912,
        "title": "Five Years' Explorations at Thebes: A Record of Work Done 1907–1911",
        "publisher": "Oxford University Press",
        "place": "London",
        "language": "en",
        "url": "https://www.worldcat.org/title/five-years-explorations-at-thebes-a-record-of-work-done-1907-1911/oclc/959428570&referer=brief_results",
        "note": (
            "DLP source 21. The excavators' account of the game board with the palm tree from Thebes, "
            "now in the Metropolitan Museum of Art (26.7.1287a–k), and their suggested rules "
            "(DLP.GameRulesets.36)."
        ),
    },
]

# -- Senet -----------------------------------------------------------------------------------------

SENET_BOARD = {
    "id": "SN-1",
    "text": (
        "A board of three rows of ten squares. One route runs over all thirty: along the top row from "
        "left to right (squares 1 to 10), back along the middle row from right to left (11 to 20), and "
        "along the bottom row from left to right (21 to 30), then off the board. Both players use the "
        "same route."
    ),
    "source": DLP,
    "locator": "DLP.GameRulesets.528 (Senet, Historical Information), Rules",
    "quotation": "Played on a 3x10 board. [...] Boustrophedon track from top left to bottom right.",
    "interpretation": (
        "Option rules names the reconstruction (bell or kendall) whose readings the options below start "
        "from; each disputed point is an option of its own."
    ),
    "option": "rules",
}

BELL_CLAUSES = [
    SENET_BOARD,
    {
        "id": "SN-2",
        "text": "Each player has ten pieces.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, first sentence; after Bell 1979: 27–28",
        "quotation": "Each player has ten pieces.",
        "interpretation": "Other reconstructions give five or seven pieces a side: option pieces.",
        "option": "pieces",
    },
    {
        "id": "SN-15",
        "text": (
            "The pieces start on the board, alternating along the route over the first two rows: the first "
            "side's pieces on the odd squares 1 to 19, the second side's on the even squares 2 to 20."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, second sentence",
        "quotation": (
            "The pieces begin placed on the board alternating between pieces of each player along the "
            "track on the first and second rows."
        ),
        "interpretation": (
            "The summary does not say whose piece stands on square 1; we give it to the first side. Option "
            "start = even puts the first side on the even squares, as Kendall does, and start = off-board "
            "starts every piece off the board, to be entered by throws."
        ),
        "option": "start",
    },
    {
        "id": "SN-3",
        "text": (
            "Four throwing sticks, each with one marked side. A throw is worth the number of marked "
            "sides that fall up, 1 to 4, and 5 when none does."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, third sentence",
        "quotation": "Players throw the casting sticks and whoever rolls the higher score plays first.",
        "interpretation": (
            "The summary names casting sticks but gives no values. We count a throw with no marked side "
            "up as 5, as most reconstructions do (Ludii calls this reading “Piccione-Kendall”); option "
            "zero_value = 6 plays the reading of Jéquier, in which it is worth 6."
        ),
        "option": "zero_value",
    },
    {
        "id": "SN-4",
        "text": "A turn is one throw and one move: no throw earns another.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, third and fourth sentences",
        "quotation": (
            "The first player throws the sticks again and moves a piece according to the number "
            "indicated by the throw."
        ),
        "interpretation": (
            "The summary mentions no extra throws, so there are none; option extra_throws gives another "
            "throw after a 1, 4 or 5, as in Kendall's rules."
        ),
        "option": "extra_throws",
    },
    {
        "id": "SN-18",
        "text": "Each throw is played as soon as it is made.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, fourth sentence",
        "quotation": "moves a piece according to the number indicated by the throw.",
        "interpretation": (
            "With one throw a turn (SN-4) there is nothing to gather; option throws_first makes all of a "
            "turn's throws before any is played, as Kendall does (DLP.GameRulesets.922)."
        ),
        "option": "throws_first",
    },
    {
        "id": "SN-16",
        "text": (
            "Before play each player throws once; the higher throw starts (equal throws are thrown again), "
            "and the starter throws again for his first move."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, third and fourth sentences",
        "quotation": "Players throw the casting sticks and whoever rolls the higher score plays first.",
        "interpretation": "With option opening off the first side simply starts.",
        "option": "opening",
    },
    {
        "id": "SN-17",
        "text": "The higher opening throw starts; equal throws are thrown again.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, third sentence",
        "quotation": "whoever rolls the higher score plays first.",
        "interpretation": (
            "Option starter = one lets the first player to throw a 1 start, with the pieces in front, as "
            "Kendall does (DLP.GameRulesets.922)."
        ),
        "option": "starter",
    },
    {
        "id": "SN-5",
        "text": (
            "A move takes one piece forward by the whole throw, to an empty square or to a square held "
            "by an opposing piece, which is captured: taken off the board for good, so that its owner "
            "can never bear it off. A piece may not land on a piece of its own side. A player who cannot "
            "move loses the turn."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, fifth and sixth sentences",
        "quotation": (
            "Pieces may move to an empty space or to a space containing the opponent's piece. When "
            "moving onto the same space as the opponent's piece, the opponent's piece is taken."
        ),
        "interpretation": (
            "We read “taken” as removed from the game, counting for neither player (the goal, SN-14, "
            "counts pieces borne off). The summary does not make capturing compulsory, so the player "
            "chooses among all legal moves (an encyclopaedia's summary of Bell says a capture must be made "
            "when it can; no option plays that yet). Option capture = swap plays Kendall's reading, in which the "
            "two pieces change places."
        ),
        "option": "capture",
    },
    {
        "id": "SN-6",
        "text": "Neighbouring pieces give no protection: a piece off the marked squares can always be captured.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules (silent on protection)",
        "interpretation": (
            "The summary names no protection by neighbours, so there is none; option protection makes "
            "two pieces of one side on consecutive squares safe from capture, as in Kendall's rules."
        ),
        "option": "protection",
    },
    {
        "id": "SN-7",
        "text": "There is no blocking: a piece may pass over any number of pieces of either side.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules (silent on blocking)",
        "interpretation": (
            "The summary names no blocking, so there is none; option blocking stops a piece from passing "
            "three opposing pieces in a row, as in Kendall's rules."
        ),
        "option": "blocking",
    },
    {
        "id": "SN-8",
        "text": "Pieces only move forward. A player with no forward move loses the turn.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, fourth sentence",
        "quotation": "moves a piece according to the number indicated by the throw.",
        "interpretation": (
            "The summary knows only forward moves; option backward makes a player who cannot move forward "
            "move a piece backward, as Kendall does."
        ),
        "option": "backward",
    },
    {
        "id": "SN-9",
        "text": "Square 15 is a marked square (SN-13): a piece on it cannot be captured and must leave it at the first chance.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, seventh sentence",
        "quotation": "A piece resting on a marked square cannot be captured.",
        "interpretation": (
            "The summary does not list the marked squares. We take them to be 15, 26, 27, 28 and 29, the "
            "squares Ludii's implementation of Bell marks (a cross-check, not a source); option "
            "safe_squares chooses another set."
        ),
        "option": "safe_squares",
    },
    {
        "id": "SN-10",
        "text": "Square 26 is a marked square like the others (SN-13). A piece need not stop on it: throws carry pieces past it.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules (silent on square 26)",
        "interpretation": (
            "The summary gives square 26 no rule of its own; option stop_on_26 makes every piece stop "
            "on it exactly before going on, as in Kendall's rules."
        ),
        "option": "stop_on_26",
    },
    {
        "id": "SN-11",
        "text": "Square 27 is a marked square like the others (SN-13): nothing sends a piece back from it.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules (silent on square 27)",
        "interpretation": (
            "The summary gives the water square no rule of its own; option square_27 sends a piece that "
            "lands on it back to square 15, as in Kendall's rules."
        ),
        "option": "square_27",
    },
    {
        "id": "SN-19",
        "text": "No piece waits on square 27: a piece there moves on like any other on a marked square.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules (silent on square 27)",
        "interpretation": (
            "Option water_wait (with option square_27) keeps a piece on 27 until a 4 bears it off or its owner "
            "sends it back to 15, as Kendall does (DLP.GameRulesets.922)."
        ),
        "option": "water_wait",
    },
    {
        "id": "SN-12",
        "text": (
            "A piece leaves the board only with the exact throw that takes it one square past 30: a 5 "
            "from 26, a 4 from 27, a 3 from 28, a 2 from 29, a 1 from 30. A throw that would carry it "
            "further cannot be played with it."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, eighth sentence",
        "quotation": "It also must move off the board with an exact throw.",
        "interpretation": (
            "The sentence follows one about the marked squares and could be read as binding only pieces "
            "on them; we apply it to every piece, so that no piece leaves by overshooting. Option "
            "exact_bearoff off lets a larger throw take a piece off."
        ),
        "option": "exact_bearoff",
    },
    {
        "id": "SN-20",
        "text": "Squares 27 to 30 are crossed like the others: a piece on them moves on by its throw, or off by the exact throw (SN-12).",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules (silent on squares 27 to 30 beyond their marks)",
        "interpretation": (
            "Option last_squares = kendall plays Kendall's last squares (DLP.GameRulesets.922): 28 and 29 "
            "leave only with a 3 and a 2, 30 with any throw, and a piece attacked there goes to 27."
        ),
        "option": "last_squares",
    },
    {
        "id": "SN-21",
        "text": "Bearing off is a move like any other: a player whose only move bears a piece off must make it.",
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules (silent on declining a move)",
        "interpretation": (
            "The summary lets no one decline a move; option optional_bearoff lets a player pass rather "
            "than bear off, as Kendall does (DLP.GameRulesets.922)."
        ),
        "option": "optional_bearoff",
    },
    {
        "id": "SN-13",
        "text": (
            "A piece on a marked square cannot be captured, and a piece may move onto a marked square only "
            "when it is empty. A player with a piece on a marked square must move such a piece with the "
            "first throw that lets it move."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, seventh and ninth sentences",
        "quotation": "The player must vacate a marked square at the first possible throw.",
        "interpretation": (
            "“At the first possible throw” we read as: whenever a piece on a marked square can move, "
            "one of them must be the piece moved. Option vacate_marked off lets the player move any piece."
        ),
        "option": "vacate_marked",
    },
    {
        "id": "SN-14",
        "text": (
            "The game ends when no piece is left on the board; a player with nothing left to move passes "
            "while the other plays on. Each player scores the pieces he has borne off, and the higher score "
            "wins; with equal scores, the player whose pieces were first all off "
            "the board wins."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.529 (Bell), Rules, last sentence",
        "quotation": "The player who removes the most pieces from the board wins.",
        "interpretation": (
            "We read “removes” as bearing off one's own pieces; captured pieces count for nobody. The "
            "summary does not settle equal scores; we give the game to the player who finished first, as "
            "a race would. Option goal = first-off plays the more common goal, the first to bear off all "
            "his pieces; it needs option capture = swap (or send-back) as well, since a piece captured "
            "for good could never be borne off and no one could finish."
        ),
        "option": "goal",
    },
]

K922 = "DLP.GameRulesets.922"
KENDALL_LOCATOR = "DLP.GameRulesets.922 (Kendall), Rules; after Kendall 1979: rules book"
KENDALL_READING = (
    "We read Kendall's rules in the DLP's summary of his rules book, ruleset 922 (newer than the DLP "
    "dump this site ships; we read its text in the metadata of Ludii's Senet.lud); we have not had the "
    "booklet in hand."
)
#: What the engine played for Kendall before ruleset 922 was read, kept as options.
KENDALL_SUMMARIES = (
    "the reading of modern summaries of Kendall's rules, which the engine played for Kendall until an "
    "outside audit checked it against ruleset 922"
)

KENDALL_CLAUSES = [
    SENET_BOARD,
    {
        "id": "SN-2",
        "text": "Each player has seven pieces.",
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", first sentence",
        "quotation": "Seven pieces per player",
        "interpretation": KENDALL_READING + " Kendall also allows five pieces a side (DLP.GameRulesets.923; option pieces = 5).",
        "option": "pieces",
    },
    {
        "id": "SN-15",
        "text": (
            "The pieces start on the first squares of the route, alternating: the white pieces on the even "
            "squares (2 to 14, one of them in front), the black on the odd squares (1 to 13)."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", first sentence",
        "quotation": "begin on the board, alternating spaces from white to black along the track",
        "interpretation": (
            KENDALL_READING + " Which side plays white is settled by the opening throws (SN-17). Option "
            "start = odd swaps the squares, as Bell has them; start = off-board starts every piece off the board."
        ),
        "option": "start",
    },
    {
        "id": "SN-3",
        "text": (
            "Four throwing sticks, each with one marked side. A throw is worth the number of blank sides "
            "that fall up, 1 to 4, and 5 when none does."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", second and third sentences",
        "quotation": "when no blank sides are up the throw = 5",
        "interpretation": (
            KENDALL_READING + " Counting blank or marked sides gives the same chances. Option zero_value = 6 "
            "plays Jéquier's value for no blank side up."
        ),
        "option": "zero_value",
    },
    {
        "id": "SN-4",
        "text": "A throw of 1, 4 or 5 gives another throw; a 2 or a 3 ends the turn's throwing (SN-18).",
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", fourth sentence",
        "quotation": "Throws of 1, 4, and 5 grant the player another throw.",
        "interpretation": KENDALL_READING + " Without the option extra_throws no throw gives another.",
        "option": "extra_throws",
    },
    {
        "id": "SN-18",
        "text": (
            "All of a turn's throws are made before any is played. Then each throw moves one piece by its "
            "whole value, in the order the player chooses; a throw that no piece can use is lost."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", fifth sentence",
        "quotation": "All throws are made before moving, and a piece must move the full value of one throw at a time.",
        "interpretation": (
            KENDALL_READING + " A move names only its squares, so where two throws could make it (bearing off "
            "from 30, SN-20) the smaller is used. Option throws_first off plays each throw as it falls, "
            + KENDALL_SUMMARIES + "."
        ),
        "option": "throws_first",
    },
    {
        "id": "SN-16",
        "text": "Before play the players throw the sticks in turn to settle who starts (SN-17).",
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", sixth sentence",
        "quotation": "Players alternate turns throwing the sticks",
        "interpretation": KENDALL_READING + " With option opening off the first side simply starts.",
        "option": "opening",
    },
    {
        "id": "SN-17",
        "text": (
            "The first player to throw a 1 plays white and starts: that 1 moves the white piece in front "
            "one square (from 14 to 15), and, a 1 giving another throw, the player throws again."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", sixth sentence",
        "quotation": "the first one to throw 1 plays as white and moves the white piece in front",
        "interpretation": (
            KENDALL_READING + " When the second side throws the first 1, the two sides' pieces change places, "
            "so that the thrower holds white. Option starter = higher lets each side throw once and the higher "
            "throw start (equal throws again), " + KENDALL_SUMMARIES + "."
        ),
        "option": "starter",
    },
    {
        "id": "SN-5",
        "text": (
            "A move takes one piece by the whole throw to an empty square or to a square held by a lone "
            "opposing piece (SN-6). That piece is attacked: it goes back to the square the attacker came "
            "from, the two pieces changing places (on 28 to 30 it goes to 27 instead, SN-20). A piece may "
            "not land on a piece of its own side."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", seventh sentence",
        "quotation": (
            "the opponent's piece is sent back to the space where the piece that captured it moved from"
        ),
        "interpretation": KENDALL_READING + (
            " Option capture = remove plays Bell's reading, in which the attacked piece leaves the game; it "
            "needs option goal = most-off as well (Bell's goal), since a removed piece could never be borne off. "
            "With pieces starting off the board (option start), a piece entering cannot attack: it has no "
            "square of its own to give the attacked piece."
        ),
        "option": "capture",
    },
    {
        "id": "SN-6",
        "text": (
            "Two pieces of one side on consecutive squares of the route protect each other: neither can be "
            "attacked. Only pieces on the board count: one borne off or waiting to enter protects no one. A "
            "side with a piece in the water, or back from it on 15, loses this protection (SN-19)."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", eighth and eighteenth sentences",
        "quotation": "When a player has two or more pieces in consecutive spaces, these pieces cannot be sent backward in this way.",
        "interpretation": KENDALL_READING + " Without the option protection any lone or paired piece can be attacked.",
        "option": "protection",
    },
    {
        "id": "SN-7",
        "text": (
            "Three or more pieces of one side on consecutive squares form a block: no opposing piece may "
            "pass over them (pieces of their own side may)."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + " (silent on blocking)",
        "interpretation": (
            "Ruleset 922 does not mention blocking; the modern summaries of Kendall's rules give it, and we keep "
            "it. Without the option blocking pieces pass over any row."
        ),
        "option": "blocking",
    },
    {
        "id": "SN-8",
        "text": (
            "A throw that cannot move any piece forward must move one backward, under the same rules of "
            "landing and attack (the attacked piece goes to the square the move began on). Pieces on 27 to "
            "30 never move backward (SN-20). Only a throw that no piece can use either way is lost."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", ninth to eleventh sentences",
        "quotation": "If a player cannot use a throw to move a piece forward, it must be used to move a piece backward.",
        "interpretation": KENDALL_READING + " Without the option backward a throw with no forward move is lost.",
        "option": "backward",
    },
    {
        "id": "SN-9",
        "text": "Square 15 is where a piece goes back to from the water (SN-19). It gives no protection.",
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", seventeenth sentence",
        "quotation": "move the piece back to square 15",
        "interpretation": (
            KENDALL_READING + " The option safe_squares (marked squares on which a piece cannot be "
            "captured) is Bell's rule, not Kendall's, and is off here."
        ),
        "option": "safe_squares",
    },
    {
        "id": "SN-10",
        "text": (
            "Square 26 must be landed on exactly by every piece: no throw may carry a piece from before 26 "
            "past it."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", thirteenth sentence",
        "quotation": "To move beyond square 26, the player must first land on it with an exact throw.",
        "interpretation": KENDALL_READING + " Without the option stop_on_26 pieces may pass square 26.",
        "option": "stop_on_26",
    },
    {
        "id": "SN-11",
        "text": "Square 27 is the water: a piece comes into it from 26 with a throw of 1, or by being attacked on 28 to 30 (SN-20); SN-19 says what follows.",
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", seventeenth sentence",
        "quotation": "by being forced to use a throw of 1 to move into square 27",
        "interpretation": KENDALL_READING + " Without the option square_27 nothing happens on 27.",
        "option": "square_27",
    },
    {
        "id": "SN-19",
        "text": (
            "A piece in the water stays there until a throw of 4 bears it off, unless its owner, on any turn, "
            "sends it back to 15 (or, 15 being taken, to the nearest empty square before it), which ends the "
            "turn and loses the next one. While it is in the water, and while it stands on 15 after going "
            "back, no other piece of its side may move. Waiting is a pass."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", seventeenth, eighteenth and twentieth sentences",
        "quotation": (
            "may either move the piece back to square 15 and lose one turn, or may leave the piece in square 27 "
            "until a 4 is thrown [...] A player cannot move any other piece on the board when one remains in "
            "square 27 or 15 after being sent back to it"
        ),
        "interpretation": (
            KENDALL_READING + " The summary does not say where the piece goes when 15 is taken; we take the "
            "nearest empty square before it. A 4 among several throws of the turn may bear it off first, and the "
            "other throws then move the other pieces. Option water_wait off washes a piece landing on 27 "
            "straight back to 15, " + KENDALL_SUMMARIES + "."
        ),
        "option": "water_wait",
    },
    {
        "id": "SN-12",
        "text": "From 26 a throw of 5 bears a piece off; 1, 2, 3 and 4 take it to 27, 28, 29 and 30 (SN-20).",
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", fourteenth sentence",
        "quotation": "bear off with a throw of 5",
        "interpretation": (
            KENDALL_READING + " From 26 and before it every throw is exact anyway (SN-10), so option "
            "exact_bearoff changes nothing here while option last_squares is kendall; with it off, a larger "
            "throw takes a piece off."
        ),
        "option": "exact_bearoff",
    },
    {
        "id": "SN-20",
        "text": (
            "A piece on 28 stays there until a throw of 3 bears it off, and one on 29 until a 2 does; a piece "
            "on 30 bears off with any throw. None of them moves on inside the last squares or backward. A piece "
            "attacked on 28, 29 or 30 is sent to 27, not to the attacker's square, and while a piece is on 27 "
            "no piece on 28 to 30 can be attacked."
        ),
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", fourteenth, sixteenth and nineteenth sentences",
        "quotation": (
            "it must stay there until borne off with a throw of 2 [...] the opponent's piece is sent to square "
            "27 instead of 26 [...] Pieces in squares 28-30 are safe as long as a piece is in square 27."
        ),
        "interpretation": (
            KENDALL_READING + " “Move to square 30 with a throw of 4 and bear off on any subsequent throw” we "
            "read as any throw from 30. Option last_squares = open lets pieces move on through 27 to 30, leave "
            "by the exact throw (SN-12) and be swapped back like any other, " + KENDALL_SUMMARIES + "."
        ),
        "option": "last_squares",
    },
    {
        "id": "SN-21",
        "text": "Bearing off is never compulsory: a player whose only moves would bear a piece off may pass instead.",
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", fifteenth sentence",
        "quotation": "bearing off is not required from any space",
        "interpretation": (
            KENDALL_READING + " A pass gives up the rest of the turn's throws. Option optional_bearoff off "
            "makes a bearing-off move like any other, " + KENDALL_SUMMARIES + "."
        ),
        "option": "optional_bearoff",
    },
    {
        "id": "SN-13",
        "text": "No square protects a piece by itself, and no piece has to leave a square first: protection comes only from neighbours (SN-6) and the water (SN-20).",
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + " (silent on marked squares)",
        "interpretation": (
            "Bell's marked-square rules (option vacate_marked) are not part of Kendall's game. That option "
            "acts on the squares named safe (option safe_squares), of which Kendall has none, so it changes "
            "nothing here unless safe squares are chosen too."
        ),
        "option": "vacate_marked",
    },
    {
        "id": "SN-14",
        "text": "The first player to bear off all his pieces wins.",
        "source": "kendall-1978",
        "locator": KENDALL_LOCATOR + ", last sentence",
        "quotation": "The first player to successfully bear off all their pieces wins.",
        "interpretation": KENDALL_READING + " Option goal = most-off plays Bell's goal, the most pieces borne off.",
        "option": "goal",
    },
]

# -- Royal Game of Ur --------------------------------------------------------------------------------

RACE_LIMIT_TEXT = (
    f"Not a rule of any source but this site's limit: a game still unfinished after {MAX_THROWS:,} throws ends at "
    "the end of that turn, won by the side with more pieces off, then by the one whose pieces have run "
    "further; a tie goes to the second player."
)

UR_BOARD = {
    "id": "UR-1",
    "text": (
        "Twenty squares: a block of three rows of four, a bridge of two squares continuing its middle "
        "row, and a block of three rows of two. Five squares carry rosettes: the outer corners of the "
        "block of four, the middle row's fourth square, and the corners of the block of two next to the "
        "bridge."
    ),
    "source": DLP,
    "locator": "DLP.Games.50 (Royal Game of Ur), Description",
    "quotation": (
        "The board consists of a grid of 3x4 squares, connected to a grid of 3x2 squares by a short "
        "bridge of 1x2 squares connecting the central rows of the other two grids."
    ),
    "interpretation": (
        "The DLP does not list the rosettes; their places are those of the boards from Ur in the British "
        "Museum, which Ludii's board also follows. Option rules names the reconstruction (finkel or "
        "murray) whose readings the options below start from."
    ),
    "option": "rules",
}

FINKEL_UR_CLAUSES = [
    UR_BOARD,
    {
        "id": "UR-2",
        "text": (
            "Each player's route has fourteen squares: the four squares of his own outer row of the large "
            "block, entered at the bridge end and run to the corner; the eight squares of the middle row "
            "from that end to the far end of the small block; and the two squares of his own row of the "
            "small block, back toward the bridge. The middle eight squares are shared."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules, first sentence; after Finkel 2007: 16–31",
        "quotation": (
            "Each player starts play on one of the top corners of the 3x4 grid, proceeding down that row "
            "to the opposite corner, and then up the central track, which both players use, and then "
            "turning back toward the original side of the track when reaching the top of the central "
            "track in the 2x3 grid."
        ),
        "interpretation": "Option route = murray plays Murray's long loop instead.",
        "option": "route",
    },
    {
        "id": "UR-3",
        "text": "Each player has seven pieces, all off the board at the start. A throw of n may enter a piece onto the n-th square of the route.",
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules, last sentence",
        "quotation": "A player wins when they remove all seven of their pieces from the board",
        "interpretation": (
            "The summary does not say how pieces come on; we enter them by the throw onto the route's first "
            "squares, counting from off the board. The DLP's historical note counts five pieces a side "
            "(option pieces = 5)."
        ),
        "option": "pieces",
    },
    {
        "id": "UR-4",
        "text": (
            "Four tetrahedral dice, two of each die's four tips marked. A throw is worth the number of "
            "marked tips that point up, 0 to 4."
        ),
        "source": DLP,
        "locator": "DLP.Games.50 (Royal Game of Ur), Description",
        "quotation": "The game was played with four tetrahedral dice and 7 small disks per player as playing pieces.",
        "interpretation": "Option dice = 3 throws three tetrahedral dice, as Murray suggests.",
        "option": "dice",
    },
    {
        "id": "UR-11",
        "text": "A throw of 0 moves nothing, and the turn passes.",
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules (silent on a throw of 0)",
        "interpretation": (
            "The summary is silent on the throw of 0 (one throw in sixteen with four dice); we read it as a "
            "lost turn. Option zero = highest counts it one more than the dice's highest, as sticks with no "
            "side up count in Senet."
        ),
        "option": "zero",
    },
    {
        "id": "UR-5",
        "text": (
            "A move takes one piece forward by the whole throw. A piece may not land on a piece of its "
            "own side. A player who cannot move loses the turn."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules",
        "interpretation": "Not stated in the summary; it is the common ground of every reconstruction of the race.",
    },
    {
        "id": "UR-6",
        "text": (
            "A piece that lands on an opposing piece sends it off the board; it is entered again later "
            "like a new piece. Captures can only happen on the shared middle row."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules, second sentence",
        "quotation": "If a player lands on an opponent's spot, they are removed from the board and may reenter on a subsequent turn.",
        "interpretation": (
            "The outer squares of each route belong to one player only, so no capture can happen there. "
            "Option capture off closes a square held by an opposing piece instead."
        ),
        "option": "capture",
    },
    {
        "id": "UR-13",
        "text": "The captured piece leaves the board and starts again from the beginning of its route.",
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules, second sentence",
        "quotation": "they are removed from the board and may reenter on a subsequent turn.",
        "interpretation": (
            "Option hit = swap sends it instead to the square its attacker came from, the two pieces "
            "changing places as in Kendall's Senet (Murray's reading, UR-13 there)."
        ),
        "option": "hit",
    },
    {
        "id": "UR-7",
        "text": "A piece on the rosette in the middle of the shared row is safe: no opposing piece may land on it there.",
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules, third sentence",
        "quotation": "A rosette in the center of the central track marks the spot where a player is safe from capture.",
        "interpretation": (
            "Only the central rosette protects in this summary; Ludii's implementation makes every rosette "
            "both safe and a source of another throw. Option safe_rosettes chooses which rosettes protect."
        ),
        "option": "safe_rosettes",
    },
    {
        "id": "UR-8",
        "text": "A piece that lands on one of the four corner rosettes earns its player another throw.",
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules, fourth sentence",
        "quotation": "Rosettes in the four corners allow a player to roll again.",
        "interpretation": (
            "The central rosette gives no extra throw in this summary (other accounts of Finkel's rules "
            "have every rosette give one); option extra_throw_rosettes chooses which rosettes do."
        ),
        "option": "extra_throw_rosettes",
    },
    {
        "id": "UR-9",
        "text": (
            "A piece leaves the board only with the exact throw: the number of squares left on its route "
            "plus one (from the last square, a 1)."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules, last sentence",
        "quotation": "by rolling the exact number of spaces left in the track, plus one.",
        "interpretation": (
            "“Plus one” we read as the step off the board: from the route's last square a throw of 1 bears "
            "off. Option exact_bearoff off lets a larger throw bear off."
        ),
        "option": "exact_bearoff",
    },
    {
        "id": "UR-10",
        "text": "The first player to bear off all seven pieces wins.",
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules, last sentence",
        "quotation": "A player wins when they remove all seven of their pieces from the board",
    },
    {
        "id": "UR-12",
        "text": RACE_LIMIT_TEXT,
        "source": DLP,
        "locator": "DLP.GameRulesets.77 (Finkel), Rules (silent on a game that does not end)",
        "interpretation": (
            "Every race game here has this limit (games.engine.race.state.MAX_THROWS). Finkel's games take "
            "100 to 400 throws, so it hardly ever decides one; on Murray's loop it decides the few games "
            "that lock (UR-12 there)."
        ),
    },
]

MURRAY_UR_CLAUSES = [
    UR_BOARD,
    {
        "id": "UR-2",
        "text": (
            "Each player's route is long, 27 squares: his own outer row of the large block to its corner "
            "(4), up the middle row to the first square of the small block (7), round the small block by its "
            "square on his side, its far end and its square on the other side, back into the middle row (6), "
            "down the middle row (6), and along his own outer row back to the square he started on (4). Some "
            "squares are passed twice."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Rules, third sentence; after Murray 1951: 20–21",
        "quotation": (
            "Each player progresses from their starting position, turning up along the central track, "
            "looping along the smaller rectangle, traveling back down the central row, and then back to "
            "their starting space."
        ),
        "interpretation": (
            "The summary names the loop but not its squares; we follow the loop as Ludii draws Murray's "
            "track (a cross-check), round the whole small block. Option route = finkel plays Finkel's "
            "fourteen squares."
        ),
        "option": "route",
    },
    {
        "id": "UR-3",
        "text": "Each player has seven pieces, all off the board at the start, entered by the throw as in Finkel's rules.",
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Rules, first sentence",
        "quotation": "Seven pieces per player.",
        "interpretation": "How pieces come on is not said; we enter them as in Finkel's rules. Option pieces = 5 plays five a side.",
        "option": "pieces",
    },
    {
        "id": "UR-4",
        "text": (
            "Three tetrahedral dice, two of each die's four tips marked. A throw is worth the number of "
            "marked tips that point up, 0 to 3."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Rules, second sentence",
        "quotation": "Three tetrahedral dice.",
        "interpretation": "The summary does not give the dice's values; we count the marked tips up, as with four dice. Option dice = 4 throws four.",
        "option": "dice",
    },
    {
        "id": "UR-11",
        "text": (
            "A throw with no marked tip up is worth 4, one more than the dice, as a throw of Senet's four "
            "sticks with no marked side up is worth 5."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Description; Rules silent on a throw of 0",
        "quotation": "These rules are suggested by Murray, who assumes it is played like Senet.",
        "interpretation": (
            "Not stated (with three dice one throw in eight shows no marked tip). Murray takes the game to be "
            "played like Senet, so we count it as Senet's sticks count theirs. Option zero = no-move reads it "
            "as a lost turn, as Finkel's rules do; with option hit = send-back as well (Finkel's capture), "
            "the loop locks (UR-12)."
        ),
        "option": "zero",
    },
    {
        "id": "UR-5",
        "text": "A move takes one piece forward by the whole throw; a piece may not land on one of its own side; a player who cannot move loses the turn.",
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Rules",
        "interpretation": "Not stated in the summary; it is the common ground of every reconstruction of the race.",
    },
    {
        "id": "UR-6",
        "text": "A piece that lands on an opposing piece attacks it (UR-13 says where the attacked piece goes).",
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Description",
        "quotation": "These rules are suggested by Murray, who assumes it is played like Senet.",
        "interpretation": (
            "The summary says nothing of capture. Murray likens the game to Senet, and every reading of "
            "Senet has pieces attack. Pieces meet on the middle row, on both passes of it, and on the small "
            "block's squares. Option capture off closes a square held by an opposing piece instead."
        ),
        "option": "capture",
    },
    {
        "id": "UR-13",
        "text": (
            "The attacked piece goes to the square its attacker came from: the two change places, as in "
            "Kendall's Senet (SN-5). Where its route passes that square twice, it goes to the pass nearer "
            "the square it stood on."
        ),
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Description",
        "quotation": "These rules are suggested by Murray, who assumes it is played like Senet.",
        "interpretation": (
            "The summary is silent; Murray likens the game to Senet, so we take Senet's attack. Option hit = "
            "send-back takes Finkel's instead, the piece off the board to enter again; on this loop, which "
            "ends on the four squares it starts on, pieces re-entering fill the squares their own side must "
            "come home by, and with option zero = no-move as well 168 of 200 random games met the "
            "1,000-throw limit (UR-12)."
        ),
        "option": "hit",
    },
    {
        "id": "UR-7",
        "text": "The rosettes protect nothing: a piece on a rosette can be captured like any other.",
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Rules (silent on the rosettes)",
        "interpretation": "The summary gives the rosettes no role; option safe_rosettes gives them Finkel's.",
        "option": "safe_rosettes",
    },
    {
        "id": "UR-8",
        "text": "The rosettes give no extra throw.",
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Rules (silent on the rosettes)",
        "interpretation": "As UR-7: option extra_throw_rosettes gives them Finkel's extra throws.",
        "option": "extra_throw_rosettes",
    },
    {
        "id": "UR-9",
        "text": "A piece leaves the board from the end of its route only with the exact throw, as in Finkel's rules.",
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Rules (silent on bearing off)",
        "interpretation": (
            "The summary does not say how the route ends; we end it as Finkel's does, with an exact throw. "
            "Option exact_bearoff off lets a larger throw bear off."
        ),
        "option": "exact_bearoff",
    },
    {
        "id": "UR-10",
        "text": "The first player to bring all seven pieces home and off wins.",
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Rules, third sentence",
        "quotation": "and then back to their starting space.",
        "interpretation": "The summary gives no goal beyond the route; we read the race as won by the first to finish it with all seven pieces.",
    },
    {
        "id": "UR-12",
        "text": RACE_LIMIT_TEXT,
        "source": DLP,
        "locator": "DLP.GameRulesets.655 (Murray), Rules (silent on a game that does not end)",
        "interpretation": (
            "Every race game here has this limit (games.engine.race.state.MAX_THROWS). Murray's loop ends on "
            "the four squares it starts on and runs the middle row twice, head on to the enemy, so a side "
            "can lock itself: its pieces waiting on its first four squares close the last four to its "
            "pieces coming home, while those swap places with enemy pieces on the middle row without end. "
            "With the readings above (UR-11, UR-13) 4 of 200 random games (2%, seeds 0-199) end so, by "
            "this limit, as do 15 of the 500 random games in the table below (3%) and none of its 30 games "
            "between strong players; most games take about 220 throws. Read with Finkel's lost turn and "
            "capture instead (options zero = no-move, hit = send-back) 168 of 200 random games met it "
            "(84%), and every simulated game between strong players. With capture off (option capture) "
            "the loop locks in every game."
        ),
    },
]

# -- 20 Squares --------------------------------------------------------------------------------------

SELEUCID = "DLP.GameRulesets.35 (Seleucid), Rules"

TWENTY_SQUARES_CLAUSES = [
    {
        "id": "TS-1",
        "text": (
            "Twenty squares: a block of three rows of four, whose middle row runs on for eight more "
            "squares. Rosettes mark the outer left corners of the block and every fourth square of the "
            "middle row (its 4th, 8th and 12th)."
        ),
        "source": DLP,
        "locator": SELEUCID + ", first sentence; after Finkel 2007: 21–22",
        "quotation": (
            "Boards consist of a grid of 3x4 squares and a continuation of the central row in the grid "
            "that extends for 8 further squares."
        ),
        "interpretation": (
            "The summary places rosettes “on certain squares in the central track” and “in the corners” "
            "without listing them; we mark the squares that Ludii's board marks (a cross-check), which "
            "are the marked squares of the DLP's “Marked 20 Squares” boards (DLP.GameRulesets.12). Option "
            "rules names the reconstruction (seleucid, the only one) whose readings the options below start from."
        ),
        "option": "rules",
    },
    {
        "id": "TS-2",
        "text": (
            "Each player's route has sixteen squares: the four squares of his own outer row, from its "
            "right end to the left corner, then the twelve squares of the middle row from left to right, "
            "and off its far end. The middle row is shared."
        ),
        "source": DLP,
        "locator": SELEUCID + ", ninth sentence",
        "quotation": (
            "Each player starts play on one of the right corners of the 3x4 grid, proceeding left down "
            "that row to the opposite corner, and then right down the central track, which both players "
            "use, with the goal of moving off the end of the track."
        ),
    },
    {
        "id": "TS-3",
        "text": "Each player has seven pieces, all off the board at the start; a throw of n may enter a piece onto the n-th square of the route.",
        "source": DLP,
        "locator": SELEUCID + ", last sentence",
        "quotation": "A player wins when they remove all seven of their pieces from the board",
        "interpretation": (
            "The DLP's historical note allows five or seven pieces (DLP.GameRulesets.530); the Seleucid "
            "summary counts seven. Option pieces = 5 plays five."
        ),
        "option": "pieces",
    },
    {
        "id": "TS-4",
        "text": (
            "The throw is two astragals (knucklebones), a sheep's and an ox's. The sheep's gives 1, 2, 3 or "
            "4; the ox's gives yes or no. On no the sheep's number is the throw; on yes it is raised: 1 to "
            "5, 2 to 6, 3 to 7 and 4 to 10."
        ),
        "source": DLP,
        "locator": SELEUCID + ", second to sixth sentences",
        "quotation": (
            "If \"no\" is rolled, the values remain the same. If \"yes\" is rolled, the value of the first "
            "roll is boosted to 5, 6, 7, or 10, respectively."
        ),
    },
    {
        "id": "TS-5",
        "text": "Each of the sheep astragal's four numbers falls one time in four, and the ox astragal's yes and no one time in two.",
        "source": DLP,
        "locator": SELEUCID + " (silent on the astragals' odds)",
        "interpretation": (
            "Nothing says how often each side falls, and a real astragal does not fall evenly: its two "
            "broad sides come up about four times as often as its two narrow ones (F. N. David's throws, "
            "1955). We default to even odds, the reading that needs no guess about which side bore which "
            "number; option astragal_odds = measured plays David's odds, with 1 and 4 on the narrow sides and "
            "the ox's yes and no still even."
        ),
        "option": "astragal_odds",
    },
    {
        "id": "TS-6",
        "text": "A move takes one piece forward by the whole throw; a piece may not land on one of its own side; a player who cannot move loses the turn.",
        "source": DLP,
        "locator": SELEUCID,
        "interpretation": "Not stated in the summary; it is the common ground of every reconstruction of the race.",
    },
    {
        "id": "TS-7",
        "text": "A piece that lands on an opposing piece sends it off the board, to be entered again from the start.",
        "source": DLP,
        "locator": SELEUCID + ", tenth sentence",
        "quotation": (
            "If a player lands on a square occupied by the opponent, the opponent's piece is removed from "
            "the board and may reenter on a subsequent turn."
        ),
        "interpretation": "Only the shared middle row can see a capture. Option capture off forbids landing on an opposing piece.",
        "option": "capture",
    },
    {
        "id": "TS-8",
        "text": "A piece on a rosette of the middle row is safe: no opposing piece may land on it there.",
        "source": DLP,
        "locator": SELEUCID + ", eleventh sentence",
        "quotation": "Rosettes on certain squares in the central track mark spaces where a player is safe from being sent to the beginning.",
        "interpretation": "Option safe_rosettes chooses which rosettes protect: those of the middle row, all, or none.",
        "option": "safe_rosettes",
    },
    {
        "id": "TS-9",
        "text": "A piece that lands on a corner rosette earns its player another throw.",
        "source": DLP,
        "locator": SELEUCID + ", twelfth sentence",
        "quotation": "Rosettes in the corners allow a player to roll again when a player lands on them.",
        "interpretation": "Only the corner rosettes give another throw in this summary; option extra_throw_rosettes lets every rosette give one, as Ludii does.",
        "option": "extra_throw_rosettes",
    },
    {
        "id": "TS-10",
        "text": "A piece leaves the board only with the exact throw, the squares left on its route plus one; the first player to bear off all seven pieces wins.",
        "source": DLP,
        "locator": SELEUCID + ", last sentence",
        "quotation": "by rolling the exact number of spaces left in the track, plus one.",
        "interpretation": "Option exact_bearoff off lets a larger throw bear off.",
        "option": "exact_bearoff",
    },
]

# -- 58 Holes ----------------------------------------------------------------------------------------

CARNARVON = "DLP.GameRulesets.36 (Carnarvon and Carter), Rules"

FIFTY_EIGHT_HOLES_CLAUSES = [
    {
        "id": "FH-1",
        "text": (
            "Fifty-eight holes: two parallel rows of holes down the middle of the board and an arc of "
            "holes round them. Each player has his own track of 29 holes (the left or the right), "
            "numbered 1 to 29, ending in hole 30 at the top, which both tracks share: the name counts the "
            "two tracks' 58 holes, and the shared goal is a 59th point."
        ),
        "source": DLP,
        "locator": CARNARVON + ", third sentence; DLP.Games.8, Description; after Carnarvon and Carter 1912",
        "quotation": "Each player has either the left or the right track.",
        "interpretation": (
            "The summary does not number the holes. Each track runs down its own central row, along the "
            "foot of the board, up the outside of its half of the arc and across the top to the apex, "
            "which is hole 30; Ludii's drawing of the board with the palm tree runs the same way (a "
            "cross-check). Option rules names the reconstruction "
            "(carnarvon-carter, the only one) whose readings the options below start from."
        ),
        "option": "rules",
    },
    {
        "id": "FH-2",
        "text": "Each player has five pieces, all off the board at the start; a throw of n may enter a piece into hole n of his track.",
        "source": DLP,
        "locator": CARNARVON + ", first sentence",
        "quotation": "Five pieces per player.",
        "interpretation": "The summary does not say how pieces come on; we enter them by the throw, counting from off the board.",
    },
    {
        "id": "FH-3",
        "text": "Moves are decided by a throw of four two-sided sticks: the number of marked sides up, 1 to 4, and 5 when none is up.",
        "source": DLP,
        "locator": CARNARVON + ", fourth sentence",
        "quotation": "Movement is decided by dice.",
        "interpretation": (
            "The source says only “dice”. No dice of the period are known with the boards; sticks and "
            "astragals are the chance devices found with Egyptian race games, and the DLP's implementation "
            "in Ludii throws four sticks. We use sticks; option device plays one six-sided die or "
            "astragals instead."
        ),
        "option": "device",
    },
    {
        "id": "FH-4",
        "text": (
            "A move takes one piece forward by the whole throw into an empty hole: a hole holds one piece, so "
            "a player's own pieces block each other. The two tracks never meet, so there is nothing to "
            "capture. A player who cannot move loses the turn."
        ),
        "source": DLP,
        "locator": CARNARVON + " (silent on sharing a hole)",
        "interpretation": (
            "The summary does not say whether two pegs may share a hole; a peg fills a hole, so we say not. "
            "Option one_a_hole off lets pieces share a hole."
        ),
        "option": "one_a_hole",
    },
    {
        "id": "FH-5",
        "text": (
            "Lines join hole 6 to hole 20 and hole 8 to hole 10 on each track. A piece that ends its move "
            "in hole 20 goes back along the line to hole 6, and one that ends in hole 10 goes back to hole "
            "8. If the hole at the other end is occupied, the piece stays where it landed."
        ),
        "source": DLP,
        "locator": CARNARVON + ", fifth sentence",
        "quotation": (
            "If a piece lands on a space with a connecting line, the piece must move backward along that "
            "line, never forward."
        ),
        "interpretation": (
            "The summary does not list the joined holes; we take the pairs 6–20 and 8–10 from Ludii's "
            "board of this ruleset (a cross-check). Other boards join other holes: option lines chooses "
            "the pairs. Nor does it say what happens when the hole at the other end is taken; we leave the "
            "piece where it landed."
        ),
        "option": "lines",
    },
    {
        "id": "FH-8",
        "text": "Lines only ever send a piece backward: a piece ending its move in hole 6 or hole 8 stays there.",
        "source": DLP,
        "locator": CARNARVON + ", fifth sentence",
        "quotation": "the piece must move backward along that line, never forward.",
        "interpretation": "Option line_direction = both also sends a piece forward along a line from its lower hole.",
        "option": "line_direction",
    },
    {
        "id": "FH-6",
        "text": "A piece that ends its move in hole 15 or hole 25 earns its player another throw.",
        "source": DLP,
        "locator": CARNARVON + ", last sentence",
        "quotation": "Holes 15 and 25 are special holes, which grant a second roll.",
        "interpretation": "Option extra_holes off takes the extra throws away.",
        "option": "extra_holes",
    },
    {
        "id": "FH-7",
        "text": (
            "A piece reaches hole 30 only with the exact throw, and is then taken off the board, so the "
            "hole is never held. The first player to bring all five pieces to hole 30 wins."
        ),
        "source": DLP,
        "locator": CARNARVON + ", second sentence",
        "quotation": "The goal is to reach hole thirty with all five of the player's pieces.",
        "interpretation": (
            "One hole cannot hold ten pegs, so we take a piece off once it reaches hole 30; the summary "
            "does not say whether a throw past 30 may be used, and we ask for the exact throw (option "
            "exact_bearoff off lets a larger throw finish)."
        ),
        "option": "exact_bearoff",
    },
]

# -- XII Scripta -------------------------------------------------------------------------------------

MURRAY_XII = "DLP.GameRulesets.33 (Murray), Rules"

XII_SCRIPTA_CLAUSES = [
    {
        "id": "XS-1",
        "text": "Three rows of twelve points, each row divided in the middle into two halves of six.",
        "source": DLP,
        "locator": "DLP.GameRulesets.533 (XII Scripta, Historical Information), Rules",
        "quotation": "3x12 board divided in half.",
        "interpretation": (
            "Option rules names the reconstruction (murray, the only one) whose readings the options below "
            "start from."
        ),
        "option": "rules",
    },
    {
        "id": "XS-2",
        "text": (
            "Each player's route has 36 points: the middle row from left to right, then the row farther from "
            "him from right to left, then the row nearer him from left to right, and off. Both players run "
            "the middle row the same way, left to right as the board lies; each one's far row is the other's "
            "near row."
        ),
        "source": DLP,
        "locator": MURRAY_XII + ", first sentence; after Murray 1951: 30–31",
        "quotation": (
            "Play begins in the central row and continues from left to right, then down the furthest row "
            "from right to left, then on the closest row from left to right."
        ),
        "interpretation": (
            "We read “left to right” as the board lies, the same for both players, as Ludii's tracks do, "
            "and “furthest” and “closest” from each player's seat. Read from each player's own seat, left "
            "to right would send the two along the middle row in opposite directions; no option plays that "
            "reading yet."
        ),
    },
    {
        "id": "XS-3",
        "text": "Each player has fifteen pieces, all off the board at the start.",
        "source": "murray-1951",
        "locator": "pp. 30–31, as summarised in " + MURRAY_XII,
        "interpretation": (
            "The DLP's summary does not give the number of pieces. Fifteen a side, as in backgammon, is the "
            "usual reading of Murray's likening of the game to backgammon (option pieces)."
        ),
        "option": "pieces",
    },
    {
        "id": "XS-11",
        "text": (
            "A die of n enters a piece onto the n-th point of the route, at the start of the middle row. "
            "Pieces may enter whenever their player likes, while others move on."
        ),
        "source": DLP,
        "locator": MURRAY_XII + " (silent on entering)",
        "interpretation": (
            "The summary does not say how pieces come on; we enter them by the dice, as hit pieces re-enter "
            "(XS-7). Option enter = all-first makes a player enter all his pieces before any moves on."
        ),
        "option": "enter",
    },
    {
        "id": "XS-4",
        "text": (
            "Three six-sided dice. Each die's number is moved by one piece; several dice may be moved by the "
            "same piece one after another, but no die's number is split between pieces."
        ),
        "source": DLP,
        "locator": MURRAY_XII + ", second sentence",
        "quotation": "Played using three dice; throws can be used singly or combined but could not be divided.",
    },
    {
        "id": "XS-5",
        "text": "Doubles and triples are played once, like any other throw, and give no further throw.",
        "source": DLP,
        "locator": MURRAY_XII + ", third sentence",
        "quotation": "No second throw with doubles or triples.",
    },
    {
        "id": "XS-6",
        "text": (
            "Any number of one player's pieces may share a point. A point held by two or more opposing "
            "pieces is closed; a single opposing piece is hit by a piece landing on it and goes off the "
            "board."
        ),
        "source": DLP,
        "locator": MURRAY_XII + ", fourth sentence",
        "quotation": (
            "More than one piece of the same player can occupy one point, Single pieces can be removed from "
            "the board when the opponent lands on it"
        ),
        "interpretation": "The summary does not say that two pieces close a point; it follows from “single pieces” being the ones that can be hit, as in backgammon.",
    },
    {
        "id": "XS-7",
        "text": "A player with a hit piece must enter it again, as at the start, before moving any other piece.",
        "source": DLP,
        "locator": MURRAY_XII + ", fourth sentence",
        "quotation": "it must then be re-entered to the board before the player can move their other pieces.",
        "interpretation": "Option reenter_first off lets a player leave a hit piece off the board while he moves others.",
        "option": "reenter_first",
    },
    {
        "id": "XS-8",
        "text": (
            "A player must use as many of the three dice as can be used, and among the ways of doing so, "
            "as many pips as can be; what cannot be used is lost."
        ),
        "source": DLP,
        "locator": MURRAY_XII + " (silent on unusable throws)",
        "interpretation": (
            "The summary does not say what happens to dice that cannot be used. We apply backgammon's "
            "rule (SB-3), which Murray's comparison invites; option must_use_all off drops the rule: the "
            "player uses the dice in whatever order and way he likes, and loses only what he then cannot "
            "use (he cannot stop while a die can still be played)."
        ),
        "option": "must_use_all",
    },
    {
        "id": "XS-9",
        "text": (
            "Once all his pieces are in his near row, a player bears them off: a die bears off a piece that "
            "it takes exactly off the end; a die that would carry a piece beyond the end bears off the "
            "rearmost piece, but only when no piece stands farther from the end than the die's number."
        ),
        "source": DLP,
        "locator": MURRAY_XII + ", last sentence",
        "quotation": "The goal is to bear off all of the player's pieces, which can be done one they are all in the closest row.",
        "interpretation": (
            "The summary does not say whether bearing off needs exact dice; we follow backgammon (SB-6); "
            "option exact_bearoff asks for exact dice."
        ),
        "option": "exact_bearoff",
    },
    {
        "id": "XS-10",
        "text": "The first player to bear off all his pieces wins.",
        "source": DLP,
        "locator": MURRAY_XII + ", last sentence",
        "quotation": "The goal is to bear off all of the player's pieces",
    },
]

# -- games -------------------------------------------------------------------------------------------

GAMES = [
    {
        "slug": "senet",
        "name": "Senet",
        "dlp_id": 3,
        "featured": 6,
        "regions": [11, 22],
        "periods": [1],
        "categories": [1, 3, 4],
        "sources": [DLP, "bell-1979", "kendall-1978"],
        "description_source": DLP,
        "description": (
            "Senet is the race game of ancient Egypt, played on three rows of ten squares from about 3000 "
            "BCE for some three thousand years, and in Cyprus and the Levant as well. Players threw four "
            "sticks and ran their pieces along the rows in an S-shaped path; on the later boards the last "
            "squares carry signs, among them water on square 27 and a sign of beauty on 26, and the game "
            "came to stand for the soul's passage through the underworld. No rules survive. What is played "
            "today are modern reconstructions, chiefly Timothy Kendall's of 1978, made for a commercial set, "
            "and R. C. Bell's: they differ in the number of pieces, in what capture means, and in nearly "
            "every marked square. Both are given here, point by point, with the reading each makes."
        ),
        "names": [
            {"name": "znt", "language": "egy", "note": "the Egyptian name, “passing”"},
            {"name": "Senat", "kind": "alias", "language": "en"},
        ],
        "rulesets": [
            {
                "slug": "bell",
                "name": "R. C. Bell's reconstruction",
                "dlp_id": 529,
                "type": "suggested",
                "summary": (
                    "Ten pieces a side, set out alternately over the first two rows; capture takes the "
                    "piece out of the game; marked squares are safe and must be left at the first chance; "
                    "pieces leave with an exact throw; most pieces borne off wins."
                ),
                "variant": "race.senet",
                "options": {
                    "rules": "bell",
                    "pieces": 10,
                    "start": "odd",
                    "opening": True,
                    "zero_value": 5,
                    "extra_throws": False,
                    "capture": "remove",
                    "protection": False,
                    "blocking": False,
                    "backward": False,
                    "safe_squares": [15, 26, 27, 28, 29],
                    "stop_on_26": False,
                    "square_27": False,
                    "exact_bearoff": True,
                    "vacate_marked": True,
                    "goal": "most-off",
                    "starter": "higher",
                    "throws_first": False,
                    "water_wait": False,
                    "last_squares": "open",
                    "optional_bearoff": False,
                },
                "sources": [DLP, "bell-1979"],
                "clauses": BELL_CLAUSES,
            },
            {
                "slug": "kendall",
                "name": "Timothy Kendall's reconstruction",
                "type": "suggested",
                "summary": (
                    "Seven pieces a side on the first fourteen squares, the first to throw a 1 playing white; "
                    "1, 4 and 5 throw again, and all of a turn's throws come before its moves; an attacked "
                    "piece changes places with its attacker; two in a row protect, three block; every piece "
                    "must stop on 26; a piece in the water (27) waits for a 4 or goes back to 15; 28 and 29 "
                    "leave with a 3 and a 2, 30 with any throw; first off wins (after DLP.GameRulesets.922)."
                ),
                "variant": "race.senet",
                "options": {
                    "rules": "kendall",
                    "pieces": 7,
                    "start": "even",
                    "opening": True,
                    "zero_value": 5,
                    "extra_throws": True,
                    "capture": "swap",
                    "protection": True,
                    "blocking": True,
                    "backward": True,
                    "safe_squares": [],
                    "stop_on_26": True,
                    "square_27": True,
                    "exact_bearoff": True,
                    "vacate_marked": False,
                    "goal": "first-off",
                    "starter": "one",
                    "throws_first": True,
                    "water_wait": True,
                    "last_squares": "kendall",
                    "optional_bearoff": True,
                },
                "sources": ["kendall-1978"],
                "clauses": KENDALL_CLAUSES,
            },
        ],
    },
    {
        "slug": "royal-game-of-ur",
        "name": "Royal Game of Ur",
        "dlp_id": 50,
        "featured": 7,
        "regions": [19, 22, 4],
        "periods": [1],
        "categories": [1, 3, 4],
        "sources": [DLP, "finkel-2007", "murray-1951"],
        "description_source": DLP,
        "description": (
            "The Royal Game of Ur takes its name from the boards Leonard Woolley found in the royal "
            "cemetery of Ur in the 1920s, from the middle of the third millennium BCE; its ancient name is "
            "unknown. Twenty squares, five of them marked with rosettes, are laid out as a large and a "
            "small block joined by a narrow bridge; each player had seven pieces and the throw was made "
            "with tetrahedral dice. No rules survive for this board. Irving Finkel applied to it the rules "
            "he read in two cuneiform tablets of the second century BCE, which describe its successor, 20 "
            "Squares; H. J. R. Murray, writing before the tablets were understood, had guessed at a longer "
            "route played like Senet. Both readings are given here."
        ),
        "names": [{"name": "Game of Twenty Squares", "kind": "alias", "language": "en", "note": "also used for its successor"}],
        "rulesets": [
            {
                "slug": "finkel",
                "name": "Irving Finkel's rules",
                "dlp_id": 77,
                "type": "scholarly",
                "summary": (
                    "Seven pieces a side on a fourteen-square route, four tetrahedral dice, capture on the "
                    "shared middle row, the central rosette safe, the corner rosettes throw again, bearing "
                    "off by the exact throw."
                ),
                "variant": "race.ur",
                "options": {
                    "rules": "finkel",
                    "route": "finkel",
                    "pieces": 7,
                    "dice": 4,
                    "zero": "no-move",
                    "capture": True,
                    "hit": "send-back",
                    "safe_rosettes": "centre",
                    "extra_throw_rosettes": "corners",
                    "exact_bearoff": True,
                },
                "sources": [DLP, "finkel-2007"],
                "clauses": FINKEL_UR_CLAUSES,
            },
            {
                "slug": "murray",
                "name": "H. J. R. Murray's suggestion",
                "dlp_id": 655,
                "type": "suggested",
                "summary": (
                    "Seven pieces a side, three tetrahedral dice (none up counts 4), a long route looping "
                    "round the small block and back home; an attacked piece changes places with its "
                    "attacker, as in Senet; the rosettes have no effect."
                ),
                "variant": "race.ur",
                "options": {
                    "rules": "murray",
                    "route": "murray",
                    "pieces": 7,
                    "dice": 3,
                    "zero": "highest",
                    "capture": True,
                    "hit": "swap",
                    "safe_rosettes": "none",
                    "extra_throw_rosettes": "none",
                    "exact_bearoff": True,
                },
                "sources": [DLP, "murray-1951"],
                "clauses": MURRAY_UR_CLAUSES,
            },
        ],
    },
    {
        "slug": "20-squares",
        "name": "20 Squares",
        "dlp_id": 7,
        "featured": 8,
        "regions": [11, 19, 22],
        "periods": [1],
        "categories": [1, 3, 4],
        "sources": [DLP, "finkel-2007"],
        "description_source": DLP,
        "description": (
            "20 Squares grew out of the Royal Game of Ur early in the second millennium BCE: the small "
            "block of the Ur board is straightened into a tail of eight squares. It spread from "
            "Mesopotamia to Iran, the Levant, Egypt and Cyprus in the Late Bronze Age and was still played "
            "in Babylonia in the Seleucid period. Two cuneiform tablets of that time, one copied in 177–176 "
            "BCE, give moves for it, and Irving Finkel read in them a throw of two astragals, a sheep's and "
            "an ox's. Its ancient name may have been “Room Four”. The ruleset here is Finkel's reading of "
            "the tablets as the DLP summarises it."
        ),
        "names": [
            {"name": "É Er-bé-et-ta", "language": "akk", "note": "“Room Four”, after Wee 2018"},
            {"name": "Aseb", "kind": "alias", "language": "en"},
            {"name": "Twenty Squares", "kind": "alias", "language": "en"},
        ],
        "rulesets": [
            {
                "slug": "seleucid",
                "name": "Seleucid rules (Irving Finkel)",
                "dlp_id": 35,
                "type": "scholarly",
                "summary": (
                    "Seven pieces a side on a sixteen-square route; a sheep's and an ox's astragal give "
                    "1–4, 5, 6, 7 or 10; capture on the shared row; the middle-row rosettes safe, the corner "
                    "rosettes throw again; bearing off by the exact throw."
                ),
                "variant": "race.twenty-squares",
                "options": {
                    "rules": "seleucid",
                    "pieces": 7,
                    "astragal_odds": "even",
                    "capture": True,
                    "safe_rosettes": "middle",
                    "extra_throw_rosettes": "corners",
                    "exact_bearoff": True,
                },
                "sources": [DLP, "finkel-2007"],
                "clauses": TWENTY_SQUARES_CLAUSES,
            },
        ],
    },
    {
        "slug": "58-holes",
        "name": "58 Holes",
        "dlp_id": 8,
        "featured": 9,
        "regions": [11, 19, 22, 4],
        "periods": [1],
        "categories": [1, 3, 4],
        "sources": [DLP, "carnarvon-carter-1912"],
        "description_source": DLP,
        "description": (
            "58 Holes was played across Egypt and Southwest Asia in the second and first millennia BCE. "
            "Its boards have two rows of holes down the middle and an arc of holes round them, often with "
            "a larger hole at the top and with some holes joined by lines; the pieces were pegs, and a set "
            "from Thebes with pegs headed as hounds and jackals gave the game its modern English name. Lord "
            "Carnarvon and Howard Carter found that set, the board with the palm tree now in the "
            "Metropolitan Museum of Art, and suggested the rules given here: a race of five pegs a side up "
            "each side's own track, thrown back along the lines and helped on by two special holes."
        ),
        "names": [{"name": "Hounds and Jackals", "kind": "alias", "language": "en"}],
        "rulesets": [
            {
                "slug": "carnarvon-and-carter",
                "name": "Carnarvon and Carter",
                "dlp_id": 36,
                "type": "suggested",
                "summary": (
                    "Five pegs a side, each on its own track to hole 30; lines send a peg back, holes 15 "
                    "and 25 throw again; no capture."
                ),
                "variant": "race.58-holes",
                "options": {
                    "rules": "carnarvon-carter",
                    "device": "sticks",
                    "one_a_hole": True,
                    "lines": "6-20,8-10",
                    "line_direction": "backward",
                    "extra_holes": True,
                    "exact_bearoff": True,
                },
                "sources": [DLP, "carnarvon-carter-1912"],
                "clauses": FIFTY_EIGHT_HOLES_CLAUSES,
            },
        ],
    },
    {
        "slug": "xii-scripta",
        "name": "XII Scripta",
        "dlp_id": 5,
        "featured": 10,
        "regions": [11, 14, 20, 22, 23],
        "periods": [1, 2],
        "categories": [1, 3, 4],
        "sources": [DLP, "murray-1951"],
        "description_source": DLP,
        "description": (
            "XII Scripta, “twelve signs”, or ludus duodecim scriptorum, is a Roman game of the first "
            "centuries CE and an ancestor of backgammon. Its boards have 36 signs in three rows of twelve, "
            "each row split in the middle; the signs are often letters spelling six words of six letters, "
            "a short verse that is frequently about the game. A board from Ostia suggests that play began "
            "at the left of the middle row. Later the game was called alea, “dice”. The ruleset here is "
            "H. J. R. Murray's suggestion, played with three dice and fifteen pieces a side, like "
            "backgammon."
        ),
        "names": [
            {"name": "Ludus duodecim scriptorum", "language": "la", "note": "“game of twelve signs”"},
            {"name": "Alea", "kind": "alias", "language": "la"},
            {"name": "Duodecim Scripta", "kind": "alias", "language": "la"},
        ],
        "rulesets": [
            {
                "slug": "murray",
                "name": "H. J. R. Murray's suggestion",
                "dlp_id": 33,
                "type": "suggested",
                "summary": (
                    "Three dice used singly or together, fifteen pieces a side entering on the middle row, "
                    "lone pieces hit and re-entered first, bearing off from the near row."
                ),
                "variant": "race.xii-scripta",
                "options": {
                    "rules": "murray",
                    "pieces": 15,
                    "enter": "free",
                    "reenter_first": True,
                    "must_use_all": True,
                    "exact_bearoff": False,
                },
                "sources": [DLP, "murray-1951"],
                "clauses": XII_SCRIPTA_CLAUSES,
            },
        ],
    },
]
