"""The API's view of a ruleset measured by simulated play: ``/api/v1/rulesets/<id>/simulations/``
(games/simulation.py runs and stores them; the ruleset is the archive's)."""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from archive.models import Ruleset
from games.engine import EngineError, get_variant
from games.engine.simulate import simulation_options
from games.models import SimulationRun
from games.simulation import as_json, current_version, options_key


class TurnsSerializer(serializers.Serializer):
    median = serializers.FloatField()
    q1 = serializers.FloatField(help_text="First quartile")
    q3 = serializers.FloatField(help_text="Third quartile")
    min = serializers.IntegerField()
    max = serializers.IntegerField()
    mean = serializers.FloatField()
    histogram = serializers.ListField(child=serializers.DictField(child=serializers.IntegerField()),
                                      help_text="Games per range of lengths: from, to, games")


class FirstPlayerSerializer(serializers.Serializer):
    wins = serializers.IntegerField(help_text="Games the side that moved first won")
    decided = serializers.IntegerField(help_text="Games with a winner (draws left out)")
    rate = serializers.FloatField()
    low = serializers.FloatField(help_text="95% Wilson interval, lower bound")
    high = serializers.FloatField(help_text="95% Wilson interval, upper bound")


class EventSerializer(serializers.Serializer):
    clause = serializers.CharField(help_text="The clause id (RULES.md), empty when the rule has none")
    label = serializers.CharField()
    total = serializers.IntegerField(help_text="Times it came into play over all games")
    games = serializers.IntegerField(help_text="Games in which it came into play")
    per_game = serializers.FloatField()
    share_of_games = serializers.FloatField()


class OutcomeSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    share = serializers.FloatField()


class ShareSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    share = serializers.FloatField(help_text="Share of all the games")
    low = serializers.FloatField(help_text="95% Wilson interval, lower bound")
    high = serializers.FloatField(help_text="95% Wilson interval, upper bound")


class DecisionsSerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="Decisions made in all the games")
    per_game = serializers.FloatField(help_text="Decisions per game: the time a game takes to play by hand")


class BranchingSerializer(serializers.Serializer):
    choices = serializers.IntegerField(help_text="Legal choices summed over every decision")
    mean = serializers.FloatField(help_text="The branching factor: legal choices per decision")


class CapturesSerializer(serializers.Serializer):
    moves = serializers.IntegerField(help_text="Decisions that captured")
    share = serializers.FloatField(help_text="Their share of all the decisions")
    by = serializers.CharField(help_text="What counts as a capture in this family")


class LeadChangesSerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="Changes of the side ahead in all the games")
    per_game = serializers.FloatField()
    by = serializers.CharField(help_text="What decides who is ahead, read after every decision")


class ConceptsSerializer(serializers.Serializer):
    """Play concepts (games/engine/concepts.py), sums over the games so chunks merge exactly."""

    decision = serializers.CharField(help_text="What one decision is in this family (a move; in tables a whole play)")
    decisions = DecisionsSerializer()
    branching = BranchingSerializer()
    decisive = ShareSerializer(help_text="Games won under the rules (a winner named at a move limit is not counted)")
    draws = ShareSerializer(help_text="Games without a winner")
    move_limit = ShareSerializer(help_text="Games cut at a move (or throw) limit")
    captures = CapturesSerializer(allow_null=True, help_text="Null: not measured (the family cannot tell a capture)")
    lead_changes = LeadChangesSerializer(allow_null=True, help_text="Null: not measured (the family has no measure of who is ahead)")


class SimulationResultSerializer(serializers.Serializer):
    variant = serializers.CharField()
    options = serializers.DictField(help_text="The complete options played")
    players = serializers.ChoiceField(choices=["random", "strong"])
    level = serializers.CharField(help_text="The computer level both sides played at")
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    engine_version = serializers.CharField()
    seconds = serializers.FloatField()
    created = serializers.DateTimeField()
    turns = TurnsSerializer()
    first_player = FirstPlayerSerializer()
    outcomes = serializers.DictField(child=OutcomeSerializer(), help_text="Kinds of outcome (Outcome.how)")
    draws = serializers.IntegerField()
    events = serializers.DictField(child=EventSerializer(), help_text="Clause events by name")
    concepts = ConceptsSerializer(required=False, help_text="Play concepts; absent from results computed before they were measured")


class SimulationSerializer(SimulationResultSerializer):
    this_ruleset = serializers.BooleanField(help_text="True for the ruleset's own options; false for another option set of its engine")
    stale = serializers.BooleanField(help_text="True when the engine has changed since (engine_version differs from today's)")


class RulesetSimulationsSerializer(serializers.Serializer):
    ruleset = serializers.IntegerField()
    variant = serializers.CharField()
    results = SimulationSerializer(many=True)


class RulesetSimulationsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A ruleset measured by simulated play",
        description=(
            "The stored simulations of the ruleset's engine variant: its own options first, then other "
            "option sets of the same variant (another ruleset's, or a clause switched on or off), each "
            "by random and by strong players. Regenerate with manage.py simulate_ruleset."
        ),
        responses=RulesetSimulationsSerializer,
        tags=["rulesets"],
    )
    def get(self, request: Request, id: int) -> Response:
        ruleset = get_object_or_404(Ruleset, pk=id)
        results = []
        if ruleset.variant:
            try:
                own = options_key(simulation_options(get_variant(ruleset.variant), ruleset.options or {}))
            except EngineError:
                own = None
            for run in SimulationRun.objects.filter(variant=ruleset.variant).order_by("options_key", "players", "-created"):
                row = as_json(run)
                row["this_ruleset"] = run.options_key == own
                row["stale"] = run.engine_version != current_version(run.variant, run.players)
                results.append(row)
            results.sort(key=lambda r: not r["this_ruleset"])
        return Response({"ruleset": ruleset.pk, "variant": ruleset.variant, "results": results})
