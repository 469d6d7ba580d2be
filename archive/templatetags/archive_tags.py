from __future__ import annotations

import re

from django import template
from django.http import QueryDict
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.text import Truncator

from archive import years
from archive.models import GameName, Ruleset

register = template.Library()


@register.filter
def year(value: int | None) -> str:
    """1971 -> '1971'; -3100 -> '3100 BCE'."""
    return years.year_label(value)


@register.simple_tag
def native_name(name: GameName, tag: str = "span") -> str:
    """A name in its own language and direction: <span lang="fa" dir="rtl">تخته نرد</span>."""
    if name.language:
        return format_html('<{0} lang="{1}" dir="{2}">{3}</{0}>', tag, name.language, name.direction, name.name)
    return format_html("<{0}>{1}</{0}>", tag, name.name)


@register.simple_tag
def game_cards(games) -> str:
    """The home page's card for each game (565 with the DLP), written here rather than by a
    template per card: that was most of the home page's first render (some 60 variable lookups
    and an include per card). ``game.url`` is set by the view, ``game.native_names`` by
    selectors.game_list."""
    cards = []
    for game in games:
        natives = game.native_names
        names = format_html('\n  <p class="native-names">{}</p>', mark_safe(" · ".join(native_name(n) for n in natives))) if natives else ""
        count = game.evidence_count
        cards.append(format_html(
            '<li class="game-card">\n  <h3><a href="{}">{}</a></h3>{}\n  <p class="card-text">{}</p>\n'
            '  <p class="card-meta">\n    {}<span>{} evidence record{}</span>{}\n  </p>\n</li>',
            game.url, game.name, names, Truncator(game.description).words(28, truncate=" …"),
            mark_safe('<span class="badge badge-play">Playable</span>') if game.playable_count else "",
            count, "" if count == 1 else "s",
            format_html(' <span class="muted">{}</span>', game.dlp_identifier) if game.dlp_id else "",
        ))
    return mark_safe("\n".join(cards))


@register.simple_tag
def quotation_lang(language: str) -> str:
    """lang/dir attributes for a quotation in another language (RTL for Persian, Arabic...)."""
    if not language:
        return ""
    direction = "rtl" if language.split("-")[0].lower() in GameName.RTL_LANGUAGES else "ltr"
    return format_html(' lang="{}" dir="{}"', language, direction)


@register.simple_tag(takes_context=True)
def facet_url(context, name: str, value: str) -> str:
    """The current browse URL with ``name=value`` toggled (added, or removed if present); back to page 1."""
    params: QueryDict = context["request"].GET.copy()
    values = params.getlist(name)
    values = [v for v in values if v != value] if value in values else [*values, value]
    params.setlist(name, values)
    params.pop("page", None)
    return "?" + params.urlencode()


@register.simple_tag(takes_context=True)
def facet_selected(context, name: str, value: str) -> bool:
    return value in context["request"].GET.getlist(name)


@register.simple_tag(takes_context=True)
def page_url(context, number: int) -> str:
    params: QueryDict = context["request"].GET.copy()
    params["page"] = str(number)
    return "?" + params.urlencode()


# The DLP's own names for the fields kept in ``dlp_extra``, as a reader should see them.
DLP_FIELD_LABELS = {
    "NativeName": "Native name",
    "knownAliases": "Known aliases",
    "MainRuleset": "Main ruleset",
    "LudiiRuleset": "Ruleset in Ludii",
    "DLPGame": "A DLP game",
    "PublicGame": "Public in the DLP",
    "ProprietaryGame": "Proprietary game",
    "Author": "Author",
    "Publisher": "Publisher",
    "Date": "Date",
    "SeeAlso": "See also",
    "OriginPoint": "Point of origin (DLP)",
    "EvidenceRange": "Evidence range (DLP)",
    "Periods": "Periods",
    "Regions": "Regions",
    "DateStart": "Start date (DLP)",
    "DateStartBC": "Start date is BCE (DLP)",
    "DateEnd": "End date (DLP)",
    "DateEndBC": "End date is BCE (DLP)",
    "DateAdded": "Added to the DLP",
    "import_notes": "Import notes",
}
# How the importer reads a flag that is neither 0 nor 1 (archive.importers.dlp).
FLAG_READINGS = {"DateStartBC": "we read the start as CE", "DateEndBC": "we read the end as CE"}
DLP_FLAGS = {"DLPGame", "PublicGame", "ProprietaryGame", "DateStartBC", "DateEndBC"}
DLP_RULESET_REFS = {"MainRuleset", "LudiiRuleset"}


@register.filter
def dlp_fields(extra: dict | None) -> list[tuple[str, str]]:
    """The DLP fields a record keeps in ``dlp_extra`` as (label, value) pairs, in the DLP's
    order; the importer's own bookkeeping (keys starting with "_") is left out."""
    out = []
    for key, value in (extra or {}).items():
        if key.startswith("_") or value in (None, "", []):
            continue
        if key in DLP_FLAGS and value not in (0, 1, True, False, "0", "1"):
            # Kept as the DLP gives it, with our reading beside (DLP.Evidence.742's DateStartBC is 127).
            text = f"{value}, as recorded (neither 0 nor 1: {FLAG_READINGS.get(key, 'read as no')})"
        elif key in DLP_FLAGS:
            text = "yes" if value in (1, True, "1") else "no"
        elif key in DLP_RULESET_REFS:
            text = f"DLP.GameRulesets.{value}"
        elif isinstance(value, list):
            text = "; ".join(str(v) for v in value)
        else:
            text = str(value)
        out.append((DLP_FIELD_LABELS.get(key, key), text))
    return out


@register.filter
def dlp_originals(obj) -> list[tuple[str, str]]:
    """The DLP's own text of a game or ruleset where ours differs, as (DLP column, text)."""
    from archive.importers.dlp import DLP_TEXT_FIELDS, DLP_TEXT_KEY

    kept = (getattr(obj, "dlp_extra", None) or {}).get(DLP_TEXT_KEY) or {}
    columns = DLP_TEXT_FIELDS.get(type(obj), {})
    return [(columns.get(f, f), text) for f, text in kept.items()]


# -- a DLP game's or ruleset's own fields, named and explained (game pages) --------------------

# The DLP's EvidenceRange counts years from 3500 BCE (0) to 2020 CE (5520), the scale of the
# portal's timeline: Senet's "530,3199" is 2970-301 BCE, the span of its dated evidence; "0,5520",
# the whole scale, is what a game with no dated evidence is given.
EVIDENCE_RANGE_ORIGIN = -3500
EVIDENCE_RANGE_WHOLE = "0,5520"
FACT_LABELS = {
    "MainRuleset": ("Main ruleset", "The ruleset the DLP takes as the game's usual rules."),
    "LudiiRuleset": ("Ruleset Ludii plays", "The ruleset the Ludii program plays by default."),
    "DLPGame": ("Within the DLP's study", "Whether the game is one of the traditional games the DLP studies; its database also holds modern and invented games that Ludii plays."),
    "PublicGame": ("Public on the Ludii Portal", "Whether the portal lists the game publicly."),
    "ProprietaryGame": ("Proprietary", "Whether the game is a commercial, published design."),
    "EvidenceRange": ("Years of the evidence (DLP)", "The span the DLP gives the game's evidence, on its timeline's scale of years counted from 3500 BCE."),
    "OriginPoint": ("Point of origin (DLP)", "Where the DLP places the game's origin."),
    "Date": ("Date", "When the game or ruleset was devised, as the DLP dates it."),
}


def _range_year(value: int) -> int:
    year = EVIDENCE_RANGE_ORIGIN + value
    return year if year != 0 else 1


def _dlp_day(text: str) -> str:
    """MySQL's '1916-00-00' (a year only), '1916-05-00' (a month) or '1916-05-03' as people write them."""
    parts = str(text).split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return str(text)
    y, m, d = (int(p) for p in parts)
    if not y:
        return str(text)
    if not m:
        return str(y)
    if not 1 <= m <= 12:
        return str(text)
    return f"{d} {years.MONTHS[m - 1]} {y}" if d else f"{years.MONTHS[m - 1]} {y}"


@register.simple_tag
def dlp_facts(obj, rulesets=()) -> list[dict]:
    """A DLP game's or ruleset's fields kept in ``dlp_extra``, each named and explained:
    {'label', 'value' (safe HTML), 'help'}. Rulesets are named and linked to their section
    (``rulesets``: the game's), flags read yes/no, MySQL's zero dates as years, EvidenceRange as
    years; the DLP's own value stays beside our reading wherever we reword it."""
    by_dlp = {r.dlp_id: r for r in rulesets if getattr(r, "dlp_id", None)}
    out = []
    for key, value in ((getattr(obj, "dlp_extra", None) or {}).items()):
        if key.startswith("_") or value in (None, "", []):
            continue
        if key == "EvidenceRange" and isinstance(obj, Ruleset) and str(value).replace(" ", "") == EVIDENCE_RANGE_WHOLE:
            continue  # a ruleset given the whole scale says nothing of its own
        label, help_text = FACT_LABELS.get(key, (DLP_FIELD_LABELS.get(key, key), ""))
        if key in DLP_RULESET_REFS:
            ref = f"DLP.GameRulesets.{value}"
            found = by_dlp.get(value)
            html = (format_html('<a href="#ruleset-{}">{}</a> <span class="muted">({})</span>', found.slug, found.name, ref)
                    if found else format_html('{} <span class="muted">(not in this archive)</span>', ref))
        elif key in DLP_FLAGS:
            html = format_html("{}", "yes" if value in (1, True, "1") else "no" if value in (0, False, "0") else f"{value}, as recorded")
        elif key == "EvidenceRange":
            html = _evidence_range(str(value))
        elif key == "Date":
            shown = _dlp_day(value)
            html = format_html("{}", shown) if shown == str(value) else format_html(
                '{} <span class="muted">(as the DLP writes it: {})</span>', shown, value)
        elif isinstance(value, list):
            html = format_html("{}", "; ".join(str(v) for v in value))
        else:
            html = format_html("{}", value)
        out.append({"label": label, "value": html, "help": help_text})
    return out


def _evidence_range(value: str) -> str:
    bounds = value.split(",")
    if value.replace(" ", "") == EVIDENCE_RANGE_WHOLE:
        return format_html('not given <span class="muted">(the DLP gives {}, its whole scale)</span>', value)
    try:
        first, last = (_range_year(int(b)) for b in bounds)
    except ValueError:
        return format_html("{}", value)
    return format_html('{} <span class="muted">(the DLP gives {})</span>', years.date_label(first, last), value)


# "DLP.Evidence.58" or "DLP.Sources.122" in a text: each has a page at that identifier.
DLP_REFERENCE = re.compile(r"\bDLP\.(Evidence|Sources)\.(\d+)\b")


@register.filter(needs_autoescape=True)
def link_records(text: str, autoescape: bool = True) -> str:
    """A text with the DLP records it names linked: 'DLP.Evidence.58 on opposite face' links
    DLP.Evidence.58 to its page (sources by their DLP ids too)."""
    from django.utils.html import conditional_escape

    escaped = str(conditional_escape(text or "") if autoescape else text or "")

    def link(match: re.Match) -> str:
        kind, number = match.group(1), match.group(2)
        url = {
            "Evidence": f"/evidence/DLP.Evidence.{number}/",
            "Sources": f"/sources/DLP.Sources.{number}/",
        }[kind]
        return f'<a class="record-ref" href="{url}">{match.group(0)}</a>'

    return mark_safe(DLP_REFERENCE.sub(link, escaped))
