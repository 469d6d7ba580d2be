"""Play that does not lose the player (issue 15), in real Chromium: a refused move stays on the
screen, one device names the side to move and turns the board to it, a throw with no play is
drawn and credited to its roller, the selected checker stands out, a match keeps its address,
a game's end inside a match is shown, long matches keep their numbers, the side chosen is the
side drawn, the page speaks plain words, Gul Bara's handed-on cascade is the opponent's, and the
text mode says each thing once."""
from __future__ import annotations

import json
import time
import urllib.request

from tests.browser.test_play import (
    api_create, button, click_step, fast, finish_tables_turn, match, point, start, steps, until_steps,
    wait_ready, wait_version,
)
from tests.browser.test_play import catalogue, site  # noqa: F401  (fixtures)

NOTICE = "[data-role=notice]"


def open_match(page, site, created) -> object:
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = page.locator("[data-play]")
    wait_ready(board)
    return board


def api_act(site: str, match_id: str, token: str, body: dict) -> dict:
    request = urllib.request.Request(
        f"{site}/api/v1/matches/{match_id}/actions/", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def tables_state(variant: str, checkers, **extra) -> dict:
    from games.engine import get_variant

    state = get_variant(variant).new_game({"match_to": extra.pop("match_to", 1)}).to_json()
    state.update({"checkers": checkers, "dice": [], "roll": None, "opening": [5, 2], "rolls": [3, 3], **extra})
    del state["position_id"], state["pips"]
    return state


def play_turn(board, m: dict) -> dict:
    """On one device: the first legal step until the side to move changes (autoConfirm on)."""
    side = m["to_move"]
    for _ in range(40):
        if m["outcome"] or m["to_move"] != side:
            return wait_ready(board)
        for decision, name in (({"double": False}, "roll"), ({"confirm": True}, "confirm")):
            if decision in m["legal_actions"]:
                button(board, name).click()
                m = wait_version(board, m["version"])
                break
        else:
            m = click_step(board, steps(m)[0])
    raise AssertionError("the turn did not end")


# -- 1. a failed move ------------------------------------------------------------------------------


def test_a_move_sent_offline_is_refused_in_words_that_stay(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=False)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    m = until_steps(board, start(board))
    page.route("**/actions/", lambda route: route.abort())
    action = steps(m)[0]
    point(board, action["from"]).click()
    point(board, action["to"]).click()
    notice = board.locator(NOTICE)
    notice.wait_for(state="visible")
    assert "could not be reached" in notice.inner_text()
    page.wait_for_function("root => root.playApp.busy === false && root.dataset.settled === 'yes'",
                           arg=board.element_handle())
    time.sleep(1.2)  # nothing redraws it away
    assert notice.is_visible() and "Not played" in notice.inner_text()
    assert match(board)["version"] == m["version"]
    page.screenshot(path=str(artifacts_dir / "play-feel-offline.png"))
    page.unroute("**/actions/")
    m = click_step(board, action)
    assert not notice.is_visible()
    assert page.js_errors == []


def test_a_move_from_a_stale_window_says_the_match_moved_on(site, chromium, page, artifacts_dir):
    created = api_create(site, {"variant": "tables.shesh-besh", "opponent": "computer", "level": "random"})
    fast(page, "tables", autoConfirm=False)
    first = open_match(page, site, created)
    m = until_steps(first, match(first))
    other = chromium.new_context(viewport={"width": 1000, "height": 800})
    try:
        second_page = other.new_page()
        fast(second_page, "tables", autoConfirm=False)
        second = open_match(second_page, site, created)
        click_step(second, steps(match(second))[0])
    finally:
        other.close()
    # The first window still shows the old position and plays from it: the server says 409.
    action = steps(m)[0]
    point(first, action["from"]).click()
    point(first, action["to"]).click()
    notice = first.locator(NOTICE)
    notice.wait_for(state="visible")
    page.wait_for_function("root => root.playApp.match.version > " + str(m["version"]), arg=first.element_handle())
    time.sleep(1.0)
    assert notice.is_visible() and "moved on" in notice.inner_text()
    page.screenshot(path=str(artifacts_dir / "play-feel-409.png"))
    assert page.js_errors == []


# -- 2. hotseat -------------------------------------------------------------------------------------


def test_one_device_names_the_side_to_move_and_turns_the_board(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=True)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    board.locator("input[value=hotseat]").check()
    board.get_by_role("button", name="Start").click()
    m = wait_ready(board)
    seen = set()
    for _ in range(2):
        side = m["to_move"]
        seen.add(side)
        status = board.locator(".play-status").inner_text()
        name = ["White", "Black"][side]
        assert status.startswith(f"{name} to move") and "Your turn" not in status, status
        # The side to move sits nearest: its own checkers on its 6-point, numbered 6.
        six = point(board, 6)
        assert six.locator(f".checker.side-{side}").count() == 5
        assert six.locator(".point-no").text_content() == "6"
        page.screenshot(path=str(artifacts_dir / f"play-feel-hotseat-{name.lower()}.png"))
        m = play_turn(board, m)
    assert seen == {0, 1}
    assert page.js_errors == []


# -- 3. a throw with no play -------------------------------------------------------------------------


def blocked_entry() -> dict:
    """White (side 0) has a checker on the bar and Black holds all six of White's entry points."""
    white = [0] * 26
    white[25], white[6] = 1, 14
    black = [0] * 26
    for p in range(1, 7):
        black[p] = 2
    black[13] = 3
    return tables_state("tables.takhte-nard", [white, black], phase="cube", to_move=0, cube={"value": 1, "owner": None})


def test_a_throw_with_no_play_is_drawn_named_and_credited_to_its_roller(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=True, textMode=True)
    created = api_create(site, {"variant": "tables.takhte-nard", "opponent": "hotseat", "state": blocked_entry()})
    board = open_match(page, site, created)
    m = match(board)
    assert m["to_move"] == 0
    button(board, "roll").click()
    m = wait_version(board, m["version"])
    m = wait_ready(board)
    assert m["to_move"] == 1 and m["log"][-1]["by"] == "chance"
    roll = m["log"][-1]["action"]["roll"]
    thrown = f"{roll[0]}-{roll[1]}"
    # The move list credits the throw to White and says there was no move.
    turns = board.locator(".play-moves li").all_inner_texts()
    assert any(t.split(" ", 1)[1].startswith("White: roll") and thrown in t and "(no move)" in t for t in turns), turns
    # The board draws White's throw, crossed out, on White's half.
    dice = board.locator(".dice.no-play")
    assert dice.count() == 1 and dice.get_attribute("data-side") == "0"
    assert "no play" in dice.inner_html()
    # It is said: under the status line and in the narration, with the right roller.
    assert f"White rolls {thrown}: no move" in board.locator(NOTICE).inner_text()
    transcript = board.locator("[data-role=transcript]").inner_text()
    assert f"White rolls {thrown}: no move." in transcript
    assert f"Black rolls {thrown}" not in transcript
    assert board.locator(".play-status").inner_text().startswith("Black to move")
    page.screenshot(path=str(artifacts_dir / "play-feel-no-play.png"))
    assert page.js_errors == []


# -- 4. the selected checker -------------------------------------------------------------------------


def test_the_selected_checker_stands_out_and_a_second_click_lets_it_go(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=False)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    m = until_steps(board, start(board))
    source = point(board, steps(m)[0]["from"])
    source.click()
    selected = board.locator(".checker.selected")
    selected.wait_for()
    assert selected.count() == 1
    stroke = selected.evaluate("el => getComputedStyle(el).stroke")
    movable = board.locator(".checker.movable:not(.selected)").first.evaluate("el => getComputedStyle(el).stroke")
    assert stroke == "rgb(230, 159, 0)" and stroke != movable, (stroke, movable)
    assert board.locator(".select-halo").count() == 1
    page.screenshot(path=str(artifacts_dir / "play-feel-selected.png"))
    source.click()
    page.wait_for_function("root => !root.querySelector('.checker.selected')", arg=board.element_handle())
    assert board.locator(".dest-mark").count() == 0
    assert page.js_errors == []


# -- 5. a match on a game page ------------------------------------------------------------------------


def test_a_match_started_on_a_game_page_keeps_its_address(catalogue, page, artifacts_dir):  # noqa: F811
    fast(page, "tables", autoConfirm=False)
    page.goto(f"{catalogue}/games/shesh-besh/")
    board = page.locator("[data-play][data-variant='tables.shesh-besh']").first
    m = start(board)
    assert page.url.endswith(f"/play/m/{m['id']}/"), page.url
    # "New game" is not beside the turn's buttons while the match is played.
    assert not board.locator(".play-controls [data-do=new]").is_visible()
    assert board.locator(".play-side [data-do=new]").is_visible()
    page.reload()
    board = page.locator("[data-play]").first
    again = wait_ready(board)
    assert again["id"] == m["id"] and again["you"] == [0]
    # Leaving a match in progress asks first; saying no keeps it.
    page.once("dialog", lambda dialog: dialog.dismiss())
    board.locator("[data-do=new]:visible").click()
    assert board.locator("[data-role=main]").is_visible() and match(board)["id"] == m["id"]
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    board.locator("[data-do=new]:visible").click()
    board.locator("[data-role=start]").wait_for(state="visible")
    assert asked and "match" in asked[0]
    assert f"/play/m/{m['id']}" not in page.url
    assert page.js_errors == []


# -- 6. the end of a game inside a match ---------------------------------------------------------------


def test_the_end_of_a_game_inside_a_match_is_shown_before_the_next(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=False)
    white = [0] * 26
    white[0], white[1] = 14, 1
    black = [0] * 26
    black[24] = 15
    state = tables_state("tables.ses-bes", [white, black], match_to=3, phase="roll", to_move=0)
    created = api_create(site, {"variant": "tables.ses-bes", "opponent": "computer", "level": "random", "state": state})
    board = open_match(page, site, created)
    m = match(board)
    m = click_step(board, steps(m)[0])
    assert m["state"]["last_game"]["winner"] == 0
    # The game's end is on the board and under the status line until the player goes on.
    note = board.locator(".board-note")
    assert note.count() == 1 and "You won" in note.text_content()
    assert "Game 1 over: You won 2 points" in board.locator(NOTICE).inner_text()
    assert board.locator("[data-point='1'] .checker").count() == 0  # the last checker is off
    page.screenshot(path=str(artifacts_dir / "play-feel-game-end.png"))
    button(board, "confirm").click()
    m = wait_version(board, m["version"])
    # The move list marks where the game ended, before the next game's opening.
    items = board.locator(".play-moves li").all_inner_texts()
    ends = [i for i, t in enumerate(items) if "Game 1 over" in t]
    assert len(ends) == 1 and any("opening" in t for t in items[ends[0] + 1:]), items
    assert page.js_errors == []


# -- 7. long matches ------------------------------------------------------------------------------------


NUMBER_FITS = """root => {
  const measure = (li, text) => {
    const c = document.createElement('canvas').getContext('2d');
    const cs = getComputedStyle(li);
    c.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    return c.measureText(text).width;
  };
  const fits = (list, li, text) => {
    const ls = getComputedStyle(list);
    if (getComputedStyle(li).listStyleType === 'none' || ls.listStylePosition === 'inside') {
      const no = li.querySelector('.no');
      const box = (no || li).getBoundingClientRect();
      const outer = list.getBoundingClientRect();
      return box.left >= outer.left && (!no || no.textContent === text.trim());
    }
    return parseFloat(ls.paddingLeft) >= measure(li, text) + 4;
  };
  const moves = root.querySelector('[data-role=moves]');
  const turn = moves.querySelectorAll('li:not(.game-end)')[99];
  const lines = root.querySelector('[data-role=transcript]');
  const line = lines.querySelectorAll('li')[104];
  return {moves: fits(moves, turn, '100.'), turns: moves.children.length,
          transcript: fits(lines, line, '105. '), value: line.value};
}"""


def test_move_numbers_past_99_are_not_cut_off(site, page, artifacts_dir):
    created = api_create(site, {"variant": "tables.shesh-besh", "opponent": "hotseat"})
    m, log = created, created["log"]
    # Over a hundred turns through the API (two players on one device, the first legal step each time).
    for _ in range(600):
        if sum(1 for e in log if e["by"] == "chance") > 102 or m.get("outcome"):
            break
        legal = [a for a in m["legal_actions"] if "undo" not in a]
        action = next((a for a in legal if "confirm" not in a), legal[0])
        m = api_act(site, created["id"], created["token"],
                    {"action": action, "version": m["version"], "confirm": True, "log_from": len(log)})
        log = log[: m["log_from"]] + m["log"] if m.get("log_from") is not None else m["log"]
    assert sum(1 for e in log if e["by"] == "chance") > 100, "the match ended before its hundredth turn"
    fast(page, "tables", textMode=True)
    board = open_match(page, site, created)
    page.evaluate("root => { for (let i = 0; i < 110; i++) root.playApp.text.transcript(`line ${i + 1}`); }",
                  board.element_handle())
    result = board.evaluate(NUMBER_FITS)
    assert result["turns"] > 100 and result["moves"] and result["transcript"], result
    board.locator(".play-moves").evaluate("el => el.scrollTop = el.scrollHeight")
    page.screenshot(path=str(artifacts_dir / "play-feel-numbers.png"))
    assert page.js_errors == []


# -- 8. the side chosen is the side drawn -------------------------------------------------------------


def test_the_second_side_chosen_on_the_form_is_drawn_at_the_top(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=False)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    board.locator("select[name=level]").select_option("random")
    board.locator("select[name=side]").select_option("1")
    board.get_by_role("button", name="Start").click()
    m = wait_ready(board)
    assert m["you"] == [1]
    # The player's 6-point (five checkers) is in the top row; its number reads 6, in their numbering.
    top_six = board.locator("[data-point='19']")
    assert top_six.locator(".checker.side-1").count() == 5
    assert top_six.locator(".point-no").text_content() == "6"
    assert point(board, 6).locator(".checker.side-0").count() == 5
    page.screenshot(path=str(artifacts_dir / "play-feel-top-side.png"))
    # Steps are still played by clicking the points where the checkers are drawn.
    m = until_steps(board, m)
    action = steps(m)[0]
    view = (lambda p: 25 - p if 1 <= p <= 24 else p)
    before = m["version"]
    board.locator(f"[data-point='{view(action['from'])}']").click()
    target = "off-opponent" if action["to"] == 0 else str(view(action["to"]))
    board.locator(f"[data-point='{target}']").click()
    m = wait_version(board, before)
    assert m["log"][-1]["action"] == action
    assert page.js_errors == []


# -- 9. plain words ----------------------------------------------------------------------------------


def test_cube_actions_are_told_in_plain_words(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=True, textMode=True)
    white = [0] * 26
    white[6], white[8], white[13] = 5, 3, 7
    black = [0] * 26
    black[6], black[8], black[13] = 5, 3, 7
    state = tables_state("tables.takhte-nard", [white, black], match_to=3, phase="cube", to_move=0,
                         cube={"value": 1, "owner": None})
    created = api_create(site, {"variant": "tables.takhte-nard", "opponent": "hotseat", "state": state})
    board = open_match(page, site, created)
    m = match(board)
    button(board, "double").click()
    m = wait_version(board, m["version"])
    assert "Black is offered the cube at 2" in board.locator(".play-status").inner_text()
    button(board, "take").click()
    m = wait_version(board, m["version"])
    moves = board.locator(".play-moves").inner_text()
    transcript = board.locator("[data-role=transcript]").inner_text()
    assert "double to 2" in moves and "doubles to" not in moves and "take" in moves
    assert "White doubles to 2." in transcript and "Black takes the cube." in transcript
    assert "White: doubles" not in transcript and ": rolls" not in transcript
    page.screenshot(path=str(artifacts_dir / "play-feel-cube-words.png"))
    assert page.js_errors == []


# -- 10. Gul Bara: a cascade handed on -----------------------------------------------------------------

# White (side 0) is mid-cascade of a 2-2 (2s and 3s played, the 4s to go, then 5s and 6s): after
# two steps White cannot go on, and Black plays the rest (GB-5). Found by a playout of the engine.
GUL_BARA_CASCADE = {
    "variant": "tables.gul-bara", "options": {"cascade_after": "game", "match_to": 1, "opponent_plays_remainder": True},
    "phase": "move", "to_move": 0,
    "checkers": [[0, 4, 7, 1, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                 [0, 5, 1, 0, 0, 1, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0, 0, 0]],
    "dice": [4, 5, 5, 5, 5, 6, 6, 6, 6], "roll": [2, 2], "opening": [2, 5], "cube": None, "score": [0, 0],
    "match_to": 1, "game": 1, "last_game": None, "geometry": "parallel",
    "cascade": {"number": 4, "then": [5, 6], "remainder": False, "for_opponent": []},
    "head_left": None, "hit_in_home": [], "rolls": [21, 21], "crawford_game": False,
    "played": [{"from": 12, "to": 10, "hit": False}, {"from": 10, "to": 8, "hit": False},
               {"from": 3, "to": 1, "hit": False}, {"from": 3, "to": 1, "hit": False},
               {"from": 19, "to": 16, "hit": False}, {"from": 19, "to": 16, "hit": False},
               {"from": 8, "to": 5, "hit": False}, {"from": 5, "to": 2, "hit": False},
               {"from": 16, "to": 12, "hit": False}, {"from": 16, "to": 12, "hit": False},
               {"from": 16, "to": 12, "hit": False}],
    "last_turn": {"side": 1, "roll": [6, 6], "play": "18/6 12/6 11/5", "passed": False}, "passed": False,
}


def test_a_gul_bara_cascade_handed_on_is_shown_as_the_opponents(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=False)
    created = api_create(site, {"variant": "tables.gul-bara", "opponent": "computer", "level": "random",
                                "state": GUL_BARA_CASCADE})
    board = open_match(page, site, created)
    m = match(board)
    for _ in range(6):
        if m["turn"] and m["turn"].get("complete"):
            break
        m = click_step(board, m["legal_actions"][0])
    assert m["turn"]["complete"] and m["state"]["to_move"] == 1 and m["state"]["cascade"]["remainder"]
    status = board.locator(".play-status").inner_text()
    rest = ", ".join(str(d) for d in m["state"]["dice"])
    assert status.startswith("Turn played") and f"Computer will then play the rest of the cascade: {rest}." in status
    dice = board.locator(".dice.handoff")
    assert dice.count() == 1 and "for Computer to play" in dice.inner_html()
    assert board.locator(".dice .die.side-0").count() == 0  # none drawn as White's own
    page.screenshot(path=str(artifacts_dir / "play-feel-gul-bara-handoff.png"))
    assert page.js_errors == []


# -- 11. the text mode --------------------------------------------------------------------------------


def test_the_text_mode_says_each_thing_once_and_last_names_the_roller(site, page, artifacts_dir):
    fast(page, "tables", textMode=True, autoConfirm=False)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    m = until_steps(board, start(board))
    m = finish_tables_turn(board, m)
    m = wait_ready(board)
    lines = board.locator("[data-role=transcript] li").all_inner_texts()
    assert lines, "nothing was said"
    assert board.locator("[data-role=transcript] li.answer").count() == 0, lines  # no question was asked
    # Nothing is said both as one joined announcement and line by line.
    for line in lines:
        assert sum(1 for other in lines if other != line and other in line) == 0, (line, lines)
    command = board.locator("[data-role=command-input]")
    count = board.locator("[data-role=transcript] li").count()
    command.fill("last")
    command.press("Enter")
    page.wait_for_function("([root, n]) => root.querySelectorAll('[data-role=transcript] li').length > n + 1",
                           arg=[board.element_handle(), count])
    answer = board.locator("[data-role=transcript] li").last.inner_text()
    assert "Dice:" not in answer and ("Computer rolls" in answer or "You roll" in answer), answer
    page.screenshot(path=str(artifacts_dir / "play-feel-text-mode.png"))
    assert page.js_errors == []


# -- gaps: every control within reach, the dice, the pace, the replay by keys ---------------------

IN_VIEW = """root => [...root.querySelectorAll('.play-controls button:not([hidden])')].map((b) => {
  const r = b.getBoundingClientRect();
  return {name: b.dataset.do, inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth};
})"""


def until_cube_decision(board, m: dict) -> dict:
    for _ in range(10):
        if {"double": False} in m["legal_actions"]:
            return m
        if {"take": True} in m["legal_actions"]:
            button(board, "take").click()
            m = wait_version(board, m["version"])
        else:
            m = finish_tables_turn(board, m)
            m = wait_ready(board)
    raise AssertionError("no cube decision came")


def test_every_control_is_within_reach_at_1366x768_and_the_dice_roll_and_confirm(site, chromium, artifacts_dir):
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        fast(page, "tables", autoConfirm=False)
        # The starting position, the player to roll or double.
        from games.engine import get_variant

        checkers = get_variant("tables.takhte-nard").new_game({"match_to": 1}).to_json()["checkers"]
        state = tables_state("tables.takhte-nard", checkers, phase="cube", to_move=0, cube={"value": 1, "owner": None})
        created = api_create(site, {"variant": "tables.takhte-nard", "opponent": "computer", "level": "random",
                                    "state": state})
        board = open_match(page, site, created)
        m = match(board)
        assert page.evaluate("scrollY") == 0
        shown = board.evaluate(IN_VIEW)
        assert {b["name"] for b in shown} >= {"roll", "double"} and all(b["inside"] for b in shown), shown
        page.screenshot(path=str(artifacts_dir / "play-feel-1366-roll.png"))
        # A click on the dice waiting on the board rolls them.
        dice = board.locator(".dice.to-roll")
        box = dice.bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        m = wait_version(board, m["version"])
        assert m["log"][-2]["action"] == {"double": False} and m["log"][-2]["by"] == "human"
        m = wait_ready(board)
        assert m["log"][-1]["by"] == "chance" and m["state"]["phase"] == "move"
        m = click_step(board, steps(m)[0])
        while steps(m) and m["to_move"] in m["you"]:
            m = click_step(board, steps(m)[0])
        shown = board.evaluate(IN_VIEW)
        assert {b["name"] for b in shown} >= {"undo", "confirm"} and all(b["inside"] for b in shown), shown
        page.screenshot(path=str(artifacts_dir / "play-feel-1366-confirm.png"))
        # A click on the dice confirms the turn played.
        box = board.locator(".dice").first.bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        m = wait_version(board, m["version"])
        assert not (m.get("turn") or {}).get("complete")
        assert any(e["by"] == "computer" for e in m["log"]) or m["to_move"] == 1
        page.screenshot(path=str(artifacts_dir / "play-feel-1366-answered.png"))
        assert page.js_errors == []
    finally:
        context.close()


def test_a_die_that_cannot_be_played_is_marked_before_anything_moves(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=False)
    white = [0] * 26
    white[7] = 15
    black = [0] * 26
    black[24], black[1] = 2, 13  # Black's 24-point is White's 1: the 6 from 7 is blocked
    state = tables_state("tables.shesh-besh", [white, black], phase="move", to_move=0, dice=[6, 1], roll=[6, 1])
    created = api_create(site, {"variant": "tables.shesh-besh", "opponent": "computer", "level": "random", "state": state})
    board = open_match(page, site, created)
    dead = board.locator(".die.unplayable")
    dead.wait_for()
    assert dead.count() == 1 and dead.locator("title").text_content() == "die 6"
    assert board.locator(".die.used").count() == 0
    assert "cannot be played" in board.locator(".dice").inner_html()
    page.screenshot(path=str(artifacts_dir / "play-feel-unplayable-die.png"))
    assert page.js_errors == []


def test_the_players_own_roll_is_not_replayed_and_the_computer_can_be_skipped(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=False, speed="slow")
    page.goto(f"{site}/play/tables.takhte-nard/")
    board = page.locator("[data-play]")
    board.locator("select[name=level]").select_option("random")
    board.get_by_role("button", name="Start").click()
    # The computer may open: its playback (slow) can be skipped.
    page.wait_for_function("root => root.playApp.match", arg=board.element_handle())
    m = until_cube_decision(board, wait_ready(board, timeout=30_000))
    # Pressing Roll: the board is the player's again as soon as the answer is in.
    board.evaluate("""root => {
      root.settleTimes = [];
      new MutationObserver(() => { if (root.dataset.settled === 'yes') root.settleTimes.push(performance.now()); })
        .observe(root, {attributes: true, attributeFilter: ['data-settled']});
      const api = root.playApp.api, act = api.act.bind(api);
      api.act = async (...args) => { const r = await act(...args); root.answered = performance.now(); return r; };
    }""")
    button(board, "roll").click()
    m = wait_version(board, m["version"])
    lag = board.evaluate("root => root.settleTimes[root.settleTimes.length - 1] - root.answered")
    assert lag < 250, f"the player's own roll was replayed for {lag:.0f} ms"
    # The computer's answer is played back slowly; Skip draws the rest at once.
    m = wait_ready(board)
    while steps(m) and m["to_move"] in m["you"]:
        m = click_step(board, steps(m)[0])
    if {"confirm": True} not in m["legal_actions"]:
        return
    button(board, "confirm").click()
    skip = board.locator("[data-do=skip]")
    skip.wait_for(state="visible", timeout=10_000)
    page.screenshot(path=str(artifacts_dir / "play-feel-skip.png"))
    t0 = time.monotonic()
    skip.click()
    wait_ready(board, timeout=10_000)
    assert time.monotonic() - t0 < 2.0 and not skip.is_visible()
    assert page.js_errors == []


def test_arrow_keys_step_through_the_replay(site, page):
    fast(page, "tables", autoConfirm=False)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    m = until_steps(board, start(board))
    n = len(m["log"])
    assert n >= 2
    board.locator("[data-role=board]").focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"root => root.playApp.replay === {n - 1}", arg=board.element_handle())
    page.keyboard.press("Home")
    page.wait_for_function("root => root.playApp.replay === 0", arg=board.element_handle())
    page.keyboard.press("ArrowRight")
    page.wait_for_function("root => root.playApp.replay === 1", arg=board.element_handle())
    page.keyboard.press("End")
    page.wait_for_function("root => root.playApp.replay === null", arg=board.element_handle())
    assert page.js_errors == []


def test_the_other_sides_last_turn_stays_marked_after_its_playback(site, page, artifacts_dir):
    fast(page, "tables", autoConfirm=False)
    page.goto(f"{site}/play/tables.shesh-besh/")
    board = page.locator("[data-play]")
    m = until_steps(board, start(board))
    m = finish_tables_turn(board, m)
    m = until_steps(board, wait_ready(board))
    last = [e for e in m["log"] if "from" in e["action"]][-1]
    assert last["by"] == "computer"
    # Both ends of the computer's last step, in the player's numbering (the other side counts 25 - p).
    ends = {25 - p for p in (last["action"]["from"], last["action"]["to"]) if 1 <= p <= 24}
    marked = {int(x) for x in board.locator(".point.recent").evaluate_all("els => els.map((e) => e.dataset.point)")}
    assert ends <= marked, (ends, marked)
    page.screenshot(path=str(artifacts_dir / "play-feel-last-move.png"))
    assert page.js_errors == []


# -- the resume ticket ------------------------------------------------------------------------------


def test_the_board_sends_back_the_ticket_of_the_version_it_acts_from(site, page):
    # Any server process can then take the action without reading the match first.
    created = api_create(site, {"variant": "tables.shesh-besh", "opponent": "computer", "level": "random"})
    fast(page, "tables", autoConfirm=False)
    sent = []
    page.on("request", lambda r: sent.append(r.post_data_json) if r.url.endswith("/actions/") and r.method == "POST" else None)
    board = open_match(page, site, created)
    m = until_steps(board, match(board))
    shown = match(board)
    assert shown["resume"] and shown["version"] == m["version"]
    sent.clear()
    after = click_step(board, steps(m)[0])
    assert after["version"] == m["version"] + 1
    assert sent and sent[-1]["version"] == m["version"] and sent[-1]["resume"] == shown["resume"]
    assert match(board)["resume"] not in (None, shown["resume"])  # the new answer's ticket, for the next action
    assert page.js_errors == []
