"""Every rules file in one fast conformance pass, and the loader's messages.

For each file: it loads; its clauses are complete and each rule element sits on a clause; its
start and a random game's states round-trip through JSON; the fast play-out path (``fast``)
offers and plays exactly what the public protocol does, move for move; and random games end by
the rules (a limit only where a clause states one).
"""
from __future__ import annotations

import json
import random

import pytest

from games.engine import get_variant
from games.engine.core import Action, IllegalAction, InvalidState
from games.engine.rules import ERRORS, catalogue, compile_file
from games.engine.rules.game import RulesVariant, random_playout
from games.engine.rules.loader import RulesFileError, load_text

# Random play-outs per file: enough to reach every phase (placement, removals, promotion, the
# ends) without making the pass slow; each is capped far above the longest game seen.
PLAYOUTS = 3
CAP = 20000


def rules_variants() -> list[RulesVariant]:
    return [get_variant(rf.key) for rf in catalogue()]


def test_every_file_loads():
    assert len(catalogue()) >= 6  # compiles every file: a file is compiled when first asked for
    assert ERRORS == {}, "\n".join(ERRORS.values())


def test_a_file_is_compiled_when_first_asked_for_and_a_broken_one_is_named():
    # A fresh interpreter, as the command line and a web worker start: asking for one variant
    # compiles that one file, not the catalogue; a file that does not load answers with its
    # place and what is wrong, and the others still play.
    import subprocess
    import sys
    import textwrap
    from pathlib import Path

    code = textwrap.dedent("""
        import sys
        from pathlib import Path
        from games.engine import rules
        from games.engine.core import UnknownVariant, get_variant
        get_variant("sow.oware")
        print(sorted(rules._FILES))
        broken = Path(sys.argv[1]) / "war" / "broken.toml"
        broken.parent.mkdir()
        broken.write_text('key = "war.broken"\\ntitle = 3\\n')
        rules.RULESETS_DIR = Path(sys.argv[1])
        rules._list_files()
        try:
            get_variant("war.broken")
        except UnknownVariant as exc:
            print(exc)
        print(len(rules.catalogue()), sorted(rules.ERRORS))
    """)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, "-c", code, tmp], capture_output=True, text=True, timeout=120,
                              cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "['sow.oware']"
    assert lines[1].startswith("variant 'war.broken' does not load: ") and "broken.toml:" in lines[1], lines[1]
    assert lines[2] == "1 ['war.broken']", lines[2]


def test_every_file_is_cited_clause_by_clause():
    for rf in catalogue():
        assert rf.dlp_game, f"{rf.path}: names no DLP game"
        ids = [c.id for c in rf.clauses]
        assert len(set(ids)) == len(ids)
        prefixes = {i.split("-")[0] for i in ids}
        assert len(prefixes) == 1, f"{rf.path}: clause ids share one prefix, got {prefixes}"
        for c in rf.clauses:
            assert c.text and c.source, f"{rf.path} {c.id}: a clause needs its words and its source"
            assert c.locator, f"{rf.path} {c.id}: a clause needs a locator (DLP.GameRulesets.N)"
            assert len(c.quote) <= 300, f"{rf.path} {c.id}: quotations stay short"
        assert any(c.elements for c in rf.clauses)
        if rf.dlp_ruleset:
            assert any(c.locator == f"DLP.GameRulesets.{rf.dlp_ruleset}" for c in rf.clauses)


def test_clause_ids_are_unique_across_a_games_files():
    # A game's page lists every ruleset's clauses, each anchored by its id (#clause-AO-3): two
    # files of one game sharing an id would give the page two elements with one id, and a link
    # would always land on the first.
    seen: dict[tuple[int, str], str] = {}
    for rf in catalogue():
        for c in rf.clauses:
            other = seen.setdefault((rf.dlp_game, c.id), str(rf.path))
            assert other == str(rf.path), f"{rf.path}: clause {c.id} is also {other}'s, a file of the same game"


def test_fast_path_and_protocol_agree_and_states_round_trip():
    """One random game a file, played through the public protocol and, move for move, on the
    fast path: the same moves offered and the same position reached at every step."""
    for variant in rules_variants():
        rng = random.Random(7)
        state = variant.new_game()
        sim = variant.fast(state)
        for _ in range(300):
            # Through JSON text (what the API stores and sends; it reads as the mapping does):
            # read once a step, reading was half of this test's time.
            assert variant.state_from_json(json.dumps(state.to_json())) == state, f"{variant.key}: changed through JSON"
            assert sim.state() == state, f"{variant.key}: the fast path reached another position"
            if variant.outcome(state) is not None:
                assert variant.side_of(sim.outcome().winner) == variant.outcome(state).winner
                break
            if variant.is_chance(state):
                assert sim.is_chance()
                moves = [m for m, _ in sim.chance_outcomes()]
                action = variant.draw(state, rng)
            else:
                moves = sim.moves()
                legal = variant.legal_actions(state)
                assert [sim.action(m) for m in moves] == legal, f"{variant.key}: the fast path offers other moves"
                assert variant.to_move(state) == variant.side_of(sim.to_move())
                action = legal[rng.randrange(len(legal))]
            state = variant.apply(state, action)
            sim.play(next(m for m in moves if sim.action(m) == action))


def test_random_games_end_by_the_rules():
    for variant in rules_variants():
        rng = random.Random(11)
        for _ in range(PLAYOUTS):
            sim = variant.fast(variant.new_game())
            random_playout(sim, rng, CAP)
            assert sim.outcome() is not None, f"{variant.key}: a random game ran past {CAP} moves"


def test_illegal_actions_and_bad_states_are_refused_with_reasons():
    v = get_variant("war.alquerque")
    s = v.new_game()
    with pytest.raises(IllegalAction, match="no move starts from a1"):
        v.apply(s, {"from": "a1", "to": "a2"})
    with pytest.raises(IllegalAction, match="from b2 the moves go to c3"):
        v.apply(s, {"from": "b2", "to": "b3"})
    bad = s.to_json()
    bad["board"]["z9"] = [0, "man", 1]
    with pytest.raises(InvalidState, match="no site \"z9\""):
        v.state_from_json(bad)
    bad = s.to_json()
    bad["board"]["c3"] = [5, "man", 1]
    with pytest.raises(InvalidState, match="board.c3"):
        v.state_from_json(bad)


MINIMAL = """\
key = "war.example"
title = "Example"
mechanic = "pieces"
game = { dlp = 24, name = "Alquerque" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.52"

[[clause]]
id = "EX-1"
text = "A board."
board = { shape = "grid", size = [3, 3] }

[[clause]]
id = "EX-2"
text = "Pieces."
pieces = { man = {} }
setup = { place = [ { seat = 0, piece = "man", at = "a1", mirror = "rotate" } ] }

[[clause]]
id = "EX-3"
text = "Moves."
move = { kind = "step", dirs = "orthogonal" }
"""


def _compile(tmp_path, text: str, name: str = "example"):
    folder = tmp_path / "rulesets" / "war"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return compile_file(path, tmp_path)


def test_a_minimal_file_plays(tmp_path):
    v = _compile(tmp_path, MINIMAL)
    s = v.new_game()
    assert sorted(a["to"] for a in v.legal_actions(s)) == ["a2", "b1"]
    assert v.apply(s, Action({"from": "a1", "to": "b1"})).to_json()["to_move"] == 1


@pytest.mark.parametrize(
    "change, message",
    [
        (("dirs = \"orthogonal\"", "dirs = \"upwards\""), r"rulesets/war/example.toml:23: clause\[3\]\.move\.dirs: 'upwards' is not a direction"),
        (("size = [3, 3]", "size = [3, 30]"), r"example.toml:12: clause\[1\]\.board\.size: must be \[files, ranks\]"),
        (("kind = \"step\"", "kind = \"teleport\""), r"example.toml:23: clause\[3\]\.move\.kind: must be one of step"),
        (("id = \"EX-2\"", "id = \"EX-1\""), r"example.toml:15: clause\[2\]\.id: EX-1 is used twice"),
        (("piece = \"man\"", "piece = \"king\""), r"example.toml:18: clause\[2\]\.setup\.place\[1\]\.piece: no piece kind 'king'"),
        (("text = \"Moves.\"", "text = \"Moves.\"\nwings = 2"), r"example.toml:23: clause\[3\]\.wings: unknown field"),
        (("key = \"war.example\"", "key = \"war.other\""), r"example.toml:1: key: is 'war.other' but the file's place says 'war.example'"),
        (("mechanic = \"pieces\"", "mechanic = \"magic\""), r"mechanic: must be one of pieces, race, sow"),
        (("[[clause]]\nid = \"EX-3\"", "[[clause]\nid = \"EX-3\""), r"example.toml: not valid TOML"),
        (("source = \"dlp-2020\"", "colours = [\"#d55e00\", \"red\"]\nsource = \"dlp-2020\""),
         r"example.toml:6: colours: must list 2 colours, one a seat, each as #rrggbb, got \['#d55e00', 'red'\]"),
        (("source = \"dlp-2020\"", "colours = [\"#d55e00\"]\nsource = \"dlp-2020\""), r"colours: must list 2 colours"),
    ],
)
def test_errors_name_file_line_and_field(tmp_path, change, message):
    old, new = change
    assert old in MINIMAL
    with pytest.raises(RulesFileError, match=message):
        _compile(tmp_path, MINIMAL.replace(old, new, 1))


def test_seat_colours_reach_the_board_only_where_a_file_gives_them(tmp_path):
    plain = _compile(tmp_path, MINIMAL)
    assert "colours" not in plain.board_info({})
    coloured = _compile(tmp_path, MINIMAL.replace('source = "dlp-2020"', 'colours = ["#D55E00", "#0072b2"]\nsource = "dlp-2020"', 1))
    assert coloured.board_info({})["colours"] == ["#d55e00", "#0072b2"]


def test_an_option_must_be_a_clauses_reading():
    text = MINIMAL + "\n[options.fly]\ndefault = false\n"
    with pytest.raises(RulesFileError, match=r"options\.fly: no clause names this option"):
        load_text(text, "x.toml")


TICTACTOE = """\
key = "war.example"
title = "Three in a row"
mechanic = "pieces"
game = { dlp = 24, name = "Alquerque" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.52"

[[clause]]
id = "TT-1"
text = "A board of three by three, pieces placed from the hand."
board = { shape = "grid", size = [3, 3] }
pieces = { man = {} }
setup = { hand = [ { seat = 0, piece = "man", count = 5 }, { seat = 1, piece = "man", count = 4 } ] }
move = { kind = "place" }

[[clause]]
id = "TT-2"
text = "Three in a row wins; a full board with none is a draw."
end = { kind = "line", length = 3 }

[[clause]]
id = "TT-3"
text = "No move left: a draw."
end = { kind = "no-moves", result = "draw" }
"""


def _play(v, sites):
    s = v.new_game()
    for site in sites:
        s = v.apply(s, {"to": site})
    return s


def test_a_line_of_n_wins_for_the_player_who_made_it(tmp_path):
    v = _compile(tmp_path, TICTACTOE, "example")
    # White a1 b2 c3 on the diagonal; Black a2 a3.
    s = _play(v, ["a1", "a2", "b2", "a3", "c3"])
    assert v.outcome(s).winner == 0 and v.outcome(s).how == "line"
    # A line of the opponent's pieces made earlier is not this move's: no early end.
    s = _play(v, ["a1", "b1", "a2", "b2", "c3"])
    assert v.outcome(s) is None
    s = v.apply(s, {"to": "b3"})
    assert v.outcome(s).winner == 1
    # Filled with no row of three: a draw.
    s = _play(v, ["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"])
    assert v.outcome(s).winner is None and v.outcome(s).how == "no-moves"


def test_an_end_by_pieces_left_can_name_the_seats_it_counts(tmp_path):
    text = MINIMAL.replace('move = { kind = "step", dirs = "orthogonal" }',
                           'move = { kind = "step", dirs = "orthogonal" }\nend = { kind = "pieces", at_most = 0, seats = [1] }')
    v = _compile(tmp_path, text)
    state = v.state_from_json({"board": {"a1": [0, "man", 1], "c3": [1, "man", 1]}, "to_move": 0})
    assert v.outcome(state) is None
    # Seat 0 with no pieces would lose by a count over every seat; this end counts seat 1 only,
    # so seat 0 loses for having no move, not for having no pieces.
    bare = {"board": {"c3": [1, "man", 1]}, "to_move": 1}
    assert v.outcome(v.apply(v.state_from_json(bare), {"from": "c3", "to": "c2"})).how == "no-moves"
    with pytest.raises(RulesFileError, match=r"end\.seats: must list seats 0\.\.1"):
        _compile(tmp_path, text.replace("seats = [1]", "seats = [2]"))


DRAUGHT = """\
key = "war.example"
title = "Crowning ends the move"
mechanic = "pieces"
game = { dlp = 24, name = "Alquerque" }
ruleset = { dlp = 0, name = "Ours" }
source = "dlp-2020"
locator = "DLP.GameRulesets.52"

[[clause]]
id = "CR-1"
text = "Men step and hop forward diagonally; a capture may go on."
board = { shape = "grid", size = [5, 5] }
pieces = { man = {}, king = {} }
setup = { place = [ { seat = 0, piece = "man", at = "a1" }, { seat = 1, piece = "man", at = "e5" } ] }
move = { kind = "hop", pieces = ["man", "king"], dirs = "diagonal", capture = true, continue = "must" }

[[clause]]
id = "CR-2"
text = "A man reaching the far row is crowned, and that ends the move."
promote = { pieces = ["man"], to = "king", zone = "far-rank", ends_turn = true }
"""


def test_a_promotion_can_end_a_capture_chain(tmp_path):
    v = _compile(tmp_path, DRAUGHT)
    # White's man on a3 takes b4 landing on c5 (the far row, crowned); d4 stands ready for a
    # second hop, which the crowning forbids.
    state = v.state_from_json({"board": {"a3": [0, "man", 1], "b4": [1, "man", 1], "d4": [1, "man", 1],
                                         "e1": [1, "man", 1]}, "to_move": 0})
    after = v.apply(state, {"from": "a3", "to": "c5"})
    assert after.to_json()["board"]["c5"] == [0, "king", 1]
    assert after.to_json()["to_move"] == 1
    crowning_goes_on = _compile(tmp_path, DRAUGHT.replace(", ends_turn = true", ""), "example")
    after = crowning_goes_on.apply(state, {"from": "a3", "to": "c5"})
    assert after.to_json()["to_move"] == 0 and after.to_json()["pending"]["site"] == "c5"
