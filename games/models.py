from __future__ import annotations

import secrets

from django.db import connections, models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from core.prepared import convert_row, prepared_cursor, row_converters

# Short, unguessable, URL-safe ids: a match link is shared by hand and read aloud.
ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
ID_LENGTH = 12


def new_match_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


class Opponent(models.TextChoices):
    COMPUTER = "computer", "Computer"
    HOTSEAT = "hotseat", "Two players on one device"
    REMOTE = "remote", "A friend by link"


class Match(models.Model):
    """A game being played: the engine state, every action taken (dice included), and who plays
    each side. ``version`` grows by one with every accepted request, so a client's stale view is
    refused (409) and two simultaneous actions cannot both apply."""

    id = models.CharField(primary_key=True, max_length=ID_LENGTH, default=new_match_id, editable=False)
    variant = models.CharField(max_length=100)
    options = models.JSONField(default=dict, blank=True)
    opponent = models.CharField(max_length=10, choices=Opponent.choices)
    initial_state = models.JSONField(help_text="The state the log starts from")
    state = models.JSONField()
    # The log of every action is one MatchAction row each (appending is an INSERT, not a
    # rewrite); the match keeps only how many there are.
    log_length = models.PositiveIntegerField(default=0, help_text="How many actions the log holds")
    version = models.PositiveIntegerField(default=1)
    # The take-back point: the state at the start of the human turn in progress, and how many
    # log entries that turn has made so far. Dice are not drawn until the turn is confirmed.
    turn_start = models.JSONField(null=True, blank=True)
    turn_side = models.SmallIntegerField(null=True, blank=True)
    turn_steps = models.PositiveSmallIntegerField(default=0)
    # Each side is the computer (at a level) or whoever holds the token whose SHA-256 is stored.
    side0_level = models.CharField(max_length=20, blank=True, help_text="Empty for a human side")
    side1_level = models.CharField(max_length=20, blank=True, help_text="Empty for a human side")
    side0_token_hash = models.CharField(max_length=64, blank=True)
    side1_token_hash = models.CharField(max_length=64, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    # Presence and the next match: when each human side first opened the match (the creator's
    # side at creation), and the rematch offered from this match once it is over (sides swapped),
    # with the link back from the rematch to the match it follows.
    side0_joined = models.DateTimeField(null=True, blank=True)
    side1_joined = models.DateTimeField(null=True, blank=True)
    rematch = models.CharField(max_length=ID_LENGTH, blank=True, help_text="The id of the match offered after this one")
    rematch_of = models.CharField(max_length=ID_LENGTH, blank=True, help_text="The id of the match this one follows")
    set_up = models.BooleanField(
        default=False, help_text="Starts from a position other than the game's usual start (a state given when it was made)"
    )
    # Who made it, as a keyed hash of the client's address (no address is stored): the open
    # matches one address may hold are capped (MATCH_OPEN_PER_ADDRESS).
    creator = models.CharField(max_length=64, blank=True, db_index=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created"]
        verbose_name_plural = "matches"
        constraints = [
            models.CheckConstraint(condition=Q(opponent__in=Opponent.values), name="match_opponent_valid"),
            models.CheckConstraint(condition=Q(version__gte=1), name="match_version_positive"),
            models.CheckConstraint(
                condition=Q(turn_side__isnull=True) | Q(turn_side__in=[0, 1]), name="match_turn_side_valid"
            ),
            # Every side is played by someone: the computer or a token holder.
            models.CheckConstraint(
                condition=~Q(side0_level="", side0_token_hash=""), name="match_side0_played"
            ),
            models.CheckConstraint(
                condition=~Q(side1_level="", side1_token_hash=""), name="match_side1_played"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.variant} match {self.id}"

    def get_absolute_url(self) -> str:
        return reverse("games:match", args=[self.id])

    def level(self, side: int) -> str:
        return self.side1_level if side else self.side0_level

    def token_hash(self, side: int) -> str:
        return self.side1_token_hash if side else self.side0_token_hash

    def joined(self, side: int):
        return self.side1_joined if side else self.side0_joined

    def is_computer(self, side: int) -> bool:
        return bool(self.level(side))

    def log_entries(self, start: int = 0) -> list[dict]:
        """The log as the API shows it, from entry ``start`` (0-based) on: one query."""
        # Tuples, not instances, and a plain SELECT written once (prepared on PostgreSQL), not
        # a queryset compiled each time: every full answer and every undo reads the log.
        connection = connections[self._state.db or "default"]
        sql, converters = _log_read(connection)
        with prepared_cursor(connection.alias) as cursor:
            cursor.execute(sql, [self.pk, start])
            rows = cursor.fetchall()
        if converters:
            rows = [convert_row(connection, row, converters) for row in rows]
        return [entry_from_row(*row) for row in rows]

    @property
    def log(self) -> list[dict]:
        """Every action taken, chance included (read from the MatchAction rows)."""
        return self.log_entries()


class MatchAction(models.Model):
    """One entry of a match's log: an action with who took it and its notation. ``seq`` counts
    from 1; (match, seq) is unique, so two writers can never both append the same entry."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    side = models.SmallIntegerField(null=True, blank=True, help_text="Empty for chance")
    by = models.CharField(max_length=10, help_text="chance, human or computer")
    action = models.JSONField()
    notation = models.TextField(blank=True)
    # What the variant records with each action beyond the fields above (its log_fields, from
    # the state after the action: tables games the Position ID); shown merged into the entry.
    extra = models.JSONField(default=dict, blank=True, help_text="The variant's own fields for this entry")

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="match_action_seq_unique"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="match_action_seq_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} #{self.seq}: {self.notation}"

    def entry(self) -> dict:
        return entry_from_row(self.side, self.by, self.action, self.notation, self.extra)


LOG_COLUMNS = ("side", "by", "action", "notation", "extra")
_LOG_READ: dict[str, tuple[str, list]] = {}


def _log_read(connection) -> tuple[str, list]:
    """The SELECT of a match's log entries after a given ``seq`` (LOG_COLUMNS, in order), and the
    ORM's converters for its columns: written once per database."""
    found = _LOG_READ.get(connection.vendor)
    if found is None:
        q = connection.ops.quote_name
        fields = [MatchAction._meta.get_field(name) for name in LOG_COLUMNS]
        sql = (f"SELECT {', '.join(q(f.column) for f in fields)} FROM {q(MatchAction._meta.db_table)}"
               f" WHERE {q('match_id')} = %s AND {q('seq')} > %s ORDER BY {q('seq')}")
        found = _LOG_READ[connection.vendor] = (sql, row_converters(connection, MatchAction, fields))
    return found


def entry_from_row(side, by, action, notation, extra) -> dict:
    # The variant's fields follow the entry's own, as before they had a column of their own.
    entry = {"side": side, "by": by, "action": action, "notation": notation}
    entry.update((k, v) for k, v in (extra or {}).items() if k not in entry)
    return entry


class SimulationRun(models.Model):
    """One ruleset (a variant with options) measured by simulated play: ``games`` single games
    played by ``players`` from ``seed`` (games/engine/simulate.py), with the engine version the
    results were computed by. Running the same simulation again replaces its row."""

    class Players(models.TextChoices):
        RANDOM = "random", "Random players"
        STRONG = "strong", "Strong players"

    variant = models.CharField(max_length=100, db_index=True)
    options = models.JSONField(default=dict, help_text="The complete options played (validated by the variant)")
    # The options as canonical JSON (sorted keys), so a run is found and replaced by its options.
    options_key = models.CharField(max_length=2000)
    players = models.CharField(max_length=10, choices=Players.choices)
    level = models.CharField(max_length=20, help_text="The computer level both sides played at")
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    engine_version = models.CharField(max_length=40)
    metrics = models.JSONField(help_text="Turns, first-player wins, outcome kinds and clause events")
    seconds = models.FloatField(default=0, help_text="How long the simulation took")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["variant", "options_key", "players"]
        constraints = [
            models.UniqueConstraint(
                fields=["variant", "options_key", "players", "games", "seed"], name="simulation_run_unique"
            ),
            models.CheckConstraint(condition=Q(players__in=["random", "strong"]), name="simulation_players_valid"),
            models.CheckConstraint(condition=Q(games__gte=1), name="simulation_games_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.variant} {self.options_key} ({self.players}, {self.games} games, seed {self.seed})"


class SimulationJob(models.Model):
    """A simulation asked for from a page or the API, played as chunks of games by workers
    (games/jobs.py). Identical requests (same engine version, variant, options, players, games
    and seed: ``request_key``) share one job while it waits, runs or once it is done; its result
    is stored as a :class:`SimulationRun`."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for a worker"
        RUNNING = "running", "Running"
        MERGING = "merging", "Putting the chunks together"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"
        CANCELLED = "cancelled", "Cancelled"
        EXPIRED = "expired", "Expired before a worker took it"

    ACTIVE = (Status.QUEUED, Status.RUNNING, Status.MERGING)
    SHARED = (Status.QUEUED, Status.RUNNING, Status.MERGING, Status.DONE)

    id = models.CharField(primary_key=True, max_length=ID_LENGTH, default=new_match_id, editable=False)
    request_key = models.CharField(max_length=64, db_index=True,
                                   help_text="SHA-256 of engine version, variant, options, players, games and seed")
    variant = models.CharField(max_length=100, db_index=True)
    options = models.JSONField(default=dict, help_text="The complete options played")
    players = models.CharField(max_length=10, choices=SimulationRun.Players.choices)
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    engine_version = models.CharField(max_length=40)
    chunk_games = models.PositiveIntegerField(help_text="Games per chunk")
    chunks = models.PositiveIntegerField()
    chunks_done = models.PositiveIntegerField(default=0)
    games_done = models.PositiveIntegerField(default=0)
    play_seconds = models.FloatField(default=0, help_text="Seconds the workers spent playing, summed over chunks")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED, db_index=True)
    curator = models.BooleanField(default=False, help_text="Asked by a curator (queued ahead of anonymous requests)")
    requested_by = models.ForeignKey("auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    address_hash = models.CharField(max_length=64, blank=True, help_text="Keyed hash of the requesting address")
    cost = models.PositiveIntegerField(default=0, help_text="Games counted against the address's hourly budget")
    result = models.ForeignKey(SimulationRun, null=True, blank=True, on_delete=models.SET_NULL, related_name="jobs")
    error = models.TextField(blank=True)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        constraints = [
            # One shared job per request while it waits, runs or is done; a failed, cancelled or
            # expired one leaves room for a new request.
            models.UniqueConstraint(fields=["request_key"], condition=Q(status__in=["queued", "running", "merging", "done"]),
                                    name="simulation_job_shared"),
            models.CheckConstraint(condition=Q(players__in=["random", "strong"]), name="simulation_job_players_valid"),
            models.CheckConstraint(condition=Q(games__gte=1), name="simulation_job_games_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.id}: {self.variant} ({self.players}, {self.games} games, {self.status})"

    def get_absolute_url(self) -> str:
        return reverse("archive:simulation-job", args=[self.id])


class SimulationChunk(models.Model):
    """Games ``start`` to ``stop - 1`` of a job, and their records once a worker has played them."""

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="chunk_set")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    stop = models.PositiveIntegerField()
    records = models.JSONField(null=True, blank=True, help_text="One record per game, in game order")
    seconds = models.FloatField(default=0)
    done = models.BooleanField(default=False)

    class Meta:
        ordering = ["job", "index"]
        constraints = [models.UniqueConstraint(fields=["job", "index"], name="simulation_chunk_unique")]
