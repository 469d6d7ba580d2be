from __future__ import annotations

from django import template
from django.http import QueryDict
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.text import Truncator

from archive import years
from archive.models import GameName

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
        if key in DLP_FLAGS:
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
