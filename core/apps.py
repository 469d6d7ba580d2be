from django.apps import AppConfig


class CoreConfig(AppConfig):
    """What every part of the site shares and no part owns: throttling, security headers,
    API tokens, media serving, input limits. Imports neither archive nor games."""

    name = "core"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib import admin
        from django.contrib.admin import options
        from django.db import models

        from core.limits import TEXT_MAX

        # Every admin form's text areas take at most TEXT_MAX characters, as the API and the
        # imports do. Django's admin copies its per-field form defaults into each ModelAdmin when
        # it is registered (already done by now) and into each inline per request.
        options.FORMFIELD_FOR_DBFIELD_DEFAULTS[models.TextField] = {
            **options.FORMFIELD_FOR_DBFIELD_DEFAULTS[models.TextField], "max_length": TEXT_MAX,
        }
        for model_admin in admin.site._registry.values():
            model_admin.formfield_overrides.setdefault(models.TextField, {}).setdefault("max_length", TEXT_MAX)

        from core import checks  # noqa: F401  (registers the deployment checks)
        from core.lockout import LockoutAdminAuthenticationForm

        admin.site.login_form = LockoutAdminAuthenticationForm
        # DRF's plain-text tokens are replaced by core.ApiToken (hashed, expiring); its admin
        # page would offer to make tokens that no longer authenticate.
        from rest_framework.authtoken.models import TokenProxy

        if admin.site.is_registered(TokenProxy):
            admin.site.unregister(TokenProxy)
