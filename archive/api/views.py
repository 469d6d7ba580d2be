from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Iterator
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.db.models import Prefetch
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.urls import get_script_prefix
from django.utils import timezone
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import renderers, viewsets
from rest_framework.exceptions import ValidationError
from rest_framework.filters import OrderingFilter
from rest_framework.response import Response
from rest_framework.settings import api_settings

from archive import documents, identifiers
from archive.api import exports, flat, services
from core.compressed import accepts_gzip, compressed_copy, kept_response, send_compressed
from core.throttling import SharedRateThrottle
from archive.api.filters import EvidenceFilteredView, EvidenceFilterSet, GameFilterSet, RulesetFilterSet, SourceFilterSet
from archive.api.linked_data import (
    SCHEMA, evidence_citations, evidence_for_citing, evidence_jsonld, evidence_jsonld_page, source_bibtex, source_csl, source_ris,
)
from archive.api.pagination import ArchiveCursorPagination
from archive.api.renderers import (
    BibTeXRenderer, CSLJSONRenderer, CSVRenderer, GeoJSONRenderer, JSONLDRenderer, JSONRenderer, RISRenderer,
)
from archive.api.serializers import EvidenceSerializer, GameSerializer, RulesetSerializer, SourceSerializer
from archive.models import (
    Evidence, Game, GameName, Place, Ruleset, Source, evidence_date_desc_key, evidence_date_key,
)



class ArchiveOrdering(OrderingFilter):
    """OrderingFilter that refuses an ordering it does not know (DRF drops it silently)."""

    def remove_invalid_fields(self, queryset, fields, view, request):
        valid = [name for name, _ in self.get_valid_fields(queryset, view, {"request": request})]
        unknown = [term for term in fields if term.lstrip("-") not in valid]
        if unknown:
            raise ValidationError(
                {self.ordering_param: [f"unknown ordering {unknown[0]!r}: use {', '.join(valid)}, with '-' for descending"]}
            )
        return fields

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"] = {"type": "string", "enum": [f"{sign}{f}" for f in view.ordering_fields for sign in ("", "-")]}
        return parameters


@functools.cache
def _dated_evidence():
    """Evidence with its two date sort keys, built once (resolving the expressions costs more than
    the page's own query); callers take a copy (.all()), never this one."""
    return Evidence.objects.annotate(date=evidence_date_key(), date_desc=evidence_date_desc_key())


class EvidenceOrdering(ArchiveOrdering):
    """ordering=date puts BCE first and undated records last; ordering=-date puts the newest first
    and undated records last too (a second sentinel, below every year)."""

    ordering_description = (
        "id, date, confidence, updated or relevance (with q: the best matches first, the default when q is "
        "given), with '-' for descending; ties are broken by id, so paging never repeats or skips a record. "
        "date sorts BCE first; records without a date come last either way."
    )

    def get_ordering(self, request, queryset, view):
        ranked = "search_rank" in queryset.query.annotations  # a search (q) was made
        if ranked and not request.query_params.get(self.ordering_param):
            return ("-search_rank",)  # a search lists the best matches first unless told otherwise
        ordering = super().get_ordering(request, queryset, view)
        if any(f.lstrip("-") == "relevance" for f in ordering) and not ranked:
            raise ValidationError({self.ordering_param: ["relevance orders a search: give q, the words to search for"]})
        return tuple(RENAMED.get(f, f) for f in ordering)


# Orderings whose names are not the annotations they sort by: the best match first for
# relevance, its reverse for -relevance; -date puts undated records last (date_desc).
RENAMED = {"-date": "-date_desc", "relevance": "-search_rank", "-relevance": "search_rank"}


class ArchiveAnonThrottle(SharedRateThrottle):
    """Anonymous clients, per address, at API_ANON_RATE (REST_FRAMEWORK's 'anon' rate), counted
    atomically in the store every worker shares (core.throttling)."""

    scope = "anon"


class CostlyReadThrottle(ArchiveAnonThrottle):
    """Reads that cost a worker far more than a page (a whole export, a list page of more than
    COSTLY_PAGE_SIZE records, or a whole page as CSV or GeoJSON): anonymous clients, per
    address, also at API_COSTLY_RATE, so one address cannot hold the workers with them (eight
    clients looping the 2.6 MB export kept /healthz/ at 1.9 s). Counted only for such reads."""

    scope = "costly"

    def get_rate(self) -> str | None:
        rates = settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {})
        return rates.get(self.scope, "30/minute")

    def allow_request(self, request, view, read=None) -> bool:
        if not getattr(view, "costly", lambda r: False)(request):
            return True
        return super().allow_request(request, view, read)


#: A list page of more records than this is a costly read (CostlyReadThrottle).
COSTLY_PAGE_SIZE = 100
#: A whole export at most this large is kept per data version (EvidenceExportView).
EXPORT_CACHE_MAX_BYTES = 16 * 1024 * 1024
EXPORT_CACHE_SECONDS = 3600


PAGING_PARAMETERS = {"cursor", "page_size"}
# A rendered evidence list page is kept this long at most (a write makes it unreachable at once).
LIST_CACHE_SECONDS = 600


def check_query_parameters(request, allowed: set[str]) -> None:
    """A 400 naming every query parameter this endpoint does not read (a misspelt filter must not
    answer with everything)."""
    unknown = sorted(set(request.query_params) - allowed - {api_settings.URL_FORMAT_OVERRIDE})
    if unknown:
        known = ", ".join(sorted(allowed | {api_settings.URL_FORMAT_OVERRIDE}))
        raise ValidationError({name: [f"unknown parameter; this endpoint reads {known}"] for name in unknown})


class StrictParametersMixin:
    """Reads are refused when they carry a parameter the endpoint does not know."""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if request.method in ("GET", "HEAD"):
            check_query_parameters(request, self.known_query_parameters())

    def known_query_parameters(self) -> set[str]:
        if self.detail:
            return set()
        known = set(PAGING_PARAMETERS)
        if getattr(self, "filterset_class", None):
            known |= set(self.filterset_class.base_filters)
        if any(issubclass(b, OrderingFilter) for b in self.filter_backends):
            known.add(api_settings.ORDERING_PARAM)
        return known


def base_url(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def batched(pieces: Iterable[str], size: int = 256 * 1024) -> Iterator[bytes]:
    """Join small strings into pieces of about ``size`` characters, so the server writes a few
    large chunks, not one per record, and never holds more than one piece."""
    buffer: list[str] = []
    length = 0
    for piece in pieces:
        buffer.append(piece)
        length += len(piece)
        if length >= size:
            yield "".join(buffer).encode("utf-8")
            buffer.clear()
            length = 0
    if buffer:
        yield "".join(buffer).encode("utf-8")


JSON_RENDERERS = [JSONRenderer, renderers.BrowsableAPIRenderer]
FORMAT_PARAMETER = OpenApiParameter(
    "format", str, enum=["json", "csv", "geojson", "jsonld", "bibtex", "csl", "ris"],
    description=("Response format (or send Accept: text/csv, application/geo+json, application/ld+json); bibtex, csl "
                 "(CSL-JSON) and ris cite the records."),
)
# The formats that cite records (archive.api.linked_data), as a reference manager reads them.
CITATION_FORMATS = ("bibtex", "csl", "ris")
CITATION_RESPONSES = {
    (200, "application/x-bibtex"): OpenApiResponse(OpenApiTypes.STR, description="BibTeX entries, keyed by identifier."),
    (200, "application/vnd.citationstyles.csl+json"): OpenApiResponse(
        OpenApiTypes.OBJECT, description="CSL-JSON (Zotero, Pandoc, citeproc): one item for a record, a list for a list."),
    (200, "application/x-research-info-systems"): OpenApiResponse(OpenApiTypes.STR, description="RIS entries."),
}
EVIDENCE_FORMATS = {
    (200, "application/json"): EvidenceSerializer,
    (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="One row per record; columns as /api/v1/export/evidence.csv."),
    (200, "application/geo+json"): OpenApiResponse(OpenApiTypes.OBJECT, description="A GeoJSON FeatureCollection, one feature per place."),
    (200, "application/ld+json"): OpenApiResponse(OpenApiTypes.OBJECT, description="JSON-LD with schema.org terms."),
    **CITATION_RESPONSES,
    400: OpenApiResponse(
        OpenApiTypes.OBJECT,
        description="An unknown parameter, or a value that cannot be read: {parameter: [what is wrong]}.",
    ),
}


@extend_schema_view(
    list=extend_schema(
        summary="Evidence records",
        description=(
            "Filtered, ordered and cursor-paged. `format=csv` and `format=geojson` give the same page as flat "
            "rows (CSV, one row per record) or a FeatureCollection (one feature per place); `format=jsonld` "
            "gives it as JSON-LD; `format=bibtex`, `csl` and `ris` cite its records. The next and previous pages are in `next` and `previous` (JSON; in JSON-LD, "
            "a Hydra PartialCollectionView node of the graph) and in the `Link` header (every format). The filters are the "
            "browse page's, under the same names (its short names `from`, `to`, `confidence` and `status` "
            "are aliases); an unknown parameter or value is a 400 naming it."
        ),
        parameters=[FORMAT_PARAMETER],
        responses=EVIDENCE_FORMATS,
    ),
    retrieve=extend_schema(
        summary="One evidence record, by DLP identifier (DLP.Evidence.1188) or our ref",
        parameters=[FORMAT_PARAMETER],
        responses=EVIDENCE_FORMATS,
    ),
    create=extend_schema(summary="Add a record (curators: archive.add_evidence)"),
    update=extend_schema(summary="Replace a record (curators: archive.change_evidence)"),
    partial_update=extend_schema(summary="Change some fields of a record (curators: archive.change_evidence)"),
    destroy=extend_schema(summary="Delete a record (curators: archive.delete_evidence)"),
)
class EvidenceViewSet(StrictParametersMixin, viewsets.ModelViewSet):
    serializer_class = EvidenceSerializer
    filterset_class = EvidenceFilterSet
    filter_backends = [DjangoFilterBackend, EvidenceOrdering]
    ordering_fields = ["id", "date", "confidence", "updated", "relevance"]
    ordering = ["id"]
    pagination_class = ArchiveCursorPagination
    renderer_classes = [*JSON_RENDERERS, CSVRenderer, GeoJSONRenderer, JSONLDRenderer, BibTeXRenderer, CSLJSONRenderer, RISRenderer]
    throttle_classes = [ArchiveAnonThrottle, CostlyReadThrottle]
    lookup_field = "identifier"

    def costly(self, request) -> bool:
        """A list page of many records, or one as CSV or GeoJSON (CostlyReadThrottle)."""
        if self.detail or request.method not in ("GET", "HEAD"):
            return False
        size = request.query_params.get("page_size", "")
        flat_format = request.query_params.get("format") in ("csv", "geojson", *CITATION_FORMATS) or any(
            t in request.META.get("HTTP_ACCEPT", "") for t in ("text/csv", "application/geo+json"))
        return flat_format or (size.isascii() and size.isdigit() and int(size) > COSTLY_PAGE_SIZE)
    lookup_value_regex = r"[^/]+"
    queryset = Evidence.objects.all()  # for the permission class and the schema

    def flat_format(self) -> bool:
        renderer = getattr(self.request, "accepted_renderer", None)
        return getattr(renderer, "format", "") in ("csv", "geojson")

    def citation_format(self) -> str:
        """bibtex, csl or ris where the records are to be cited, else ''."""
        fmt = getattr(getattr(self.request, "accepted_renderer", None), "format", "")
        return fmt if fmt in CITATION_FORMATS else ""

    def get_queryset(self):
        if self.flat_format() or self.citation_format() or self.action == "list":
            # Lists are built from flat rows (page_values; archive.api.flat), not instances.
            return _dated_evidence().all()
        return _dated_evidence().select_related("game", "ruleset").prefetch_related(
            Prefetch("places", queryset=Place.objects.order_by("order", "id")),
            "ages", "genders", "social_statuses", "spaces", "uncertainty_factors", "concepts", "sources",
        )

    def get_object(self):
        identifier = self.kwargs["identifier"]
        queryset = self.get_queryset()
        if identifiers.looks_like_dlp(identifier, "Evidence"):
            parsed = identifiers.parse_dlp(identifier, "Evidence")
            if not parsed:
                raise ValidationError({"identifier": "DLP identifiers read DLP.Evidence.<number>."})
            obj = get_object_or_404(queryset, dlp_id=parsed[1])
        else:
            ref = identifiers.normalise_ref(identifier)
            obj = queryset.filter(ref=ref).first() or get_object_or_404(queryset, former_refs__ref=ref)
        self.check_object_permissions(self.request, obj)
        return obj

    # A list page of stored documents (archive.documents) reads only ids from the page query.
    reads_documents = False

    @property
    def page_values(self) -> list[str]:
        """What the paginator reads for each record of a list page (as dicts, not instances)."""
        return ["id"] if self.flat_format() or self.citation_format() or self.reads_documents else flat.BASE_FIELDS

    def list(self, request, *args, **kwargs):
        # The data version and the documents' floor, read before any record (archive.documents).
        self.data_state = documents.state()
        key = self.list_cache_key(request)
        gzipped = accepts_gzip(request)
        if key is not None:
            hit = cache.get(key)
            if hit is not None:
                content, content_type, headers, compressed = hit
                if gzipped and compressed is None:
                    # The first client that accepts gzip compresses the page for all that follow.
                    compressed = compressed_copy(content)
                    if compressed is not None:
                        cache.set(key, (content, content_type, headers, compressed), LIST_CACHE_SECONDS)
                response = kept_response(request, content, content_type, compressed)
                for name, value in headers:
                    response[name] = value
                return response
        response = self.build_list(request)
        if key is not None:
            def store(rendered):
                if rendered.status_code == 200:
                    headers = [(h, rendered[h]) for h in ("X-Total-Count", "Link") if rendered.has_header(h)]
                    # Compressed only for a client that takes it (instead of GZipMiddleware), then
                    # kept: a client that does not is not made to wait for it.
                    compressed = compressed_copy(rendered.content) if gzipped else None
                    cache.set(key, (rendered.content, rendered["Content-Type"], headers, compressed), LIST_CACHE_SECONDS)
                    send_compressed(request, rendered, compressed)
            if isinstance(response, Response):
                response.add_post_render_callback(store)
            else:  # stored documents joined: already the page's bytes
                store(response)
        return response

    def list_cache_key(self, request) -> str | None:
        """Where a rendered list page is kept while the archive is unchanged: the archive's data
        version (every write bumps it, in any process), the scheme and host (its links are
        absolute), the query, the format and this client's page-size cap. The browsable API's
        HTML names the user, so it is never kept."""
        media_type = getattr(request, "accepted_media_type", "") or ""
        if request.accepted_renderer.format == "api":
            return None
        raw = "|".join([
            str(self.data_state[0]), request.scheme, request.get_host(), request.path,
            urlencode(sorted(request.query_params.lists()), doseq=True), media_type,
            str(self.paginator.page_size_cap(request)),
        ])
        # "api-list2": entries hold a compressed copy since it was added.
        return "api-list2:" + hashlib.sha256(raw.encode()).hexdigest()

    def count_cache_key(self, request) -> str:
        """Where the paginator keeps a list's count while the archive is unchanged: the data
        version and the filters (the query without its cursor, page size, ordering and format,
        none of which changes which records match)."""
        ignored = {"cursor", "page_size", "ordering", "format"}
        query = sorted((k, v) for k, v in request.query_params.lists() if k not in ignored)
        version = self.data_state[0] if hasattr(self, "data_state") else documents.state()[0]
        raw = "|".join([str(version), request.path, urlencode(query, doseq=True)])
        return "api-count:" + hashlib.sha256(raw.encode()).hexdigest()

    def serves_documents(self, request) -> bool:
        """Whether this page can be the records' stored documents: compact JSON, built as they
        were (the default time zone, no script prefix); anything else is built afresh."""
        renderer = request.accepted_renderer
        return (
            renderer.format == "json"
            and renderer.get_indent(request.accepted_media_type or "", {}) is None
            and get_script_prefix() == "/"
            and timezone.get_current_timezone_name() == settings.TIME_ZONE
        )

    def document_list(self, request) -> HttpResponse:
        """The page as its records' stored documents, joined: only the records whose document is
        missing or out of date are built (from flat rows) and stored for the next reader."""
        self.reads_documents = True
        renderer = request.accepted_renderer
        version, floor = self.data_state
        # Each row of the page query brings its record's document where one may be served.
        self.page_expressions = {"_document": documents.served_column(floor)}
        self.page_rows = documents.page_rows  # the documents as bytes
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        ids = [row["id"] for row in page]
        bodies = {row["id"]: row["_document"] for row in page if row["_document"] is not None}
        missing = [i for i in ids if i not in bodies]
        if missing:
            bodies.update((i, body.encode()) for i, body in documents.build(missing, version).items())
        envelope = renderer.render(self.paginator.get_paginated_response([]).data)
        assert envelope.endswith(b"[]}"), "results must be the envelope's last member"
        origin = request.build_absolute_uri("/")[:-1].encode()
        # A record deleted since the page query has no document: left out, as if the page came first.
        results = b",".join(documents.with_origin(bodies[i], origin) for i in ids if i in bodies)
        response = HttpResponse(envelope[:-2] + results + b"]}", content_type=renderer.media_type)
        return self.add_paging_headers(response)

    def build_list(self, request):
        if self.serves_documents(request):
            return self.document_list(request)
        queryset = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(queryset)
        if self.flat_format():
            rows = exports.evidence_rows_for([r["id"] for r in page], base_url=base_url(request))
            return self.add_paging_headers(Response(rows))
        if self.citation_format():
            records = evidence_for_citing([r["id"] for r in page])
            return self.add_paging_headers(Response(evidence_citations(records, self.citation_format(), base_url(request), self.data_state[0])))
        # The serializer's output, built from one query per related set (archive.api.flat).
        response = self.get_paginated_response(flat.evidence_rows(page, request))
        if request.accepted_renderer.format == "jsonld":
            response.data = evidence_jsonld_page(response.data, base_url(request), request.build_absolute_uri())
        return self.add_paging_headers(response)

    def add_paging_headers(self, response: Response) -> Response:
        for name, value in self.paginator.paging_headers().items():
            response[name] = value
        return response

    def retrieve(self, request, *args, **kwargs):
        if self.flat_format():
            rows = exports.evidence_rows_for([self.get_object().pk], base_url=base_url(request))
            return Response(rows)
        if self.citation_format():
            version = documents.state()[0]
            cited = evidence_citations(evidence_for_citing([self.get_object().pk]), self.citation_format(), base_url(request), version)
            return Response(cited[0] if isinstance(cited, list) else cited)
        response = super().retrieve(request, *args, **kwargs)
        if request.accepted_renderer.format == "jsonld":
            response.data = evidence_jsonld(response.data, base_url(request))
        return response

    def perform_destroy(self, instance):
        services.evidence_delete(evidence=instance, user=self.request.user)


class ReadableViewSet(StrictParametersMixin, viewsets.ModelViewSet):
    filter_backends = [DjangoFilterBackend, ArchiveOrdering]
    pagination_class = ArchiveCursorPagination
    throttle_classes = [ArchiveAnonThrottle]

    def perform_destroy(self, instance):
        services.delete(obj=instance, user=self.request.user)


@extend_schema_view(
    list=extend_schema(summary="Games"),
    retrieve=extend_schema(summary="One game, by slug"),
)
class GameViewSet(ReadableViewSet):
    serializer_class = GameSerializer
    filterset_class = GameFilterSet
    ordering_fields = ["id", "name", "updated"]
    ordering = ["id"]
    lookup_field = "slug"
    queryset = Game.objects.prefetch_related(
        Prefetch("names", queryset=GameName.objects.order_by("order", "id")), "regions", "periods", "categories", "sources"
    )


@extend_schema_view(
    list=extend_schema(summary="Rulesets, with their rule clauses"),
    retrieve=extend_schema(summary="One ruleset, by id"),
)
class RulesetViewSet(ReadableViewSet):
    serializer_class = RulesetSerializer
    filterset_class = RulesetFilterSet
    ordering_fields = ["id", "updated"]
    ordering = ["id"]
    queryset = Ruleset.objects.select_related("game").prefetch_related("clauses__source", "sources")


SOURCE_FORMATS = {
    (200, "application/json"): SourceSerializer,
    (200, "application/x-bibtex"): OpenApiResponse(OpenApiTypes.STR, description="BibTeX entries, keyed by ref."),
    (200, "application/vnd.citationstyles.csl+json"): OpenApiResponse(OpenApiTypes.OBJECT, description="One CSL-JSON item (Zotero, Pandoc, citeproc)."),
    (200, "application/x-research-info-systems"): OpenApiResponse(OpenApiTypes.STR, description="RIS entries."),
}
# A list in CSL-JSON is an array of items (empty when nothing matches).
SOURCE_LIST_FORMATS = {
    **SOURCE_FORMATS,
    (200, "application/vnd.citationstyles.csl+json"): OpenApiResponse(
        {"type": "array", "items": {"type": "object"}}, description="CSL-JSON items (Zotero, Pandoc, citeproc), a list."),
}
SOURCE_FORMAT_PARAMETER = OpenApiParameter("format", str, enum=["json", "bibtex", "csl", "ris"], description="Response format.")


@extend_schema_view(
    list=extend_schema(summary="Sources", parameters=[SOURCE_FORMAT_PARAMETER], responses=SOURCE_LIST_FORMATS),
    retrieve=extend_schema(summary="One source, by ref", parameters=[SOURCE_FORMAT_PARAMETER], responses=SOURCE_FORMATS),
)
class SourceViewSet(ReadableViewSet):
    serializer_class = SourceSerializer
    filterset_class = SourceFilterSet
    renderer_classes = [*JSON_RENDERERS, BibTeXRenderer, CSLJSONRenderer, RISRenderer]
    ordering_fields = ["id", "year", "updated"]
    ordering = ["id"]
    lookup_field = "ref"
    lookup_value_regex = r"[^/]+"
    queryset = Source.objects.all()

    def get_object(self):
        ref = self.kwargs["ref"]
        parsed = identifiers.parse_dlp(ref, "Sources")
        if parsed:
            obj = get_object_or_404(self.get_queryset(), dlp_id=parsed[1])
        else:
            ref = identifiers.normalise_ref(ref)
            obj = self.get_queryset().filter(ref=ref).first() or get_object_or_404(self.get_queryset(), former_refs__ref=ref)
        self.check_object_permissions(self.request, obj)
        return obj

    def _cite(self, sources: list[Source]):
        fmt = self.request.accepted_renderer.format
        if fmt == "bibtex":
            return "\n".join(source_bibtex(s) for s in sources)
        if fmt == "ris":
            return "".join(source_ris(s) for s in sources)
        return [source_csl(s, base_url(self.request)) for s in sources]

    def list(self, request, *args, **kwargs):
        if request.accepted_renderer.format not in CITATION_FORMATS:
            return super().list(request, *args, **kwargs)
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return Response(self._cite(page), headers=self.paginator.paging_headers())

    def retrieve(self, request, *args, **kwargs):
        if request.accepted_renderer.format not in CITATION_FORMATS:
            return super().retrieve(request, *args, **kwargs)
        data = self._cite([self.get_object()])
        return Response(data if isinstance(data, str) else data[0])


EXPORT_TYPES = {
    "csv": ("text/csv; charset=utf-8", exports.csv_lines),
    "geojson": ("application/geo+json", exports.geojson_chunks),
    "jsonl": ("application/x-ndjson; charset=utf-8", exports.jsonl_lines),
}
# Exports built from the records a chunk at a time (linked_data_pieces), not from flat rows:
# (media type, file name).
LINKED_EXPORTS = {
    "jsonld": ("application/ld+json", "evidence.jsonld"),
    "bibtex": ("application/x-bibtex; charset=utf-8", "evidence.bib"),
    "csl": ("application/vnd.citationstyles.csl+json", "evidence.csl.json"),
    "ris": ("application/x-research-info-systems; charset=utf-8", "evidence.ris"),
}
# Records cited or described per chunk of a linked-data export.
LINKED_CHUNK = 500


def linked_data_pieces(queryset, fmt: str, request, version: int) -> Iterator[str]:
    """The records of ``queryset`` by id, LINKED_CHUNK at a time, as one JSON-LD graph (each node
    as the API's ?format=jsonld gives it), a CSL-JSON array, or BibTeX or RIS entries."""
    base = base_url(request)
    ids = queryset.order_by("id").values_list("id", flat=True)
    if fmt in ("jsonld", "csl"):
        yield f'{{"@context":"{SCHEMA}","@graph":[' if fmt == "jsonld" else "["
    first, last = True, 0
    while True:
        chunk = list(ids.filter(id__gt=last)[:LINKED_CHUNK])
        if not chunk:
            break
        last = chunk[-1]
        if fmt == "jsonld":
            rows = list(Evidence.objects.filter(id__in=chunk).order_by("id").values(*flat.BASE_FIELDS))
            items = [evidence_jsonld(r, base, context=False) for r in flat.evidence_rows(rows, request)]
        else:
            cited = evidence_citations(evidence_for_citing(chunk), fmt, base, version)
            if fmt != "csl":
                yield cited if fmt == "ris" else cited + "\n"
                continue
            items = cited
        for item in items:
            yield ("" if first else ",\n") + exports.compact_json(item)
            first = False
    if fmt in ("jsonld", "csl"):
        yield "]}\n" if fmt == "jsonld" else "]\n"


EXPORT_DESCRIPTION = (
    "Every record, or those the evidence list's filters select, in one download that streams in constant "
    "memory. CSV: one row per record, lists joined with '; ', places as JSON in `places` and the first place "
    "in `latitude`/`longitude`. GeoJSON: a FeatureCollection, one feature per place (RFC 7946). JSON Lines: "
    "one record per line, with the CSV's columns as JSON values. JSON-LD: one graph of schema.org nodes, as "
    "`?format=jsonld` gives each record. BibTeX, CSL-JSON and RIS: each record cited, as `?format=bibtex`, `csl` and "
    "`ris` cite one."
)


class EvidenceExportView(EvidenceFilteredView):
    """The whole archive (or the records the filters select), streamed in constant memory."""

    throttle_classes = [ArchiveAnonThrottle, CostlyReadThrottle]
    fmt = "csv"

    def costly(self, request) -> bool:
        return True

    def get(self, request, *args, **kwargs):
        check_query_parameters(request, set(EvidenceFilterSet.base_filters))
        filterset = EvidenceFilterSet(request.query_params, queryset=Evidence.objects.all(), request=request)
        if not filterset.is_valid():
            raise ValidationError(filterset.errors)
        content_type, writer = EXPORT_TYPES.get(self.fmt) or (LINKED_EXPORTS[self.fmt][0], None)
        # Kept while the archive is unchanged (its data version is in the key, read first): a
        # second download of the same set costs a cache read, not a pass over every record.
        version = documents.state()[0]
        raw = "|".join([str(version), self.fmt, base_url(request), urlencode(sorted(request.query_params.lists()), doseq=True)])
        if self.fmt in LINKED_EXPORTS:  # citations say when they were accessed
            raw += f"|{timezone.localdate()}"
        key = "api-export:" + hashlib.sha256(raw.encode()).hexdigest()
        kept = cache.get(key)
        if kept is not None:
            chunks = iter([kept])
        else:
            if self.fmt == "csv":
                # Straight from the database's tuples to CSV rows (the same text, faster).
                pieces = exports.evidence_csv_lines(filterset.qs, base_url=base_url(request))
            elif self.fmt in LINKED_EXPORTS:
                pieces = linked_data_pieces(filterset.qs, self.fmt, request, version)
            else:
                pieces = writer(exports.evidence_export_rows(filterset.qs, base_url=base_url(request)))
            chunks = _kept_as_it_streams(batched(pieces), key)
        response = StreamingHttpResponse(chunks, content_type=content_type)
        name = LINKED_EXPORTS[self.fmt][1] if self.fmt in LINKED_EXPORTS else f"evidence.{self.fmt}"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


def _kept_as_it_streams(chunks: Iterator[bytes], key: str) -> Iterator[bytes]:
    """Pass the chunks on, and keep the whole under ``key`` once it has streamed to the end, if it
    is no larger than EXPORT_CACHE_MAX_BYTES (a larger one streams in constant memory, uncached)."""
    kept: list[bytes] | None = []
    size = 0
    for chunk in chunks:
        if kept is not None:
            size += len(chunk)
            if size <= EXPORT_CACHE_MAX_BYTES:
                kept.append(chunk)
            else:
                kept = None
        yield chunk
    if kept is not None:
        cache.set(key, b"".join(kept), EXPORT_CACHE_SECONDS)


EXPORT_NAMES = {"jsonl": "JSON Lines", "jsonld": "JSON-LD", "bibtex": "BibTeX", "csl": "CSL-JSON", "ris": "RIS"}


def _export(fmt: str, media_type: str, schema_type) -> type[EvidenceExportView]:
    decorated = extend_schema_view(
        get=extend_schema(
            operation_id=f"v1_export_evidence_{fmt}",
            summary=f"Export evidence as {EXPORT_NAMES.get(fmt, fmt.upper())} (streamed)",
            description=EXPORT_DESCRIPTION,
            filters=True,
            responses={
                (200, media_type): OpenApiResponse(schema_type),
                400: OpenApiResponse(OpenApiTypes.OBJECT, description="A filter could not be read."),
            },
        )
    )
    return decorated(type(f"Evidence{fmt.title()}Export", (EvidenceExportView,), {"fmt": fmt}))


EvidenceCSVExport = _export("csv", "text/csv", OpenApiTypes.STR)
EvidenceGeoJSONExport = _export("geojson", "application/geo+json", OpenApiTypes.OBJECT)
EvidenceJSONLExport = _export("jsonl", "application/x-ndjson", OpenApiTypes.STR)
EvidenceJSONLDExport = _export("jsonld", "application/ld+json", OpenApiTypes.OBJECT)
EvidenceBibTeXExport = _export("bibtex", "application/x-bibtex", OpenApiTypes.STR)
EvidenceCSLExport = _export("csl", "application/vnd.citationstyles.csl+json", {"type": "array", "items": {"type": "object"}})
EvidenceRISExport = _export("ris", "application/x-research-info-systems", OpenApiTypes.STR)
