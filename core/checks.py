"""Deployment checks (`manage.py check --deploy`) for the settings only this site has."""
from __future__ import annotations

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def trusted_proxy(app_configs, **kwargs):
    """NUM_PROXIES makes the app believe X-Forwarded-For: that is only safe when the nearest
    proxy overwrites the header and the app servers cannot be reached around it (a review
    forged the header straight at gunicorn: 800 of 800 API requests and 20 of 20 logins passed
    every limit). The operator says the first is so with PROXY_SETS_FORWARDED_FOR=1."""
    if settings.NUM_PROXIES and not settings.PROXY_SETS_FORWARDED_FOR:
        return [Warning(
            f"NUM_PROXIES is {settings.NUM_PROXIES}, so X-Forwarded-For decides every client's limits, but "
            "PROXY_SETS_FORWARDED_FOR is not set.",
            hint=("Make your nearest proxy overwrite the header with the address it saw (nginx: "
                  "proxy_set_header X-Forwarded-For $remote_addr, as config/nginx/ does), bind gunicorn where "
                  "only the proxy reaches it (127.0.0.1 or a unix socket), then set PROXY_SETS_FORWARDED_FOR=1."),
            id="core.W001",
        )]
    return []
