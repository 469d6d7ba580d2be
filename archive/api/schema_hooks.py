"""The OpenAPI schema's vocabulary filters list their values (an outside check found them typed
as free strings though only the vocabulary's names are read).

A drf-spectacular postprocessing hook: each comma-separated filter of the evidence list, the
exports and the game list that takes names from a closed list is documented as an array of
those names (OpenAPI's form style without explode: ``type=artifact,artistic``), read from the
archive when the schema is asked for (the DLP's vocabularies can grow with an import)."""
from __future__ import annotations


def _names(model) -> list[str]:
    from django.db import DatabaseError

    try:
        return sorted(model.objects.values_list("name", flat=True))
    except DatabaseError:
        # Asked for before the database is migrated (`check --deploy` generates the schema, and
        # the README's deploy runs it first): the filter stays a plain list of names.
        return []


def vocabulary_enums(result, generator, request, public):
    from django.conf import settings

    from archive import models as m
    from archive import selectors

    evidence = {
        "type": lambda: list(m.EvidenceType.values),
        "region": lambda: list(selectors.REGIONS),
        "period": lambda: [slug for slug, *_ in selectors.PERIODS],
        "category": lambda: _names(m.Category),
        "age": lambda: _names(m.Age),
        "gender": lambda: _names(m.Gender),
        "social_status": lambda: _names(m.SocialStatus),
        "status": lambda: _names(m.SocialStatus),
        "space": lambda: _names(m.Space),
        "uncertainty_factor": lambda: _names(m.UncertaintyFactor),
        "uncertainty": lambda: _names(m.UncertaintyFactor),
        "concept": lambda: _names(m.Concept),
    }
    games = {"region": lambda: _names(m.Region), "category": lambda: _names(m.Category)}
    if not getattr(settings, "SCHEMA_VOCABULARY_ENUMS", True):
        # Without the database's vocabularies: the fixed lists only.
        fixed = {"type", "region", "period"}
        evidence = {k: v for k, v in evidence.items() if k in fixed}
        games = {}
    cache: dict[tuple, list[str]] = {}
    for path, operations in result.get("paths", {}).items():
        if path.startswith(("/api/v1/evidence/", "/api/v1/export/")) and "{" not in path:
            table = evidence
        elif path == "/api/v1/games/":
            table = games
        else:
            continue
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                name = parameter.get("name")
                if parameter.get("in") != "query" or name not in table:
                    continue
                key = (id(table), name)
                if key not in cache:
                    cache[key] = table[name]()
                if not cache[key]:
                    continue
                parameter["schema"] = {"type": "array", "items": {"type": "string", "enum": cache[key]}}
                parameter["style"], parameter["explode"] = "form", False
    return result
