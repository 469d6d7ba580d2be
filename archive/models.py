"""The research catalogue: games, rulesets and their clauses, evidence, places, sources, media.

Field names are ours; every field of the Digital Ludeme Project (DLP) database has a home here,
so an import loses nothing (what has no column of its own goes to ``dlp_extra``).
"""
from __future__ import annotations

import secrets

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Case, F, Q, Value, When
from django.db.models.functions import Coalesce
from django.urls import reverse

from archive import identifiers, years
from archive.history import HistoricalRecords
from core.links import validate_link_url

# Variant keys the catalogue's rulesets name before their engines are registered. A ruleset may
# name one of these while games/engine/ is still being written; any other key must be registered.
PLANNED_VARIANTS = frozenset(
    {"tables.ses-bes", "tables.shesh-besh", "tables.takhte-nard", "tables.gul-bara", "mancala.bechi", "tables.backgammon"}
)


class Vocabulary(models.Model):
    """A DLP controlled vocabulary (ages, genders, ...): a name and the DLP row id."""

    name = models.CharField(max_length=100, unique=True)
    dlp_id = models.PositiveIntegerField("DLP id", null=True, blank=True, unique=True)
    # A term renamed by a curator is a change to every record using it: recorded (who, when, what).
    history = HistoricalRecords(inherit=True)

    class Meta:
        abstract = True
        ordering = ["dlp_id", "name"]

    def __str__(self) -> str:
        return self.name


class Age(Vocabulary):
    pass


class Gender(Vocabulary):
    pass


class SocialStatus(Vocabulary):
    class Meta(Vocabulary.Meta):
        verbose_name_plural = "social statuses"


class Space(Vocabulary):
    pass


class UncertaintyFactor(Vocabulary):
    pass


class Period(Vocabulary):
    pass


class Category(Vocabulary):
    class Meta(Vocabulary.Meta):
        verbose_name_plural = "categories"


class Concept(Vocabulary):
    """A feature of play a record attests, as the DLP names it ("casting sticks", "number of
    spaces"): the DLP's ``LudemeInfos`` table, linked to evidence by ``EvidenceLudemeInfos``."""

    name = models.CharField(max_length=200, unique=True)


class Region(Vocabulary):
    continent = models.CharField(max_length=100, blank=True)
    direction = models.CharField(max_length=100, blank=True)


class Source(models.Model):
    """A citable work. ``citation`` is the reference as given (DLP keeps only this);
    the structured fields, where known, drive BibTeX and CSL-JSON."""

    class Kind(models.TextChoices):
        BOOK = "book", "Book"
        ARTICLE = "article", "Journal article"
        CHAPTER = "chapter", "Book chapter"
        WEBPAGE = "webpage", "Web page"
        FIELDWORK = "fieldwork", "Fieldwork record"
        DATABASE = "database", "Database record"
        OTHER = "other", "Other"

    ref = models.CharField("stable id", max_length=20, unique=True, editable=False)
    dlp_id = models.PositiveIntegerField("DLP id", null=True, blank=True, unique=True)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.OTHER)
    citation = models.TextField(help_text="The full reference as it is to be shown.")
    authors = models.CharField(max_length=500, blank=True, help_text="Family, Given; Family, Given")
    year = models.IntegerField(null=True, blank=True)
    title = models.CharField(max_length=1000, blank=True)
    container = models.CharField("journal, book or site", max_length=500, blank=True)
    volume = models.CharField(max_length=50, blank=True)
    issue = models.CharField(max_length=50, blank=True)
    pages = models.CharField(max_length=50, blank=True)
    publisher = models.CharField(max_length=300, blank=True)
    place = models.CharField("place of publication", max_length=200, blank=True)
    language = models.CharField(max_length=20, blank=True, help_text="BCP 47 code, e.g. fa, az, en")
    # http(s) only: the URL becomes a link on the source's page (core.links).
    url = models.URLField(max_length=2000, blank=True, validators=[validate_link_url])
    accessed = models.DateField(null=True, blank=True)
    note = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["citation"]

    def __str__(self) -> str:
        return self.citation[:120]

    @property
    def short(self) -> str:
        """'Pankhurst 1971': the author-year label used beside a clause or a quotation."""
        family = self.authors.split(";")[0].split(",")[0].strip() if self.authors else ""
        if family and self.year:
            suffix = " et al." if self.authors.count(";") >= 2 else (
                " and " + self.authors.split(";")[1].split(",")[0].strip() if ";" in self.authors else ""
            )
            return f"{family}{suffix} {years.year_label(self.year)}"
        return self.title[:60] or self.citation[:60]

    def save(self, *args, **kwargs) -> None:
        if not self.ref:
            self.ref = identifiers.source_ref(dlp_id=self.dlp_id, citation=self.citation, taken=self._ref_taken)
        super().save(*args, **kwargs)

    @property
    def dlp_identifier(self) -> str:
        return identifiers.dlp_identifier("Sources", self.dlp_id)

    def _ref_taken(self, ref: str) -> bool:
        return Source.objects.filter(ref=ref).exclude(pk=self.pk).exists() or FormerRef.objects.filter(ref=ref).exists()

    def get_absolute_url(self) -> str:
        return reverse("archive:source", args=[self.ref])


class Game(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200, unique=True)
    description = models.TextField(blank=True)
    description_source = models.ForeignKey(
        Source, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text="The source the description rests on.",
    )
    dlp_id = models.PositiveIntegerField("DLP game id", null=True, blank=True, unique=True)
    bgg_id = models.PositiveIntegerField("BoardGameGeek id", null=True, blank=True)
    regions = models.ManyToManyField(Region, blank=True)
    periods = models.ManyToManyField(Period, blank=True)
    categories = models.ManyToManyField(Category, blank=True)
    sources = models.ManyToManyField(Source, blank=True, related_name="games")
    reference = models.TextField(blank=True, help_text="DLP 'Reference'")
    origin = models.TextField(blank=True, help_text="DLP 'Origin'")
    credit = models.TextField(blank=True)
    dlp_extra = models.JSONField("other DLP fields", default=dict, blank=True)
    featured = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Position in the catalogue's first list (playable games)."
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(m2m_fields=[regions, periods, categories, sources])

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("archive:game", args=[self.slug])

    @property
    def dlp_identifier(self) -> str:
        return identifiers.dlp_identifier("Games", self.dlp_id)


class GameNameKind(models.TextChoices):
    NATIVE = "native", "Native name"
    ALIAS = "alias", "Alias"


class GameName(models.Model):
    """A name of a game in some language and script: native names and aliases."""

    Kind = GameNameKind

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="names")
    name = models.CharField(max_length=300)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.NATIVE)
    language = models.CharField(max_length=20, blank=True, help_text="BCP 47 code, e.g. az, fa, tr")
    transliteration = models.CharField(max_length=300, blank=True)
    note = models.CharField(max_length=300, blank=True)
    order = models.PositiveSmallIntegerField(default=0)
    history = HistoricalRecords()

    RTL_LANGUAGES = {"ar", "fa", "he", "ur", "ps", "ckb", "yi", "dv", "syr"}

    class Meta:
        ordering = ["game", "order", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "name", "kind"], name="gamename_unique"),
            models.CheckConstraint(condition=Q(kind__in=GameNameKind.values), name="gamename_kind_valid"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def direction(self) -> str:
        return "rtl" if self.language.split("-")[0].lower() in self.RTL_LANGUAGES else "ltr"


class RulesetType(models.TextChoices):
    OBSERVED = "observed", "Observed"
    DESCRIBED = "described", "Described"
    RECONSTRUCTED = "reconstructed", "Reconstructed"
    SUGGESTED = "suggested", "Suggested"
    INCOMPLETE = "incomplete", "Incomplete"
    SCHOLARLY = "scholarly", "Scholarly"
    CONTEMPORARY = "contemporary", "Contemporary"


class Ruleset(models.Model):
    Type = RulesetType

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rulesets")
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200)
    native_name = models.CharField(max_length=300, blank=True)
    type = models.CharField(max_length=20, choices=Type.choices, default=Type.DESCRIBED)
    summary = models.TextField(blank=True)
    description = models.TextField(blank=True)
    rules_text = models.TextField(blank=True)
    reference = models.TextField(blank=True)
    origin = models.TextField(blank=True)
    author = models.CharField(max_length=200, blank=True)
    publisher = models.CharField(max_length=200, blank=True)
    date = models.DateField(null=True, blank=True)
    variant = models.CharField(
        max_length=100, blank=True, help_text="Engine variant key that plays this ruleset, e.g. tables.ses-bes"
    )
    options = models.JSONField(default=dict, blank=True, help_text="Options for the variant (validated by it)")
    sources = models.ManyToManyField(Source, blank=True, related_name="rulesets")
    dlp_id = models.PositiveIntegerField("DLP ruleset id", null=True, blank=True, unique=True)
    dlp_extra = models.JSONField("other DLP fields", default=dict, blank=True)
    order = models.PositiveSmallIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(m2m_fields=[sources])

    class Meta:
        ordering = ["game", "order", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="ruleset_slug_unique_per_game"),
            models.CheckConstraint(condition=Q(type__in=RulesetType.values), name="ruleset_type_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.game.name}: {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("archive:game", args=[self.game.slug]) + f"#ruleset-{self.slug}"

    @property
    def dlp_identifier(self) -> str:
        return identifiers.dlp_identifier("GameRulesets", self.dlp_id)

    def clean(self) -> None:
        from django.core.exceptions import ValidationError

        from games.engine import EngineError, get_variant

        from games.engine import UnknownVariant

        if self.options is not None and not isinstance(self.options, dict):
            raise ValidationError({"options": "options must be a JSON object"})
        if self.variant:
            try:
                variant = get_variant(self.variant)
            except UnknownVariant as exc:
                # A planned engine not written yet: keep the options as given; they are checked
                # once the engine registers (tests/archive/test_catalogue checks the catalogue's).
                if self.variant in PLANNED_VARIANTS:
                    return
                raise ValidationError({"variant": str(exc)}) from None
            try:
                # Validate only: the ruleset keeps what it sets, and the engine's defaults fill the
                # rest at play time (so a default the engine refines is not pinned here).
                variant.validate_options(self.options or {})
            except EngineError as exc:
                raise ValidationError({"options": str(exc)}) from None
        elif self.options:
            raise ValidationError({"options": "options need a variant to validate them"})

    @property
    def playable(self) -> bool:
        """True when the engine for ``variant`` is registered (a board can be shown)."""
        if not self.variant:
            return False
        from games.engine import EngineError, get_variant

        try:
            get_variant(self.variant)
        except EngineError:
            return False
        return True


    @property
    def rules_file(self):
        """The rules file (games/rulesets/, a ``games.engine.rules.RulesFile``) whose key is
        ``variant``, or None: the one text the engine plays and the clauses shown come from."""
        if not self.variant:
            return None
        from games.engine import EngineError
        from games.engine.rules import rules_variant

        try:
            return rules_variant(self.variant).rules_file
        except EngineError:
            return None


class RuleClause(models.Model):
    """One rule of a playable ruleset, in plain words, traced to its source (RULES.md ids). A
    rules file's clauses (games/rulesets/) are written here by load_catalogue, with the rule
    elements each carries and its Ludii note."""

    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE, related_name="clauses")
    clause_id = models.CharField("clause id", max_length=20, help_text="Stable id, e.g. SS-5")
    order = models.PositiveSmallIntegerField(default=0)
    text = models.TextField(help_text="The rule in our own words.")
    source = models.ForeignKey(Source, null=True, blank=True, on_delete=models.SET_NULL, related_name="clauses")
    locator = models.CharField(max_length=200, blank=True, help_text="Where in the source: page, paragraph")
    quotation = models.TextField(blank=True, help_text="A short quotation from the source, shown as such.")
    quotation_language = models.CharField(
        max_length=20, blank=True, help_text="BCP 47 code of the quotation when it is not English, e.g. fa"
    )
    quotation_translation = models.TextField(blank=True, help_text="Our English rendering of a quotation in another language.")
    interpretation = models.TextField(blank=True, help_text="How we read an ambiguous source.")
    option = models.CharField(max_length=100, blank=True, help_text="The variant option this clause governs.")
    ludii = models.TextField(
        "Ludii note", blank=True,
        help_text="Where our reading differs from Ludii's (the DLP's implementation), and why.",
    )
    elements = models.JSONField(
        "rule elements", default=list, blank=True,
        help_text="The rule elements the clause states in its rules file (board, move, capture, end...).",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["ruleset", "order", "id"]
        constraints = [models.UniqueConstraint(fields=["ruleset", "clause_id"], name="clause_id_unique_per_ruleset")]

    def __str__(self) -> str:
        return self.clause_id


class EvidenceType(models.TextChoices):
    RULES_TEXT = "rules-text", "Rules text"
    CONTEMPORARY_RULES = "contemporary-rules", "Contemporary rule description"
    HISTORICAL_RULES = "historical-rules", "Historical rule description"
    ARTISTIC = "artistic", "Artistic depiction"
    ARTIFACT = "artifact", "Artifact"
    CONTEMPORARY_TEXT = "contemporary-text", "Contemporary text"
    HISTORICAL_TEXT = "historical-text", "Historical text"
    ARCHAEOLOGICAL = "archaeological", "Archaeological context"
    ETHNOGRAPHY = "ethnography", "Ethnography"


class DatePrecision(models.TextChoices):
    DAY = "day", "Day"
    MONTH = "month", "Month"
    YEAR = "year", "Year"
    DECADE = "decade", "Decade"
    CENTURY = "century", "Century"
    MILLENNIUM = "millennium", "Millennium"
    UNKNOWN = "unknown", "Unknown"


# A record's range as the date filters read it (archive.selectors.evidence_dates_overlap): how far
# it reaches (its end year; an open end, "from 2321 BCE", reaches every later year) and where it
# begins (its start year; an open start begins before every year). Undated records have neither.
# Written once here so the filter and the index below are the same expressions: PostgreSQL then
# checks both bounds on the index's own entries while it walks them in date order, instead of
# fetching every earlier record's row to test an OR (issue 14: at 200,000 records a browse from
# 1000 CE read some 160,000 rows before its first match).
OPEN_YEAR = 100000


class Year(Value):
    """A constant year written into the SQL itself, not passed as a parameter: SQLite matches an
    expression index only when the query's expression is the same text, and a parameter (?) is
    not the index's literal. PostgreSQL sees the same either way. Only whole numbers."""

    def __init__(self, value: int):
        super().__init__(int(value))

    def as_sql(self, compiler, connection):
        return str(int(self.value)), []



def evidence_reach():
    return Coalesce(F("end_year"), Case(When(start_year__isnull=False, then=Year(OPEN_YEAR))))


def evidence_begin():
    return Coalesce(F("start_year"), Case(When(end_year__isnull=False, then=Year(-OPEN_YEAR))))


# The API's date orderings (?ordering=date, -date): a record's first known year, or for -date its
# last, with undated records after every dated one (a sentinel year, not NULL: cursors need a
# value to compare). Indexed below with the id, the cursor's tie-breaker, so a page in date order
# is read from the index rather than by sorting every record.
UNDATED = 10**6


def evidence_date_key():
    return Coalesce(F("start_year"), F("end_year"), Year(UNDATED))


def evidence_date_desc_key():
    return Coalesce(F("end_year"), F("start_year"), Year(-UNDATED))


class Evidence(models.Model):
    Type = EvidenceType

    # DLP EvidenceTypes.Id -> our type
    DLP_TYPES = {
        1: Type.RULES_TEXT,
        2: Type.CONTEMPORARY_RULES,
        3: Type.HISTORICAL_RULES,
        4: Type.ARTISTIC,
        5: Type.ARTIFACT,
        6: Type.CONTEMPORARY_TEXT,
        7: Type.HISTORICAL_TEXT,
        8: Type.ARCHAEOLOGICAL,
        9: Type.ETHNOGRAPHY,
    }

    Precision = DatePrecision

    ref = models.CharField("stable id", max_length=20, unique=True, editable=False)
    dlp_id = models.PositiveIntegerField("DLP evidence id", null=True, blank=True, unique=True)
    type = models.CharField(max_length=30, choices=Type.choices)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="evidence")
    ruleset = models.ForeignKey(Ruleset, null=True, blank=True, on_delete=models.SET_NULL, related_name="evidence")
    # Signed historical years (archive.years): -3100 is 3100 BCE, there is no year 0. An end left
    # empty while the other is set is open: the source gives no bound there ("from 2321 BCE").
    start_year = models.IntegerField(null=True, blank=True, help_text="Historical year: -3100 is 3100 BCE. Empty: open or unknown.")
    end_year = models.IntegerField(null=True, blank=True, help_text="Historical year: -3000 is 3000 BCE. Empty: open or unknown.")
    start_date = models.CharField(
        max_length=20, blank=True,
        help_text="The start as an ISO 8601 date (astronomical years: 177 BCE is -0176): 2024-07-18, -0176-11-03",
    )
    end_date = models.CharField(max_length=20, blank=True, help_text="The end as an ISO 8601 date, as start_date.")
    date_precision = models.CharField(max_length=20, choices=Precision.choices, default=Precision.UNKNOWN)
    date_reversed = models.BooleanField(
        "start recorded after end", default=False,
        help_text="The source gives the start after the end: the years are stored in order, the page shows them as recorded.",
    )
    date_text = models.CharField("date as printed", max_length=200, blank=True)
    location_text = models.TextField("location as recorded", blank=True)
    rules_text = models.TextField("rules", blank=True, help_text="The rules exactly as the source (the DLP's 'Rules') gives them.")
    rules_summary = models.TextField(blank=True, help_text="Our summary of the rules, shown beside the source's text, never instead of it.")
    summary = models.TextField(blank=True, help_text="What the record says, in our own words.")
    content = models.TextField(blank=True, help_text="The evidence itself, exactly as the source (the DLP's 'Misc', the portal's 'Content') gives it.")
    content_citation = models.TextField(blank=True, help_text="Where the content is quoted from.")
    confidence = models.PositiveSmallIntegerField(
        default=100, validators=[MinValueValidator(0), MaxValueValidator(100)], help_text="0-100"
    )
    ages = models.ManyToManyField(Age, blank=True)
    genders = models.ManyToManyField(Gender, blank=True)
    social_statuses = models.ManyToManyField(SocialStatus, blank=True)
    spaces = models.ManyToManyField(Space, blank=True)
    uncertainty_factors = models.ManyToManyField(UncertaintyFactor, blank=True)
    sources = models.ManyToManyField(Source, blank=True, related_name="evidence")
    concepts = models.ManyToManyField(Concept, blank=True, related_name="evidence", help_text="Features of play the record attests (DLP 'EvidenceLudemeInfos').")
    # The DLP's column is named KML but holds a place name ("Ancient Egypt", "Sri Lanka"), given
    # where a record has no coordinates; the API and CSV keep the DLP's name for it.
    kml = models.CharField("place name", max_length=100, blank=True, help_text="The place as the DLP names it (its column 'KML').")
    recorded_by = models.CharField(max_length=100, blank=True, help_text="DLP 'Username'")
    # The record's published state: the DLP's "Verified" column. Unverified records are shown,
    # marked as such on their pages, and can be filtered (verified=true|false).
    verified = models.BooleanField(
        default=True, db_index=True, help_text="Checked by an editor; unverified records are marked on their pages."
    )
    dlp_added = models.DateTimeField("added to the DLP", null=True, blank=True)
    dlp_extra = models.JSONField("other DLP fields", default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(m2m_fields=[ages, genders, social_statuses, spaces, uncertainty_factors, sources, concepts])

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "evidence"
        constraints = [
            models.CheckConstraint(
                condition=Q(confidence__gte=0) & Q(confidence__lte=100), name="evidence_confidence_0_100"
            ),
            models.CheckConstraint(
                condition=Q(start_year__isnull=True) | Q(end_year__isnull=True) | Q(start_year__lte=F("end_year")),
                name="evidence_start_not_after_end",
            ),
            models.CheckConstraint(
                condition=~Q(start_year=0) & ~Q(end_year=0), name="evidence_no_year_zero"
            ),
            models.CheckConstraint(condition=Q(type__in=EvidenceType.values), name="evidence_type_valid"),
            models.CheckConstraint(condition=Q(date_precision__in=DatePrecision.values), name="evidence_precision_valid"),
        ]
        indexes = [
            # Date order with both date-filter bounds on each entry (evidence_reach, evidence_begin).
            models.Index(F("start_year"), F("end_year"), evidence_reach(), evidence_begin(), name="evidence_years"),
            # Also covers the type and game facets' grouped count (archive.selectors.evidence_facets).
            models.Index(fields=["type", "game"], name="evidence_type_game"),
            # A game's records by date: its page's list and timeline.
            models.Index(fields=["game", "start_year", "id"], name="evidence_game_years"),
            # The API's orderings, each with the id its cursor ends on (archive.api.pagination).
            models.Index(fields=["confidence", "id"], name="evidence_confidence"),
            models.Index(fields=["updated", "id"], name="evidence_updated"),
            # ... the browse page's oldest and newest sort by them too (undated records last), so
            # both date-filter bounds ride on their entries as well: a browse from a year is
            # checked in the index as it is walked, never a row fetched to be filtered (issue 14).
            models.Index(evidence_date_key(), F("id"), evidence_reach(), evidence_begin(), name="evidence_date_key"),
            models.Index(evidence_date_desc_key(), F("id"), evidence_reach(), evidence_begin(), name="evidence_date_desc_key"),
        ]

    def __str__(self) -> str:
        return self.identifier

    def clean(self) -> None:
        """What the API and the imports refuse, refused in the admin too, each error on its field:
        dates out of the calendar or in another year than their field's (years.record_date_errors,
        which also words a year 0 or a start after the end better than the constraints' names), and
        a ruleset of another game."""
        from django.core.exceptions import ValidationError

        errors = years.record_date_errors(self.start_year, self.end_year, self.start_date, self.end_date)
        if self.ruleset_id is not None and self.game_id is not None:
            if Ruleset.objects.filter(pk=self.ruleset_id).values_list("game_id", flat=True).first() != self.game_id:
                errors["ruleset"] = ["This ruleset belongs to another game: choose one of the record's game, or none."]
        if errors:
            raise ValidationError(errors)

    def save(self, *args, **kwargs) -> None:
        if not self.ref:
            self.ref = identifiers.evidence_ref(dlp_id=self.dlp_id, natural=self.natural_key_text(), taken=self._ref_taken)
        super().save(*args, **kwargs)

    def _ref_taken(self, ref: str) -> bool:
        return Evidence.objects.filter(ref=ref).exclude(pk=self.pk).exists() or FormerRef.objects.filter(ref=ref).exists()

    def natural_key_text(self) -> str:
        game = Game.objects.filter(pk=self.game_id).values_list("slug", flat=True).first() or ""
        return identifiers.evidence_natural_key(
            game=game, type=self.type, start_year=self.start_year, end_year=self.end_year,
            location_text=self.location_text, text=self.content or self.rules_text or self.summary,
        )

    @property
    def dlp_identifier(self) -> str:
        return identifiers.dlp_identifier("Evidence", self.dlp_id)

    def _date_parts(self) -> dict:
        return {"start_date": self.start_date, "end_date": self.end_date, "precision": self.date_precision}

    @property
    def date_display(self) -> str:
        """'177 BCE', 'c. 3100–3000 BCE', '4 BCE – 65 CE', 'from 2321 BCE' (archive.years); the
        date as printed where there are no years."""
        label = years.date_label(self.start_year, self.end_year, reversed=self.date_reversed, **self._date_parts())
        return label or self.date_text

    @property
    def date_note(self) -> str:
        """What a reader must know about the date as recorded: a start after its end, a BCE flag
        the DLP gives as neither 0 nor 1 (read as CE, as the importer does)."""
        notes = [years.reversed_note(self.start_year, self.end_year)] if self.date_reversed else []
        for key, end in (("DateStartBC", "start"), ("DateEndBC", "end")):
            flag = (self.dlp_extra or {}).get(key)
            if flag not in (None, 0, 1, True, False, "0", "1"):
                notes.append(f"The DLP's flag for a BCE {end} ({key}) reads {flag}, neither 0 nor 1; we read the {end} as CE.")
        return " ".join(notes)

    @property
    def date_edtf(self) -> str:
        return years.edtf(self.start_year, self.end_year, **self._date_parts())

    @property
    def place_label(self) -> str:
        """Where the record is from, for list rows and citations: the places' names, else the
        DLP's place name, else the coordinates as recorded ("" when nothing is recorded)."""
        places = list(self.places.all())
        names = [p.name for p in places if p.name]
        if names:
            return "; ".join(names)
        if self.kml:
            return self.kml
        return "; ".join(p.coordinates_text for p in places if p.coordinates_text) or self.location_text

    @property
    def identifier(self) -> str:
        """The public id: the DLP identifier where there is one, else ours."""
        return self.dlp_identifier or self.ref

    def get_absolute_url(self) -> str:
        return reverse("archive:evidence", args=[self.identifier])


class FormerRef(models.Model):
    """A ref a record or a source had before refs were derived (archive.identifiers): kept so that
    links and citations made with it still lead to the record (pages redirect)."""

    ref = models.CharField(max_length=20, unique=True)
    evidence = models.ForeignKey(Evidence, null=True, blank=True, on_delete=models.CASCADE, related_name="former_refs")
    source = models.ForeignKey(Source, null=True, blank=True, on_delete=models.CASCADE, related_name="former_refs")

    class Meta:
        ordering = ["ref"]
        constraints = [
            models.CheckConstraint(
                condition=Q(evidence__isnull=False, source__isnull=True) | Q(evidence__isnull=True, source__isnull=False),
                name="formerref_one_owner",
            )
        ]

    def __str__(self) -> str:
        return self.ref


class PlacePrecision(models.TextChoices):
    COUNTRY = "country", "country"
    REGION = "region", "region"
    TOWN = "town", "town"


class Place(models.Model):
    """A place an evidence record is located at: decimal degrees and the text as recorded."""

    evidence = models.ForeignKey(Evidence, on_delete=models.CASCADE, related_name="places")
    name = models.CharField(max_length=200, blank=True)
    latitude = models.DecimalField(max_digits=9, decimal_places=6)
    longitude = models.DecimalField(max_digits=9, decimal_places=6)
    coordinates_text = models.CharField("coordinates as recorded", max_length=200, blank=True)
    note = models.CharField(max_length=500, blank=True, help_text="How the place was identified, where that is ours.")
    order = models.PositiveSmallIntegerField(default=0)
    # A place "placed from its name" (archive.gazetteer): the record gives no coordinates, only a
    # name ("Ancient Egypt", "Bavenda"), which the gazetteer put here, this precisely. Blank: the
    # coordinates are the record's own. A curator who corrects such a place clears the precision,
    # and the load leaves the record's places alone from then on.
    precision = models.CharField(
        "placed from its name, to the", max_length=10, blank=True, choices=PlacePrecision.choices,
        help_text="Blank: coordinates as the record gives them. Otherwise the point was found from the place name, to a country, a region or a town.",
    )
    geonames_id = models.PositiveIntegerField(
        "GeoNames id", null=True, blank=True, help_text="The GeoNames feature the point is taken from (https://sws.geonames.org/<id>/)."
    )
    geonames_same = models.BooleanField(
        "the name is that feature", default=False,
        help_text="The place name denotes the GeoNames feature itself (so it is the same place), not a town standing for a wider area.",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["evidence", "order", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(latitude__gte=-90) & Q(latitude__lte=90), name="place_latitude_range"),
            models.CheckConstraint(
                condition=Q(longitude__gte=-180) & Q(longitude__lte=180), name="place_longitude_range"
            ),
        ]
        indexes = [models.Index(fields=["latitude", "longitude"], name="place_latlon")]

    def __str__(self) -> str:
        return self.name or self.coordinates_text or f"{self.latitude}, {self.longitude}"


def media_upload_to(instance: Media, filename: str) -> str:
    return f"media/{secrets.token_hex(8)}.jpg"


def thumbnail_upload_to(instance: Media, filename: str) -> str:
    return f"thumbs/{secrets.token_hex(8)}.jpg"


class Media(models.Model):
    """An image of a board, an artefact or a scene, with its caption, credit and licence.

    Images are re-encoded on upload (archive.media), which drops EXIF: ethnographic photos carry
    the GPS positions of people's homes."""

    evidence = models.ForeignKey(Evidence, null=True, blank=True, on_delete=models.CASCADE, related_name="media")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="media")
    image = models.ImageField(upload_to=media_upload_to, width_field="width", height_field="height")
    thumbnail = models.ImageField(upload_to=thumbnail_upload_to, blank=True)
    width = models.PositiveIntegerField(null=True, blank=True, editable=False)
    height = models.PositiveIntegerField(null=True, blank=True, editable=False)
    caption = models.TextField(blank=True)
    credit = models.CharField(max_length=300, blank=True)
    licence = models.CharField(max_length=100, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "media"
        constraints = [
            models.CheckConstraint(
                condition=Q(evidence__isnull=False) | Q(game__isnull=False), name="media_belongs_somewhere"
            )
        ]

    def __str__(self) -> str:
        return self.caption[:80] or f"image {self.pk}"


class DataVersion(models.Model):
    """The archive's data version: one row, bumped in the same transaction as every write to the
    archive (archive.signals, archive.services.archive_changed) and read once per public request.
    Cached pages and aggregates are keyed by it, so every process sees a write on its next request
    whatever the cache backend (a per-process cache included): a version can only be read once
    the data it stands for has been committed."""

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    version = models.BigIntegerField(default=1)
    # The version of the last write that may have changed any record's list document without
    # saying which (archive.documents): documents built before it are rebuilt.
    documents_floor = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(id=1), name="dataversion_single_row")]

    def __str__(self) -> str:
        return f"archive data version {self.version}"


class EvidenceDocument(models.Model):
    """One record as the API's evidence list writes it (archive.documents): its JSON, built once
    and kept until something it shows changes, so a list page is a join of stored text.

    ``built`` is the data version read before the record's data was; ``changed`` the version of
    the last write to the record, its places or its vocabulary and source links. A document is
    served only if it was built at or after both ``changed`` and DataVersion.documents_floor, and
    in today's DOCUMENT_FORMAT. The record's id is a plain column, not a foreign key: a document
    written for a record deleted meanwhile is never read, and deleting records stays as it was."""

    # An auto field only so that SQLite makes it the table's rowid (its own ids are never used):
    # a page's lookups then go by rowid whatever the planner's statistics say (with an ordinary
    # key, statistics taken while the table was empty made it scan the whole table).
    evidence_id = models.BigAutoField(primary_key=True)
    body = models.TextField(null=True)
    built = models.BigIntegerField(default=0)
    changed = models.BigIntegerField(default=0)
    format = models.PositiveSmallIntegerField(default=0)

    def __str__(self) -> str:
        return f"list document of evidence {self.evidence_id}"


class EvidenceSearch(models.Model):
    """A record's row in SQLite's full-text index (migration 0017: an FTS5 table that triggers
    keep in step with the records, their places and their games' names). Never written through
    the ORM and absent on PostgreSQL, which searches its stored vector instead: it exists so that
    a search joins the index to the records (archive.selectors.evidence_search). ``document`` is
    FTS5's column named after its table (``= 'query'`` is its MATCH); ``rank`` its BM25 rank,
    lower for a better match."""

    evidence = models.OneToOneField(Evidence, on_delete=models.DO_NOTHING, primary_key=True, db_column="rowid",
                                    related_name="search_row")
    document = models.TextField(db_column="archive_evidence_search")
    rank = models.FloatField(db_column="rank")

    class Meta:
        managed = False
        db_table = "archive_evidence_search"

    def __str__(self) -> str:
        return f"search row of evidence {self.evidence_id}"
