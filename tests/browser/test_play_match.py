"""Matches as players expect (issue 15), in real Chromium with two browser contexts: a whole
short game by link in each family, the friend's arrival shown, resigning and the rematch, the
match length chosen on the start form, the exports offered; Béchi's count of holes still to
leave empty with Undo before committing, its centre-hole prompt and its legend."""
from __future__ import annotations

import time
import urllib.request

import pytest
from playwright.sync_api import expect

from games.exports import parse_mat, parse_sgf
from tests.browser.remote_play import (
    act_in_page, app_match, board_of, first_choice, open_pair, play_to_the_end, quiet_settings, wait_settled_at,
)
from tests.browser.test_play import api_create, near_the_end_of_ses_bes, wait_ready
from tests.browser.test_play import site  # noqa: F401  (fixture)
from tests.browser.test_play_race import near_the_end


def remote(site: str, variant: str, **body) -> dict:
    return api_create(site, {"variant": variant, "opponent": "remote", **body})


def two_turns_from_the_end_of_ses_bes() -> dict:
    """Side 0 bears off its last six checkers (two turns at least), side 1 plays between."""
    state = near_the_end_of_ses_bes()
    mine = [0] * 26
    mine[0], mine[5], mine[6] = 9, 3, 3
    state["checkers"][0] = mine
    return state


def a_few_turns_from_the_end(variant: str) -> dict:
    """Side 0's last piece some squares from the end of its route: both sides play turns."""
    from games.engine import get_variant

    v = get_variant(variant)
    state = near_the_end(variant)
    n = len(v.board_info(v.validate_options({}))["geometry"]["routes"][0])
    state["pieces"][0] = sorted([n + 1] * (len(state["pieces"][0]) - 1) + [n - 6])
    return v.state_from_json(state).to_json()


GAMES = [
    ("tables", "tables.ses-bes", lambda: {"state": two_turns_from_the_end_of_ses_bes()}),
    ("mancala", "mancala.bechi", lambda: {"options": {"holes": 3}}),
    ("race", "race.twenty-squares", lambda: {"state": a_few_turns_from_the_end("race.twenty-squares")}),
]


def slowest(m: dict) -> dict:
    """The first choice, but a race piece goes the shortest way, so the game lasts a few turns."""
    moves = [a for a in m["legal_actions"] if "to" in a and "from" in a and m["variant"].startswith("race.")]
    return min(moves, key=lambda a: a["to"]) if moves else first_choice(m)


@pytest.mark.parametrize("family,variant,setup", GAMES, ids=[g[1] for g in GAMES])
def test_a_whole_game_by_link_in_each_family(site, chromium, page, artifacts_dir, family, variant, setup):
    created = remote(site, variant, **setup())
    alice, bob, context = open_pair(chromium, page, site, created, family, autoConfirm=True)
    try:
        assert app_match(alice)["you"] == [0] and app_match(bob)["you"] == [1]
        m = play_to_the_end({0: alice, 1: bob}, pick=slowest)
        assert m["outcome"] is not None
        final = wait_settled_at(bob, m["version"])
        assert final["outcome"] == m["outcome"] and final["log"] == m["log"]
        assert {e["side"] for e in m["log"] if e["by"] == "human"} == {0, 1}  # both played
        for board in (alice, bob):
            assert "Game over" in board.locator(".play-status").inner_text()
        bob.page.screenshot(path=str(artifacts_dir / f"play-match-remote-{family}-friend.png"), full_page=True)
        page.screenshot(path=str(artifacts_dir / f"play-match-remote-{family}-creator.png"), full_page=True)
    finally:
        context.close()
    assert page.js_errors == []


def test_the_friend_joining_is_shown_to_the_creator(site, chromium, page, artifacts_dir):
    quiet_settings(page, "tables")
    page.goto(f"{site}/play/tables.backgammon/")
    alice = board_of(page)
    alice.locator("input[value=remote]").check()
    alice.locator("select[name=match_to]").select_option("3")
    alice.get_by_role("button", name="Start").click()
    page.wait_for_function("root => root.playApp.match", arg=alice.element_handle())
    assert app_match(alice)["options"]["match_to"] == 3  # the match length chosen on the form
    presence = alice.locator("[data-role=presence]")
    expect(presence).to_contain_text("Waiting for your friend")
    invite = alice.locator("[data-role=share-url]").input_value()
    context = chromium.new_context(viewport={"width": 1000, "height": 800})
    try:
        friend = context.new_page()
        quiet_settings(friend, "tables")
        t0 = time.monotonic()
        friend.goto(invite)
        page.wait_for_function("root => root.querySelector('[data-role=presence]').dataset.joined === 'yes'",
                               arg=alice.element_handle(), timeout=5_000)
        assert "Your friend has joined" in presence.inner_text()
        assert time.monotonic() - t0 < 5
        page.screenshot(path=str(artifacts_dir / "play-match-friend-joined.png"), full_page=True)
    finally:
        context.close()
    assert page.js_errors == []


def test_resign_then_rematch_by_link(site, chromium, page, artifacts_dir):
    created = remote(site, "tables.backgammon", options={"match_to": 3})
    alice, bob, context = open_pair(chromium, page, site, created, "tables")
    try:
        wait_settled_at(alice, created["version"])
        # Resigning (on either side's turn) asks first; dismissing it changes nothing.
        page.once("dialog", lambda d: d.dismiss())
        alice.locator("[data-match=resign]").click()
        assert app_match(alice)["outcome"] is None
        page.once("dialog", lambda d: d.accept())
        version = app_match(alice)["version"]
        alice.locator("[data-match=resign]").click()
        m = wait_settled_at(alice, version + 1)
        assert m["outcome"]["how"] == "resign" and m["outcome"]["winner"] == 1
        assert m["outcome"]["score"][1] == 3
        assert "You resign: your friend wins the match" in alice.locator(".play-status").inner_text()
        # The panel's score is the outcome's, which credits the points the resignation gave.
        facts = alice.locator(".play-facts").inner_text().replace("\xa0", " ")
        assert "Your friend 3" in facts and "You resign: your friend wins the match, 0–3." in facts, facts
        seen = wait_settled_at(bob, m["version"])
        assert "Your friend resigns: you win the match" in bob.locator(".play-status").inner_text()
        assert seen["outcome"] == m["outcome"]
        bob.page.screenshot(path=str(artifacts_dir / "play-match-resigned.png"), full_page=True)
        # The friend offers the rematch and is taken to it; the creator sees the offer.
        assert bob.locator("[data-match=rematch]").is_visible()
        with bob.page.expect_navigation():
            bob.locator("[data-match=rematch]").click()
        bob = board_of(bob.page)
        bob.page.wait_for_function("root => root.playApp.match", arg=bob.element_handle())
        new = app_match(bob)
        assert new["rematch_of"] == created["id"] and new["you"] == [0]  # the sides are swapped
        # The friend has not taken the rematch up yet: the one who offered it waits for them.
        presence = bob.locator("[data-role=presence]")
        assert "has joined" not in presence.inner_text() and "Waiting for your friend" in presence.inner_text()
        page.wait_for_function("root => root.playApp.match.rematch", arg=alice.element_handle(), timeout=5_000)
        assert "rematch is on offer" in alice.locator("[data-role=presence]").inner_text()
        page.screenshot(path=str(artifacts_dir / "play-match-rematch-offered.png"), full_page=True)
        with page.expect_navigation():
            alice.locator("[data-match=rematch]").click()
        alice = board_of(page)
        page.wait_for_function("root => root.playApp.match", arg=alice.element_handle())
        mine = app_match(alice)
        assert mine["id"] == new["id"] and mine["you"] == [1] and mine["options"]["match_to"] == 3
        # Taken up: now the one who offered it hears that the friend has joined.
        expect(presence).to_have_text("Your friend has joined.", timeout=8_000)
    finally:
        context.close()
    assert page.js_errors == []


def test_a_tables_match_from_a_set_up_position_offers_sgf_but_not_match_text(site, page):
    # Match text has no way to start a game anywhere but the usual start, so a match made from a
    # position near the end offers SGF (which sets the position up) and the JSON record only.
    quiet_settings(page, "tables", autoConfirm=True)
    created = api_create(site, {"variant": "tables.ses-bes", "opponent": "computer", "level": "random",
                                "state": near_the_end_of_ses_bes()})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = board_of(page)
    m = wait_ready(board)
    for _ in range(30):
        if m["outcome"]:
            break
        m = act_in_page(board, first_choice(m))
        m = wait_ready(board)
    links = {a.get_attribute("data-export"): a.get_attribute("href") for a in board.locator("[data-export]").all()}
    assert set(links) == {"sgf"}
    with urllib.request.urlopen(site + links["sgf"]) as response:
        _, games = parse_sgf(response.read().decode())
    assert games[0].setup is not None and games[-1].winner == m["outcome"]["winner"]
    # From the usual start, match text too, while the game is still on.
    usual = api_create(site, {"variant": "tables.ses-bes", "opponent": "computer", "level": "random"})
    page.goto(f"{site}/play/m/{usual['id']}/#t={usual['token']}")
    board = board_of(page)
    wait_ready(board)
    links = {a.get_attribute("data-export"): a.get_attribute("href") for a in board.locator("[data-export]").all()}
    assert set(links) == {"mat", "sgf"}
    with urllib.request.urlopen(site + links["mat"]) as response:
        assert parse_mat(response.read().decode())[0] == usual["options"]["match_to"]
    assert page.js_errors == []


def test_bechi_shows_the_count_to_choose_and_takes_back_a_pick(site, page, artifacts_dir):
    quiet_settings(page, "mancala")
    state = {"variant": "mancala.bechi", "phase": "leave_empty", "to_move": 0, "round": 2, "starter": 1,
             "rows": [[0, 0, 0, 0], [6, 6, 6, 6]], "captured": [0, 0], "aside": [18, 6]}
    created = api_create(site, {"variant": "mancala.bechi", "opponent": "computer", "level": "random", "state": state})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = board_of(page)
    m = wait_ready(board)
    need = len(m["legal_actions"][0]["leave_empty"])
    choice = board.locator("[data-role=leave-choice]")
    assert f"Choose {need} more hole" in choice.text_content()
    hole = m["legal_actions"][0]["leave_empty"][0]
    board.locator(f".hole[data-row='0'][data-hole='{hole}']").click()
    expect(choice).to_have_attribute("data-left", str(need - 1))
    # Undo takes the pick back, and nothing has been sent.
    board.locator("[data-leave='undo']").click()
    expect(choice).to_have_attribute("data-left", str(need))
    expect(board.locator("[data-leave='commit']")).to_have_count(0)
    assert app_match(board)["version"] == m["version"]
    for h in m["legal_actions"][0]["leave_empty"]:
        board.locator(f".hole[data-row='0'][data-hole='{h}']").click()
    page.screenshot(path=str(artifacts_dir / "play-match-bechi-leave-count.png"), full_page=True)
    board.locator("[data-leave='commit']").click()
    m = wait_settled_at(board, m["version"] + 1)
    assert m["log"][0]["action"]["leave_empty"] == sorted(created["legal_actions"][0]["leave_empty"])
    assert page.js_errors == []


def test_bechi_prompts_for_the_centre_hole_and_explains_its_marks(site, page, artifacts_dir):
    quiet_settings(page, "mancala")
    created = api_create(site, {"variant": "mancala.bechi", "options": {"holes": 3}, "opponent": "computer",
                                "level": "random"})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = board_of(page)
    m = wait_ready(board)
    centre = next(a for a in m["legal_actions"] if "direction" in a)
    board.locator(f".hole[data-row='{m['to_move']}'][data-hole='{centre['hole']}']").click()
    prompt = board.locator("[data-role=direction-prompt]")
    prompt.wait_for()
    assert "which way" in prompt.text_content() and "clockwise" in prompt.text_content()
    legend = board.locator("[data-role=legend]")
    legend.locator("summary").click()
    text = legend.inner_text()
    assert "sown from" in text and "3↺" in text and "leave 1,3 empty" in text
    page.screenshot(path=str(artifacts_dir / "play-match-bechi-centre-prompt.png"), full_page=True)
    assert page.js_errors == []


WATCH = """root => {
  window.__seen = { statuses: [], playback: false, thinkingWhilePlaying: false };
  const status = root.querySelector('[data-role=status]');
  const skip = root.querySelector("[data-do='skip']");
  new MutationObserver(() => {
    window.__seen.statuses.push(status.textContent);
    if (root.playApp.playing && /Thinking/.test(status.textContent)) window.__seen.thinkingWhilePlaying = true;
  }).observe(status, { childList: true, characterData: true, subtree: true });
  new MutationObserver(() => { if (!skip.hidden) window.__seen.playback = true; })
    .observe(skip, { attributes: true });
}"""


def test_the_players_own_roll_is_not_played_back(site, page):
    quiet_settings(page, "tables", speed="normal")
    created = api_create(site, {"variant": "tables.backgammon", "opponent": "computer", "level": "random",
                                "options": {"match_to": 3}})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = board_of(page)
    m = wait_ready(board, timeout=30_000)
    for _ in range(5):
        if {"double": False} in m["legal_actions"]:
            break
        m = act_in_page(board, first_choice(m))
        m = wait_ready(board, timeout=30_000)
    assert {"double": False} in m["legal_actions"], m["legal_actions"]
    board.evaluate(WATCH)
    board.locator("[data-do='roll']").click()
    m = wait_settled_at(board, m["version"] + 1)
    seen = page.evaluate("() => window.__seen")
    assert seen["playback"] is False  # nothing was replayed: the dice are simply there
    assert m["state"]["phase"] in ("move", "cube", "roll")


def test_the_players_own_sowing_never_reads_thinking(site, page):
    quiet_settings(page, "mancala", speed="fast")
    created = api_create(site, {"variant": "mancala.bechi", "options": {"holes": 3}, "opponent": "computer",
                                "level": "random"})
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    board = board_of(page)
    m = wait_ready(board)
    board.evaluate(WATCH)
    action = next(a for a in m["legal_actions"] if "hole" in a and "direction" not in a)
    board.locator(f".hole[data-row='{m['to_move']}'][data-hole='{action['hole']}']").click()
    wait_settled_at(board, m["version"] + 1)
    seen = page.evaluate("() => window.__seen")
    # "Thinking…" only while the request is out; while the sowing is drawn the line says what it is.
    assert seen["thinkingWhilePlaying"] is False, seen["statuses"]
    assert any("You" in s for s in seen["statuses"]), seen["statuses"]
