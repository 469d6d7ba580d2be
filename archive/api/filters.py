"""The API's filters, declared as django-filter FilterSets so that they appear in the OpenAPI
schema. The evidence filters are the browse page's (archive.selectors reads and applies them, so
the page, the API and the exports agree); every parameter that cannot be read is a 400 naming it."""
from __future__ import annotations

import copy

import django_filters as filters
from django import forms
from django.db.models import Q
from django.forms.utils import ErrorDict, ErrorList
from django.http import QueryDict

from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from archive import selectors
from archive.api.renderers import JSONRenderer
from archive.models import Category, Evidence, EvidenceType, Game, Region, Ruleset, Source
from archive.search import folded_contains


class ListFilter(filters.CharFilter):
    """A comma-separated list (or the parameter repeated); read by the shared parser."""


class EvidenceFilterSet(filters.FilterSet):
    """The evidence filters of archive.selectors (FILTER_PARAMETERS), declared here so that they
    appear in the OpenAPI schema. Reading and checking them is the shared parser's job, so a
    parameter means the same on the browse page, in the API and in the exports; anything it cannot
    read is a 400 naming the parameter."""

    q = filters.CharFilter(method="noop", help_text="Full-text search: every word must begin a word of the record, its game's or its places' names (accents and case folded); the best matches first unless an ordering is given.")
    game = ListFilter(method="noop", help_text="Game slugs, comma-separated: game=ses-bes,bechi")
    type = ListFilter(
        method="noop",
        help_text="Evidence types, comma-separated or repeated: type=artifact,artistic. One of: " + ", ".join(EvidenceType.values),
    )
    date_from = filters.CharFilter(
        method="noop",
        help_text=("Records whose range reaches this year or later. A historical year, as start_year and end_year: "
                   "1971, -3100 or 3100 BCE all name years as historians count them (-3100 is 3100 BCE, not ISO's "
                   "-3100 = 3101 BCE; there is no year 0). A range open at its end (from 2321 BCE) reaches every "
                   "later year. Alias: from."),
    )
    date_to = filters.CharFilter(
        method="noop",
        help_text=("Records whose range begins this year or earlier; a historical year as date_from (-3100 or 3100 BCE). "
                   "A range open at its start (until 1401) begins before every year. Alias: to."),
    )
    bbox = filters.CharFilter(method="noop", help_text="west,south,east,north in decimal degrees: records with a place inside (west > east crosses the antimeridian).")
    confidence_min = filters.NumberFilter(method="noop", help_text="At least this confidence, 0-100. Alias: confidence.")
    confidence_max = filters.NumberFilter(method="noop", help_text="At most this confidence, 0-100.")
    age = ListFilter(method="noop", help_text="Age names (DLP vocabulary), comma-separated.")
    gender = ListFilter(method="noop", help_text="Gender names, comma-separated.")
    social_status = ListFilter(method="noop", help_text="Social status names, comma-separated. Alias: status.")
    space = ListFilter(method="noop", help_text="Space names, comma-separated.")
    concept = ListFilter(
        method="noop",
        help_text="Features of play the record attests, by the DLP's names (its LudemeInfos), comma-separated: concept=casting sticks",
    )
    source = ListFilter(method="noop", help_text="Sources by ref (S...) or DLP id (DLP.Sources.122), comma-separated: records citing any.")
    ruleset = filters.CharFilter(
        method="noop",
        help_text=("A ruleset: its id (a record's ruleset_id), or its game and slug (senet/default, a record's game and "
                   "ruleset), or its slug alone where one game has it or with game (that game's); a slug several games "
                   "share without game is a 400."),
    )
    dlp_id = filters.NumberFilter(method="noop", help_text="The DLP evidence id.")
    has_places = filters.CharFilter(method="noop", help_text="true (or 1): only records with a place; false (or 0): only those without.")
    has_uncertainty = filters.CharFilter(
        method="noop", help_text="true (or 1): only records with an uncertainty factor; false (or 0): only those with none."
    )
    verified = filters.CharFilter(
        method="noop", help_text="true (or 1): only records the DLP's editors verified; false (or 0): only unverified ones."
    )
    uncertainty_factor = ListFilter(
        method="noop", help_text="The DLP's uncertainty factors, by name, comma-separated: uncertainty_factor=Uncertain date. Alias: uncertainty."
    )
    region = ListFilter(
        method="noop",
        help_text="Continents of the records' places, from their coordinates, comma-separated. One of: " + ", ".join(selectors.REGIONS),
    )
    period = ListFilter(
        method="noop",
        help_text="Named eras the records' dates overlap, comma-separated. One of: "
        + ", ".join(f"{slug} ({label})" for slug, label, _, _ in selectors.PERIODS),
    )
    category = ListFilter(method="noop", help_text="Categories of the records' games (the DLP's), comma-separated: category=race")

    class Meta:
        model = Evidence
        fields: list[str] = []

    def __init__(self, data=None, queryset=None, *, request=None, prefix=None):
        # django-filter's __init__ without its per-request deep copy of the ~30 declared filters
        # (a fifth of a cold API list page): they are all noop, and only the browsable API's form
        # and the schema read them, so the copy waits for them (``filters`` below).
        self.is_bound = data is not None
        self.data = data or QueryDict()
        self.queryset = queryset if queryset is not None else self._meta.model._default_manager.all()
        self.request = request
        self.form_prefix = prefix
        self._filters = None

    @property
    def filters(self) -> dict:
        if self._filters is None:
            self._filters = copy.deepcopy(self.base_filters)
            for filter_ in self._filters.values():
                filter_.model, filter_.parent = self.queryset.model, self
        return self._filters

    @filters.setter
    def filters(self, value: dict) -> None:
        self._filters = value

    def noop(self, queryset, name, value):
        return queryset

    def is_valid(self) -> bool:
        self.evidence_filter = selectors.evidence_filter_parse(self.data)
        return not self.evidence_filter.errors

    @property
    def errors(self) -> ErrorDict:
        if not hasattr(self, "evidence_filter"):
            self.is_valid()
        # django-filter formats each message with %: a "%" the user typed must stay a "%".
        return ErrorDict({name: ErrorList([message.replace("%", "%%")]) for name, message in self.evidence_filter.errors.items()})

    @property
    def qs(self):
        if not hasattr(self, "_qs"):
            if not hasattr(self, "evidence_filter"):
                self.is_valid()
            self._qs = selectors.evidence_apply_filter(self.queryset.all(), self.evidence_filter)
        return self._qs


# The browse page's names for the same filters, accepted everywhere ("from" is a keyword, so the
# aliases are added after the class).
for _alias, _canonical in (("from", "date_from"), ("to", "date_to"), ("confidence", "confidence_min"), ("status", "social_status"),
                           ("uncertainty", "uncertainty_factor")):
    _filter = type(EvidenceFilterSet.base_filters[_canonical])(
        field_name=_alias, method="noop", help_text=f"Alias of {_canonical} (the browse page's name)."
    )
    _filter.parent = None
    EvidenceFilterSet.base_filters[_alias] = _filter


# A vocabulary facet the selectors know but this class does not declare still gets a filter.
for _canonical in selectors.VOCABULARY_PARAMETERS:
    if _canonical not in EvidenceFilterSet.base_filters:
        EvidenceFilterSet.base_filters[_canonical] = ListFilter(
            field_name=_canonical, method="noop", help_text=f"{_canonical.replace('_', ' ').capitalize()} names, comma-separated."
        )


class StrictBooleanField(forms.CharField):
    """true/false (or 1/0); anything else is a 400, never read as 'no filter'."""

    def clean(self, value):
        value = super().clean(value)
        if value in (None, ""):
            return None
        if value.lower() not in selectors.BOOLEANS:
            raise forms.ValidationError("%(value)r is neither true nor false (1 and 0 work too)", params={"value": value})
        return selectors.BOOLEANS[value.lower()]


class StrictBooleanFilter(filters.CharFilter):
    field_class = StrictBooleanField


class RepeatedInput(forms.TextInput):
    """Every value of a repeated parameter, joined by commas (a form's field reads only the last)."""

    def value_from_datadict(self, data, files, name):
        if hasattr(data, "getlist"):
            values = data.getlist(name)
            return ",".join(values) if values else None
        return super().value_from_datadict(data, files, name)


class CommaSelectMultiple(forms.SelectMultiple):
    """A choice list as the other lists take it: a,b or the parameter repeated; empty is none."""

    def value_from_datadict(self, data, files, name):
        values = data.getlist(name) if hasattr(data, "getlist") else [data.get(name) or ""]
        return [v.strip() for value in values for v in str(value).split(",") if v.strip()]


class CSVField(forms.CharField):
    """a,b,c (or the parameter repeated) -> a list."""

    widget = RepeatedInput

    def clean(self, value):
        value = super().clean(value)
        return [v.strip() for v in (value or "").split(",") if v.strip()]


class CSVFilter(filters.CharFilter):
    field_class = CSVField


class KnownValuesField(CSVField):
    """A list of names the archive must know (a region, a category, a game's slug): an unknown
    one is a 400 naming it, never an empty answer that looks like "none match"."""

    def __init__(self, *args, known=None, what: str = "value", single: bool = False, **kwargs):
        self.known, self.what, self.single = known, what, single
        super().__init__(*args, **kwargs)

    def clean(self, value):
        values = super().clean(value)
        if self.single and len(values) > 1:
            raise forms.ValidationError("give one %(what)s, not %(n)s", params={"what": self.what, "n": len(values)})
        if values:
            column, rows = self.known()
            found = set(rows.filter(**{f"{column}__in": values}).values_list(column, flat=True))
            unknown = [v for v in values if v not in found]
            if unknown:
                raise forms.ValidationError("unknown %(what)s %(value)r", params={"what": self.what, "value": unknown[0]})
        return values[0] if self.single and values else values


class KnownValuesFilter(filters.CharFilter):
    """CSVFilter whose values are checked against ``known()``: (column, queryset)."""

    field_class = KnownValuesField


class GameFilterSet(filters.FilterSet):
    q = filters.CharFilter(method="search", help_text="Name or any of the game's names, contains.")
    region = KnownValuesFilter(
        field_name="regions__name", method="in_list", known=lambda: ("name", Region.objects.all()), what="region",
        help_text="The DLP's region names, comma-separated; an unknown one is a 400.",
    )
    category = KnownValuesFilter(
        field_name="categories__name", method="in_list", known=lambda: ("name", Category.objects.all()), what="category",
        help_text="Category names, comma-separated; an unknown one is a 400.",
    )
    playable = StrictBooleanFilter(method="playable_filter", help_text="Games with a ruleset the engines play: true or false.")

    class Meta:
        model = Game
        fields = ["dlp_id"]

    def search(self, queryset, name, value):
        names = Game.names.rel.related_model.objects.filter(folded_contains("name", value)).values("game_id")
        return queryset.filter(folded_contains("name", value) | Q(id__in=names))

    def in_list(self, queryset, name, value):
        return queryset.filter(**{f"{name}__in": value}).distinct() if value else queryset

    def playable_filter(self, queryset, name, value):
        playable = Ruleset.objects.exclude(variant="").values("game_id")
        return queryset.filter(id__in=playable) if value else queryset.exclude(id__in=playable)


class RulesetFilterSet(filters.FilterSet):
    game = KnownValuesFilter(
        field_name="game__slug", known=lambda: ("slug", Game.objects.all()), what="game", single=True,
        help_text="Game slug; an unknown one is a 400.",
    )
    variant = KnownValuesFilter(
        field_name="variant", known=lambda: ("variant", Ruleset.objects.exclude(variant="")), what="variant", single=True,
        help_text="The engine variant a ruleset is played as (tables.ses-bes); one no ruleset has is a 400.",
    )
    type = filters.MultipleChoiceFilter(choices=Ruleset.Type.choices, widget=CommaSelectMultiple,
                                        help_text="Ruleset types, comma-separated or repeated.")
    playable = StrictBooleanFilter(method="playable_filter", help_text="Rulesets the engines play: true or false.")

    class Meta:
        model = Ruleset
        fields = ["dlp_id"]

    def playable_filter(self, queryset, name, value):
        return queryset.exclude(variant="") if value else queryset.filter(variant="")


class SourceFilterSet(filters.FilterSet):
    q = filters.CharFilter(method="search", help_text="Words in the reference (accents and case folded).")
    year_from = filters.NumberFilter(field_name="year", lookup_expr="gte")
    year_to = filters.NumberFilter(field_name="year", lookup_expr="lte")

    class Meta:
        model = Source
        fields = ["kind", "dlp_id"]

    def search(self, queryset, name, value):
        return queryset.filter(folded_contains("citation", value))


class EvidenceFilteredView(APIView):
    """A GET-only view over the records the evidence filters select (the export, the map's
    points, the timeline's periods): open to anyone, answered as JSON unless it streams its
    own format, and documented in the schema by EvidenceFilterSet's parameters."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]
    http_method_names = ["get", "head", "options"]
    filterset_class = EvidenceFilterSet
    filter_backends = [DjangoFilterBackend]
    queryset = Evidence.objects.all()
