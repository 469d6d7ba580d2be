"""The board comes first (issue 15), in real Chromium: a game page opens on its board, ready to
play, with the start choices beside it and all of it on a 1366x768 screen; /play/<game slug>/;
the cube offer drawn on the cube; a combined move by dragging to the sum point and by typing
24/13; a phone's whole width with finger-sized points; a wide screen's board past 848 px; the
text mode switched on beside the board; and a game page that fetches neither the map library
before its map is near nor another family's board."""
from __future__ import annotations

import urllib.error
import urllib.request

from tests.browser.test_play import (
    api_create, button, fast, match, point, start, steps, until_steps, wait_ready, wait_version,
)
from tests.browser.test_play import catalogue, site  # noqa: F401  (fixtures)
from tests.browser.test_play_feel import open_match, tables_state

RESOURCES = "() => performance.getEntriesByType('resource').map((e) => e.name)"


def laptop(chromium, width=1366, height=768):
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    page.on("console", lambda msg: page.js_errors.append(msg.text) if "Content Security Policy" in msg.text else None)
    return context, page


def wait_loaded(board) -> None:
    board.page.wait_for_function("root => root.dataset.loaded === 'yes'", arg=board.element_handle())


def box(locator) -> dict:
    return locator.bounding_box()


def test_a_game_page_opens_on_its_board_ready_to_play_at_1366x768(catalogue, chromium, artifacts_dir):  # noqa: F811
    context, page = laptop(chromium)
    try:
        page.goto(f"{catalogue}/games/shesh-besh/")
        board = page.locator("[data-play][data-variant='tables.shesh-besh']").first
        wait_loaded(board)
        svg = box(board.locator(".board-svg"))
        start_button = box(board.get_by_role("button", name="Start"))
        # The board and its start choices are on the first screen, side by side, the board
        # already showing the starting position.
        assert svg["y"] >= 0 and svg["y"] + svg["height"] <= 768, svg
        assert start_button["y"] + start_button["height"] <= 768 and start_button["x"] > svg["x"] + svg["width"] - 1
        assert board.locator(".checker").count() == 30
        # The section bar has a Play entry, and comes after the board (so it never covers it).
        toc = page.locator("nav.toc")
        assert toc.get_by_role("link", name="Play").get_attribute("href") == "#play"
        assert box(toc)["y"] >= svg["y"] + svg["height"]
        assert toc.evaluate("n => getComputedStyle(n).position") == "static"
        page.screenshot(path=str(artifacts_dir / "layout-game-page-1366.png"))
        # Started there, the match is on the same board; the turn's buttons are on the screen too.
        fast(page, "tables", autoConfirm=False)
        m = start(board)
        assert m["sides"][1]["player"] == "computer"
        controls = box(board.locator(".play-controls"))
        assert controls["y"] + controls["height"] <= 768, controls
        assert box(board.locator(".board-svg"))["y"] >= 0
        assert page.js_errors == []
    finally:
        context.close()


def test_a_game_page_loads_the_map_library_only_when_the_map_comes_near(catalogue, chromium):  # noqa: F811
    context, page = laptop(chromium)
    try:
        page.goto(f"{catalogue}/games/shesh-besh/")
        board = page.locator("[data-play]").first
        wait_loaded(board)
        page.wait_for_load_state("networkidle")
        names = page.evaluate(RESOURCES)
        assert not [n for n in names if "leaflet" in n or "topojson" in n or n.endswith("/js/map.js")], names
        assert page.evaluate("typeof window.L") == "undefined"
        # Only the tables family's board: neither Béchi's nor the race games'.
        assert any(n.endswith("/family-tables.js") for n in names)
        assert not [n for n in names if "bechi" in n or "race" in n or "mancala" in n], names
        page.locator("[data-map]").scroll_into_view_if_needed()
        page.wait_for_function("() => document.querySelector('[data-map]').dataset.ready === 'true'")
        names = page.evaluate(RESOURCES)
        assert any("leaflet.js" in n for n in names)
        assert page.js_errors == []
    finally:
        context.close()


def test_a_bechi_page_loads_the_bechi_board_and_not_the_tables_board(catalogue, chromium):  # noqa: F811
    context, page = laptop(chromium)
    try:
        page.goto(f"{catalogue}/play/bechi/")
        board = page.locator("[data-play]").first
        wait_loaded(board)
        names = page.evaluate(RESOURCES)
        assert any(n.endswith("/bechi-board.js") for n in names)
        assert not [n for n in names if "tables" in n or "race-board" in n], names
    finally:
        context.close()


def status_of(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_play_by_game_slug_picks_the_first_ruleset_and_offers_the_others(catalogue, page):  # noqa: F811
    page.goto(f"{catalogue}/play/shesh-besh/")
    board = page.locator("[data-play]")
    wait_loaded(board)
    assert board.get_attribute("data-variant") == "tables.shesh-besh"
    assert page.locator("h1").inner_text().startswith("Shesh Besh")
    # Béchi has two playable rulesets: the first on the board, the other offered by link.
    page.goto(f"{catalogue}/play/bechi/")
    first = page.locator("[data-play]")
    wait_loaded(first)
    other = page.locator(".play-rulesets a[href^='?ruleset=']")
    assert other.count() == 1
    other.click()
    board = page.locator("[data-play]")
    wait_loaded(board)
    assert board.evaluate("root => root.playApp.config.options.holes") == 3
    fast(page, "mancala")
    m = start(board)
    assert m["variant"] == "mancala.bechi" and m["options"]["holes"] == 3
    # Unknown games and rulesets are a 404 page.
    for url in (f"{catalogue}/play/no-such-game/", f"{catalogue}/play/bechi/?ruleset=nothing"):
        code, body = status_of(url)
        assert code == 404 and "Not Found" in body, url
    assert page.js_errors == []


def test_the_cube_offer_is_drawn_on_the_cube(site, page, artifacts_dir):  # noqa: F811
    fast(page, "tables", autoConfirm=False)
    white = [0] * 26
    white[6], white[8], white[13] = 5, 3, 7
    black = [0] * 26
    black[6], black[8], black[13] = 5, 3, 7
    state = tables_state("tables.takhte-nard", [white, black], match_to=3, phase="cube", to_move=0,
                         cube={"value": 1, "owner": None})
    created = api_create(site, {"variant": "tables.takhte-nard", "opponent": "hotseat", "state": state})
    board = open_match(page, site, created)
    m = match(board)
    assert board.locator(".cube.offered").count() == 0
    button(board, "double").click()
    m = wait_version(board, m["version"])
    assert m["state"]["phase"] == "take"
    cube = board.locator(".cube.offered")
    assert cube.count() == 1
    assert cube.get_attribute("data-value") == "2"
    assert "Doubled to 2: take or drop?" in cube.text_content()
    # Drawn on the taker's half (the board has turned to the taker, so the lower half).
    svg = box(board.locator(".board-svg"))
    face = box(cube.locator(".cube-face"))
    assert face["y"] + face["height"] / 2 > svg["y"] + svg["height"] / 2
    page.screenshot(path=str(artifacts_dir / "layout-cube-offer.png"))
    button(board, "take").click()
    wait_version(board, m["version"])
    assert board.locator(".cube.offered").count() == 0
    assert page.js_errors == []


def opening_65(site) -> dict:
    white = [0] * 26
    white[24], white[13], white[8], white[6] = 2, 5, 3, 5
    black = list(white)
    state = tables_state("tables.shesh-besh", [white, black], phase="move", to_move=0, dice=[6, 5], roll=[6, 5])
    return api_create(site, {"variant": "tables.shesh-besh", "opponent": "hotseat", "state": state})


def test_dragging_a_checker_to_the_sum_point_plays_both_dice(site, page, artifacts_dir):  # noqa: F811
    fast(page, "tables", autoConfirm=False)
    board = open_match(page, site, opening_65(site))
    m = match(board)
    assert {"from": 24, "to": 13} not in m["legal_actions"]
    # Selected, the checker on 24 shows 13 as a target reached with both dice.
    point(board, 24).click()
    board.locator("[data-point='13'] .dest-mark.sum").wait_for()
    assert board.locator(".dest-mark.sum").count() == 1  # 18 and 19 are single steps
    point(board, 24).click()  # let it go again
    page.wait_for_function("root => !root.querySelector('.checker.selected')", arg=board.element_handle())
    src = box(point(board, 24).locator(".checker.movable"))
    dst = box(point(board, 13))
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
    page.mouse.down()
    page.mouse.move(dst["x"] + dst["width"] / 2, dst["y"] + dst["height"] / 2, steps=8)
    page.mouse.up()
    page.wait_for_function("root => root.playApp.match.log.length >= 2 && root.dataset.settled === 'yes'",
                           arg=board.element_handle())
    m = wait_ready(board)
    moved = [e["action"] for e in m["log"] if "from" in e["action"]]
    assert [(a["from"], a["to"]) for a in moved] == [(24, 18), (18, 13)]
    assert m["state"]["checkers"][0][13] == 6 and m["state"]["checkers"][0][24] == 1
    assert m["state"]["dice"] == [] and m["turn"]["complete"]
    page.screenshot(path=str(artifacts_dir / "layout-sum-drag.png"))
    assert page.js_errors == []


def test_text_mode_takes_a_combined_move_and_is_switched_on_beside_the_board(site, page):  # noqa: F811
    fast(page, "tables", autoConfirm=False)
    board = open_match(page, site, opening_65(site))
    # The board's own label says the text mode is there, and its switch sits by the board.
    assert "text mode" in board.locator(".board-svg").get_attribute("aria-label").lower()
    toggle = board.locator(".play-board-wrap [data-toggle=textMode]")
    assert toggle.is_visible() and toggle.get_attribute("aria-pressed") == "false"
    assert not board.locator("[data-role=text]").is_visible()
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert board.locator("[data-role=text]").is_visible()
    assert board.locator("[data-setting=textMode]").is_checked()
    m = match(board)
    board.locator("[data-role=command-input]").fill("24/13")
    board.locator("[data-role=command-input]").press("Enter")
    page.wait_for_function("root => root.playApp.match.turn && root.playApp.match.turn.complete && root.dataset.settled === 'yes'",
                           arg=board.element_handle())
    m = match(board)
    assert m["state"]["checkers"][0][13] == 6 and m["state"]["checkers"][0][24] == 1
    # A combined move the dice cannot make is refused in words, and nothing moves.
    board.locator("[data-role=command-input]").fill("undo")
    board.locator("[data-role=command-input]").press("Enter")
    m = wait_version(board, m["version"])
    board.locator("[data-role=command-input]").fill("24/12")
    board.locator("[data-role=command-input]").press("Enter")
    board.locator(".play-transcript .answer", has_text="24/12").wait_for()
    assert match(board)["version"] == m["version"]
    assert page.js_errors == []


def test_a_phone_gives_the_board_the_whole_width_and_finger_sized_points(site, phone_page, artifacts_dir):  # noqa: F811
    page = phone_page
    fast(page, "tables", autoConfirm=False)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    wait_loaded(board)
    svg = box(board.locator(".board-svg"))
    assert svg["x"] <= 8 and svg["width"] >= 372, svg
    sizes = board.evaluate("""root => [...root.querySelectorAll('[data-point] rect.hit')].map((r) => {
        const b = r.getBoundingClientRect(); return [b.width, b.height]; })""")
    assert len(sizes) == 24
    assert min(min(w, h) for w, h in sizes) >= 32, sizes
    numbers = board.evaluate("""root => [...root.querySelectorAll('.point-no')].map((t) => {
        const b = t.getBoundingClientRect(); return b.height; })""")
    assert min(numbers) >= 11, numbers
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    page.screenshot(path=str(artifacts_dir / "layout-phone-390.png"), full_page=True)
    # Tapping still plays, on the turned board.
    m = until_steps(board, start(board), tap=True)
    action = steps(m)[0]
    point(board, action["from"]).tap()
    point(board, action["to"]).tap()
    m = wait_version(board, m["version"])
    assert any(e["action"] == action for e in m["log"])
    # Turned on its side, the phone shows the board unturned, whole within the screen's height,
    # with the panel beside it.
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_function("root => !root.querySelector('.board-svg.portrait')", arg=board.element_handle())
    board.locator(".board-svg").scroll_into_view_if_needed()
    svg = box(board.locator(".board-svg"))
    side = box(board.locator(".play-side"))
    assert svg["height"] <= 390 and side["x"] >= svg["x"] + svg["width"], (svg, side)
    page.screenshot(path=str(artifacts_dir / "layout-phone-landscape.png"))


def test_a_wide_screen_lets_the_board_grow(catalogue, chromium, artifacts_dir):  # noqa: F811
    context, page = laptop(chromium, 1920, 1080)
    try:
        page.goto(f"{catalogue}/games/shesh-besh/")
        board = page.locator("[data-play]").first
        wait_loaded(board)
        svg = box(board.locator(".board-svg"))
        assert svg["width"] > 848, svg
        assert svg["y"] + svg["height"] <= 1080
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920
        page.screenshot(path=str(artifacts_dir / "layout-wide-1920.png"))
    finally:
        context.close()


COUNT_SLIDES = """window.slides = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this.classList && this.classList.contains('checker')) window.slides += 1;
  return animate.apply(this, args);
};"""


def test_checkers_slide_unless_the_reader_asked_for_less_motion(site, page):  # noqa: F811
    fast(page, "tables", autoConfirm=False, speed="normal")
    page.add_init_script(COUNT_SLIDES)
    board = open_match(page, site, opening_65(site))
    m = match(board)
    point(board, 24).click()
    point(board, 18).click()
    m = wait_version(board, m["version"])
    page.wait_for_function("() => window.slides >= 1")
    # The step is drawn where it went once the slide is over.
    page.wait_for_function("() => !document.querySelector('.checker.sliding')")
    assert board.locator("[data-point='18'] .checker").count() == 1
    page.emulate_media(reduced_motion="reduce")
    before = page.evaluate("window.slides")
    point(board, 18).click()
    point(board, 13).click()
    m = wait_version(board, m["version"])
    page.wait_for_timeout(300)
    assert page.evaluate("window.slides") == before
    assert m["state"]["checkers"][0][13] == 6
    assert page.js_errors == []


START = "[data-play] .play-start button[type=submit]"


def test_the_start_form_is_whole_before_the_board_script_comes(site, page):  # noqa: F811
    # A Start pressed while the board's family script is still on its way must land on Start:
    # nothing may be added above it when the script comes (the "Match to" row is drawn with
    # the page). The family script is held back until the form has been measured.
    held = []
    page.route("**/family-tables*.js", lambda route: held.append(route))
    page.goto(f"{site}/play/tables.shesh-besh/", wait_until="domcontentloaded")
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(25)
    assert held, "the family script was never asked for"
    board = page.locator("[data-play]")
    assert board.get_attribute("data-loaded") != "yes"
    before = page.locator(START).bounding_box()
    lengths = board.locator("select[name=match_to] option")
    # A single game first (the rules' usual five points are one click away in the same list).
    assert lengths.count() > 1 and board.locator("select[name=match_to] option:checked").inner_text() == "1 point (a single game)"
    for route in held:
        route.continue_()
    page.wait_for_function("() => document.querySelector('[data-play]').dataset.loaded === 'yes'")
    assert page.locator(START).bounding_box() == before
    assert board.locator("select[name=match_to]").count() == 1  # not a second one from the script
