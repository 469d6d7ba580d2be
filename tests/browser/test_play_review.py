"""The review after a game and the estimate during one, in a real browser (issue 37): a quick game
of Ur against the computer (from the audit's position: three pieces a side left, in contact) is
played to its end by clicks with the estimate turned on (it is off until the player turns it on),
then the review is opened: every move is listed with its judgement in words, and a move's button
shows the position before it."""
from __future__ import annotations

from tests.browser.test_play_race import api_create, fast, moves, place, until_moves, wait_version_ready
from tests.browser.test_play import wait_ready


def three_a_side() -> dict:
    """Finkel's Ur with four pieces a side off: the player's on 3, 5 and 6, the computer's on 7, 8
    and 12 (issue 37's position), the player to throw."""
    from games.engine import get_variant

    v = get_variant("race.ur")
    state = v.new_game({}).to_json()
    state.update(pieces=[[3, 5, 6, 15, 15, 15, 15], [7, 8, 12, 15, 15, 15, 15]], off=[4, 4], phase="throw",
                 to_move=0, throw=None)
    return v.state_from_json(state).to_json()


def test_a_finished_game_of_ur_is_reviewed(live_server, settings, page, artifacts_dir):
    settings.PLAY_DICE_SEED = "browser-review"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"anon": None, "play": None, "review": None, "estimate": None}}
    site = live_server.url
    fast(page)
    created = api_create(site, {"variant": "race.ur", "opponent": "computer", "level": "random",
                                "state": three_a_side()})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = page.locator("[data-play]").first
    m = wait_ready(board, timeout=20_000)
    # Off by default; one click turns the estimate on, and it says who is ahead, in words.
    toggle = board.locator("[data-review='estimate']")
    assert not toggle.is_checked() and board.locator("[data-role='estimate']").is_hidden()
    assert board.locator("[data-review='open']").is_hidden()  # no review while the game is played
    toggle.check()
    estimate = board.locator("[data-role='estimate'] .play-estimate-text")
    estimate.wait_for(state="visible")
    page.wait_for_function("el => el.textContent.includes('Estimate:')", arg=estimate.element_handle(), timeout=20_000)
    assert "ahead by" in estimate.inner_text() and "squares" in estimate.inner_text()
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
    assert m["outcome"] is not None, "the game did not end"
    assert board.locator("[data-role='estimate']").is_hidden()  # nothing to estimate once it is over
    review = board.locator("[data-review='open']")
    review.wait_for(state="visible")
    review.click()
    items = board.locator("[data-role='review-moves'] li")
    items.first.wait_for(state="visible", timeout=30_000)
    body = page.request.get(f"{site}/api/v1/matches/{created['id']}/review/").json()
    assert body["cached"] is True  # the page's request made it; this one was served from the cache
    assert items.count() == len(body["moves"]) > 0
    how = board.locator(".play-review-how").inner_text()
    assert "Judged by the race evaluation" in how and "blunder (??) from 4" in how
    assert "You:" in board.locator("[data-role='review-summary']").inner_text()
    for i, move in enumerate(body["moves"]):
        text = items.nth(i).inner_text()
        assert move["played"] in text
        if move["mark"]:
            assert f"{move['mark']}" in text and move["loss_text"] in text and move["best"] in text
        if move["judged"] and move["best"]:
            assert f"lost {move['loss_text']}; best {move['best']}" in text
        elif move["judged"]:
            assert "the best move" in text
        else:
            assert move["note"] in text
    marked = [m for m in body["moves"] if m["mark"]]
    board.locator("[data-review='marked-only']").check()
    assert board.locator("[data-role='review-moves'] li:visible").count() == len(marked)
    board.locator("[data-review='marked-only']").uncheck()
    # A move's button shows the position before it, in the replay.
    items.first.locator("button").click()
    page.wait_for_function("root => root.playApp.replay !== null", arg=board.element_handle())
    assert board.evaluate("root => root.playApp.replay") == body["moves"][0]["entries"][0] - 1
    assert "Replay: position" in board.locator(".play-status").inner_text()
    page.screenshot(path=str(artifacts_dir / "play-review-ur.png"), full_page=True)
    assert page.js_errors == []


def test_the_win_chance_bar_on_a_backgammon_board(live_server, settings, page):
    """Tables games: the bar is the trained network's win chance, both sides' in words."""
    settings.PLAY_DICE_SEED = "browser-review"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"anon": None, "play": None, "review": None, "estimate": None}}
    page.add_init_script("localStorage.setItem('play:settings:tables', '{\"speed\": \"off\"}')")
    page.goto(f"{live_server.url}/play/tables.backgammon/")
    board = page.locator("[data-play]").first
    board.locator("input[value=computer]").check()
    board.get_by_role("button", name="Start").click()
    wait_ready(board, timeout=20_000)
    board.locator("[data-review='estimate']").check()
    text = board.locator("[data-role='estimate'] .play-estimate-text")
    page.wait_for_function("el => el.textContent.startsWith('Win chance:')", arg=text.element_handle(), timeout=20_000)
    assert "You" in text.inner_text() and "Computer" in text.inner_text()
    value = board.locator("[data-role='estimate'] meter").evaluate("m => m.value")
    assert 0 < value < 1
    # Off again: hidden, and remembered off.
    board.locator("[data-review='estimate']").uncheck()
    assert board.locator("[data-role='estimate']").is_hidden()
    assert page.evaluate("localStorage.getItem('play:estimate')") == "off"
    assert page.js_errors == []
