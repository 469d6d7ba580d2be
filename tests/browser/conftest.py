"""Real headless Chromium (Debian's /usr/bin/chromium) driven by Playwright; never a downloaded
browser. Where Chromium is missing the tests skip locally and fail under REQUIRE_BROWSER (CI)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium():
    if not Path(CHROMIUM).exists():
        message = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"{message}; REQUIRE_BROWSER is set, so browser tests must run")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium, artifacts_dir, request):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # The site's Content-Security-Policy must never block its own pages: a refused script,
    # style or image is reported on the console, and counts as an error here.
    page.on("console", lambda msg: errors.append(msg.text) if "Content Security Policy" in msg.text else None)
    page.js_errors = errors
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        page.screenshot(path=str(artifacts_dir / f"FAILED-{request.node.name}.png"), full_page=True)
    context.close()


@pytest.fixture
def phone_page(chromium):
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    yield page
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
