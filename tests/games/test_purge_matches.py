"""purge_matches: abandoned matches go with their logs; recent ones and their links stay."""
from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from games.models import Match, MatchAction
from tests.games.test_match_export import create, play_out


def age(match_id: str, days: int) -> None:
    # queryset.update leaves auto_now alone: the match looks untouched for ``days``
    Match.objects.filter(pk=match_id).update(updated=timezone.now() - timedelta(days=days))


@pytest.mark.django_db
def test_idle_matches_go_with_their_logs_and_recent_ones_stay():
    old = create(variant="tables.backgammon", opponent="hotseat")
    play_out(old["id"], old["token"])
    recent = create(variant="tables.backgammon", opponent="hotseat")
    Match.objects.filter(pk=recent["id"]).update(version=3)  # played in: only idleness removes it
    age(old["id"], 100)
    age(recent["id"], 10)
    assert MatchAction.objects.filter(match_id=old["id"]).exists()

    out = StringIO()
    call_command("purge_matches", "--idle-days", "90", "--dry-run", stdout=out)
    assert out.getvalue().startswith("1 match(es)") and Match.objects.filter(pk=old["id"]).exists()

    out = StringIO()
    call_command("purge_matches", "--idle-days", "90", stdout=out)
    assert out.getvalue().startswith("1 match(es)")
    assert not Match.objects.filter(pk=old["id"]).exists()
    assert not MatchAction.objects.filter(match_id=old["id"]).exists()
    assert Match.objects.filter(pk=recent["id"]).exists()


@pytest.mark.django_db
def test_a_rematch_left_behind_no_longer_points_at_the_match_that_went():
    first = create(variant="tables.backgammon", opponent="hotseat")
    second = create(variant="tables.backgammon", opponent="hotseat")
    Match.objects.filter(pk=first["id"]).update(rematch=second["id"])
    Match.objects.filter(pk=second["id"]).update(rematch_of=first["id"])
    age(first["id"], 200)
    call_command("purge_matches", stdout=StringIO())
    assert Match.objects.get(pk=second["id"]).rematch_of == ""


@pytest.mark.django_db
def test_a_bad_number_of_days_is_refused_and_deletes_nothing():
    made = create(variant="tables.backgammon", opponent="hotseat")
    age(made["id"], 400)
    with pytest.raises(CommandError, match="--idle-days must be from 1 to 36500"):
        call_command("purge_matches", "--idle-days", "0")
    assert Match.objects.filter(pk=made["id"]).exists()


@pytest.mark.django_db
def test_a_match_nobody_played_goes_after_a_day_and_a_played_one_stays(settings):
    # Issue 38 item 5: idle matches went only after 90 days; one opened and never played is
    # gone after MATCH_UNPLAYED_DAYS (1), any other after MATCH_IDLE_DAYS (30).
    unplayed = create(variant="tables.backgammon", opponent="hotseat")
    played = create(variant="tables.backgammon", opponent="hotseat")
    Match.objects.filter(pk=played["id"]).update(version=5)
    for m in (unplayed, played):
        age(m["id"], 2)
    call_command("purge_matches", stdout=StringIO())
    assert not Match.objects.filter(pk=unplayed["id"]).exists()
    assert Match.objects.filter(pk=played["id"]).exists()
    age(played["id"], settings.MATCH_IDLE_DAYS + 1)
    call_command("purge_matches", stdout=StringIO())
    assert not Match.objects.filter(pk=played["id"]).exists()
