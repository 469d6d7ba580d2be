"""The curators' admin: inlines for names, places, sources, rulesets and clauses; search and
filters; every change recorded by django-simple-history and shown under each object's History."""
from __future__ import annotations

from django import forms
from django.template.defaultfilters import filesizeformat
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from archive import media as media_checks
from archive.history import ContextHelper, write_admin_row
from archive.models import (
    Age,
    Category,
    Concept,
    Evidence,
    Game,
    GameName,
    Gender,
    Media,
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

admin.site.site_header = "Board game evidence archive"
admin.site.site_title = "Archive admin"
admin.site.index_title = "Curation"


class LineEndingsForm(forms.ModelForm):
    """A browser sends a text area's lines ended by CRLF. Text that differs from what was there
    only by its line endings is left as it was, so saving a record unchanged changes nothing
    (stored text keeps the line endings its source gave it, the DLP's CRLF included)."""

    def clean(self):
        data = super().clean()
        for name, value in list(data.items()):
            before = self.initial.get(name)
            if isinstance(value, str) and isinstance(before, str) and value != before:
                if value.replace("\r\n", "\n") == before.replace("\r\n", "\n"):
                    data[name] = before  # the instance is built from cleaned_data after clean()
        return data


class HistoryAdmin(SimpleHistoryAdmin):
    """Each object's history, to read (who, when, what): reverting to an old version is off
    (SIMPLE_HISTORY_REVERT_DISABLED). simple-history's revert restores a record's own fields but
    not its links, places or media, so it would say a version was restored when it was not; the
    button is hidden and a posted revert is refused."""

    form = LineEndingsForm
    object_history_list_template = "admin/history_list.html"

    def save_model(self, request, obj, form, change):
        # history off until the inline rows are saved: save_related writes the one row
        obj.skip_history_when_saving = True
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        obj = form.instance
        try:
            super().save_related(request, form, formsets, change)
        finally:
            obj.__dict__.pop("skip_history_when_saving", None)
        write_admin_row(obj, not change, formsets)

    def get_historical_record_context_helper(self, request, historical_record):
        return ContextHelper(self.model, historical_record)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method == "POST":
            raise PermissionDenied("Reverting to an old version is off: edit the record instead.")
        return super().history_form_view(request, object_id, version_id, extra_context)


STABLE_HELP = "Part of this page's public address (a stable link): it cannot change once set."


def lock_stable(fields, obj, names) -> None:
    """Disable the fields among ``names`` that make ``obj``'s public address, once set."""
    for name in names:
        if name in fields and getattr(obj, name) not in (None, ""):
            fields[name].disabled = True
            fields[name].help_text = STABLE_HELP


class StableAddressAdmin(HistoryAdmin):
    """Fields that make an object's public URL (a game's or ruleset's slug, a record's DLP id)
    are set once: changed, every link to the page would break (DESIGN.md: stable URLs)."""

    stable_fields: tuple[str, ...] = ()

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        if obj is not None:
            lock_stable(form.base_fields, obj, self.stable_fields)
        return form

    def get_prepopulated_fields(self, request, obj=None):
        return {} if obj is not None else super().get_prepopulated_fields(request, obj)


class VocabularyAdmin(HistoryAdmin):
    list_display = ["name", "dlp_id"]
    search_fields = ["name"]
    ordering = ["dlp_id", "name"]


for vocabulary in (Age, Gender, SocialStatus, Space, UncertaintyFactor, Period, Category, Concept):
    admin.site.register(vocabulary, VocabularyAdmin)


@admin.register(Region)
class RegionAdmin(VocabularyAdmin):
    list_display = ["name", "continent", "direction", "dlp_id"]


class GameNameInline(admin.TabularInline):
    model = GameName
    extra = 0
    fields = ["name", "kind", "language", "transliteration", "note", "order"]


class RulesetInlineForm(forms.ModelForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:  # a ruleset's public address, as in its own form (StableAddressAdmin)
            lock_stable(self.fields, self.instance, RulesetAdmin.stable_fields)


class RulesetInline(admin.TabularInline):
    model = Ruleset
    form = RulesetInlineForm
    extra = 0
    fields = ["name", "slug", "type", "variant", "order"]
    show_change_link = True


class GameSourceInline(admin.TabularInline):
    model = Game.sources.through
    extra = 0
    autocomplete_fields = ["source"]
    verbose_name = "source"
    verbose_name_plural = "sources"


@admin.register(Game)
class GameAdmin(StableAddressAdmin):
    stable_fields = ("slug",)
    list_display = ["name", "slug", "dlp_id", "featured", "ruleset_count", "evidence_count"]
    list_filter = ["regions", "periods", "categories"]
    search_fields = ["name", "slug", "names__name", "description"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["description_source"]
    filter_horizontal = ["regions", "periods", "categories"]
    inlines = [GameNameInline, RulesetInline, GameSourceInline]
    exclude = ["sources"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(
            n_rulesets=Count("rulesets", distinct=True), n_evidence=Count("evidence", distinct=True)
        )

    @admin.display(description="rulesets", ordering="n_rulesets")
    def ruleset_count(self, obj: Game) -> int:
        return obj.n_rulesets

    @admin.display(description="evidence", ordering="n_evidence")
    def evidence_count(self, obj: Game) -> int:
        return obj.n_evidence


class RuleClauseInline(admin.StackedInline):
    model = RuleClause
    extra = 0
    autocomplete_fields = ["source"]
    fields = [
        ("clause_id", "order", "option"),
        "text",
        ("source", "locator"),
        ("quotation", "quotation_language"),
        "quotation_translation",
        "interpretation",
        "ludii",
        "elements",
    ]
    readonly_fields = ["elements"]  # the rules file's (games/rulesets/): what the engine runs


class RulesetSourceInline(admin.TabularInline):
    model = Ruleset.sources.through
    extra = 0
    autocomplete_fields = ["source"]
    verbose_name = "source"
    verbose_name_plural = "sources"


class RulesetForm(LineEndingsForm):
    class Meta:
        model = Ruleset
        exclude = ["sources"]
        widgets = {"options": forms.Textarea(attrs={"rows": 4, "cols": 60})}


@admin.register(Ruleset)
class RulesetAdmin(StableAddressAdmin):
    stable_fields = ("slug",)
    form = RulesetForm
    list_display = ["name", "game", "type", "variant", "clause_count"]
    list_filter = ["type", "variant", "game"]
    search_fields = ["name", "game__name", "variant", "clauses__clause_id", "clauses__text"]
    list_select_related = ["game"]
    autocomplete_fields = ["game"]
    inlines = [RuleClauseInline, RulesetSourceInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(n_clauses=Count("clauses"))

    @admin.display(description="clauses", ordering="n_clauses")
    def clause_count(self, obj: Ruleset) -> int:
        return obj.n_clauses


@admin.register(RuleClause)
class RuleClauseAdmin(HistoryAdmin):
    list_display = ["clause_id", "ruleset", "option", "source"]
    list_filter = ["ruleset__game", "ruleset"]
    search_fields = ["clause_id", "text", "interpretation", "quotation"]
    list_select_related = ["ruleset", "ruleset__game", "source"]
    autocomplete_fields = ["ruleset", "source"]


class PlaceInline(admin.TabularInline):
    model = Place
    extra = 0
    # "placed from its name": set by the load (archive.gazetteer); clearing it makes the point the
    # curator's own, and the load leaves the record's places alone from then on.
    fields = ["name", "coordinates_text", "latitude", "longitude", "precision", "geonames_id", "order"]


class EvidenceSourceInline(admin.TabularInline):
    model = Evidence.sources.through
    extra = 0
    autocomplete_fields = ["source"]
    verbose_name = "source"
    verbose_name_plural = "sources"


class MediaForm(LineEndingsForm):
    """Checks an upload without decoding it, then stores it re-encoded (EXIF gone) with a
    thumbnail (archive.media)."""

    # A plain file field: Django's ImageField would answer a bomb with a generic "not a valid
    # image"; archive.media says what is wrong.
    image = forms.FileField(help_text="JPEG, PNG, GIF, WebP, TIFF or BMP. EXIF (GPS) is removed on upload.")

    class Meta:
        model = Media
        fields = ["image", "caption", "credit", "licence"]

    def clean_image(self):
        upload = self.cleaned_data.get("image")
        if upload and hasattr(upload, "read") and not getattr(upload, "_committed", False):
            if getattr(upload, "too_large", False) or (upload.size or 0) > media_checks.MAX_BYTES:
                # Refused by its size alone (core.uploads stopped storing it at the limit).
                raise forms.ValidationError(
                    f"{upload.name} is over {filesizeformat(media_checks.MAX_BYTES)}, the limit for an image"
                )
            upload.seek(0)
            data = upload.read()
            image, thumbnail, clean = media_checks.media_files(data, name=getattr(upload, "name", "the file"))
            self._thumbnail = thumbnail
            return image
        return upload

    def save(self, commit=True):
        obj = super().save(commit=False)
        if getattr(self, "_thumbnail", None) is not None:
            obj.thumbnail = self._thumbnail
        if commit:
            obj.save()
        return obj


class MediaInline(admin.TabularInline):
    model = Media
    form = MediaForm
    extra = 0
    fk_name = "evidence"
    readonly_fields = ["preview"]
    fields = ["preview", "image", "caption", "credit", "licence"]

    @admin.display(description="")
    def preview(self, obj: Media) -> str:
        if obj.pk and obj.thumbnail:
            return format_html('<img src="{}" alt="" style="max-height:80px">', obj.thumbnail.url)
        return ""


@admin.register(Evidence)
class EvidenceAdmin(StableAddressAdmin):
    stable_fields = ("dlp_id",)
    list_display = ["identifier", "game", "type", "date_display", "location_text", "confidence", "verified"]
    list_filter = [
        "type", "game", "verified", "date_precision", "ages", "genders", "social_statuses", "spaces",
        "uncertainty_factors", "concepts",
    ]
    search_fields = ["=ref", "=dlp_id", "summary", "rules_text", "content", "location_text", "places__name"]
    list_select_related = ["game"]
    autocomplete_fields = ["game", "ruleset"]
    filter_horizontal = ["ages", "genders", "social_statuses", "spaces", "uncertainty_factors", "concepts"]
    readonly_fields = ["ref", "created", "updated", "public_link"]
    inlines = [PlaceInline, EvidenceSourceInline, MediaInline]
    fieldsets = [
        (None, {"fields": [("ref", "dlp_id", "public_link"), ("type", "game", "ruleset"), "verified"]}),
        ("Date", {"fields": [("start_year", "end_year", "date_precision", "date_reversed"), ("start_date", "end_date"), "date_text"]}),
        ("Place", {"fields": ["location_text", "kml"]}),
        ("Content", {"fields": ["rules_text", "rules_summary", "content", "summary", "content_citation", "confidence"]}),
        ("Context", {"fields": ["ages", "genders", "social_statuses", "spaces", "uncertainty_factors", "concepts"]}),
        ("Record", {"classes": ["collapse"], "fields": ["recorded_by", "dlp_added", "dlp_extra", "created", "updated"]}),
    ]
    list_per_page = 50
    show_full_result_count = False
    # The list links to the import (evidence_import_view): a page or CSV file, previewed first.
    change_list_template = "admin/archive/evidence/change_list.html"

    def get_urls(self):
        from django.urls import path

        view = self.admin_site.admin_view(lambda request: evidence_import_view(self, request))
        return [path("import/", view, name="archive_evidence_import"), *super().get_urls()]

    @admin.display(description="public page")
    def public_link(self, obj: Evidence) -> str:
        if not obj.pk:
            return ""
        return format_html('<a href="{0}">{0}</a>', obj.get_absolute_url())


@admin.register(Source)
class SourceAdmin(HistoryAdmin):
    list_display = ["short_label", "kind", "year", "ref", "dlp_id"]
    list_filter = ["kind", "language"]
    search_fields = ["citation", "authors", "title", "=ref", "=dlp_id"]
    readonly_fields = ["ref", "created", "updated"]

    @admin.display(description="source", ordering="citation")
    def short_label(self, obj: Source) -> str:
        return obj.short


@admin.register(Media)
class MediaAdmin(HistoryAdmin):
    form = MediaForm
    list_display = ["__str__", "evidence", "game", "licence"]
    search_fields = ["caption", "credit"]
    autocomplete_fields = ["evidence", "game"]

    def get_fields(self, request, obj=None):
        return ["evidence", "game", "image", "caption", "credit", "licence"]

    def get_form(self, request, obj=None, **kwargs):
        kwargs["fields"] = self.get_fields(request, obj)
        return super().get_form(request, obj, **kwargs)


# -- importing pages and CSV files from the admin, with a preview ------------------------------

IMPORT_MAX_BYTES = 20 * 1024 * 1024


class EvidenceImportForm(forms.Form):
    """A portal page (text, 'Evidence for ...') or a CSV file in the export's format. The preview
    keeps the file's text in ``text`` so that the import reads exactly what was previewed."""

    file = forms.FileField(required=False, help_text="A saved Ludii Portal page (.txt) or a CSV file (.csv), UTF-8.")
    text = forms.CharField(required=False, widget=forms.HiddenInput)
    name = forms.CharField(required=False, widget=forms.HiddenInput)
    create_games = forms.BooleanField(
        required=False, label="Create the games listed above, with the names the file gives",
        help_text="Without this, an import naming a game the archive does not know is refused.",
    )


def import_preview(name: str, text: str) -> dict:
    """What importing ``text`` would do: the records it holds, the games the archive lacks (with
    the nearest names it knows), and the records cut off on a page. ImportFailed if unreadable."""
    from archive.importers import csv_import, page

    if name.lower().endswith(".csv"):
        _, rows = csv_import.read_csv(text)
        unknown = [{"name": n, "where": f"row{'s' if len(r) > 1 else ''} {', '.join(map(str, r))}", "nearest": []}
                   for _, n, r in csv_import.unknown_games(rows)]
        return {"kind": "CSV", "records": [r.get("identifier") or r.get("ref") or f"row {i}" for i, r in enumerate(rows, 2)],
                "unknown": unknown, "cut": []}
    parsed = page.parse_page(text, name=name)
    records = [(name, r) for r in parsed]
    unknown = [{"name": g.name, "where": "; ".join(g.where), "nearest": g.nearest} for g in page.unknown_games(records)]
    return {"kind": "portal page", "records": [r.identifier for r in parsed], "unknown": unknown, "cut": list(parsed.cut)}


def run_import(name: str, text: str, *, create_games: bool, user) -> dict:
    from archive.importers import csv_import, page

    if name.lower().endswith(".csv"):
        return csv_import.evidence_csv_import(text=text, user=user, create_games=create_games)
    parsed = page.parse_page(text, name=name)
    return page.evidence_pages_import(records=[(name, r) for r in parsed], user=user, reason="admin import", create_games=create_games)


def evidence_import_view(model_admin, request):
    """Upload, preview (records, unknown games, cut records), then import: the curator ticks
    "Create the games listed" to have the games the file names and the archive lacks created."""
    from django.contrib import messages
    from django.shortcuts import redirect
    from django.template.response import TemplateResponse

    from archive.importers.checks import utf8_text
    from archive.importers.errors import ImportFailed

    if not model_admin.has_add_permission(request):
        raise PermissionDenied
    form = EvidenceImportForm(request.POST or None, request.FILES or None)
    preview = error = None
    name = text = ""
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload is not None:
                if upload.size > IMPORT_MAX_BYTES:
                    raise ImportFailed(f"{upload.name} is {filesizeformat(upload.size)}; an import takes at most {filesizeformat(IMPORT_MAX_BYTES)}")
                name, text = upload.name, utf8_text(upload.read(), upload.name)
            else:
                name, text = form.cleaned_data["name"], form.cleaned_data["text"]
            if not text:
                raise ImportFailed("choose a file to import")
            text_lines = text if name.lower().endswith(".csv") else text.replace("\r\n", "\n").replace("\r", "\n")
            if "import" in request.POST and upload is None:
                counts = run_import(name, text_lines, create_games=form.cleaned_data["create_games"], user=request.user)
                made = counts.get("games_created") or []
                messages.success(request, (
                    f"{name}: {counts['created']} created, {counts['updated']} updated, {counts['unchanged']} unchanged"
                    + (f"; games created: {', '.join(made)}" if made else "")
                ))
                return redirect("admin:archive_evidence_changelist")
            preview = import_preview(name, text_lines)
        except ImportFailed as exc:
            error = f"{exc} (nothing was imported)"
            if text:
                try:
                    preview = import_preview(name, text_lines)
                except ImportFailed:
                    preview = None
    form = EvidenceImportForm(initial={"name": name, "text": text}) if text else form
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta, "title": "Import evidence", "form": form, "preview": preview,
        "error": error, "name": name,
    }
    return TemplateResponse(request, "admin/archive/evidence/import.html", context)
