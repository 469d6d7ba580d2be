"""Issue 37's done-criterion for the board: each of the fourteen rulesets with an engine of its
own (the five tables games, Béchi on four and three holes, Senet after Kendall and after Bell,
Ur after Finkel and after Murray, 20 Squares, 58 Holes, XII Scripta) is played to its end
against the computer at 1366×768 and on a 390×844 phone, by clicking (tapping) only what the
board highlights, and no highlighted move is ever refused.

One game each (a match to one point), against the fastest opponent, with animations off and
turns confirmed as they end. On the phone the first PHONE_ACTIONS actions of each are tapped
(the whole game where it is shorter); at 1366×768 the game is clicked to its end from a turn of
the human's some LAPTOP_TAIL decisions before the end of a random game the engine plays first
(from the start where the game is shorter). Between them the opening and the ending of every game
(the bear-off, where item 1's bugs were) are played by the highlights alone, in some eight minutes
of CI where whole games by clicks took twenty. PLAY_HIGHLIGHTED_WHOLE=1 plays every game from its
start to its end at both sizes (each case has been played so, and passed)."""
from __future__ import annotations

import json
import os
import random
import time

import pytest

from tests.browser.test_play import SETTLED, api_create
from tests.browser.test_play import site  # noqa: F401  (fixture)

RULESETS = [
    ("tables.backgammon", {}),
    ("tables.ses-bes", {}),
    ("tables.shesh-besh", {}),
    ("tables.takhte-nard", {}),
    ("tables.gul-bara", {}),
    ("mancala.bechi", {}),
    ("mancala.bechi", {"holes": 3}),
    ("race.senet", {}),
    ("race.senet", {"rules": "bell"}),
    ("race.ur", {}),
    ("race.ur", {"rules": "murray"}),
    ("race.twenty-squares", {}),
    ("race.58-holes", {}),
    ("race.xii-scripta", {}),
]
SIZES = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
}
FAMILY = {"tables": "tables", "mancala": "mancala", "race": "race"}
# What the board highlights: pieces that can move, and, once one is selected, where it can go.
SOURCES = {
    "tables": ".point.source, [data-point='bar']:has(.checker.movable)",
    "race": ".cell.source, .zone.source",
    "mancala": ".hole.source",
}
TARGETS = {
    "tables": ".point.dest, .tray.dest",
    "race": ".cell.dest, .zone.dest",
}
DECISIONS = [({"double": False}, "roll"), ({"take": True}, "take"), ({"pass": True}, "pass"), ({"confirm": True}, "confirm")]
READY = f"root => {SETTLED} && (root.dataset.myTurn === 'yes' || root.dataset.over === 'yes')"
MOST_ACTIONS = 700
WHOLE = bool(os.environ.get("PLAY_HIGHLIGHTED_WHOLE"))
PHONE_ACTIONS = None if WHOLE else 50
LAPTOP_TAIL = 45


def near_the_end(variant_key: str, options: dict, seed: str) -> dict | None:
    """A state at the start of side 0's turn, LAPTOP_TAIL or more of side 0's decisions before the
    end of a game the engine plays at random from the start (never doubling, as the clicks never
    do); None where the whole game is shorter."""
    from games.engine import get_variant

    variant, rng = get_variant(variant_key), random.Random(seed)
    state = variant.new_game(variant.validate_options(options))
    starts, last, decisions = [], None, 0
    while variant.outcome(state) is None:
        if variant.is_chance(state):
            state = variant.apply(state, variant.draw(state, rng))
            continue
        side = variant.to_move(state)
        if side == 0:
            if last != 0:
                starts.append((decisions, state.to_json()))
            decisions += 1
        last = side
        state = variant.apply(state, rng.choice([a for a in variant.legal_actions(state)
                                                 if a.to_json().get("double") is not True]))
    fit = [start for made, start in starts if decisions - made >= LAPTOP_TAIL]
    return fit[-1] if fit else None


def ids(case) -> str:
    variant, options = case
    return variant + "".join(f"-{v}" for v in options.values())


# In the page: the centres of the highlighted elements (scrolled into view when they are not),
# and the little of the match the loop needs (the whole match, log and all, is large). A board
# wider than the phone (58 Holes) scrolls sideways in its frame: there only the highlighted
# elements in view are offered, the first brought into view where none is.
CENTRES = """(root, selector) => {
  let found = [...root.querySelectorAll(selector)];
  if (found.some((e) => { const r = e.getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight; })) {
    (root.querySelector(".board-svg") || found[0]).scrollIntoView({ block: "center" });
  }
  const across = (e) => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth; };
  if (found.length && !found.some(across)) {
    found[0].scrollIntoView({ block: "nearest", inline: "center" });
  }
  if (found.some(across)) found = found.filter(across);
  return found.map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, point: e.dataset.point ?? null };
  });
}"""
SUMMARY = """root => { const m = root.playApp.match; const n = root.querySelector("[data-role=notice]");
  return { version: m.version, outcome: m.outcome, legal: m.legal_actions, phase: m.state.phase ?? null,
           refusal: n && !n.hidden && n.dataset.kind === "error" ? n.textContent : null }; }"""


def press_at(page, spot: dict, phone: bool) -> None:
    if phone:
        page.touchscreen.tap(spot["x"], spot["y"])
    else:
        page.mouse.click(spot["x"], spot["y"])


def centres(board, selector: str, wait: bool = False) -> list[dict]:
    if wait:
        board.page.wait_for_function(f"root => root.querySelector({json.dumps(selector)})",
                                     arg=board.element_handle(), timeout=10_000)
    return board.evaluate(CENTRES, selector)


def wait_after(board, version: int) -> dict:
    board.page.wait_for_function(
        f"([root, v]) => root.playApp.match.version > v && ({READY[8:]})",
        arg=[board.element_handle(), version], timeout=20_000,
    )
    return board.evaluate(SUMMARY)


def tables_target_rank(spot: dict) -> int:
    # Bearing off first, then the lowest point (the furthest a checker goes): games end sooner.
    return -1 if spot["point"] == "off" else int(spot["point"])


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("case", RULESETS, ids=[ids(c) for c in RULESETS])
def test_a_whole_game_by_highlighted_moves_alone(site, chromium, artifacts_dir, case, size):
    variant, options = case
    family = FAMILY[variant.split(".")[0]]
    phone = size == "phone"
    rng = random.Random(f"{variant}{options}{size}")
    context = chromium.new_context(**SIZES[size])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    refused: list[str] = []
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}")
            if "/actions/" in r.url and r.request.method == "POST" and r.status != 200 else None)
    settings = {"speed": "off", "autoConfirm": True}
    page.add_init_script(f"localStorage.setItem('play:settings:{family}', '{json.dumps(settings)}')")
    body = {"variant": variant, "options": options, "opponent": "computer", "level": "random"}
    start = None if phone or WHOLE else near_the_end(variant, options, f"{variant}{options}")
    if start is not None:
        body = {**body, "options": {}, "state": start}  # the state fixes the options
    created = api_create(site, body)
    started = time.monotonic()
    try:
        page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
        board = page.locator("[data-play]")
        page.wait_for_function(READY, arg=board.element_handle(), timeout=20_000)
        m = board.evaluate(SUMMARY)
        cap = PHONE_ACTIONS if phone and PHONE_ACTIONS else MOST_ACTIONS
        for _ in range(cap):
            if m["outcome"]:
                break
            version = m["version"]
            # The board draws in the next animation frame: with moves to make, wait for it.
            movable = any("from" in a or "hole" in a for a in m["legal"])
            sources = centres(board, SOURCES[family], wait=movable and m["phase"] != "leave_empty")
            if family == "mancala" and m["phase"] == "leave_empty":
                need = len(m["legal"][0]["leave_empty"])
                for picked in range(need):
                    board.page.wait_for_function(f"root => root.querySelectorAll('.hole.picked').length === {picked}",
                                                 arg=board.element_handle(), timeout=5_000)
                    press_at(page, rng.choice(centres(board, ".hole.leaveable:not(.picked)")), phone)
                press_at(page, centres(board, "[data-leave='commit']", wait=True)[0], phone)
            elif sources:
                source = rng.choice(sources)
                press_at(page, source, phone)
                if family == "mancala":
                    page.wait_for_function(
                        f"root => root.playApp.busy || root.playApp.match.version > {version} || "
                        "root.querySelector('[data-direction]')", arg=board.element_handle())
                    prompt = centres(board, "[data-direction]")
                    if prompt and not board.evaluate("root => root.playApp.busy"):
                        press_at(page, rng.choice(prompt), phone)
                else:
                    try:
                        targets = centres(board, TARGETS[family], wait=True)
                    except Exception as exc:
                        under = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 200)",
                                              [source["x"], source["y"]])
                        raise AssertionError(f"no target after pressing {source} ({under}) among {sources}") from exc
                    assert targets, f"a highlighted piece offers no target (version {version})"
                    if family == "tables":
                        targets.sort(key=tables_target_rank)
                        target = targets[0] if rng.random() < 0.7 else rng.choice(targets)
                    else:
                        target = targets[-1] if rng.random() < 0.5 else rng.choice(targets)
                    press_at(page, target, phone)
            else:
                decision = next((name for action, name in DECISIONS if action in m["legal"]), None)
                assert decision, f"nothing highlighted and nothing to decide: {m['legal']}"
                press_at(page, centres(board, f"[data-do='{decision}']:not([hidden])", wait=True)[0], phone)
            m = wait_after(board, version)
            assert refused == [] and m["refusal"] is None, (refused, m["refusal"])
        assert m["outcome"] or cap < MOST_ACTIONS, f"no end after {MOST_ACTIONS} actions"
        page.screenshot(path=str(artifacts_dir / f"highlighted-{ids(case)}-{size}.png"))
        assert errors == []
    except Exception:
        page.screenshot(path=str(artifacts_dir / f"FAILED-highlighted-{ids(case)}-{size}.png"), full_page=True)
        raise
    finally:
        print(f"{ids(case)} {size}: {time.monotonic() - started:.1f} s")
        context.close()
