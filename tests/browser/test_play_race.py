"""The race games in a real browser: every game's board started against the computer, the throw
shown as it fell, moves by click and by drag, the computer's answer; the Royal Game of Ur to its
end; the text mode, replay and a player on the far side of the board."""
from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser.test_play import SETTLED, button, match, wait_ready, wait_version
from tests.conftest import loaded

RACE_GAMES = [
    ("senet", "race.senet"),
    ("ur", "race.ur"),
    ("twenty-squares", "race.twenty-squares"),
    ("58-holes", "race.58-holes"),
    ("xii-scripta", "race.xii-scripta"),
]


@pytest.fixture
def site(live_server, settings):
    settings.PLAY_DICE_SEED = "browser-race"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"anon": None, "play": None}}
    return live_server.url


def fast(page, **extra) -> None:
    settings = {"speed": "off", **extra}
    page.add_init_script(f"localStorage.setItem('play:settings:race', '{json.dumps(settings)}')")


def geometry(board) -> dict:
    return board.evaluate("root => (root.playApp.match.board || root.playApp.config.board).geometry")


def place(board, side: int, p: int):
    """The element a route position of a side is drawn in: a square, or the strip beside the board."""
    routes = geometry(board)["routes"]
    if p == 0:
        return board.locator(f"[data-zone='start'][data-side='{side}']")
    if p == len(routes[side]) + 1:
        return board.locator(f"[data-zone='off'][data-side='{side}']")
    return board.locator(f"[data-cell='{routes[side][p - 1]}']")


def moves(m: dict) -> list[dict]:
    return [a for a in m["legal_actions"] if "from" in a]


def until_moves(board, m: dict) -> dict:
    """Pass (where the rules make it a choice) until the player has a piece to move."""
    for _ in range(30):
        if moves(m) or m["outcome"]:
            return m
        if {"pass": True} in m["legal_actions"]:
            button(board, "pass").click()
        elif {"confirm": True} in m["legal_actions"]:
            button(board, "confirm").click()
        else:
            raise AssertionError(f"nothing to do: {m['legal_actions']}")
        m = wait_version_ready(board, m["version"])
    raise AssertionError("no move came")


def wait_version_ready(board, version: int) -> dict:
    """Wait until the match has moved past ``version`` and it is the player's turn again (or over)."""
    board.page.wait_for_function(
        f"([root, v]) => {SETTLED} && root.playApp.match.version > v && "
        "(root.dataset.myTurn === 'yes' || root.dataset.over === 'yes')",
        arg=[board.element_handle(), version], timeout=20_000,
    )
    return match(board)


def click_move(board, action: dict) -> dict:
    side = match(board)["to_move"]
    before = match(board)["version"]
    place(board, side, action["from"]).click()
    place(board, side, action["to"]).click()
    return wait_version(board, before)


def drag_move(board, action: dict) -> dict:
    page = board.page
    m = match(board)
    side = m["to_move"]
    board.locator("svg").evaluate("svg => svg.scrollIntoView({block: 'center'})")
    src = place(board, side, action["from"]).locator(".piece.movable").last.bounding_box()
    dst = place(board, side, action["to"]).bounding_box()
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
    page.mouse.down()
    page.mouse.move(dst["x"] + dst["width"] / 2, dst["y"] + dst["height"] / 2, steps=8)
    # Mid-drag the piece follows the pointer (a ghost) and the square it came from shows it lifted.
    assert board.locator(".checker.ghost").count() == 1
    page.mouse.up()
    return wait_version(board, m["version"])


def start(board, level: str = "random", opponent: str = "computer") -> dict:
    board.locator(f"input[value={opponent}]").check()
    if opponent == "computer":
        board.locator("select[name=level]").select_option(level)
    board.get_by_role("button", name="Start").click()
    return wait_ready(board, timeout=20_000)


def shows_the_throw(board, m: dict) -> None:
    """The throw is drawn as the sticks or dice that fell, with its value."""
    thrown = m["state"]["throw"]
    assert thrown is not None
    box = board.locator(".throw")
    assert box.get_attribute("data-value") == str(thrown["value"])
    faces = box.locator(".stick, .tetra, .die, .bone")
    assert faces.count() == len(thrown["dice"])
    kind = box.get_attribute("data-kind")
    expected = {"sticks4": "sticks", "tetra4": "tetrahedral", "tetra3": "tetrahedral", "sheep-ox": "astragals",
                "astragal": "astragals", "dice3": "dice", "d6": "dice"}[thrown["device"]]
    assert kind == expected
    if kind in ("sticks", "tetrahedral"):
        # Marked sides up are drawn lit; the others plain.
        assert box.locator(".up").count() == sum(thrown["dice"])


@pytest.mark.parametrize("slug,variant", RACE_GAMES)
def test_each_race_game_is_played_against_the_computer(site, page, artifacts_dir, slug, variant):
    fast(page)
    page.goto(f"{site}/play/{variant}/")
    board = page.locator(f"[data-play][data-variant='{variant}']").first
    m = start(board)
    assert m["sides"][1] == {"player": "computer", "level": "random"}
    # Every square of the variant's geometry is drawn, with its marks.
    g = geometry(board)
    assert board.locator("[data-cell]").count() == len(g["cells"])
    marked = [c["mark"] for c in g["cells"] if c["mark"]]
    assert board.locator(".cell .mark").count() == len(marked)
    if g["shape"] == "holes":
        assert board.locator(".cup").count() == len(g["cells"])
        assert board.locator(".track-line").count() == len(g["lines"]) > 0
    page.screenshot(path=str(artifacts_dir / f"play-race-{slug}-start.png"), full_page=True)

    m = until_moves(board, m)
    shows_the_throw(board, m)
    first = moves(m)[0]
    m = click_move(board, first)
    mine = [e for e in m["log"] if e["by"] == "human" and "from" in e["action"]]
    assert mine[-1]["action"] == first
    if not m["outcome"] and m["to_move"] not in m["you"]:
        m = wait_ready(board, timeout=20_000)
    m = until_moves(board, m)
    page.screenshot(path=str(artifacts_dir / f"play-race-{slug}-clicked.png"), full_page=True)
    dragged = moves(m)[0]
    count = len(m["log"])
    m = drag_move(board, dragged)
    assert m["log"][count]["action"] == dragged and m["log"][count]["by"] == "human"
    m = finish_turn(board, m, since=count)
    # The computer has answered: its moves are in the log and on the board.
    assert any(e["by"] == "computer" for e in m["log"]) or m["outcome"]
    shown = board.locator(".play-moves button.entry").all_inner_texts()
    assert len(shown) == len(m["log"])
    for entry, text in zip(m["log"], shown):
        if entry["side"] == 1 and "from" in entry["action"]:
            # The computer's moves in the numbers the player's board prints (issue 37, item 7).
            from tests.browser.test_play_words import written_as_printed

            written_as_printed(board, entry, text)
        else:
            assert text == entry["notation"]
    pieces_drawn(board, m)
    page.screenshot(path=str(artifacts_dir / f"play-race-{slug}-answered.png"), full_page=True)
    assert page.js_errors == []


def finish_turn(board, m: dict, since: int) -> dict:
    """Play out the rest of the player's turn (XII Scripta's throw is split among several moves),
    then wait for the computer's answer to it (log entries from ``since`` on)."""
    for _ in range(10):
        if m["outcome"] or any(e["by"] == "computer" for e in m["log"][since:]):
            return m
        if m["to_move"] not in m["you"]:
            m = wait_ready(board, timeout=20_000)
            continue
        if moves(m):
            m = click_move(board, moves(m)[0])
        else:
            m = until_moves(board, m)
    raise AssertionError("the computer did not answer")


def pieces_drawn(board, m: dict) -> None:
    """The board shows the state's pieces: the counts beside it and every piece on a square."""
    g = geometry(board)
    for side in (0, 1):
        n = len(g["routes"][side])
        waiting = sum(1 for p in m["state"]["pieces"][side] if p == 0)
        off = sum(1 for p in m["state"]["pieces"][side] if p == n + 1)
        assert f"{waiting} to enter" in place(board, side, 0).locator(".zone-label").text_content()
        assert f"{off} off" in place(board, side, n + 1).locator(".zone-label").text_content()
    on_board = sum(1 for side in (0, 1) for p in m["state"]["pieces"][side] if 0 < p <= len(g["routes"][side]))
    counted = board.evaluate("""root => [...root.querySelectorAll('[data-cell] .piece')].reduce((sum, piece) => {
        const label = piece.nextElementSibling;
        return sum + (label && label.classList.contains('count') ? Number(label.textContent) : 1);
    }, 0)""")
    assert counted == on_board


def test_the_royal_game_of_ur_is_played_to_its_end_against_the_computer(site, page, artifacts_dir):
    fast(page)
    page.goto(f"{site}/play/race.ur/")
    board = page.locator("[data-play]").first
    m = start(board)
    for turn in range(400):
        if m["outcome"]:
            break
        m = until_moves(board, m)
        if m["outcome"]:
            break
        # The piece furthest on that can move: the game ends sooner.
        action = max(moves(m), key=lambda a: (a["to"], a["from"]))
        before = m["version"]
        side = m["to_move"]
        place(board, side, action["from"]).click()
        place(board, side, action["to"]).click()
        m = wait_version_ready(board, before)
        if turn == 20:
            page.screenshot(path=str(artifacts_dir / "play-race-ur-midgame.png"), full_page=True)
    assert m["outcome"] is not None, "the game did not end"
    assert "Game over" in board.locator(".play-status").inner_text()
    assert "Result" in board.locator(".play-facts").inner_text()
    n = len(geometry(board)["routes"][0])
    winner = m["outcome"]["winner"]
    assert m["state"]["pieces"][winner] == [n + 1] * 7
    assert "7 off" in place(board, winner, n + 1).locator(".zone-label").text_content()
    page.screenshot(path=str(artifacts_dir / "play-race-ur-end.png"), full_page=True)
    assert page.js_errors == []


def api_create(site: str, body: dict) -> dict:
    request = urllib.request.Request(f"{site}/api/v1/matches/", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def test_two_players_finish_a_game_of_ur_on_one_device(site, page, artifacts_dir):
    """Hotseat: each side plays in turn on the one board until a side has all its pieces off."""
    fast(page)
    page.goto(f"{site}/play/race.ur/")
    board = page.locator("[data-play]").first
    m = start(board, opponent="hotseat")
    assert m["you"] == [0, 1]
    sides_moved = set()
    for _ in range(600):
        if m["outcome"]:
            break
        m = until_moves(board, m)
        if m["outcome"]:
            break
        action = max(moves(m), key=lambda a: (a["to"], a["from"]))
        sides_moved.add(m["to_move"])
        before = m["version"]
        place(board, m["to_move"], action["from"]).click()
        place(board, m["to_move"], action["to"]).click()
        m = wait_version_ready(board, before)
    assert m["outcome"] is not None and sides_moved == {0, 1}
    page.screenshot(path=str(artifacts_dir / "play-race-ur-hotseat-end.png"), full_page=True)
    assert page.js_errors == []


def test_the_text_mode_and_replay_on_a_race_board(site, page, artifacts_dir):
    fast(page, textMode=True)
    page.goto(f"{site}/play/race.senet/")
    board = page.locator("[data-play]").first
    m = start(board)
    m = until_moves(board, m)
    command = board.locator("[data-role=command-input]")
    assert "14 17" in board.locator(".play-help").inner_text()

    def send(text: str) -> str:
        count = board.locator("[data-role=transcript] li").count()
        command.fill(text)
        command.press("Enter")
        page.wait_for_function("([root, n]) => root.querySelectorAll('[data-role=transcript] li').length > n + 1",
                               arg=[board.element_handle(), count])
        return board.locator("[data-role=transcript] li").last.inner_text()

    thrown = m["state"]["throw"]
    assert send("throw").startswith(f"Throw: {thrown['value']} (sticks ")
    assert send("sq 15").startswith("Square 15 (ankh)")
    assert "Yours on" in send("board")
    assert "Not understood" in send("fly away")
    action = moves(m)[0]
    command.fill(f"{action['from']} {action['to']}")
    command.press("Enter")
    m = wait_version(board, m["version"])
    assert any(e["action"] == action and e["by"] == "human" for e in m["log"])
    page.screenshot(path=str(artifacts_dir / "play-race-senet-text-mode.png"), full_page=True)
    # Replay: the first position again (Senet's pieces alternate on the first squares), then the latest.
    m = wait_ready(board, timeout=20_000)
    board.locator("[data-replay=first]").click()
    page.wait_for_function("root => root.playApp.replay === 0", arg=board.element_handle())
    page.wait_for_function("root => root.querySelector('.throw').dataset.kind === undefined",
                           arg=board.element_handle())
    board.locator("[data-replay=last]").click()
    page.wait_for_function("root => root.playApp.replay === null", arg=board.element_handle())
    assert page.js_errors == []


def test_the_far_side_sees_its_own_row_nearest(site, page, artifacts_dir):
    """Playing Ur's second side by link, the board is turned so that side's own row is at the bottom."""
    fast(page)
    created = api_create(site, {"variant": "race.ur", "opponent": "computer", "level": "random", "side": 1})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = page.locator("[data-play]").first
    m = wait_ready(board, timeout=20_000)
    assert m["you"] == [1]
    g = geometry(board)
    # Both cells read in one go once the board is drawn: a redraw in between (the computer's
    # opening move being shown) replaces the elements, and a box read then is None.
    page.wait_for_function(
        "([root, a, b]) => root.querySelector(`[data-cell='${a}']`) && root.querySelector(`[data-cell='${b}']`)",
        arg=[board.element_handle(), g["routes"][1][0], g["routes"][0][0]],
    )
    own, theirs = board.evaluate(
        "(root, [a, b]) => [a, b].map((c) => { const r = root.querySelector(`[data-cell='${c}']`).getBoundingClientRect();"
        " return {y: r.y}; })",
        [g["routes"][1][0], g["routes"][0][0]],
    )
    assert own["y"] > theirs["y"]
    waiting = place(board, 1, 0)
    waiting.wait_for(state="visible")
    assert waiting.bounding_box()["y"] > own["y"], "the player's pieces to enter are below the board"
    page.screenshot(path=str(artifacts_dir / "play-race-ur-far-side.png"), full_page=True)
    assert page.js_errors == []


def test_a_race_move_is_taken_back_before_it_is_confirmed(site, page, artifacts_dir):
    fast(page, autoConfirm=False)
    page.goto(f"{site}/play/race.ur/")
    board = page.locator("[data-play]").first
    m = until_moves(board, start(board))
    log_before, pieces_before = m["log"], m["state"]["pieces"]
    action = moves(m)[0]
    m = click_move(board, action)
    assert m["turn"]["complete"] and m["log"][-1]["action"] == action
    assert "confirm" in board.locator(".play-status").inner_text()
    page.screenshot(path=str(artifacts_dir / "play-race-ur-confirm.png"), full_page=True)
    button(board, "undo").click()
    m = wait_version(board, m["version"])
    assert m["log"] == log_before and m["state"]["pieces"] == pieces_before
    assert place(board, m["to_move"], action["from"]).locator(".piece.movable").count() == 1
    m = click_move(board, action)
    before = m["version"]
    button(board, "confirm").click()
    m = wait_version_ready(board, before)
    assert any(e["by"] == "computer" for e in m["log"]) or m["outcome"]
    assert page.js_errors == []


def test_a_phone_plays_a_race_game_by_tapping(site, phone_page, artifacts_dir):
    page = phone_page
    fast(page)
    page.goto(f"{site}/play/race.twenty-squares/")
    board = page.locator("[data-play]").first
    m = until_moves(board, start(board))
    action = moves(m)[0]
    side = m["to_move"]
    before = m["version"]
    place(board, side, action["from"]).tap()
    place(board, side, action["to"]).tap()
    m = wait_version(board, before)
    assert any(e["action"] == action and e["by"] == "human" for e in m["log"])
    # Nothing sticks out sideways on a 390-pixel screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    page.screenshot(path=str(artifacts_dir / "play-race-phone-twenty-squares.png"), full_page=True)


def test_two_friends_play_ur_by_link(site, chromium, page, artifacts_dir):
    fast(page)
    page.goto(f"{site}/play/race.ur/")
    alice = page.locator("[data-play]").first
    alice.locator("input[value=remote]").check()
    alice.get_by_role("button", name="Start").click()
    page.wait_for_function("root => root.playApp.match", arg=alice.element_handle())
    invite = alice.locator("[data-role=share-url]").input_value()
    assert "#t=" in invite and "/play/m/" in invite
    friend_context = chromium.new_context(viewport={"width": 1000, "height": 800})
    try:
        friend = friend_context.new_page()
        fast(friend)
        friend.goto(invite)
        bob = friend.locator("[data-play]").first
        friend.wait_for_function("root => root.playApp.match", arg=bob.element_handle())
        assert match(bob)["you"] == [1]
        boards = {0: alice, 1: bob}
        moved = set()
        for _ in range(12):
            m = match(alice)
            if m["outcome"] or moved == {0, 1}:
                break
            mover = boards[m["to_move"]]
            m = until_moves(mover, wait_ready(mover, timeout=20_000))
            if m["outcome"]:
                break
            side, action = m["to_move"], moves(m)[0]
            m = click_move(mover, action)
            assert any(e["action"] == action and e["side"] == side and e["by"] == "human" for e in m["log"])
            moved.add(side)
            for watcher in boards.values():
                watcher.page.wait_for_function("([root, v]) => root.playApp.match.version >= v",
                                               arg=[watcher.element_handle(), m["version"]], timeout=5_000)
        assert moved >= {0, 1}
        # Each sees the other's moves: the same log on both boards.
        page.wait_for_function("([root, v]) => root.playApp.match.version === v",
                               arg=[alice.element_handle(), match(bob)["version"]], timeout=5_000)
        assert match(alice)["log"] == match(bob)["log"]
        friend.screenshot(path=str(artifacts_dir / "play-race-ur-remote-friend.png"), full_page=True)
    finally:
        friend_context.close()
    assert page.js_errors == []


RACE_PAGES = [
    ("senet", "race.senet", 2),
    ("royal-game-of-ur", "race.ur", 2),
    ("20-squares", "race.twenty-squares", 1),
    ("58-holes", "race.58-holes", 1),
    ("xii-scripta", "race.xii-scripta", 1),
]


def test_each_race_game_is_played_on_its_game_page(site, chromium, artifacts_dir):
    """One catalogue load for the five game pages: each playable ruleset has its board, which
    starts with that ruleset's options and plays against the computer."""
    loaded(("load_catalogue",))
    for slug, variant, rulesets in RACE_PAGES:
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        try:
            fast(page)
            page.goto(f"{site}/games/{slug}/")
            boards = page.locator(f"[data-play][data-variant='{variant}']")
            assert boards.count() == rulesets
            options = [json.loads(boards.nth(i).locator("script[type='application/json']").text_content())["options"]
                       for i in range(rulesets)]
            assert len({json.dumps(o, sort_keys=True) for o in options}) == rulesets, "each ruleset its own options"
            board = boards.last
            board.scroll_into_view_if_needed()
            m = until_moves(board, start(board))
            assert m["options"] == options[-1]
            count = len(m["log"])
            m = click_move(board, moves(m)[0])
            m = finish_turn(board, m, since=count)
            assert any(e["by"] == "computer" for e in m["log"][count:]) or m["outcome"]
            board.screenshot(path=str(artifacts_dir / f"play-race-{slug}-game-page.png"))
            assert errors == []
        except Exception:
            page.screenshot(path=str(artifacts_dir / f"FAILED-play-race-{slug}-game-page.png"), full_page=True)
            raise
        finally:
            context.close()


def test_the_computers_moves_are_played_back_square_by_square(site, page, artifacts_dir):
    fast(page, speed="fast")
    page.add_init_script("""window.__frames = [];
      new MutationObserver(() => {
        const root = document.querySelector('[data-play]');
        const app = root && root.playApp;
        if (app && app.playing) window.__frames.push(app.board.view.state.pieces[1].join(','));
      }).observe(document, {subtree: true, childList: true});""")
    page.goto(f"{site}/play/race.ur/")
    board = page.locator("[data-play]").first
    m = until_moves(board, start(board))
    seen = False
    for _ in range(8):
        count = len(m["log"])
        m = click_move(board, moves(m)[0])
        m = wait_ready(board, timeout=20_000)
        pieces_drawn(board, m)
        computer = [e["action"] for e in m["log"][count:] if e["by"] == "computer" and "from" in e["action"]]
        frames = page.evaluate("window.__frames.splice(0)")
        # A computer's move of n squares shows the piece on each square between.
        if len(computer) == 1 and abs(computer[0]["to"] - computer[0]["from"]) > 1:
            # Without the walk there would be two positions: before the move and after it.
            a = computer[0]
            assert len(set(frames)) >= abs(a["to"] - a["from"]) + 1, (a, frames)
            seen = True
            break
        m = until_moves(board, m)
    assert seen, "the computer never moved more than one square"
    assert page.js_errors == []


def near_the_end(variant: str) -> dict:
    """A position of ``variant`` where side 0 has one piece left, two squares from the end of its
    route, and side 1 has all its pieces still to play."""
    from games.engine import get_variant

    v = get_variant(variant)
    options = v.validate_options({})
    state = v.new_game(options).to_json()
    n = len(v.board_info(options)["geometry"]["routes"][0])
    count = len(state["pieces"][0])
    state["pieces"][0] = sorted([n + 1] * (count - 1) + [n - 1])
    state["off"] = [count - 1, 0]
    state.update(phase="throw", to_move=0, throw=None)
    return v.state_from_json(state).to_json()


@pytest.mark.parametrize("slug,variant", [g for g in RACE_GAMES if g[1] != "race.ur"])
def test_each_race_game_ends_on_the_board(site, page, artifacts_dir, slug, variant):
    fast(page)
    created = api_create(site, {"variant": variant, "opponent": "computer", "level": "random",
                                "state": near_the_end(variant)})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = page.locator("[data-play]").first
    m = wait_ready(board, timeout=20_000)
    for _ in range(200):
        if m["outcome"]:
            break
        m = until_moves(board, m)
        if m["outcome"]:
            break
        action = max(moves(m), key=lambda a: (a["to"], a["from"]))
        before = m["version"]
        place(board, m["to_move"], action["from"]).click()
        place(board, m["to_move"], action["to"]).click()
        m = wait_version_ready(board, before)
    assert m["outcome"] is not None and m["outcome"]["winner"] == 0, m["outcome"]
    assert "Game over. You win" in board.locator(".play-status").inner_text()
    n = len(geometry(board)["routes"][0])
    count = len(m["state"]["pieces"][0])
    assert m["state"]["pieces"][0] == [n + 1] * count
    assert f"{count} off" in place(board, 0, n + 1).locator(".zone-label").text_content()
    assert board.locator("[data-role=main] .play-controls [data-do='new']").is_visible()
    page.screenshot(path=str(artifacts_dir / f"play-race-{slug}-end.png"), full_page=True)
    assert page.js_errors == []
