"""Helpers for playing by link in two browser contexts (tests and bench/remote.py): open the
creator's board and the friend's, and play whichever side is to move through its own page."""
from __future__ import annotations

import json

SETTLED = "root.playApp.match && !root.playApp.busy && root.dataset.settled === 'yes'"


def quiet_settings(page, family: str, **extra) -> None:
    """No animation (and any other board settings) for ``family`` in this page's storage."""
    settings = {"speed": "off", **extra}
    page.add_init_script(f"localStorage.setItem('play:settings:{family}', '{json.dumps(settings)}')")


def board_of(page):
    return page.locator("[data-play]").first


def app_match(board) -> dict:
    return board.evaluate("root => root.playApp.match")


def wait_settled_at(board, version: int, timeout: float = 15_000) -> dict:
    """Wait until the board holds ``version`` (or later) and has finished drawing it."""
    board.page.wait_for_function(
        f"([root, v]) => {SETTLED} && root.playApp.match.version >= v",
        arg=[board.element_handle(), version], timeout=timeout,
    )
    return app_match(board)


def open_pair(chromium, page, site: str, created: dict, family: str, **settings):
    """The creator's board in ``page`` and the friend's in a second context (its own storage,
    as on another computer). Returns (creator board, friend board, friend context)."""
    quiet_settings(page, family, **settings)
    page.goto(f"{site}/play/m/{created['id']}/#t={created['token']}")
    mine = board_of(page)
    page.wait_for_function("root => root.playApp.match", arg=mine.element_handle())
    context = chromium.new_context(viewport={"width": 1000, "height": 800})
    friend = context.new_page()
    quiet_settings(friend, family, **settings)
    friend.goto(created["invite_url"])
    theirs = board_of(friend)
    friend.wait_for_function("root => root.playApp.match", arg=theirs.element_handle())
    return mine, theirs, context


def first_choice(m: dict) -> dict:
    legal = [a for a in m["legal_actions"] if "undo" not in a]
    return {"confirm": True} if {"confirm": True} in legal else legal[0]


def act_in_page(board, action: dict) -> dict:
    """Send ``action`` as the board does (its own request path) and wait for the answer drawn."""
    version = app_match(board)["version"]
    board.evaluate("(root, a) => root.playApp.act(a)", action)
    return wait_settled_at(board, version + 1)


def play_to_the_end(boards: dict, pick=first_choice, limit: int = 600) -> dict:
    """Each side plays its turns on its own board; after every action both boards show the same
    version. Returns the final match as the first board holds it."""
    first = boards[0]
    m = app_match(first)
    for _ in range(limit):
        if m["outcome"]:
            break
        mover = boards[m["to_move"]]
        m = wait_settled_at(mover, m["version"])
        if m["outcome"]:
            break
        if m["to_move"] not in m["you"]:
            continue
        m = act_in_page(mover, pick(m))
        for board in boards.values():
            wait_settled_at(board, m["version"])
        m = app_match(first)
    return m
