"""The play API's routes served by plain Django views (a server-sent event stream, match files),
which drf-spectacular cannot see: added to the schema by a postprocessing hook."""
from __future__ import annotations

from core.schema import PLAY_ERROR, TEXT


#: Routes served by plain Django views (a stream, files), which the generator cannot see.
PLAY_ROUTES = {
    "/api/v1/matches/{id}/events/": {
        "get": {
            "operationId": "matches_events",
            "summary": "A match's changes as server-sent events",
            "description": ("One `change` event when the match's tag (its version, who has joined, the rematch) "
                            "differs from `since` (or the `Last-Event-ID` header), then the stream ends; with no "
                            "change before the hold ends, it ends with `retry` and the client reconnects."),
            "parameters": [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "since", "in": "query", "required": False, "schema": {"type": "string"},
                 "description": "The tag the client last saw."},
            ],
            "responses": {
                "200": {"description": "An event stream.", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                "404": {"description": "No match with that id.", "content": {"application/json": {"schema": PLAY_ERROR}}},
                "405": {"description": "Only GET.", "content": {"application/json": {"schema": PLAY_ERROR}}},
            },
            "tags": ["matches"],
        },
    },
    "/api/v1/matches/{id}/export/{fmt}/": {
        "get": {
            "operationId": "matches_export",
            "summary": "A match as a file other programs read",
            "description": "`mat`: the gnubg/Jellyfish match text; `sgf`: SGF for backgammon (GM[6]). Counted as the record is.",
            "parameters": [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "fmt", "in": "path", "required": True, "schema": {"type": "string", "enum": ["mat", "sgf"]}},
            ],
            "responses": {
                "200": {"description": "The file.", "content": {"text/plain": {"schema": {"type": "string"}},
                                                               "application/x-go-sgf": {"schema": {"type": "string"}}}},
                "400": {"description": "This match cannot be written in that format; `exports` names those it can.",
                        "content": {"application/json": {"schema": PLAY_ERROR}}},
                "404": {"description": "No match with that id.", "content": {"application/json": {"schema": PLAY_ERROR}}},
                "405": {"description": "Only GET.", "content": {"application/json": {"schema": PLAY_ERROR}}},
                "429": {"description": TEXT["429"], "content": {"application/json": {"schema": PLAY_ERROR}}},
            },
            "tags": ["matches"],
        },
    },
}



def play_routes(result, generator, request, public):
    for path, item in PLAY_ROUTES.items():
        result.setdefault("paths", {}).setdefault(path, item)
    return result
