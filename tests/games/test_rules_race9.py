"""Tavli (race.tavli, DLP 539 / ruleset 605): a match of the files race.portes, race.plakoto and
race.fevga played in turn (the ``match`` element, games/engine/rules/match.py), worked by hand
through the public protocol: a game's last move scores one point or two (TV-2), the next game
of the succession begins at once, begun by the winner (TV-4), and the match ends at its target
(TV-3).

The cells, as the three files lay them out (13 x 2 squares, the gap column g left out):
White runs Portes and Plakoto from m1 leftwards along the near side, then a2 to m2 along the far
side (its track squares 1-6 are m1..h1, its home h2..m2); Black runs them from m2 leftwards along
the far side, then a1 to m1 (its starting quarter m2..h2, its home h1..m1). In Fevga White runs
a1..m1, then m2..a2; Black as in the others.
"""
from __future__ import annotations

import pytest

from games.engine import get_variant
from games.engine.core import IllegalAction, InvalidState
from games.engine.rules import RulesFileError, rules_variant
from games.engine.rules import race
from games.engine.rules.loader import load_text

TAVLI = "race.tavli"


def variant():
    return get_variant(TAVLI)


def match_state(board, *, game=0, number=1, starter=0, scores=(0, 0), off=(0, 0), to_move=0,
                last=None, options=None, pinned=None, hands=None, positions=None):
    """A position of the match: ``board`` the game's cells ({cell: [seat, count]}), the rest the
    match's; a throw is due from ``to_move``."""
    v = variant()
    data = v.new_game(options or {}).to_json()
    data["board"] = {c: [s, "piece", n] for c, (s, n) in board.items()}
    data.pop("positions")
    if positions is not None:
        data["positions"] = positions
    data["off"] = list(off)
    data["scores"] = list(scores)
    data["to_move"] = to_move
    data["hands"] = hands or [{}, {}]
    data["match"].update(game=game, number=number, starter=starter, last=last)
    if pinned is not None:
        data["pinned"] = pinned
    return v.state_from_json(data)


def play(state, *actions):
    """Apply each action; a move given by its cells alone stands for the legal one between them
    (an action names its die where two dice could make it)."""
    v = variant()
    for a in actions:
        if "from" in a:
            a = next(b for b in v.legal_actions(state) if b["from"] == a["from"] and b["to"] == a["to"])
        state = v.apply(state, a)
    return state


# White's last piece on m2 (its 24th square, the last of its home): a 1 bears it off.
PORTES_END = {"m2": [0, 1], "h1": [1, 5], "i1": [1, 5], "j1": [1, 5]}


def test_a_won_game_scores_one_and_the_next_game_of_the_succession_begins():
    # Portes: White bears off its last piece; Black has all fifteen on its home h1, i1, j1 (none
    # in its starting quarter m2..h2, none off). One point (TV-2); Plakoto begins at once, from
    # its own start (fifteen a side on m1 and m2), White (the winner) to throw (TV-4).
    s = match_state(PORTES_END, off=(14, 0))
    s = play(s, {"throw": [1, 2]})
    assert [(a["from"], a["to"]) for a in variant().legal_actions(s)] == [("m2", "off")]
    s = play(s, {"from": "m2", "to": "off"})
    d = s.to_json()
    assert d["scores"] == [1, 0]
    assert d["match"]["game"] == 1 and d["match"]["number"] == 2 and d["match"]["starter"] == 0
    assert d["match"]["last"] == {"game": 0, "number": 1, "winner": 0, "points": 1, "how": "all-off"}
    assert d["board"] == {"m1": [0, "piece", 15], "m2": [1, "piece", 15]} and d["off"] == [0, 0]
    assert "pinned" in d  # Plakoto's own state: pins are its rule, not Portes's
    assert variant().is_chance(s) and d["to_move"] == 0 and variant().outcome(s) is None


def test_a_loser_still_in_its_starting_quarter_gives_two_points():
    # The same end, but one Black piece still stands on l2, its second square: two points.
    board = dict(PORTES_END, j1=[1, 4], l2=[1, 1])
    s = play(match_state(board, off=(14, 0)), {"throw": [1, 2]}, {"from": "m2", "to": "off"})
    assert s.to_json()["scores"] == [2, 0]
    # A Black piece hit and waiting to come back counts as not yet out of the quarter.
    board = dict(PORTES_END, j1=[1, 4])
    s = play(match_state(board, off=(14, 0), hands=[{}, {"piece": 1}]), {"throw": [1, 2]}, {"from": "m2", "to": "off"})
    assert s.to_json()["scores"] == [2, 0]


def test_option_none_off_doubles_only_where_the_loser_has_borne_off_none():
    # PORTES_END's Black has borne off none: two points under the other reading...
    s = match_state(PORTES_END, off=(14, 0), options={"double": "none-off"})
    s = play(s, {"throw": [1, 2]}, {"from": "m2", "to": "off"})
    assert s.to_json()["scores"] == [2, 0]
    # ... and one where it has borne off one, though it still has a piece on l2.
    board = {"m2": [0, 1], "h1": [1, 5], "i1": [1, 5], "j1": [1, 3], "l2": [1, 1]}
    s = match_state(board, off=(14, 1), options={"double": "none-off"})
    s = play(s, {"throw": [1, 2]}, {"from": "m2", "to": "off"})
    assert s.to_json()["scores"] == [1, 0]


def test_the_winner_begins_the_next_game_and_fevga_is_followed_by_portes():
    # Plakoto (game 2 of the match), Black's last piece on m1 (its 24th square): Black's 1
    # bears it off. White has its fifteen on its home h2..m2 (none in m1..h1): one point to Black.
    last = {"game": 0, "number": 1, "winner": 0, "points": 1, "how": "all-off"}
    board = {"m1": [1, 1], "h2": [0, 5], "i2": [0, 5], "j2": [0, 5]}
    s = match_state(board, game=1, number=2, scores=(1, 0), off=(0, 14), to_move=1, last=last)
    s = play(s, {"throw": [1, 3]}, {"from": "m1", "to": "off"})
    d = s.to_json()
    assert d["scores"] == [1, 1]
    assert d["match"]["game"] == 2 and d["match"]["number"] == 3 and d["match"]["starter"] == 1
    assert d["to_move"] == 1 and variant().is_chance(s)  # Black, Plakoto's winner, throws first in Fevga
    assert d["board"] == {"a1": [0, "piece", 15], "m2": [1, "piece", 15]}  # Fevga's start
    # Fevga: White's last piece on a2 (its 24th square); White's 1 bears it off, Black's fifteen
    # on its home: White begins the fourth game, Portes again.
    last = {"game": 1, "number": 2, "winner": 1, "points": 1, "how": "all-off"}
    board = {"a2": [0, 1], "h1": [1, 5], "i1": [1, 5], "j1": [1, 5]}
    s = match_state(board, game=2, number=3, starter=1, scores=(1, 1), off=(14, 0), to_move=0, last=last)
    s = play(s, {"throw": [1, 4]}, {"from": "a2", "to": "off"})
    d = s.to_json()
    assert d["scores"] == [2, 1] and d["match"]["game"] == 0 and d["match"]["number"] == 4
    assert d["match"]["starter"] == 0 and d["board"]["m1"] == [0, "piece", 2]  # Portes's start


def test_the_match_ends_at_its_target_with_the_last_game_on_the_board():
    # 4-3 in a match to five: White's single win ends it, 5-3.
    last = {"game": 2, "number": 6, "winner": 1, "points": 1, "how": "all-off"}
    s = match_state(PORTES_END, number=7, scores=(4, 3), off=(14, 0), last=last)
    s = play(s, {"throw": [1, 2]}, {"from": "m2", "to": "off"})
    out = variant().outcome(s)
    assert (out.winner, out.points, out.how, out.score) == (0, 1, "single", (5, 3))
    d = s.to_json()
    assert d["match"]["game"] == 0 and d["match"]["number"] == 7 and d["off"] == [15, 0]
    assert variant().legal_actions(s) == []
    with pytest.raises(IllegalAction):
        variant().apply(s, {"throw": [1, 1]})
    assert variant().state_from_json(d) == s
    # To seven, the same win goes on to an eighth game.
    s = match_state(PORTES_END, number=7, scores=(4, 3), off=(14, 0), last=last, options={"match_to": 7})
    s = play(s, {"throw": [1, 2]}, {"from": "m2", "to": "off"})
    assert variant().outcome(s) is None and s.to_json()["match"]["number"] == 8


def test_a_drawn_plakoto_scores_nothing_and_its_beginner_begins_again():
    # Plakoto: White's mother on m1 is held there by a Black piece; White's piece on j2 (its 21st
    # square) lands with a 3 on m2, on Black's mother, its last piece there: both held on their
    # first points, the game is drawn (PL-6). No point; Fevga begins, White (Plakoto's
    # beginner) to throw.
    last = {"game": 0, "number": 1, "winner": 1, "points": 1, "how": "all-off"}
    board = {"m1": [None, 2], "j2": [0, 14], "m2": [1, 1], "h1": [1, 13]}
    s = match_state(board, game=1, number=2, scores=(0, 1), last=last, pinned={"m1": 0},
                    positions=[[1] + [21] * 14, [1] + [19] * 13 + [24]])
    s = play(s, {"throw": [3, 5]}, {"from": "j2", "to": "m2"})
    d = s.to_json()
    assert d["scores"] == [0, 1]
    assert d["match"]["last"]["winner"] is None and d["match"]["last"]["points"] == 0
    assert d["match"]["game"] == 2 and d["match"]["starter"] == 0 and d["to_move"] == 0


def test_the_board_draws_the_game_being_played():
    info = variant().board_info({})
    games = info["geometry"]["games"]
    assert len(games) == 3 and info["match"]["games"] == ["Portes", "Plakoto", "Fevga"]
    assert games[0]["tracks"][0][:2] == ["m1", "l1"] and games[2]["tracks"][0][:2] == ["a1", "b1"]
    assert info["geometry"]["tracks"] == games[0]["tracks"]
    assert games[2]["regions"]["home"] != games[0]["regions"]["home"]


def test_the_evaluation_counts_the_match_points():
    v = rules_variant(TAVLI)
    assert v.evaluate(v.fast(v.new_game())) == pytest.approx((0.5, 0.5))
    last = {"game": 0, "number": 1, "winner": 0, "points": 2, "how": "all-off"}
    ahead = v.fast(match_state({"m1": [0, 15], "m2": [1, 15]}, game=1, number=2, scores=(2, 0), last=last))
    assert v.evaluate(ahead)[0] > 0.5


def test_states_that_the_match_could_not_reach_are_refused():
    v = variant()
    good = match_state(PORTES_END, off=(14, 0)).to_json()
    for change, message in [
        ({"scores": [5, 0]}, "already decide"),
        ({"match": dict(good["match"], game=1)}, "match.number"),
        ({"match": dict(good["match"], number=2, game=1)}, "match.last"),
        ({"match": dict(good["match"], starter=1)}, "first seat begins"),
    ]:
        with pytest.raises(InvalidState, match=message):
            v.state_from_json({**good, **change})


MATCH_FILE = """\
key = "race.broken"
title = "Broken"
mechanic = "race"
game = { dlp = 539, name = "Tavli" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.605"

[[clause]]
id = "BR-1"
text = "Games."
match = { games = GAMES, to = 3 }
"""


@pytest.mark.parametrize("games, extra, message", [
    ('["race.portes", "race.nowhere"]', "", "'race.nowhere' is not a rules file that plays"),
    ('["race.broken"]', "", "names the match file itself"),
    ('["race.portes"]', 'board = { shape = "squares", size = [2, 2] }', "states only `match` elements"),
    ('["race.portes"]', 'match = { to = 4 }', "is stated twice"),
    ('"race.portes"', "", "must list the games"),
])
def test_a_match_file_names_playable_games_and_states_only_the_match(games, extra, message):
    text = MATCH_FILE.replace("GAMES", games) + (f'\n[[clause]]\nid = "BR-2"\ntext = "More."\n{extra}\n' if extra else "")
    with pytest.raises(RulesFileError, match=message):
        race.compile(load_text(text, "race/broken.toml", race.ELEMENTS))


def test_a_one_game_match_plays_that_game_over_and_over():
    text = MATCH_FILE.replace("GAMES", '["race.plakoto"]')
    game = race.compile(load_text(text, "race/broken.toml", race.ELEMENTS))
    sim = game.new_sim({})
    assert type(sim).__name__ == "MatchSim" and sim.inner.game.key == "race.plakoto"
    assert sim.to_json()["match"]["games"] == ["Plakoto"]


def test_the_simulations_read_the_match_as_a_race_game():
    # The concepts (games/engine/concepts.py) read the game being played: White's m1 piece hits
    # Black's lone piece on l1 with the 1, a capture of the race mechanic.
    from games.engine.concepts import concepts_for

    v = variant()
    c = concepts_for(v)
    assert c.kind == "rules:race" and c.capture_by
    board = {"m1": [0, 15], "l1": [1, 1], "h1": [1, 14]}
    s = play(match_state(board), {"throw": [1, 6]})
    hit = next(a for a in v.legal_actions(s) if a["from"] == "m1" and a["to"] == "l1")
    assert c.captured(s, hit, v.apply(s, hit), {})


def test_a_whole_random_match_reads_back_from_its_json_at_every_game():
    # Through the public protocol to the match's end: each state that begins a game (and the
    # last) reads back from its JSON unchanged, and the fast path plays the same match.
    import random

    v = variant()
    rng = random.Random(5)
    state = v.new_game({"match_to": 3})
    sim = v.fast(state)
    games = 1
    while v.outcome(state) is None:
        if v.is_chance(state):
            moves = [m for m, _ in sim.chance_outcomes()]
            action = v.draw(state, rng)
        else:
            legal = v.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            moves = sim.moves()
        state = v.apply(state, action)
        sim.play(next(m for m in moves if sim.action(m) == action))
        assert sim.state() == state
        if state.to_json()["match"]["number"] != games or v.outcome(state) is not None:
            games = state.to_json()["match"]["number"]
            assert v.state_from_json(state.to_json()) == state
    d = state.to_json()
    assert max(d["scores"]) >= 3 and d["match"]["last"]["number"] == d["match"]["number"] == games
    assert sim.result() in ((1.0, 0.0), (0.0, 1.0))
