"""Issue 38 item 9: `check --deploy` warns when NUM_PROXIES trusts X-Forwarded-For and the
operator has not said that the nearest proxy overwrites it; the shipped nginx configuration does."""
from __future__ import annotations

from pathlib import Path

from django.core.checks import run_checks

from config.settings import BASE_DIR


def ids() -> set[str]:
    return {m.id for m in run_checks(include_deployment_checks=True, tags=["security"])}


def test_num_proxies_without_the_proxys_word_is_a_warning(settings):
    settings.NUM_PROXIES, settings.PROXY_SETS_FORWARDED_FOR = 1, False
    assert "core.W001" in ids()
    settings.PROXY_SETS_FORWARDED_FOR = True
    assert "core.W001" not in ids()
    settings.NUM_PROXIES, settings.PROXY_SETS_FORWARDED_FOR = 0, False
    assert "core.W001" not in ids()


def test_the_shipped_nginx_configuration_overwrites_the_header_and_buffers():
    conf = Path(BASE_DIR) / "config" / "nginx"
    headers = (conf / "archive-proxy-headers.conf").read_text()
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in headers  # overwritten, never appended
    assert "proxy_request_buffering on;" in headers and "proxy_buffering on;" in headers
    site = (conf / "archive.conf").read_text()
    for directive in ("client_header_timeout", "client_body_timeout", "send_timeout", "limit_conn "):
        assert directive in site
