from __future__ import annotations

from django.contrib import admin

from games.models import Match


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "variant", "opponent", "version", "created", "updated"]
    list_filter = ["variant", "opponent"]
    search_fields = ["id"]
    # Token hashes are secrets' fingerprints: shown to nobody, editable by nobody.
    exclude = ["side0_token_hash", "side1_token_hash"]
    readonly_fields = ["id", "variant", "options", "opponent", "initial_state", "state", "log_length", "log", "version",
                       "turn_start", "turn_side", "turn_steps", "side0_level", "side1_level", "outcome",
                       "created", "updated"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        # Play changes a match, nothing else: its log is its history (README: Who made each
        # change). The admin shows matches and may delete them.
        return False
