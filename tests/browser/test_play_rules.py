"""The rules-file games on the generic board (static/js/board/family-rules.js) in a real browser:
every style of board drawn from its geometry, each kind of action played by tapping (moving,
jumping, placing from the hand, removing, sowing, entering a race piece), only what the selected
piece can reach lit, four seats in two teams, and the text mode reading the position."""
from __future__ import annotations

import json

import pytest

from tests.browser.test_play import SETTLED, match

# One variant of each kind of board and action the rules files have.
RULES_GAMES = [
    ("sow.oware", 8),                # holes and stores: sowing
    ("line.nine-mens-morris", 24),   # points and lines: placing from the hand, removing, moving
    ("war.alquerque", 8),            # points and lines: steps and jumps
    ("tafl.hnefatafl-fetlar", 4),    # squares with marks (throne, corners)
    ("chess.shatranj", 4),           # squares, pieces by their letters
    ("race.ur-finkel", 10),          # a track: entering from the hand, throws
    ("race.pachisi", 10),            # a cross for four seats in two teams
]


@pytest.fixture
def site(live_server, settings):
    settings.PLAY_DICE_SEED = "browser-rules"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"anon": None, "play": None}}
    return live_server.url


def fast(page) -> None:
    page.add_init_script(f"localStorage.setItem('play:settings:rules', '{json.dumps({'speed': 'off'})}')")


def info(board) -> dict:
    return board.evaluate("root => root.playApp.match.board")


def point(board, what: str, arg) -> tuple[float, float]:
    """Where on the screen a site (or a seat's hand, or its "off" box) is drawn."""
    board.locator("svg").first.evaluate("svg => svg.scrollIntoView({block: 'center'})")
    return tuple(board.evaluate("""(root, [what, arg]) => {
        const b = root.playApp.board;
        let x, y;
        if (what === 'site') { const s = b.lay.byName.get(arg); x = s.cx; y = s.cy; }
        else {
          const c = b.chips.find((c) => c.seat === arg && !c.passive && (what === 'off' ? c.kind === 'off' : c.kind !== 'off'));
          x = c.x + c.width / 2; y = c.y + c.height / 2;
        }
        const p = new DOMPoint(x, y).matrixTransform(b.svg.getScreenCTM());
        return [p.x, p.y];
    }""", [what, arg]))


def wait_turn(board, version: int | None = None) -> dict:
    board.page.wait_for_function(
        f"([root, v]) => {SETTLED} && (v === null || root.playApp.match.version > v) && "
        "(root.dataset.myTurn === 'yes' || root.dataset.over === 'yes')",
        arg=[board.element_handle(), version], timeout=20_000,
    )
    return match(board)


def lit(board) -> set[str]:
    return set(board.evaluate("root => [...root.querySelectorAll('.site.dest')].map((e) => e.dataset.site)"))


def tap(board, action: dict, seat: int) -> None:
    """Play an action as a player does: the piece then where it goes, a hole, a hand then a site."""
    page = board.page
    click = lambda what, arg: page.mouse.click(*point(board, what, arg))  # noqa: E731
    if action.get("pass"):
        board.locator("[data-do=pass]").click()
    elif "sow" in action:
        click("site", action["sow"])
    elif "remove" in action:
        click("site", action["remove"])
    elif action.get("from") not in (None, "hand"):
        click("site", action["from"])
        # Only where a legal action takes the selected piece is lit.
        m = match(board)
        reach = {a["to"] for a in m["legal_actions"] if a.get("from") == action["from"] and a["to"] != "off"}
        assert lit(board) == reach
        click("off" if action["to"] == "off" else "site", seat if action["to"] == "off" else action["to"])
    else:
        if board.evaluate("root => root.playApp.board.selection") is None:
            click("hand", seat)
        click("site", action["to"])


@pytest.mark.parametrize("variant,steps", RULES_GAMES)
def test_each_rules_game_is_drawn_and_played_by_taps(site, page, artifacts_dir, variant, steps):
    fast(page)
    page.goto(f"{site}/play/{variant}/")
    board = page.locator(f"[data-play][data-variant='{variant}']").first
    board.locator("input[value=hotseat]").check()
    board.get_by_role("button", name="Start").click()
    m = wait_turn(board)
    # Every site of the geometry is drawn, each mark with it, the lines of a line board.
    geometry = info(board)["geometry"]
    assert board.locator("[data-site]").count() == len(geometry["sites"])
    assert board.locator(".site .mark").count() == sum(1 for s in geometry["sites"] if s.get("mark"))
    assert board.locator(".edge").count() == len(geometry.get("edges") or [])
    if geometry["style"] == "mancala":
        holes = [s for s in geometry["sites"] if s["shape"] == "hole"]
        assert board.locator(".cup").count() == len(holes)
        counts = board.evaluate("root => [...root.querySelectorAll('.shape-hole .seed-count')].map((e) => e.textContent)")
        assert sorted(map(int, counts)) == sorted(m["state"]["board"].get(s["name"], [None, "seed", 0])[2] for s in holes)
    page.screenshot(path=str(artifacts_dir / f"play-rules-{variant}-start.png"), full_page=True)
    played = 0
    for i in range(steps):
        if m["outcome"]:
            break
        actions = [a for a in m["legal_actions"] if "undo" not in a and "confirm" not in a]
        action = actions[i % len(actions)]
        count = len(m["log"])
        tap(board, action, m["state"]["to_move"])
        m = wait_turn(board, m["version"])
        assert m["log"][count]["action"] == action and m["log"][count]["by"] == "human"
        played += 1
    assert played >= min(steps, 3)
    # The pieces on the board are the state's, each seat's in its own colour class.
    on_board = sum(v[2] for v in m["state"]["board"].values()
                   if geometry["style"] != "mancala")
    if geometry["style"] != "mancala":
        drawn = board.evaluate("""root => [...root.querySelectorAll('[data-site] .piece')].reduce((sum, piece) => {
            const badge = piece.querySelector('.badge-count');
            return sum + (badge ? Number(badge.textContent) : 1);
        }, 0)""")
        assert drawn == on_board
    page.screenshot(path=str(artifacts_dir / f"play-rules-{variant}-played.png"), full_page=True)
    # The text mode reads the position in words.
    board.locator("[data-toggle=textMode]").click()
    board.locator("[data-role=command-input]").fill("board")
    board.locator("[data-role=command-input]").press("Enter")
    page.wait_for_function("root => root.querySelectorAll('.play-transcript .answer').length > 0", arg=board.element_handle())
    said = board.locator(".play-transcript .answer").last.text_content()
    assert said and ("holes" in said or "on the board" in said or " on " in said)
    assert page.js_errors == []


def test_four_seats_in_two_teams_share_the_cross(site, page, artifacts_dir):
    """Pachisi: each seat's hand in its own corner, the seat to move (not only the side) moves,
    and the board turned for the side's first seat."""
    fast(page)
    page.goto(f"{site}/play/race.pachisi/")
    board = page.locator("[data-play][data-variant='race.pachisi']").first
    board.locator("input[value=hotseat]").check()
    board.get_by_role("button", name="Start").click()
    m = wait_turn(board)
    corners = board.evaluate("root => root.playApp.board.lay.strips.map((s) => s.corner)")
    assert sorted(corners) == ["bottom-left", "bottom-right", "top-left", "top-right"]
    seen = set()
    for _ in range(60):
        if m["outcome"] or ({0, 2} <= seen and {1, 3} & seen):
            break
        seat = m["state"]["to_move"]
        seen.add(seat)
        moves = [a for a in m["legal_actions"] if "to" in a]
        action = moves[0] if moves else m["legal_actions"][0]
        if moves:
            # The seat's own hand or pieces are the ones offered, whichever seat of the side moves.
            movable = board.evaluate("root => [...root.querySelectorAll('.piece.movable, .chip.source')].length")
            assert movable >= 1
        tap(board, action, seat)
        m = wait_turn(board, m["version"])
    # Both seats of the first side have played by taps (a seat with no move is skipped by the
    # rules, so the other side's seats may not have had a move yet).
    assert {0, 2} <= seen, seen
    page.screenshot(path=str(artifacts_dir / "play-rules-pachisi-teams.png"), full_page=True)
    assert page.js_errors == []
