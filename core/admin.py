from __future__ import annotations

from django.contrib import admin, messages

from core.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are made here; the key is shown once, on the page after saving, and never stored."""

    list_display = ["prefix", "user", "name", "created", "expires", "last_used"]
    list_filter = ["expires"]
    search_fields = ["user__username", "name", "prefix"]
    fields = ["user", "name", "expires", "prefix", "created", "last_used"]
    readonly_fields = ["prefix", "created", "last_used"]
    autocomplete_fields = ["user"]

    def get_readonly_fields(self, request, obj=None):
        # A token's owner is fixed once it exists.
        return [*self.readonly_fields, "user"] if obj else self.readonly_fields

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        token, key = ApiToken.issue(user=obj.user, name=obj.name)
        token.expires = obj.expires
        token.save(update_fields=["expires"])
        obj.pk, obj.digest, obj.prefix = token.pk, token.digest, token.prefix
        messages.warning(
            request, f"The new token's key is {key} — copy it now: it is not stored and cannot be shown again."
        )
