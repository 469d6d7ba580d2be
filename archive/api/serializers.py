from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from drf_spectacular.utils import extend_schema_field
from django.db import models
from rest_framework import serializers

from archive.api import services
from archive.importers.checks import TEXT_MAX
from archive.models import (
    Age,
    Category,
    Evidence,
    Game,
    GameName,
    Gender,
    Period,
    Place,
    Region,
    RuleClause,
    Ruleset,
    SocialStatus,
    Source,
    Space,
    UncertaintyFactor,
)


def year_label(year: int | None) -> str:
    if year is None:
        return ""
    return f"{-year} BCE" if year < 0 else str(year)


def date_label(start: int | None, end: int | None) -> str:
    if start is None and end is None:
        return ""
    if start == end or end is None or start is None:
        return year_label(start if start is not None else end)
    return f"{year_label(start)} – {year_label(end)}"


class LimitedModelSerializer(serializers.ModelSerializer):
    """Text fields take at most TEXT_MAX characters, as the importers do, so every record the
    API accepts fits a CSV cell the import reads back (README: Limits)."""

    def build_standard_field(self, field_name, model_field):
        field_class, field_kwargs = super().build_standard_field(field_name, model_field)
        if isinstance(model_field, models.TextField) and "max_length" not in field_kwargs and not field_kwargs.get("read_only"):
            field_kwargs["max_length"] = TEXT_MAX
        return field_class, field_kwargs


def names_field(model) -> serializers.SlugRelatedField:
    return serializers.SlugRelatedField(
        many=True, slug_field="name", queryset=model.objects.all(), required=False,
        help_text=f"{model._meta.verbose_name_plural.capitalize()} by their DLP names.",
    )


class PlaceSerializer(LimitedModelSerializer):
    latitude = serializers.DecimalField(max_digits=9, decimal_places=6, min_value=Decimal(-90), max_value=Decimal(90))
    longitude = serializers.DecimalField(max_digits=9, decimal_places=6, min_value=Decimal(-180), max_value=Decimal(180))

    class Meta:
        model = Place
        fields = ["name", "latitude", "longitude", "coordinates_text", "note"]


class SourceBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Source
        fields = ["ref", "dlp_id", "kind", "citation", "authors", "year", "title", "url"]


class SourceSerializer(LimitedModelSerializer):
    api_url = serializers.HyperlinkedIdentityField(view_name="api:source-detail", lookup_field="ref")
    html_url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Source
        fields = [
            "ref", "dlp_id", "api_url", "html_url", "kind", "citation", "authors", "year", "title", "container",
            "volume", "issue", "pages", "publisher", "place", "language", "url", "accessed", "note",
            "created", "updated",
        ]
        read_only_fields = ["ref", "created", "updated"]

    def create(self, validated_data):
        return services.source_create(data=validated_data, user=self.context["request"].user)

    def update(self, instance, validated_data):
        return services.source_update(source=instance, data=validated_data, user=self.context["request"].user)


class GameNameSerializer(LimitedModelSerializer):
    class Meta:
        model = GameName
        fields = ["name", "kind", "language", "transliteration", "note"]


class RuleClauseSerializer(LimitedModelSerializer):
    source = serializers.SlugRelatedField(slug_field="ref", read_only=True)

    class Meta:
        model = RuleClause
        fields = ["clause_id", "order", "text", "source", "locator", "quotation", "interpretation", "option"]


class GameSerializer(LimitedModelSerializer):
    api_url = serializers.HyperlinkedIdentityField(view_name="api:game-detail", lookup_field="slug")
    html_url = serializers.CharField(source="get_absolute_url", read_only=True)
    dlp_identifier = serializers.CharField(read_only=True)
    names = GameNameSerializer(many=True, read_only=True)
    regions = names_field(Region)
    periods = names_field(Period)
    categories = names_field(Category)
    sources = serializers.SlugRelatedField(many=True, slug_field="ref", queryset=Source.objects.all(), required=False)

    class Meta:
        model = Game
        fields = [
            "slug", "name", "api_url", "html_url", "dlp_id", "dlp_identifier", "bgg_id", "description", "names",
            "regions", "periods", "categories", "sources", "reference", "origin", "credit", "created", "updated",
        ]
        read_only_fields = ["created", "updated"]

    def create(self, validated_data):
        return services.game_save(game=Game(), data=validated_data, user=self.context["request"].user)

    def update(self, instance, validated_data):
        return services.game_save(game=instance, data=validated_data, user=self.context["request"].user)


class RulesetSerializer(LimitedModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    clauses = RuleClauseSerializer(many=True, read_only=True)
    sources = serializers.SlugRelatedField(many=True, slug_field="ref", queryset=Source.objects.all(), required=False)
    dlp_identifier = serializers.CharField(read_only=True)

    class Meta:
        model = Ruleset
        fields = [
            "id", "game", "slug", "name", "native_name", "type", "summary", "description", "rules_text",
            "reference", "origin", "author", "publisher", "date", "variant", "options", "sources",
            "dlp_id", "dlp_identifier", "clauses", "created", "updated",
        ]
        read_only_fields = ["created", "updated"]

    def validate(self, attrs):
        return services.ruleset_check(instance=self.instance, data=attrs)

    def create(self, validated_data):
        return services.ruleset_save(ruleset=Ruleset(), data=validated_data, user=self.context["request"].user)

    def update(self, instance, validated_data):
        return services.ruleset_save(ruleset=instance, data=validated_data, user=self.context["request"].user)


class EvidenceSerializer(LimitedModelSerializer):
    identifier = serializers.CharField(read_only=True, help_text="DLP.Evidence.N where the DLP has the record, else our ref.")
    api_url = serializers.HyperlinkedIdentityField(view_name="api:evidence-detail", lookup_field="identifier")
    html_url = serializers.CharField(source="get_absolute_url", read_only=True)
    type_label = serializers.CharField(source="get_type_display", read_only=True)
    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    game_name = serializers.CharField(source="game.name", read_only=True)
    ruleset = serializers.CharField(
        source="ruleset.slug", required=False, allow_blank=True, allow_null=True,
        help_text="The slug of one of the game's rulesets.",
    )
    date_label = serializers.SerializerMethodField()
    places = PlaceSerializer(many=True, required=False)
    ages = names_field(Age)
    genders = names_field(Gender)
    social_statuses = names_field(SocialStatus)
    spaces = names_field(Space)
    uncertainty_factors = names_field(UncertaintyFactor)
    sources = serializers.SlugRelatedField(
        many=True, slug_field="ref", queryset=Source.objects.all(), required=False, help_text="Source refs."
    )
    sources_detail = SourceBriefSerializer(source="sources", many=True, read_only=True)
    dlp_extra = serializers.SerializerMethodField()

    class Meta:
        model = Evidence
        fields = [
            "identifier", "ref", "dlp_id", "api_url", "html_url", "type", "type_label", "game", "game_name",
            "ruleset", "start_year", "end_year", "start_date", "end_date", "date_precision", "date_text",
            "date_label", "location_text", "places", "summary", "rules_text", "content", "content_citation",
            "confidence", "ages", "genders", "social_statuses", "spaces", "uncertainty_factors", "sources",
            "sources_detail", "kml", "recorded_by", "verified", "dlp_added", "dlp_extra", "created", "updated",
        ]
        read_only_fields = ["ref", "created", "updated"]

    @extend_schema_field(serializers.CharField())
    def get_date_label(self, obj: Evidence) -> str:
        return date_label(obj.start_year, obj.end_year)

    @extend_schema_field(serializers.DictField())
    def get_dlp_extra(self, obj: Evidence) -> dict:
        # Keys starting with "_" are the importer's bookkeeping.
        return {k: v for k, v in (obj.dlp_extra or {}).items() if not k.startswith("_")}

    def validate(self, attrs):
        return services.evidence_check(instance=self.instance, data=attrs)

    def create(self, validated_data):
        return services.evidence_create(data=validated_data, user=self.context["request"].user)

    def update(self, instance, validated_data):
        with transaction.atomic():
            return services.evidence_update(evidence=instance, data=validated_data, user=self.context["request"].user)
