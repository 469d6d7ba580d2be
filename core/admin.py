from __future__ import annotations

from datetime import timedelta

from django import forms
from django.contrib import admin, messages
from django.utils import timezone

from core.models import ApiToken, token_days_cap


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are made here; the key is shown once, on the page after saving, and never stored.

    A token acts as its user, so only a superuser chooses whose it is. Anyone else allowed to make
    tokens makes their own (the user field is not offered, and whatever is posted for it is
    ignored), and sees, changes and deletes only their own."""

    list_display = ["prefix", "user", "name", "created", "expires", "last_used"]
    list_filter = ["expires"]
    search_fields = ["user__username", "name", "prefix"]
    fields = ["user", "name", "expires", "prefix", "created", "last_used"]
    readonly_fields = ["prefix", "created", "last_used"]
    autocomplete_fields = ["user"]

    def get_queryset(self, request):
        tokens = super().get_queryset(request)
        return tokens if request.user.is_superuser else tokens.filter(user=request.user)

    def get_fields(self, request, obj=None):
        if obj is None and not request.user.is_superuser:
            # Made for themselves: nothing to choose, and nothing to show yet.
            return [field for field in self.fields if field != "user"]
        return super().get_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        # A token's owner is fixed once it exists, and only a superuser chooses it.
        if obj is not None or not request.user.is_superuser:
            return [*self.readonly_fields, "user"]
        return self.readonly_fields

    def _own(self, request, obj) -> bool:
        return obj is None or request.user.is_superuser or obj.user_id == request.user.pk

    # get_queryset already hides others' tokens from the list and the change, delete and history
    # pages; these say so again for any other caller that asks about one token.
    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._own(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._own(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._own(request, obj)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        cap = None if request.user.is_superuser else token_days_cap(request.user)

        class CappedExpiry(form):
            """A token lasts at most API_TOKEN_DAYS from now unless a superuser sets it."""

            def clean_expires(self):
                expires = self.cleaned_data.get("expires")
                if cap is not None and expires and expires > timezone.now() + timedelta(days=cap):
                    raise forms.ValidationError(
                        f"A token may last at most {cap} days from now (API_TOKEN_DAYS); only a superuser sets a later expiry."
                    )
                return expires

        return CappedExpiry

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        owner = obj.user if request.user.is_superuser else request.user
        token, key = ApiToken.issue(user=owner, name=obj.name)
        token.expires = obj.expires
        token.save(update_fields=["expires"])
        obj.pk, obj.digest, obj.prefix, obj.user = token.pk, token.digest, token.prefix, owner
        messages.warning(
            request, f"The new token's key is {key} — copy it now: it is not stored and cannot be shown again."
        )
