"""The OpenAPI schema says every status the API answers with (an outside check found 400, 401,
403, 404 and 429 answered but undocumented).

A drf-spectacular postprocessing hook: each operation under /api/ gets, where it can answer
them and unless it documents its own, 400 (a parameter or body it cannot read), 401 and 403
(writes: no or a refused token, no permission), 404 (a path naming something that is not
there) and 429 (every request is throttled), each a JSON error object."""
from __future__ import annotations

DRF_ERROR = {
    "type": "object",
    "description": "What is wrong: `detail`, or each field or parameter named with its messages.",
    "additionalProperties": True,
}
PLAY_ERROR = {
    "type": "object",
    "properties": {"code": {"type": "string"}, "reason": {"type": "string"}},
    "additionalProperties": True,
}
WRITES = {"post", "put", "patch", "delete"}
TEXT = {
    "400": "A parameter or the body could not be read; the answer names it.",
    "401": "No token, or a token that is not valid, expired or no longer its user's.",
    "403": "The token's user may not do this.",
    "404": "Nothing by that identifier.",
    "429": "Too many requests from this client; `Retry-After` says when to come back.",
}


#: Formats a list answers in as a bare array, not inside the paginated JSON object.
BARE_LIST_KINDS = ("application/vnd.citationstyles.csl+json",)


def document_error_statuses(result, generator, request, public):
    for path, operations in result.get("paths", {}).items():
        for operation in operations.values():
            for kind, body in ((operation.get("responses") or {}).get("200", {}).get("content", {}) or {}).items():
                results = body.get("schema", {}).get("properties", {}).get("results")
                if kind in BARE_LIST_KINDS and results:
                    body["schema"] = results["items"]
        if not path.startswith("/api/"):
            continue
        play = path.startswith("/api/v1/matches")
        # The formats this path answers in (its read's): an error to any method of it may come
        # in any of them, as the client's Accept or ?format= asked.
        read = (operations.get("get") or {}).get("responses", {})
        path_kinds = list((read.get("200") or {}).get("content", {}))
        for method, operation in operations.items():
            if method not in {"get", "head", "post", "put", "patch", "delete"}:
                continue
            responses = operation.setdefault("responses", {})
            wanted = ["400", "429"]
            if "{" in path:
                wanted.append("404")
            if method in WRITES and not play:
                wanted += ["401", "403"]
            if play and method in WRITES:
                wanted += ["403", "409"]
            # An error is written in the format asked for, as the answer would have been (JSON
            # kinds get the error object; CSV and other text get its text).
            kinds = list((responses.get("200") or responses.get("201") or {}).get("content", {}))
            kinds += [k for k in path_kinds if k not in kinds]
            if "application/json" not in kinds:
                kinds.append("application/json")
            for status in wanted:
                if status in responses:
                    continue
                schema = PLAY_ERROR if play else DRF_ERROR
                description = TEXT.get(status, "The match moved on: read it again (stale version).")
                responses[status] = {
                    "content": {kind: {"schema": schema if "json" in kind else {"type": "string"}} for kind in kinds},
                    "description": description,
                }
    return result

