"""The board offers only what can be played and never acts on a position the player has not seen
(issue 37): a checker's targets are where a complete legal play takes it; the 6-5 jump's dice
count as played; with latency a click made while the answer is being drawn does nothing; the
status line keeps the player's place after Start and after the computer's moves; on a phone
the board stays in view, the page does not scroll sideways and every square is a finger wide."""
from __future__ import annotations

import json
import time

import pytest

from tests.browser.test_play import SETTLED, api_create, match, point, wait_ready, wait_version
from tests.browser.test_play import site  # noqa: F401  (fixture)
from tests.browser.test_play_feel import NOTICE, open_match, tables_state
from tests.conftest import loaded

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def quiet(page, family: str, **extra) -> None:
    settings = {"speed": "off", **extra}
    page.add_init_script(f"localStorage.setItem('play:settings:{family}', '{json.dumps(settings)}')")


def context_for(chromium, size: str):
    return chromium.new_context(viewport=LAPTOP) if size == "laptop" else chromium.new_context(**PHONE)


def watch(page) -> list[str]:
    """JavaScript errors on the page, as the shared fixture collects them."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def targets_of(board, p: int) -> set[int]:
    """Select the checker on ``p`` (side 0, drawn at the bottom) and read the targets lit."""
    point(board, p).click()
    board.locator(".checker.selected").first.wait_for()
    lit = {int(v) for v in board.locator(".point.dest").evaluate_all("els => els.map(e => e.dataset.point)")}
    if board.locator(".tray.dest[data-point='off']").count():
        lit.add(0)
    point(board, p).click()  # let it go again
    board.page.wait_for_function("root => !root.querySelector('.checker.selected')", arg=board.element_handle())
    return lit


def hotseat(site, variant: str, me: list[int], them: list[int], dice: list[int]) -> dict:
    """Side 0 to move with ``dice``; ``them`` in side 1's own numbering."""
    state = tables_state(variant, [me, them], phase="move", to_move=0, dice=dice,
                         roll=dice[:2] if len(dice) > 2 else dice)
    return api_create(site, {"variant": variant, "opponent": "hotseat", "state": state})


def counts(**points) -> list[int]:
    row = [0] * 26
    for name, n in points.items():
        row[{"bar": 25, "off": 0}.get(name) if name in ("bar", "off") else int(name[1:])] = n
    return row


def reached_by_playing(board, page, source: int, target: int) -> None:
    """Play ``source`` to ``target`` as the board offers it, check nothing was refused, take it back."""
    before = match(board)
    point(board, source).click()
    point(board, target if target else 0).click()
    page.wait_for_function(f"root => {SETTLED} && root.playApp.match.version > {before['version']}",
                           arg=board.element_handle())
    assert not board.locator(NOTICE).is_visible(), board.locator(NOTICE).inner_text()
    m = match(board)
    assert m["state"]["checkers"][0][target] == before["state"]["checkers"][0][target] + 1, (source, target)
    while match(board)["version"] != before["version"] and {"undo": True} in match(board)["legal_actions"]:
        version = match(board)["version"]
        board.evaluate("root => root.playApp.act({undo: true})")
        page.wait_for_function(f"root => {SETTLED} && root.playApp.match.version !== {version}",
                               arg=board.element_handle())
    assert match(board)["state"]["checkers"] == before["state"]["checkers"]


# -- 1. targets: only where a complete legal play goes ---------------------------------------------


def test_a_checkers_targets_are_where_a_complete_legal_play_takes_it(site, page, artifacts_dir):
    quiet(page, "tables", autoConfirm=False)
    # Backgammon 6-6 from the start: 8/2 is a step, but no play takes that checker on to bear
    # off (its fellows are not home); 24/18/12, 13/7/1 and the like are not blocked.
    start = counts(p24=2, p13=5, p8=3, p6=5)
    board = open_match(page, site, hotseat(site, "tables.backgammon", start, list(start), [6, 6, 6, 6]))
    assert targets_of(board, 8) == {2}
    assert not board.locator(".tray.dest").count()
    m = match(board)
    for source in sorted({a["from"] for a in m["legal_actions"] if "from" in a}):
        lit = targets_of(board, source)
        ends = {a["to"] for a in m["legal_actions"] if a.get("from") == source}
        ends |= {p[-1]["to"] for p in m["legal_paths"] if p[0]["from"] == source}
        assert lit == ends, (source, lit, ends)
    page.screenshot(path=str(artifacts_dir / "board-targets-66.png"))

    # Şeş-Beş 4-1: one checker closes a point (SS-4); 12, 10 and 9 (the opponent's 24, 22 and 21)
    # are closed, so 17, 15 and 14 go one die at a time and never to 12, 10 or 9.
    me = counts(p24=10, p17=1, p15=1, p14=1, p13=2)
    them = counts(p24=13, p22=1, p21=1)
    board = open_match(page, site, hotseat(site, "tables.ses-bes", me, them, [4, 1]))
    for source, never in ((17, 12), (15, 10), (14, 9)):
        lit = targets_of(board, source)
        assert never not in lit, (source, lit)
        for target in lit:
            reached_by_playing(board, page, source, target)

    # Takhte Nard 6-6 with two checkers on 13: one of them cannot bear off while the other is out.
    me = counts(p13=2, p6=3, p5=3, p4=3, p3=2, p2=2)
    them = counts(p13=5, p11=2, p8=3, p6=5)
    board = open_match(page, site, hotseat(site, "tables.takhte-nard", me, them, [6, 6, 6, 6]))
    lit = targets_of(board, 13)
    assert 0 not in lit and lit == {7, 1}, lit
    for target in lit:
        reached_by_playing(board, page, 13, target)
    assert page.js_errors == []


# -- 2. the 6-5 jump ----------------------------------------------------------------------------------


def test_the_six_five_jump_is_shown_as_playable(site, page, artifacts_dir):
    """Şeş-Beş position SJUoVDUB4FeCPA, 6-5 to play: 24/13 (SS-7) is the one legal move."""
    from games.engine.tables import positionid
    from games.engine.tables.game import _counts

    on_roll, other = positionid.decode("SJUoVDUB4FeCPA")[::-1]
    quiet(page, "tables", autoConfirm=False)
    board = open_match(page, site, hotseat(site, "tables.ses-bes", list(_counts(on_roll)), list(_counts(other)), [6, 5]))
    m = match(board)
    assert [a for a in m["legal_actions"] if "from" in a] == [{"from": 24, "to": 13}]
    assert board.locator(".die.unplayable").count() == 0
    assert "cannot be played" not in board.locator(".dice").text_content()
    assert targets_of(board, 24) == {13}
    page.screenshot(path=str(artifacts_dir / "board-jump-65.png"))
    point(board, 24).click()
    point(board, 13).click()
    m = wait_version(board, m["version"])
    assert m["state"]["checkers"][0][13] == 7 and not board.locator(NOTICE).is_visible()
    assert page.js_errors == []


# -- 3. no click acts on a position the player has not seen ----------------------------------------


class HeldRoutes:
    """Requests to the play API held back until the test lets them go: added latency that the
    test controls to the millisecond, without blocking the page."""

    def __init__(self, page):
        self.held: list = []
        self.actions: list[str] = []
        self.page = page
        page.route("**/api/v1/matches/*/actions/", self.hold)
        page.route("**/api/v1/matches/*/record/**", self.hold)

    def hold(self, route):
        if route.request.method == "POST":
            self.actions.append(route.request.post_data or "")
        self.held.append(route)

    def release_after(self, ms: int, kind: str) -> None:
        deadline = time.monotonic() + 10
        while not any(kind in r.request.url for r in self.held):
            assert time.monotonic() < deadline, f"no {kind} request came"
            self.page.wait_for_timeout(5)
        self.page.wait_for_timeout(ms)
        for route in [r for r in self.held if kind in r.request.url]:
            self.held.remove(route)
            route.continue_()

    def release_all(self) -> None:
        while self.held:
            self.held.pop(0).continue_()


def race_place(board, side: int, p: int):
    geometry = board.evaluate("root => (root.playApp.match.board || root.playApp.config.board).geometry")
    routes = geometry["routes"]
    if p == 0:
        return board.locator(f"[data-zone='start'][data-side='{side}']")
    if p == len(routes[side]) + 1:
        return board.locator(f"[data-zone='off'][data-side='{side}']")
    return board.locator(f"[data-cell='{routes[side][p - 1]}']")


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box, f"{locator} is not drawn"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def to_a_move(board, m: dict) -> dict:
    for _ in range(30):
        if [a for a in m["legal_actions"] if "from" in a] or m["outcome"]:
            return m
        for name in ("pass", "confirm"):
            if {name: True} in m["legal_actions"]:
                board.locator(f"[data-do='{name}']").click()
                break
        m = wait_version(board, m["version"])
        m = wait_ready(board)
    raise AssertionError("no move came")


@pytest.mark.parametrize("variant", ["race.ur", "race.xii-scripta"])
def test_a_click_while_the_answer_is_drawn_does_nothing(site, chromium, artifacts_dir, variant):
    """300 ms of latency on the play API, then a second move clicked 50 ms after the answer came,
    while the board fetches what happened since: the click must not act (before, it sent a move
    from the old position: refused with raw JSON, or played on a throw not yet seen)."""
    context = chromium.new_context(viewport=LAPTOP)
    page = context.new_page()
    errors = watch(page)
    quiet(page, "race", autoConfirm=True)
    created = api_create(site, {"variant": variant, "opponent": "computer", "level": "random"})
    try:
        board = open_match(page, site, created)
        tried = 0
        for _ in range(12):
            m = to_a_move(board, wait_ready(board))
            if m["outcome"]:
                break
            side = m["to_move"]
            moves = [a for a in m["legal_actions"] if "from" in a]
            first, second = moves[0], moves[-1]
            held = HeldRoutes(page)
            # Where the second move's squares are on the position the player has seen: a player
            # clicks there, whatever the board is redrawing at that instant (an element caught
            # mid-redraw has no box, and a forced click on it raises instead of clicking).
            race_place(board, side, first["from"]).click()
            race_place(board, side, first["to"]).click()
            spots = [centre(race_place(board, side, second[k])) for k in ("from", "to")]
            held.release_after(300, "/actions/")
            # The answer is in the page: 50 ms later, another move of the old position.
            page.wait_for_timeout(50)
            busy = board.evaluate("root => root.playApp.busy || root.dataset.settled !== 'yes'")
            for x, y in spots:
                page.mouse.click(x, y)
            page.wait_for_timeout(60)
            sent = len(held.actions)
            held.release_all()
            page.unroute("**/api/v1/matches/*/actions/")
            page.unroute("**/api/v1/matches/*/record/**")
            m = wait_ready(board)
            if busy:
                tried += 1
                sent_actions = [json.loads(a)["action"] for a in held.actions]
                assert sent == 1, f"a click on the old position was sent: {sent_actions}"
            notice = board.locator(NOTICE)
            assert not (notice.is_visible() and "{" in notice.inner_text()), notice.inner_text()
            assert not (notice.is_visible() and notice.get_attribute("data-kind") == "error"), notice.inner_text()
            if tried >= 3:
                break
        assert tried >= 1, "the answer was never still being drawn 50 ms after it came"
        page.screenshot(path=str(artifacts_dir / f"board-latency-{variant}.png"))
        assert errors == []
    finally:
        context.close()


def test_a_refused_race_move_is_told_in_words(site):
    """The server's own reason names squares, not the action's JSON."""
    import urllib.error
    import urllib.request

    created = api_create(site, {"variant": "race.ur", "opponent": "hotseat"})
    m = created
    for _ in range(20):
        if any("from" in a for a in m["legal_actions"]):
            break
        action = next(a for a in m["legal_actions"] if "undo" not in a)
        m = post_action(site, m, created["token"], action)
    legal = {(a["from"], a["to"]) for a in m["legal_actions"] if "from" in a}
    wrong = next((0, t) for t in range(1, 15) if (0, t) not in legal)
    request = urllib.request.Request(
        f"{site}/api/v1/matches/{m['id']}/actions/", method="POST",
        data=json.dumps({"action": {"from": wrong[0], "to": wrong[1]}, "version": m["version"]}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {created['token']}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    reason = json.loads(refused.value.read())["reason"]
    assert "{" not in reason and f"cannot go to {wrong[1]} with this throw" in reason, reason


def post_action(site, m: dict, token: str, action: dict) -> dict:
    import urllib.request

    request = urllib.request.Request(
        f"{site}/api/v1/matches/{m['id']}/actions/", method="POST",
        data=json.dumps({"action": action, "version": m["version"]}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


# -- 5, 6. the player's place after Start ------------------------------------------------------------


TABS_TO_TEXT_MODE = """root => document.activeElement === root.querySelector('[data-toggle=textMode]')"""


@pytest.mark.parametrize("variant,family", [("race.ur", "race"), ("tables.ses-bes", "tables")])
def test_focus_goes_to_the_status_line_after_start_and_the_computers_moves(site, chromium, variant, family):
    context = chromium.new_context(viewport=LAPTOP)
    page = context.new_page()
    errors = watch(page)
    quiet(page, family, autoConfirm=True)
    try:
        page.goto(f"{site}/play/{variant}/")
        board = page.locator("[data-play]").first
        board.locator("select[name=level]").select_option("random")
        start = board.get_by_role("button", name="Start")
        start.focus()
        page.keyboard.press("Enter")
        m = wait_ready(board, timeout=20_000)
        assert board.evaluate("root => document.activeElement === root.querySelector('[data-role=status]')")
        # Text mode is a few Tabs away (it took 51 from <body>).
        for presses in range(1, 9):
            page.keyboard.press("Tab")
            if board.evaluate(TABS_TO_TEXT_MODE):
                break
        else:
            raise AssertionError("Text mode is not within 8 Tab presses of the status line")
        # After a move of the player's and the computer's answer, the status line again.
        page.evaluate("() => document.activeElement.blur()")
        seen = len(m["log"])
        for _ in range(8):
            m = wait_ready(board)
            if m["outcome"] or any(e["by"] == "computer" for e in m["log"][seen:]):
                break
            moves = [a for a in m["legal_actions"] if "from" in a]
            decision = next((a for a in m["legal_actions"] if a in ({"double": False}, {"pass": True}, {"confirm": True})), None)
            board.evaluate("(root, a) => root.playApp.act(a)", moves[0] if moves else decision)
            wait_version(board, m["version"])
        m = wait_ready(board)
        assert any(e["by"] == "computer" for e in m["log"][seen:])
        assert board.evaluate("root => document.activeElement === root.querySelector('[data-role=status]')")
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("variant,family", [("tables.ses-bes", "tables"), ("race.ur", "race")])
def test_on_a_phone_the_board_is_in_view_after_start(site, chromium, artifacts_dir, variant, family):
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    errors = watch(page)
    quiet(page, family)
    try:
        page.goto(f"{site}/play/{variant}/")
        board = page.locator("[data-play]").first
        board.locator("select[name=level]").select_option("random")
        start = board.get_by_role("button", name="Start")
        start.scroll_into_view_if_needed()
        assert start.bounding_box()["y"] > 0
        start.tap()
        wait_ready(board, timeout=20_000)
        page.wait_for_timeout(200)
        svg = board.locator(".board-svg").bounding_box()
        status = board.locator("[data-role=status]").bounding_box()
        assert status["y"] >= -1 and svg["y"] >= 0 and svg["y"] < 844 / 2, (status, svg)
        page.screenshot(path=str(artifacts_dir / f"board-phone-after-start-{family}.png"))
        assert errors == []
    finally:
        context.close()


# -- 12. phones: no sideways scroll, finger-sized squares --------------------------------------------


WIDTH = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


# 58 Holes' 11 columns of holes would be 32.7 px each across 374 px: its board keeps them a finger
# wide and scrolls sideways inside its frame, the page itself not.
@pytest.mark.parametrize("variant", ["race.xii-scripta", "race.twenty-squares", "race.senet", "race.ur",
                                     "race.58-holes"])
def test_on_a_phone_every_square_is_a_finger_wide_and_takes_a_tap(site, chromium, artifacts_dir, variant):
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    errors = watch(page)
    quiet(page, "race", autoConfirm=True)
    created = api_create(site, {"variant": variant, "opponent": "computer", "level": "random"})
    try:
        board = open_match(page, site, created)
        assert page.evaluate(WIDTH) == 0
        # Measured once the board is laid out (a loaded machine drew it a frame late: every 0 px),
        # in the same frame as the check: a redraw between a wait and a separate measurement gave
        # 0 px again on a loaded CI machine.
        sizes = page.wait_for_function(
            "root => { const s = [...root.querySelectorAll('[data-cell]')].map((e) => {"
            " const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); });"
            " return s.length && s.every((x) => x > 0) ? s : null; }",
            arg=board.element_handle(), timeout=10_000).json_value()
        assert min(sizes) >= 44, f"the smallest square is {min(sizes):.1f} px"
        box = board.locator(".board-svg").bounding_box()
        assert box["height"] <= 844, box
        frame = board.locator(".play-board")
        wide = frame.evaluate("f => [f.scrollWidth, f.clientWidth, f.scrollLeft]")
        if variant == "race.58-holes":
            # the board is wider than the screen: its frame scrolls, opened on the board's middle
            assert wide[0] > wide[1] and 0 < wide[2] < wide[0] - wide[1], wide
        else:
            assert wide[0] == wide[1], wide
        # The turned board takes taps where its squares are drawn.
        m = to_a_move(board, wait_ready(board))
        if not m["outcome"]:
            move = [a for a in m["legal_actions"] if "from" in a][0]
            race_place(board, m["to_move"], move["from"]).tap()
            race_place(board, m["to_move"], move["to"]).tap()
            m = wait_version(board, m["version"])
            assert any(e["by"] == "human" and e["action"] == move for e in m["log"])
        page.screenshot(path=str(artifacts_dir / f"board-phone-{variant}.png"))
        assert errors == []
    finally:
        context.close()


def test_the_ur_game_page_does_not_scroll_sideways_on_a_phone(site, chromium):
    loaded(("load_catalogue", "--without-dlp"))
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    try:
        assert page.goto(f"{site}/games/royal-game-of-ur/").status == 200
        assert page.locator(".clauses").count()
        assert page.evaluate(WIDTH) == 0
    finally:
        context.close()


# -- 7. the other side's numbering on a tables board ---------------------------------------------------


def numbers_on(board) -> dict[int, tuple[int, int, dict, dict]]:
    """Each point as drawn: its number for the player and the other side's, and their boxes."""
    return {int(k): (int(a), int(b), ba, bb) for k, a, b, ba, bb in board.evaluate("""root =>
      [...root.querySelectorAll('.point[data-point]')].map((g) => {
        const own = g.querySelector('.point-no'), other = g.querySelector('.point-no-other');
        const box = (t) => { const r = t.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height }; };
        return [g.dataset.point, own.textContent, other.textContent, box(own), box(other)];
      })""")}


def apart(a: dict, b: dict) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("variant,theirs", [
    ("tables.backgammon", lambda p: 25 - p),           # the routes run opposite ways
    ("tables.ses-bes", lambda p: (p + 11) % 24 + 1),   # both run the same way from opposite heads
])
def test_a_tables_board_labels_each_point_in_both_numberings(site, chromium, artifacts_dir, size, variant, theirs):
    from games.engine import get_variant

    context = context_for(chromium, size)
    page = context.new_page()
    errors = watch(page)
    quiet(page, "tables", autoConfirm=True)
    start = get_variant(variant).new_game({"match_to": 1}).to_json()["checkers"]
    state = tables_state(variant, start, phase="roll", to_move=1)  # the computer throws first
    created = api_create(site, {"variant": variant, "opponent": "computer", "level": "random", "state": state})
    try:
        board = open_match(page, site, created)
        m = wait_ready(board)
        drawn = numbers_on(board)
        assert sorted(drawn) == list(range(1, 25))
        svg = board.locator(".board-svg").bounding_box()
        for own, (mine, other, a, b) in drawn.items():
            assert mine == own and other == theirs(own), (own, mine, other)
            assert apart(a, b), (own, a, b)  # side by side, readable
            assert b["height"] >= 8 and a["height"] >= 8, (own, a, b)
            for box in (a, b):
                assert svg["x"] - 1 <= box["x"] and box["x"] + box["width"] <= svg["x"] + svg["width"] + 1, (own, box)
        # The computer's move, written in the player's numbering in the list, is found on the
        # board under the computer's own numbers too.
        moved = [e for e in m["log"] if e["by"] == "computer" and 1 <= e["action"].get("from", 0) <= 24]
        assert moved, m["log"]
        step = moved[0]["action"]
        ours = [p for p, (_, other, _, _) in drawn.items() if other == step["from"]]
        assert ours == [theirs(step["from"])]
        written = " ".join(board.locator(".play-moves li").all_inner_texts())
        assert f"{ours[0]}/" in written, (step, written)
        assert f"the opponent's {step['from']}" in board.locator(f"[data-point='{ours[0]}'] title").text_content()
        page.screenshot(path=str(artifacts_dir / f"board-numberings-{variant}-{size}.png"))
        assert errors == []
    finally:
        context.close()
