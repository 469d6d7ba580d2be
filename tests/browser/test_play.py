"""Playing in a real browser: every catalogued game's board on its game page, against the
computer, by link and on one device; whole games to their end; the text mode; a phone."""
from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from tests.conftest import loaded

GAMES = [
    ("ses-bes", "tables.ses-bes"),
    ("shesh-besh", "tables.shesh-besh"),
    ("takhte-nard", "tables.takhte-nard"),
    ("gul-bara", "tables.gul-bara"),
    ("bechi", "mancala.bechi"),
]


@pytest.fixture
def site(live_server, settings):
    settings.PLAY_DICE_SEED = "browser"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"anon": None, "play": None}}
    return live_server.url


@pytest.fixture
def catalogue(site):
    loaded(("load_catalogue", "--without-dlp"))
    return site


def fast(page, family: str, **extra) -> None:
    settings = {"speed": "off", **extra}
    page.add_init_script(f"localStorage.setItem('play:settings:{family}', '{json.dumps(settings)}')")


def match(board) -> dict:
    return board.evaluate("root => root.playApp.match")


SETTLED = "root.playApp.match && !root.playApp.busy && root.dataset.settled === 'yes'"


def wait_ready(board, timeout: float = 15_000) -> dict:
    """Wait until it is the player's turn (or the match is over) and the board shows it."""
    board.page.wait_for_function(
        f"root => {SETTLED} && (root.dataset.myTurn === 'yes' || root.dataset.over === 'yes')",
        arg=board.element_handle(), timeout=timeout,
    )
    return match(board)


def wait_version(board, version: int) -> dict:
    """Wait until the match has moved past ``version`` and the board shows it."""
    board.page.wait_for_function(
        f"([root, v]) => {SETTLED} && root.playApp.match.version > v",
        arg=[board.element_handle(), version], timeout=15_000,
    )
    return match(board)


def point(board, p: int, *, mine: bool = True):
    name = "bar" if p == 25 else ("off" if mine else "off-opponent") if p == 0 else str(p)
    return board.locator(f"[data-point='{name}']")


def steps(m: dict) -> list[dict]:
    return [a for a in m["legal_actions"] if "from" in a]


def click_step(board, action: dict) -> dict:
    before = match(board)["version"]
    point(board, action["from"]).click()
    point(board, action["to"]).click()
    return wait_version(board, before)


def drag_step(board, action: dict) -> dict:
    page = board.page
    before = match(board)["version"]
    board.locator("svg").evaluate("svg => svg.scrollIntoView({block: 'center'})")
    src = point(board, action["from"]).locator(".checker.movable").bounding_box()
    dst = point(board, action["to"]).bounding_box()
    # Grab the top checker of the stack and drop it in the middle of the target.
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
    page.mouse.down()
    page.mouse.move(dst["x"] + dst["width"] / 2, dst["y"] + dst["height"] / 2, steps=8)
    page.mouse.up()
    return wait_version(board, before)


def button(board, name: str):
    return board.locator(f"[data-do='{name}']")


def finish_tables_turn(board, m: dict) -> dict:
    """Play the first legal step until the turn is done, then confirm; roll where the cube asks."""
    for _ in range(40):
        if m["outcome"] or m["to_move"] not in m["you"]:
            return m
        if {"confirm": True} in m["legal_actions"]:
            before = m["version"]
            button(board, "confirm").click()
            return wait_version(board, before)
        if {"double": False} in m["legal_actions"]:
            before = m["version"]
            button(board, "roll").click()
            m = wait_version(board, before)
            continue
        if {"take": True} in m["legal_actions"]:
            before = m["version"]
            button(board, "take").click()
            m = wait_version(board, before)
            continue
        m = click_step(board, steps(m)[0])
    raise AssertionError("the turn did not end")


def until_steps(board, m: dict, tap: bool = False) -> dict:
    """Answer the cube (roll, take) until the player has checkers to move."""
    for _ in range(20):
        if steps(m) or m["outcome"]:
            return m
        for decision, name in (({"double": False}, "roll"), ({"take": True}, "take"), ({"confirm": True}, "confirm")):
            if decision in m["legal_actions"]:
                getattr(button(board, name), "tap" if tap else "click")()
                m = wait_version(board, m["version"])
                break
        else:
            raise AssertionError(f"nothing to do: {m['legal_actions']}")
    raise AssertionError("no steps to play")


def start(board, level: str = "random") -> dict:
    if board.locator("select[name=level]").count():
        board.locator("select[name=level]").select_option(level)
    board.get_by_role("button", name="Start").click()
    return wait_ready(board)


def test_every_game_is_played_against_the_computer_on_its_game_page(catalogue, chromium, artifacts_dir):
    # One catalogue load for all five games (it is the slow part of the setup); a fresh page each.
    for slug, variant in GAMES:
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc, errors=page.js_errors: errors.append(str(exc)))
        try:
            play_against_the_computer_on_the_game_page(catalogue, page, artifacts_dir, slug, variant)
        except Exception:
            page.screenshot(path=str(artifacts_dir / f"FAILED-play-{slug}.png"), full_page=True)
            raise
        finally:
            context.close()


def play_against_the_computer_on_the_game_page(catalogue, page, artifacts_dir, slug, variant):
    family = variant.split(".")[0]
    fast(page, family, autoConfirm=False)
    page.goto(f"{catalogue}/games/{slug}/")
    board = page.locator(f"[data-play][data-variant='{variant}']").first
    m = start(board)
    assert m["sides"][1] == {"player": "computer", "level": "random"}
    page.screenshot(path=str(artifacts_dir / f"play-{slug}-start.png"), full_page=True)

    if family == "tables":
        m = until_steps(board, m)
        log_before, state_before = m["log"], m["state"]
        first = steps(m)[0]
        m = click_step(board, first)
        assert m["log"][-1]["action"] == first and m["log"][-1]["by"] == "human"
        # Take the step back: the board returns to the turn's start.
        button(board, "undo").click()
        m = wait_version(board, m["version"])
        assert m["log"] == log_before and m["state"]["checkers"] == state_before["checkers"]
        m = click_step(board, first)
        if steps(m) and m["to_move"] in m["you"]:
            m = drag_step(board, steps(m)[0])
            assert m["log"][-1]["by"] == "human"
        page.screenshot(path=str(artifacts_dir / f"play-{slug}-moved.png"), full_page=True)
        mine = len(m["log"])
        m = finish_tables_turn(board, m)
        assert any(e["by"] == "computer" for e in m["log"][mine:]) or m["outcome"]
    else:
        # The second ruleset's board starts with its own options (three holes a row).
        second = page.locator("[data-play][data-variant='mancala.bechi']").nth(1)
        assert json.loads(second.locator("script[type='application/json']").text_content())["options"]["holes"] == 3
        log_before = m["log"]
        action = m["legal_actions"][0]
        board.locator(f".hole[data-row='0'][data-hole='{action['hole']}']").click()
        m = wait_version(board, m["version"])
        assert m["turn"]["complete"] and m["log"][-1]["action"] == action
        button(board, "undo").click()
        m = wait_version(board, m["version"])
        assert m["log"] == log_before and m["state"]["rows"] == [[6] * 4, [6] * 4]
        board.locator(f".hole[data-row='0'][data-hole='{action['hole']}']").click()
        m = wait_version(board, m["version"])
        button(board, "confirm").click()
        m = wait_version(board, m["version"])
        assert any(e["by"] == "computer" for e in m["log"])
        counts = board.locator(".hole .hole-count").all_text_contents()
        assert [int(c) for c in counts] == m["state"]["rows"][0] + m["state"]["rows"][1]
    # The move list shows every action in the game's notation, the cube's decisions as words
    # ("roll", "double to 4"), not the engine's third person.
    # The computer's moves are in the points the player's board prints (issue 37, item 7).
    shown = board.locator(".play-moves button.entry").all_inner_texts()
    assert shown == [plain_words(in_players_points(e, m["state"].get("geometry"))) for e in m["log"]]
    page.screenshot(path=str(artifacts_dir / f"play-{slug}-answered.png"), full_page=True)
    assert page.js_errors == []


def in_players_points(entry: dict, geometry: str | None) -> str:
    """A tables move of the computer (side 1) renumbered as the player (side 0) counts: Şeş-Beş's
    sides run the same way round (the other's p is p + 12), backgammon's opposite ways (25 - p)."""
    if entry["side"] != 1 or "from" not in entry["action"] or geometry not in ("parallel", "opposite"):
        return entry["notation"]

    def other(p: int) -> int:
        return (p + 11) % 24 + 1 if geometry == "parallel" else 25 - p

    return re.sub(r"(^|/|\s)(\d{1,2})(?=\*|/|\(|\s|$)", lambda g: f"{g[1]}{other(int(g[2]))}", entry["notation"])


def plain_words(notation: str, names=("You", "Computer")) -> str:
    """The move list's words for the engine's notation: the cube's decisions as "roll", "double to
    4"; Béchi's sides by name, not number."""
    plain = {"rolls": "roll", "takes": "take", "drops": "drop"}
    text = plain.get(notation, notation.replace("doubles to", "double to"))
    text = re.sub(r"side (\d) passes", lambda g: f"{names[int(g[1])]} {'pass' if names[int(g[1])] == 'You' else 'passes'}", text)
    text = re.sub(r"side (\d) starts", lambda g: f"{names[int(g[1])]} {'start' if names[int(g[1])] == 'You' else 'starts'}", text)
    return re.sub(r"round over (\d+)-(\d+)", r"round over, \1–\2", text)


def api_create(site: str, body: dict) -> dict:
    request = urllib.request.Request(f"{site}/api/v1/matches/", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def near_the_end_of_ses_bes() -> dict:
    from games.engine import get_variant

    state = get_variant("tables.ses-bes").new_game({"match_to": 1}).to_json()
    mine = [0] * 26
    mine[0], mine[1], mine[3] = 12, 2, 1
    theirs = [0] * 26
    theirs[24] = 15
    state.update(checkers=[mine, theirs], phase="roll", to_move=0, dice=[], roll=None, opening=[5, 2], rolls=[3, 3])
    del state["position_id"], state["pips"]
    return state


def test_a_tables_game_is_played_to_its_end_in_the_page(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=False)
    created = api_create(site, {"variant": "tables.ses-bes", "opponent": "computer", "level": "random",
                                "state": near_the_end_of_ses_bes()})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = page.locator("[data-play]")
    m = wait_ready(board)
    assert "#t=" not in page.url  # the token leaves the address bar
    for _ in range(10):
        if m["outcome"]:
            break
        m = finish_tables_turn(board, m)
    assert m["outcome"] == {"winner": 0, "points": 2, "how": "mars", "score": [2, 0]}
    assert "Game over" in board.locator(".play-status").inner_text()
    assert "You win" in board.locator(".play-facts").inner_text()
    page.screenshot(path=str(artifacts_dir / "play-ses-bes-end.png"), full_page=True)
    # Replay: step back to the start and forward again.
    board.locator("[data-replay=first]").click()
    page.wait_for_function("root => root.playApp.replay === 0", arg=board.element_handle())
    # The starting position is drawn again: one checker on the 3-point, none borne off.
    page.wait_for_function("root => root.querySelectorAll(\"[data-point='3'] .checker\").length === 1",
                           arg=board.element_handle())
    assert board.locator("[data-point='off'] .tray-count").text_content() == "12 off"
    board.locator("[data-replay=next]").click()
    page.wait_for_function("root => root.playApp.replay === 1", arg=board.element_handle())
    board.locator("[data-replay=last]").click()
    page.wait_for_function("root => root.playApp.replay === null", arg=board.element_handle())
    # The record downloads with a position ID for every move.
    href = board.locator("[data-role=download]").get_attribute("href")
    with urllib.request.urlopen(site + href) as response:
        record = json.loads(response.read())
    assert len(record["moves"]) == len(m["log"]) and all(len(x["position_id"]) == 14 for x in record["moves"])
    assert page.js_errors == []


def test_a_bechi_game_is_played_to_its_end_in_the_page(site, page, artifacts_dir):
    fast(page, "mancala")
    page.goto(f"{site}/play/mancala.bechi/")
    board = page.locator("[data-play][data-variant='mancala.bechi']").first
    m = start(board)
    for _ in range(150):
        if m["outcome"]:
            break
        legal = m["legal_actions"]
        if "leave_empty" in legal[0]:
            for hole in legal[0]["leave_empty"]:
                board.locator(f".hole[data-row='{m['to_move']}'][data-hole='{hole}']").click()
            board.locator("[data-leave='commit']").click()  # picks are sent only when committed
        else:
            board.locator(f".hole[data-row='{m['to_move']}'][data-hole='{legal[0]['hole']}']").click()
            if "direction" in legal[0]:
                board.locator(f"[data-direction='{legal[0]['direction']}']").click()
        m = wait_version(board, m["version"])
    assert m["outcome"] is not None
    assert "Game over" in board.locator(".play-status").inner_text()
    page.screenshot(path=str(artifacts_dir / "play-bechi-end.png"), full_page=True)
    assert page.js_errors == []


def test_the_centre_hole_of_a_three_hole_row_asks_for_a_direction(site, page, artifacts_dir):
    fast(page, "mancala")
    created = api_create(site, {"variant": "mancala.bechi", "options": {"holes": 3}, "opponent": "computer",
                                "level": "random"})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = page.locator("[data-play]")
    m = wait_ready(board)
    assert len(m["state"]["rows"][0]) == 3
    board.locator(".hole[data-row='0'][data-hole='1']").click()
    board.locator("[data-direction='anticlockwise']").wait_for()
    assert board.locator("[data-direction]").count() == 2
    page.screenshot(path=str(artifacts_dir / "play-bechi-direction.png"), full_page=True)
    board.locator("[data-direction='clockwise']").click()
    m = wait_version(board, m["version"])
    mine = [e for e in m["log"] if e["by"] == "human"]
    assert mine[0]["action"] == {"hole": 1, "direction": "clockwise"}


def test_the_bechi_board_asks_which_holes_to_leave_empty(site, page, artifacts_dir):
    fast(page, "mancala")
    state = {"variant": "mancala.bechi", "phase": "leave_empty", "to_move": 0, "round": 2, "starter": 1,
             "rows": [[0, 0, 0, 0], [6, 6, 6, 6]], "captured": [0, 0], "aside": [18, 6]}
    created = api_create(site, {"variant": "mancala.bechi", "opponent": "computer", "level": "random",
                                "state": state})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = page.locator("[data-play]")
    m = wait_ready(board)
    assert "leave" in board.locator(".play-status").inner_text()
    page.screenshot(path=str(artifacts_dir / "play-bechi-leave-empty.png"), full_page=True)
    board.locator(".hole[data-row='0'][data-hole='2']").click()
    board.locator("[data-leave='commit']").click()
    m = wait_version(board, m["version"])
    assert m["log"][0]["action"] == {"leave_empty": [2]}
    assert m["state"]["closed"][0][2] is True


def test_two_friends_play_by_link_and_see_each_others_moves(site, chromium, page, artifacts_dir):
    fast(page, "tables", autoConfirm=True)
    page.goto(f"{site}/play/tables.shesh-besh/")
    alice = page.locator("[data-play]")
    alice.locator("input[value=remote]").check()
    alice.get_by_role("button", name="Start").click()
    page.wait_for_function("root => root.playApp.match", arg=alice.element_handle())
    invite = alice.locator("[data-role=share-url]").input_value()
    assert "#t=" in invite and "/play/m/" in invite
    friend_context = chromium.new_context(viewport={"width": 1000, "height": 800})
    try:
        friend = friend_context.new_page()
        fast(friend, "tables", autoConfirm=True)
        friend.goto(invite)
        bob = friend.locator("[data-play]")
        friend.wait_for_function("root => root.playApp.match", arg=bob.element_handle())
        assert match(bob)["you"] == [1]
        boards = {0: alice, 1: bob}
        for _ in range(2):
            m = match(alice)
            mover = boards[m["to_move"]]
            waiter = boards[1 - m["to_move"]]
            m = wait_ready(mover)
            m = finish_tables_turn(mover, m)
            t0 = time.monotonic()
            waiter.page.wait_for_function("([root, v]) => root.playApp.match.version === v",
                                          arg=[waiter.element_handle(), m["version"]], timeout=5_000)
            # Polling once a second with If-None-Match: the other side learns within about a second.
            assert time.monotonic() - t0 < 2.5
            assert match(waiter)["log"] == m["log"]
        friend.screenshot(path=str(artifacts_dir / "play-remote-friend.png"), full_page=True)
    finally:
        friend_context.close()
    assert page.js_errors == []


def test_two_players_share_one_device(site, page):
    fast(page, "tables", autoConfirm=True)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    board.locator("input[value=hotseat]").check()
    board.get_by_role("button", name="Start").click()
    m = wait_ready(board)
    assert m["you"] == [0, 1]
    first = m["to_move"]
    # The side to move plays on a board turned to it: its own points, numbered its own way.
    action = steps(m)[0]
    before = m["version"]
    point(board, action["from"]).click()
    point(board, action["to"]).click()
    m = wait_version(board, before)
    assert m["log"][-1]["action"] == action and m["log"][-1]["side"] == first


def test_the_text_mode_reads_the_board_and_takes_typed_moves(site, page, artifacts_dir):
    fast(page, "tables", textMode=True, autoConfirm=False)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    m = start(board)
    m = until_steps(board, m)
    assert board.locator("[data-role=text]").is_visible()
    assert board.locator("[data-role=board]").get_attribute("aria-hidden") == "true"
    live = board.locator("[data-role=live]")
    assert live.get_attribute("aria-live") == "polite"
    command = board.locator("[data-role=command-input]")

    def send(text: str) -> str:
        count = board.locator("[data-role=transcript] li").count()
        command.fill(text)
        command.press("Enter")
        page.wait_for_function("([root, n]) => root.querySelectorAll('[data-role=transcript] li').length > n + 1",
                               arg=[board.element_handle(), count])
        return board.locator("[data-role=transcript] li").last.inner_text()

    pips = m["state"]["pips"]
    assert send("pips") == f"Pips: You {pips[0]}, Computer {pips[1]}."
    mine, theirs = m["state"]["checkers"]
    assert send("p 6") == (f"Point 6: {mine[6]} checkers of yours." if mine[6] > 1 else send("p 6"))
    if theirs[24] > 1:
        assert send("p 1") == f"Point 1: {theirs[24]} checkers of the opponent's (their 24)."
    assert send("p bar") == f"On the bar: yours {mine[25]}, opponent's {theirs[25]}."
    assert "Score" in send("score")
    assert "Legal now" in send("moves")
    assert "Not understood" in send("fly away")
    step = m["legal_notation"][m["legal_actions"].index(steps(m)[0])]
    command.fill(step)
    command.press("Enter")
    m = wait_version(board, m["version"])
    assert m["log"][-1]["notation"] == step
    page.wait_for_function("root => root.querySelector('[data-role=live]').textContent.includes('You play')",
                           arg=board.element_handle())
    command.fill("undo")
    command.press("Enter")
    m = wait_version(board, m["version"])
    assert m["log"][-1]["by"] != "human"
    page.screenshot(path=str(artifacts_dir / "play-text-mode.png"), full_page=True)
    # The match's own commands: a rematch only after the end; resigning asks first, as the button does.
    assert send("rematch") == "A rematch follows the end of the match: finish or resign it first."
    page.once("dialog", lambda d: d.accept())
    command.fill("resign")
    command.press("Enter")
    m = wait_version(board, m["version"])
    assert m["outcome"]["how"] == "resign" and m["outcome"]["winner"] == 1
    assert send("resign") == "The match is over: there is nothing to resign."
    assert page.js_errors == []


def test_a_phone_plays_by_tapping(site, phone_page, artifacts_dir):
    page = phone_page
    fast(page, "tables", autoConfirm=True)
    page.goto(f"{site}/play/tables.takhte-nard/")
    board = page.locator("[data-play]")
    m = start(board)
    m = until_steps(board, m, tap=True)
    action = steps(m)[0]
    point(board, action["from"]).tap()
    point(board, action["to"]).tap()
    m = wait_version(board, m["version"])
    assert any(e["action"] == action for e in m["log"])
    # Nothing sticks out sideways on a 390-pixel screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    page.screenshot(path=str(artifacts_dir / "play-phone-takhte-nard.png"), full_page=True)
    page.goto(f"{site}/play/mancala.bechi/")
    fast(page, "mancala")
    board = page.locator("[data-play]")
    m = start(board)
    board.locator(f".hole[data-row='0'][data-hole='{m['legal_actions'][0]['hole']}']").tap()
    m = wait_version(board, m["version"])
    page.screenshot(path=str(artifacts_dir / "play-phone-bechi.png"), full_page=True)


LAYOUT = """root => {
  const box = (el) => el.getBoundingClientRect();
  const side = box(root.querySelector('.play-side'));
  const svg = box(root.querySelector('.board-svg'));
  const view = document.documentElement.clientWidth;
  return {scroll: document.documentElement.scrollWidth, view, side: [side.left, side.right],
          board: [svg.left, svg.right],
          inside: [...root.querySelectorAll('.play-side dd, .play-side button, .play-side input')]
            .map((el) => box(el).right),
          clipped: [...root.querySelectorAll('.play-facts dd')].filter((el) => el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.textContent)};
}"""


def test_the_board_and_panel_fit_the_screen(catalogue, chromium, artifacts_dir):
    for width in (1280, 390):
        fits_the_screen(catalogue, chromium, artifacts_dir, width)


def fits_the_screen(catalogue, chromium, artifacts_dir, width):
    context = chromium.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        fast(page, "tables")
        for url, name in ((f"{catalogue}/play/tables.ses-bes/", "play"), (f"{catalogue}/games/ses-bes/", "game")):
            page.goto(url)
            board = page.locator("[data-play][data-variant='tables.ses-bes']").first
            # The board is drawn when its family's script has come, and the page's layout shifts
            # then: choose once it is there, or a click meant for the radio can land beside it.
            board.locator("svg").first.wait_for()
            board.locator("input[value=hotseat]").check()
            board.get_by_role("button", name="Start").click()
            wait_ready(board)
            board.scroll_into_view_if_needed()
            box = board.evaluate(LAYOUT)
            assert box["scroll"] <= box["view"], f"{name}: the page scrolls sideways at {width} px"
            # Inside the page's margins, not flush against either edge, and nothing in the panel clipped.
            assert 8 <= box["side"][0] and box["side"][1] <= box["view"] - 8, (name, box)
            assert 8 <= box["board"][0] and box["board"][1] <= box["view"] - 8, (name, box)
            assert max(box["inside"]) <= box["view"] - 8 and box["clipped"] == [], (name, box)
            if width > 860:  # side by side: the panel is to the right of the board
                assert box["side"][0] >= box["board"][1], (name, box)
            page.screenshot(path=str(artifacts_dir / f"play-layout-{name}-{width}.png"))
    finally:
        context.close()
