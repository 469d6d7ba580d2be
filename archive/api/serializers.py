from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from drf_spectacular.utils import extend_schema_field
from django.db import models
from rest_framework import serializers

from archive.api import services
from archive.api.exports import public_extra
from archive.importers.checks import TEXT_MAX
from archive.years import YEAR_MAX, YEAR_MIN
from archive.models import (
    Age,
    Concept,
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


REF_HELP = (
    "Our stable id, the same in every installation: derived from the DLP id where there is one, else from the "
    "citation (sources) or the record's content when first saved (archive.identifiers). It never changes; a ref "
    "given before refs were derived still finds the record."
)


class LimitedModelSerializer(serializers.ModelSerializer):
    """Text fields take at most TEXT_MAX characters, as the importers do, so every record the
    API accepts fits a CSV cell the import reads back (README: Limits)."""

    def build_standard_field(self, field_name, model_field):
        field_class, field_kwargs = super().build_standard_field(field_name, model_field)
        if isinstance(model_field, models.TextField) and "max_length" not in field_kwargs and not field_kwargs.get("read_only"):
            field_kwargs["max_length"] = TEXT_MAX
        if isinstance(model_field, models.TextField) and not field_kwargs.get("read_only"):
            # A text is kept as written, leading and trailing whitespace included (the DLP's
            # texts have some): trimmed, a CSV export imported into a fresh installation came
            # back with 242 texts changed (issue 38).
            field_kwargs["trim_whitespace"] = False
        return field_class, field_kwargs


def names_field(model) -> serializers.SlugRelatedField:
    return serializers.SlugRelatedField(
        many=True, slug_field="name", queryset=model.objects.all(), required=False,
        help_text=f"{model._meta.verbose_name_plural.capitalize()} by their DLP names.",
    )


class PlaceSerializer(LimitedModelSerializer):
    # Places the archive found from a record's place name (archive.gazetteer); read-only here.
    placed_from_name = serializers.CharField(
        source="precision", read_only=True,
        help_text="Blank: coordinates as the record gives them. 'country', 'region' or 'town': placed from the record's place name, this precisely.",
    )
    geonames_id = serializers.IntegerField(read_only=True, allow_null=True, help_text="The GeoNames feature the point comes from.")
    geonames_same = serializers.BooleanField(
        read_only=True, help_text="The place name is that GeoNames feature itself, not a town standing for a wider area."
    )
    latitude = serializers.DecimalField(max_digits=9, decimal_places=6, min_value=Decimal(-90), max_value=Decimal(90))
    longitude = serializers.DecimalField(max_digits=9, decimal_places=6, min_value=Decimal(-180), max_value=Decimal(180))

    class Meta:
        model = Place
        fields = ["name", "latitude", "longitude", "coordinates_text", "note", "placed_from_name", "geonames_id", "geonames_same"]

    def validate(self, attrs):
        # A record's places are written whole, even in a PATCH (whose fields are all optional).
        missing = {f: ["A place needs its latitude and longitude."] for f in ("latitude", "longitude") if attrs.get(f) is None}
        if missing:
            raise serializers.ValidationError(missing)
        return attrs


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
        extra_kwargs = {"ref": {"help_text": REF_HELP}}

    def create(self, validated_data):
        return services.source_create(data=validated_data, user=self.context["request"].user)

    def update(self, instance, validated_data):
        return services.source_update(source=instance, data=validated_data, user=self.context["request"].user)


DLP_ORIGINAL_HELP = (
    "The DLP's own text of each field where ours differs (the catalogue's or a curator's rewrite), keyed by our "
    "field's name: description, rules_text, summary, name, reference, origin, credit. Empty where every text is the "
    "DLP's. The DLP's column for each is named in dlp_original_columns."
)


class DLPOriginalMixin(serializers.Serializer):
    """The DLP's original texts beside ours, as the pages show them (archive.importers.dlp)."""

    dlp_original = serializers.SerializerMethodField(help_text=DLP_ORIGINAL_HELP)
    dlp_original_columns = serializers.SerializerMethodField(
        help_text="For each key of dlp_original, the DLP's column it comes from (Description, Rules, Summary...)."
    )

    @extend_schema_field(serializers.DictField(child=serializers.CharField()))
    def get_dlp_original(self, obj) -> dict:
        from archive.importers.dlp import DLP_TEXT_KEY

        return dict((obj.dlp_extra or {}).get(DLP_TEXT_KEY) or {})

    @extend_schema_field(serializers.DictField(child=serializers.CharField()))
    def get_dlp_original_columns(self, obj) -> dict:
        from archive.importers.dlp import DLP_TEXT_FIELDS

        columns = DLP_TEXT_FIELDS.get(type(obj), {})
        return {f: columns.get(f, f) for f in self.get_dlp_original(obj)}


class GameNameSerializer(LimitedModelSerializer):
    class Meta:
        model = GameName
        fields = ["name", "kind", "language", "transliteration", "note"]


class RuleClauseSerializer(LimitedModelSerializer):
    source = serializers.SlugRelatedField(slug_field="ref", read_only=True)
    elements = serializers.ListField(
        child=serializers.CharField(), read_only=True,
        help_text="The rule elements the clause states in its rules file (board, move, capture, end...).",
    )

    class Meta:
        model = RuleClause
        fields = [
            "clause_id", "order", "text", "source", "locator", "quotation", "quotation_language",
            "quotation_translation", "interpretation", "option", "ludii", "elements",
        ]


class GameSerializer(DLPOriginalMixin, LimitedModelSerializer):
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
            "regions", "periods", "categories", "sources", "reference", "origin", "credit", "dlp_original",
            "dlp_original_columns", "created", "updated",
        ]
        read_only_fields = ["created", "updated"]

    def create(self, validated_data):
        return services.game_save(game=Game(), data=validated_data, user=self.context["request"].user)

    def update(self, instance, validated_data):
        return services.game_save(game=instance, data=validated_data, user=self.context["request"].user)


class RulesetSerializer(DLPOriginalMixin, LimitedModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    clauses = RuleClauseSerializer(many=True, read_only=True)
    sources = serializers.SlugRelatedField(many=True, slug_field="ref", queryset=Source.objects.all(), required=False)
    dlp_identifier = serializers.CharField(read_only=True)
    playable = serializers.BooleanField(
        read_only=True, help_text="Whether an engine plays this ruleset: its variant is registered (a board can be shown).",
    )
    rules_file = serializers.SerializerMethodField(
        help_text="The rules file (games/rulesets/) the engine plays and the clauses come from, where the variant is one.",
    )

    class Meta:
        model = Ruleset
        fields = [
            "id", "game", "slug", "name", "native_name", "type", "summary", "description", "rules_text",
            "reference", "origin", "author", "publisher", "date", "variant", "playable", "rules_file", "options",
            "sources", "dlp_id", "dlp_identifier", "dlp_original", "dlp_original_columns", "clauses", "created", "updated",
        ]
        read_only_fields = ["created", "updated"]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_rules_file(self, obj: Ruleset) -> str | None:
        found = obj.rules_file
        return found.path if found else None

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
        help_text=("The slug of one of the game's rulesets: unique within the game only (many games have a 'default'), "
                   "so game/ruleset names it, as does ruleset_id."),
    )
    ruleset_id = serializers.IntegerField(
        read_only=True, allow_null=True,
        help_text="The ruleset's id (/api/v1/rulesets/<id>/), unique across games: the ruleset filter takes it.",
    )
    start_year = serializers.IntegerField(
        required=False, allow_null=True, min_value=YEAR_MIN, max_value=YEAR_MAX,
        help_text=("The first year, historical numbering as in the date_from/date_to filters: -800 is 800 BCE, there is "
                   "no year 0. Null with end_year set: the range is open at its start (\"until 1401\")."),
    )
    end_year = serializers.IntegerField(
        required=False, allow_null=True, min_value=YEAR_MIN, max_value=YEAR_MAX,
        help_text="The last year, historical numbering (-800 is 800 BCE). Null with start_year set: open at its end (\"from 2321 BCE\").",
    )
    start_date = serializers.CharField(
        required=False, allow_blank=True, max_length=20,
        help_text="The start as an ISO 8601 calendar date, astronomical years: 800 BCE is -0799, 1 BCE is 0000 (-0799-01-01).",
    )
    end_date = serializers.CharField(
        required=False, allow_blank=True, max_length=20,
        help_text="The end as an ISO 8601 calendar date, astronomical years (-0176-11-03 is 3 November 177 BCE).",
    )
    date_edtf = serializers.CharField(
        read_only=True,
        help_text=("The range in EDTF (ISO 8601-2), astronomical years: -0799/-0699, -0176-11-03/-0175-11-03, "
                   "-2320/.. (open end), ../1401 (open start), ~ for an approximate (decade or coarser) date; "
                   "empty when undated. Reversed ranges (date_reversed) are given in order."),
    )
    date_label = serializers.CharField(
        source="date_display", read_only=True,
        help_text="The date as pages write it: 177 BCE, c. 3100–3000 BCE, 4 BCE – 65 CE, from 2321 BCE, until 1401.",
    )
    date_reversed = serializers.BooleanField(
        required=False,
        help_text="The source gives the start after the end; start_year/end_year hold the span in order.",
    )
    places = PlaceSerializer(many=True, required=False)
    ages = names_field(Age)
    genders = names_field(Gender)
    social_statuses = names_field(SocialStatus)
    spaces = names_field(Space)
    uncertainty_factors = names_field(UncertaintyFactor)
    concepts = names_field(Concept)
    sources = serializers.SlugRelatedField(
        many=True, slug_field="ref", queryset=Source.objects.all(), required=False, help_text="Source refs."
    )
    kml = serializers.CharField(
        required=False, allow_blank=True, max_length=100,
        help_text="The place as the DLP names it (its column KML), given where a record has no coordinates.",
    )
    sources_detail = SourceBriefSerializer(source="sources", many=True, read_only=True)
    dlp_extra = serializers.SerializerMethodField()

    class Meta:
        model = Evidence
        fields = [
            "identifier", "ref", "dlp_id", "api_url", "html_url", "type", "type_label", "game", "game_name",
            "ruleset", "ruleset_id", "start_year", "end_year", "start_date", "end_date", "date_precision", "date_reversed",
            "date_text", "date_edtf", "date_label", "location_text", "places", "summary", "rules_text", "rules_summary",
            "content", "content_citation", "confidence", "ages", "genders", "social_statuses", "spaces",
            "uncertainty_factors", "concepts", "sources",
            "sources_detail", "kml", "recorded_by", "verified", "dlp_added", "dlp_extra", "created", "updated",
        ]
        read_only_fields = ["ref", "created", "updated"]
        extra_kwargs = {"ref": {"help_text": REF_HELP}}

    @extend_schema_field(serializers.DictField())
    def get_dlp_extra(self, obj: Evidence) -> dict:
        return public_extra(obj.dlp_extra)

    def validate(self, attrs):
        return services.evidence_check(instance=self.instance, data=attrs)

    def create(self, validated_data):
        return services.evidence_create(data=validated_data, user=self.context["request"].user, reason=self._reason())

    def update(self, instance, validated_data):
        with transaction.atomic():
            return services.evidence_update(
                evidence=instance, data=validated_data, user=self.context["request"].user, reason=self._reason()
            )

    def _reason(self) -> str:
        """The history's reason for the write: the API's, or the importer's that uses this."""
        return self.context.get("reason", "API")
