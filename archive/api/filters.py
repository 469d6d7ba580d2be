"""The API's filters: the browse page's facets (archive.selectors does the filtering, so the page
and the API agree), declared as django-filter FilterSets so that they validate (400, per
parameter) and appear in the OpenAPI schema."""
from __future__ import annotations

from decimal import Decimal, InvalidOperation

import django_filters as filters
from django import forms
from django.db.models import Q

from archive import selectors
from archive.models import Evidence, EvidenceType, Game, Ruleset, Source


class YearField(forms.CharField):
    def clean(self, value):
        value = super().clean(value)
        if value in (None, ""):
            return None
        try:
            return selectors.parse_year(value)
        except ValueError:
            raise forms.ValidationError(f"{value!r} is not a year: write 1971, -3100 or 3100 BCE (there is no year 0).") from None


class YearFilter(filters.CharFilter):
    field_class = YearField


class BBoxField(forms.CharField):
    def clean(self, value):
        value = super().clean(value)
        if value in (None, ""):
            return None
        try:
            west, south, east, north = (Decimal(v.strip()) for v in value.split(","))
        except (ValueError, InvalidOperation):
            raise forms.ValidationError("Give west,south,east,north in decimal degrees, e.g. 44,38,51,42.") from None
        if not (-180 <= west <= 180 and -180 <= east <= 180 and -90 <= south <= 90 and -90 <= north <= 90):
            raise forms.ValidationError("Longitudes must be within -180..180 and latitudes within -90..90.")
        if south > north:
            raise forms.ValidationError("South must not be north of north.")
        return (west, south, east, north)


class BBoxFilter(filters.CharFilter):
    field_class = BBoxField


class CSVField(forms.CharField):
    """a,b,c (or the parameter repeated) -> a list."""

    def clean(self, value):
        value = super().clean(value)
        return [v.strip() for v in (value or "").split(",") if v.strip()]


class CSVFilter(filters.CharFilter):
    field_class = CSVField


def _facet_values(model, values: list[str], param: str) -> list[str]:
    known = {n.lower(): n for n in model.objects.filter(name__in=values).values_list("name", flat=True)}
    missing = [v for v in values if v.lower() not in known and v not in known.values()]
    if missing:
        raise forms.ValidationError({param: f"unknown value {missing[0]!r}"})
    return values


class EvidenceFilterSet(filters.FilterSet):
    q = filters.CharFilter(method="noop", help_text="Full-text search (every word must match; ranked on PostgreSQL).")
    game = CSVFilter(method="noop", help_text="Game slugs, comma-separated: game=ses-bes,bechi")
    type = filters.MultipleChoiceFilter(
        choices=EvidenceType.choices, method="noop", help_text="Evidence types; repeat the parameter for several."
    )
    date_from = YearFilter(method="noop", help_text="Records whose range reaches this year or later: 1971, -3100 or 3100 BCE.")
    date_to = YearFilter(method="noop", help_text="Records whose range begins this year or earlier (BCE as -3100).")
    bbox = BBoxFilter(method="noop", help_text="west,south,east,north in decimal degrees: records with a place inside.")
    confidence_min = filters.NumberFilter(method="noop", min_value=0, max_value=100, help_text="0-100")
    confidence_max = filters.NumberFilter(method="noop", min_value=0, max_value=100, help_text="0-100")
    age = CSVFilter(method="noop", help_text="Age names (DLP vocabulary), comma-separated.")
    gender = CSVFilter(method="noop", help_text="Gender names, comma-separated.")
    social_status = CSVFilter(method="noop", help_text="Social status names, comma-separated.")
    space = CSVFilter(method="noop", help_text="Space names, comma-separated.")
    source = filters.CharFilter(method="noop", help_text="A source's ref (S...) or DLP id (DLP.Sources.122).")
    ruleset = filters.NumberFilter(method="noop", help_text="A ruleset's id.")
    dlp_id = filters.NumberFilter(field_name="dlp_id", help_text="The DLP evidence id.")
    has_places = filters.BooleanFilter(method="noop", help_text="Only records with (true) or without (false) coordinates.")
    verified = filters.BooleanFilter(
        method="noop", help_text="Only records the DLP's editors verified (true) or only unverified ones (false)."
    )

    class Meta:
        model = Evidence
        fields: list[str] = []

    def noop(self, queryset, name, value):
        # All filtering happens at once in filter_queryset, through the shared selector.
        return queryset

    def filter_queryset(self, queryset):
        data = self.form.cleaned_data
        errors = {}
        facet = selectors.EvidenceFilter(q=(data.get("q") or "").strip()[:200])
        facet.types = list(data.get("type") or [])
        facet.games = data.get("game") or []
        facet.year_from = data.get("date_from")
        facet.year_to = data.get("date_to")
        if data.get("confidence_min") is not None:
            facet.confidence_min = int(data["confidence_min"])
        for param, name in (("age", "age"), ("gender", "gender"), ("social_status", "status"), ("space", "space")):
            values = data.get(param) or []
            if values:
                model = selectors.VOCABULARY_FACETS[name][0]
                try:
                    _facet_values(model, values, param)
                except forms.ValidationError as exc:
                    errors.update(exc.message_dict)
            facet.vocabularies[name] = values
        facet.bbox = data.get("bbox")
        facet.verified = data.get("verified")
        if facet.games:
            known = set(Game.objects.filter(slug__in=facet.games).values_list("slug", flat=True))
            unknown = [g for g in facet.games if g not in known]
            if unknown:
                errors["game"] = [f"unknown game {unknown[0]!r}"]
        if errors:
            from rest_framework.exceptions import ValidationError

            raise ValidationError(errors)
        queryset = selectors.evidence_apply_filter(queryset, facet)
        if data.get("confidence_max") is not None:
            queryset = queryset.filter(confidence__lte=int(data["confidence_max"]))
        if data.get("source"):
            ref = data["source"]
            number = ref.removeprefix("DLP.Sources.")
            condition = Q(dlp_id=int(number)) if number.isdigit() and ref != number else Q(ref=ref.upper())
            queryset = queryset.filter(id__in=Evidence.sources.through.objects.filter(source__in=Source.objects.filter(condition)).values("evidence_id"))
        if data.get("ruleset") is not None:
            queryset = queryset.filter(ruleset_id=int(data["ruleset"]))
        if data.get("has_places") is not None:
            with_places = Q(id__in=Evidence.places.rel.related_model.objects.values("evidence_id"))
            queryset = queryset.filter(with_places if data["has_places"] else ~with_places)
        if data.get("dlp_id") is not None:
            queryset = queryset.filter(dlp_id=int(data["dlp_id"]))
        return queryset


class GameFilterSet(filters.FilterSet):
    q = filters.CharFilter(method="search", help_text="Name or any of the game's names, contains.")
    region = CSVFilter(field_name="regions__name", method="in_list", help_text="Region names, comma-separated.")
    category = CSVFilter(field_name="categories__name", method="in_list", help_text="Category names, comma-separated.")
    playable = filters.BooleanFilter(method="playable_filter", help_text="Games with a ruleset the engines play.")

    class Meta:
        model = Game
        fields = ["dlp_id"]

    def search(self, queryset, name, value):
        return queryset.filter(Q(name__icontains=value) | Q(id__in=Game.names.rel.related_model.objects.filter(name__icontains=value).values("game_id")))

    def in_list(self, queryset, name, value):
        return queryset.filter(**{f"{name}__in": value}).distinct() if value else queryset

    def playable_filter(self, queryset, name, value):
        playable = Ruleset.objects.exclude(variant="").values("game_id")
        return queryset.filter(id__in=playable) if value else queryset.exclude(id__in=playable)


class RulesetFilterSet(filters.FilterSet):
    game = filters.CharFilter(field_name="game__slug", help_text="Game slug.")
    type = filters.MultipleChoiceFilter(choices=Ruleset.Type.choices)
    playable = filters.BooleanFilter(method="playable_filter", help_text="Rulesets the engines play.")

    class Meta:
        model = Ruleset
        fields = ["dlp_id", "variant"]

    def playable_filter(self, queryset, name, value):
        return queryset.exclude(variant="") if value else queryset.filter(variant="")


class SourceFilterSet(filters.FilterSet):
    q = filters.CharFilter(field_name="citation", lookup_expr="icontains", help_text="Words in the reference.")
    year_from = filters.NumberFilter(field_name="year", lookup_expr="gte")
    year_to = filters.NumberFilter(field_name="year", lookup_expr="lte")

    class Meta:
        model = Source
        fields = ["kind", "dlp_id"]
