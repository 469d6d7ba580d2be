"""The Content-Security-Policy in real Chromium: it blocks what it must (an injected inline
script) and nothing the site needs (the API docs' two third-party apps render)."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_injected_inline_script_is_blocked_and_reported(page, live_server):
    page.goto(live_server.url + "/evidence/")
    with pytest.raises(Exception):  # noqa: B017 - Playwright's error type varies by version
        page.add_script_tag(content="window.injected = true")
    assert page.evaluate("window.injected") is None
    assert any("Content Security Policy" in e for e in page.js_errors)


def test_swagger_ui_renders_under_the_policy(page, live_server):
    page.goto(live_server.url + "/api/docs/")
    page.wait_for_selector(".opblock", timeout=15000)
    assert page.locator(".opblock").count() > 10
    assert page.js_errors == []


def test_redoc_renders_under_the_policy(page, live_server):
    page.goto(live_server.url + "/api/redoc/")
    page.wait_for_selector("[role=search], .menu-content", timeout=15000)
    page.wait_for_timeout(500)
    assert "Evidence" in page.inner_text("body")
    # Redoc's "powered by" logo comes from its CDN: the policy keeps the docs from calling out,
    # and nothing else is refused.
    assert [e for e in page.js_errors if "cdn.redoc.ly" not in e] == []
