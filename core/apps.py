from django.apps import AppConfig


class CoreConfig(AppConfig):
    """What every part of the site shares and no part owns: throttling, security headers,
    API tokens, media serving, input limits. Imports neither archive nor games."""

    name = "core"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib import admin

        from core.lockout import LockoutAdminAuthenticationForm

        admin.site.login_form = LockoutAdminAuthenticationForm
        # DRF's plain-text tokens are replaced by core.ApiToken (hashed, expiring); its admin
        # page would offer to make tokens that no longer authenticate.
        from rest_framework.authtoken.models import TokenProxy

        if admin.site.is_registered(TokenProxy):
            admin.site.unregister(TokenProxy)
