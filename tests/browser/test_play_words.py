"""What the board says, in real Chromium (issue 37, items 4, 7, 8, 9, 10 and 13 and the rule
terms): backgammon's page has its board; another side's moves are written in the numbers the
board prints; a Senet tie says how it was decided; every race board's numbers are readable at
1366x768; a newcomer starts a single game against a medium opponent; the words are plain (no
"4 (astragals 4 no)", no "You win, 0–0" after a resignation); a rule term is explained where it
appears, with a link to its clause."""
from __future__ import annotations

import pytest

from tests.browser.test_play import api_create, match, wait_ready, wait_version
from tests.browser.test_play import catalogue, site  # noqa: F401  (fixtures)
from tests.browser.test_play_race import click_move, fast, geometry, moves, until_moves

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def new_page(chromium, **context):
    ctx = chromium.new_context(**(context or {"viewport": LAPTOP}))
    page = ctx.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return ctx, page


def loaded(page, selector: str = "[data-play]"):
    board = page.locator(selector).first
    page.wait_for_function("root => root.dataset.loaded === 'yes'", arg=board.element_handle())
    return board


# -- 4. backgammon's page shows its board ------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_backgammon_page_shows_a_board_ready_to_play(site, chromium, artifacts_dir):  # noqa: F811
    from archive.models import Game, Ruleset

    game = Game.objects.create(name="Backgammon", slug="backgammon")
    Ruleset.objects.create(game=game, name="Standard", slug="standard")  # the DLP's, with no engine named
    for size in ({"viewport": LAPTOP}, PHONE):
        ctx, page = new_page(chromium, **size)
        try:
            page.goto(f"{site}/games/backgammon/")
            board = loaded(page, "[data-play][data-variant='tables.backgammon']")
            svg = board.locator("svg.board-svg")
            assert svg.is_visible() and svg.bounding_box()["width"] > 300
            assert page.locator("a[href='/play/tables.backgammon/']").count() == 1
            assert page.locator("nav.toc a[href='#play']").count() == 1
            page.screenshot(path=str(artifacts_dir / f"words-backgammon-{size['viewport']['width']}.png"))
            # It plays: Start gives a match of backgammon against the computer.
            board.get_by_role("button", name="Start").click()
            m = wait_ready(board, timeout=20_000)
            assert m["variant"] == "tables.backgammon" and m["sides"][1]["player"] == "computer"
            assert page.js_errors == []
        finally:
            ctx.close()


# -- 13. a newcomer's first game -------------------------------------------------------------------------


def test_a_newcomer_starts_a_single_game_against_a_medium_opponent(site, chromium):  # noqa: F811
    ctx, page = new_page(chromium)
    try:
        page.add_init_script("localStorage.setItem('play:settings:tables', JSON.stringify({speed: 'off'}))")
        page.goto(f"{site}/play/tables.shesh-besh/")
        board = loaded(page)
        level = board.locator("select[name=level]")
        length = board.locator("select[name=match_to]")
        assert level.input_value() == "medium"
        assert length.input_value() == "1"
        # The longer match and the other levels are in the same form, one choice away.
        assert {"3", "5", "7"} <= set(length.locator("option").evaluate_all("os => os.map(o => o.value)"))
        assert {"easy", "strong"} <= set(level.locator("option").evaluate_all("os => os.map(o => o.value)"))
        assert level.is_visible() and length.is_visible()
        board.get_by_role("button", name="Start").click()
        m = wait_ready(board, timeout=30_000)
        assert m["sides"][1] == {"player": "computer", "level": "medium"}
        assert m["options"]["match_to"] == 1
    finally:
        ctx.close()


# -- 9. every race board's numbers are readable at 1366x768 --------------------------------------------

SMALLEST_NUMBER = """svg => {
  const box = svg.getBoundingClientRect();
  const scale = box.width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('.cell-no, .zone-label')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  return {smallest: Math.min(...sizes), count: sizes.length, width: box.width, height: box.height};
}"""


def race_variants() -> list[str]:
    from games.engine import get_variant, variants

    return [key for key in variants() if get_variant(key).family == "race"]


def test_every_race_board_prints_its_numbers_readably_at_1366x768(site, chromium, artifacts_dir):  # noqa: F811
    ctx, page = new_page(chromium)
    small = {}
    try:
        for variant in race_variants():
            page.goto(f"{site}/play/{variant}/")
            board = loaded(page)
            found = board.locator("svg.board-svg").evaluate(SMALLEST_NUMBER)
            if found["count"] and found["smallest"] < 10:
                small[variant] = found
            if variant == "race.58-holes":
                # The holes board is no narrow strip beside an empty column (it was about 345x445).
                assert found["height"] >= 560 and found["width"] >= 430, found
                page.screenshot(path=str(artifacts_dir / "words-58-holes-1366.png"))
        assert small == {}, f"numbers under 10 px at 1366x768: {small}"
        assert page.js_errors == []
    finally:
        ctx.close()


# -- 7. another side's moves in the numbers the board prints -------------------------------------------


def printed(board, side: int, p: int) -> str:
    """The words for a route position of `side` as the viewer's board prints it."""
    routes = geometry(board)["routes"]
    if p == 0:
        return "in"
    if p == len(routes[side]) + 1:
        return "off"
    cell = routes[side][p - 1]
    text = board.locator(f"[data-cell='{cell}'] .cell-no").text_content()
    # A square on the other side's route alone is "their" square, whether the board numbers it in
    # that side's colour (Murray's Ur) or the variant labels every hole (58 Holes' two halves).
    viewer = 1 - side
    return text if cell in routes[viewer] else f"their {text}"


def written_as_printed(board, entry: dict, shown: str) -> None:
    """A move of the other side (1) is written in the squares' numbers as the viewer's board prints
    them: a square only its route uses as "their N"."""
    a = entry["action"]
    ends = [printed(board, entry["side"], a["from"]), printed(board, entry["side"], a["to"])]
    words = shown.replace("*", "").split(" (")[0].split("→")
    # "their 3→6" when both squares are the other side's own ("their" said once).
    if words[0].startswith("their ") and ends[1].startswith("their "):
        words[1] = f"their {words[1]}"
    for word, label in zip(words, ends):
        # The square's label lists every number the route gives it ("their 1/27"): the move names
        # one of them.
        assert word.startswith("their ") == label.startswith("their "), (entry, shown, ends)
        assert word.removeprefix("their ") in label.removeprefix("their ").split("/"), (entry, shown, ends)


@pytest.mark.parametrize("variant,options", [("race.ur", {"rules": "murray"}), ("race.xii-scripta", {})])
def test_the_computers_race_moves_are_written_in_the_numbers_the_board_prints(site, chromium, variant, options):  # noqa: F811
    ctx, page = new_page(chromium)
    try:
        fast(page)
        created = api_create(site, {"variant": variant, "options": options, "opponent": "computer", "level": "random"})
        page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
        board = page.locator("[data-play]")
        m = wait_ready(board, timeout=20_000)
        seen = {"their": 0, "renumbered": 0}
        for _ in range(60):
            m = until_moves(board, m)
            if m["outcome"]:
                break
            m = click_move(board, moves(m)[0])
            m = wait_ready(board, timeout=20_000)
            for i, entry in enumerate(m["log"]):
                a = entry["action"]
                if entry["side"] != 1 or "from" not in a:
                    continue
                shown = board.locator(f".play-moves button[data-index='{i + 1}']").inner_text()
                written_as_printed(board, entry, shown)
                seen["their"] += "their" in shown
                seen["renumbered"] += shown.replace("*", "").split(" (")[0] != entry["notation"].replace("*", "").split(" (")[0]
            if seen["renumbered"] and (seen["their"] or variant != "race.ur"):
                break
        assert seen["renumbered"], "no computer move was on squares the two sides number differently"
        if variant == "race.ur":
            assert seen["their"], "no computer move on its own row came"
            # The computer's own row is numbered on the board, in its colour.
            assert board.locator(".cell-no.theirs").count() == 4
        # The log line gives both numberings.
        board.locator("[data-toggle=textMode]").click()
        transcript = board.locator("[data-role=transcript]").inner_text()
        assert "in its own numbering" in transcript
        assert page.js_errors == []
    finally:
        ctx.close()


def test_the_computers_tables_moves_are_written_in_the_players_points(site, chromium):  # noqa: F811
    from tests.browser.test_play import finish_tables_turn, until_steps

    ctx, page = new_page(chromium)
    try:
        page.add_init_script("localStorage.setItem('play:settings:tables', JSON.stringify({speed: 'off', autoConfirm: false}))")
        created = api_create(site, {"variant": "tables.ses-bes", "options": {"match_to": 1}, "opponent": "computer", "level": "random"})
        page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
        board = page.locator("[data-play]")
        m = wait_ready(board, timeout=20_000)
        for _ in range(6):
            if any(e["side"] == 1 and "from" in e["action"] for e in m["log"]):
                break
            m = finish_tables_turn(board, until_steps(board, m))
            m = wait_ready(board, timeout=20_000)
        theirs = [(i, e) for i, e in enumerate(m["log"]) if e["side"] == 1 and "from" in e["action"]]
        assert theirs, "the computer never moved"
        for i, entry in theirs:
            shown = board.locator(f".play-moves button[data-index='{i + 1}']").inner_text()
            a = entry["action"]
            # Şeş-Beş's sides run the same way round: the computer's point p is the player's p + 12.
            view = [((p + 11) % 24) + 1 if 1 <= p <= 24 else p for p in (a["from"], a["to"])]
            assert shown.replace("*", "").startswith(f"{view[0]}/{view[1] if view[1] else 'off'}"), (entry, shown)
            # ... and the board prints that point where the computer's checkers stand.
            assert board.locator(f"[data-point='{view[0]}']").count() == 1
    finally:
        ctx.close()


# -- 8 and the rule terms: a Senet tie says how it was decided, and links its clause ----------------------


def senet_tie_state() -> dict:
    """Bell's Senet near its end: the computer has borne off its last four pieces first; the player's
    last piece is on 29, so the game ends 4–4 and the tie-break decides it."""
    from games.engine import get_variant

    variant = get_variant("race.senet")
    state = variant.new_game(variant.validate_options({"rules": "bell"})).to_json()
    state.update(pieces=[[31, 31, 31, 29], [31, 31, 31, 31]], lost=[6, 6], off=[3, 4], score=[3, 4],
                 first_out=1, phase="throw", to_move=0, throw=None)
    return state


def test_a_senet_tie_says_the_tie_break_decided_it_and_links_the_rule(catalogue, chromium, artifacts_dir):  # noqa: F811
    import json

    ctx, page = new_page(chromium)
    try:
        fast(page)

        def from_the_tie(route):
            body = json.loads(route.request.post_data or "{}")
            body.update(state=senet_tie_state(), level="random")
            route.continue_(post_data=json.dumps(body))

        page.route("**/api/v1/matches/", lambda route: from_the_tie(route) if route.request.method == "POST" else route.continue_())
        page.goto(f"{catalogue}/games/senet/")
        board = loaded(page, "[data-play][data-variant='race.senet']")
        board.get_by_role("button", name="Start").click()
        m = wait_ready(board, timeout=20_000)
        for _ in range(30):
            m = until_moves(board, m)
            if m["outcome"]:
                break
            m = click_move(board, moves(m)[0])
            m = wait_ready(board, timeout=20_000)
        assert m["outcome"]["how"] == "most-off" and m["outcome"]["score"] == [4, 4]
        status = board.locator(".play-status").inner_text()
        assert "Computer wins, 4–4: as many pieces borne off each, and Computer finished first." in status, status
        terms = board.locator("[data-role=terms]")
        assert terms.is_visible()
        assert "tie-break" in terms.inner_text()
        link = terms.locator("a")
        assert link.get_attribute("href") == "/games/senet/#clause-SN-14" and link.inner_text() == "SN-14"
        page.screenshot(path=str(artifacts_dir / "words-senet-tie.png"))
        assert page.js_errors == []
    finally:
        ctx.close()


# -- 10. words ------------------------------------------------------------------------------------------


def test_a_resigned_race_game_says_who_resigned_and_no_score(site, chromium):  # noqa: F811
    ctx, page = new_page(chromium)
    try:
        fast(page)
        page.goto(f"{site}/play/race.ur/")
        board = loaded(page)
        board.get_by_role("button", name="Start").click()
        m = wait_ready(board, timeout=20_000)
        page.once("dialog", lambda dialog: dialog.accept())
        board.locator("[data-match=resign]").click()
        page.wait_for_function("root => root.dataset.over === 'yes' && root.dataset.settled === 'yes'",
                               arg=board.element_handle())
        assert match(board)["outcome"]["how"] == "resign"
        status = board.locator(".play-status").inner_text()
        assert status == "Game over. You resign: Computer wins the game.", status
        facts = board.locator("[data-role=facts]").inner_text()
        assert "0–0" not in facts and "You resign: Computer wins the game." in facts, facts
    finally:
        ctx.close()


def test_the_start_form_names_the_game_and_its_rules(catalogue, chromium):  # noqa: F811
    ctx, page = new_page(chromium)
    try:
        page.goto(f"{catalogue}/games/bechi/")
        legends = page.locator("form.play-start legend").all_inner_texts()
        assert legends[0] == "Play Béchi (rules: Kunama)", legends
        assert not any(text.startswith("Play Kunama") for text in legends)
        page.goto(f"{catalogue}/games/ses-bes/")
        assert page.locator("form.play-start legend").first.inner_text() == "Play Şeş-Beş (rules: As observed in Azerbaijan, 2024)"
        # The engine's options are words, not "rules=kendall, pieces=7".
        page.goto(f"{catalogue}/games/senet/")
        meta = page.locator(".ruleset").first.inner_text()
        assert "rules=" not in meta and "pieces=" not in meta
        options = page.locator(".ruleset-options").first
        options.locator("summary").click()
        assert "pieces: 10" in options.inner_text()
        # Béchi's stores say whose they are.
        page.add_init_script("localStorage.setItem('play:settings:mancala', JSON.stringify({speed: 'off'}))")
        page.goto(f"{catalogue}/games/bechi/")
        board = loaded(page, "[data-play][data-variant='mancala.bechi']")
        board.get_by_role("button", name="Start").click()
        wait_ready(board, timeout=20_000)
        assert board.locator("[data-store='0'] .store-name").text_content() == "Yours"
        assert board.locator("[data-store='1'] .store-name").text_content() == "Computer's"
    finally:
        ctx.close()
