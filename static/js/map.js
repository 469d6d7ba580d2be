// Evidence maps: every element with data-map gets a Leaflet map of its points: those in the JSON
// script its data-points names, or, with data-points-url, every matching record's places loaded
// from the compact points endpoint (/api/v1/evidence/points/, clustered when many). With
// data-box-control the map offers a box to draw as a filter (?bbox=west,south,east,north), and
// data-active-bbox outlines the box in force. The tile server is a setting (data-tile-url, none by
// default); with none, or when its tiles fail or do not come, the map draws a base map of Natural
// Earth's land, coasts, lakes, rivers, borders (data-base-map-url, data-base-map-detail-url) and
// country names (data-outlines), all vendored: no network needed.
const CLUSTER_ABOVE = 50; // fewer points than this are drawn one by one (no clustering needed)
const TILE_PATIENCE_MS = 4000; // no tile by then: the tile server is unreachable or too slow

function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// Dates come labelled by the server (archive.years), so the map writes them as every page does.
function popupHtml(p) {
  const when = p.when || "";
  return `<a href="${escapeHtml(p.url)}"><strong>${escapeHtml(p.id)}</strong></a>` +
    (p.game ? `<br>${escapeHtml(p.game)}` : "") +
    (p.type ? ` · ${escapeHtml(p.type)}` : "") +
    (when ? `<br>${escapeHtml(when)}` : "") +
    (p.place ? `<br><span class="muted">${escapeHtml(p.place)}</span>` : "");
}

function graticule(L, map) {
  const style = { color: "#b9ad98", weight: 1, opacity: 0.6, interactive: false };
  for (let lat = -60; lat <= 60; lat += 30) L.polyline([[lat, -180], [lat, 180]], style).addTo(map);
  for (let lon = -180; lon <= 180; lon += 30) L.polyline([[-85, lon], [85, lon]], style).addTo(map);
}

const topologies = new Map(); // one fetch of each base map file for every map on the page

function loadTopology(url) {
  if (!topologies.has(url)) {
    topologies.set(url, fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${url}: ${r.status}`)))));
  }
  return topologies.get(url);
}

const DETAIL_ZOOM = 4; // from this zoom on, the 1:50m file (more rivers, lakes and coast)
const LABEL_ZOOM = 3; // country names from this zoom on (below, they would overlap)
const BASE_CREDIT = "Base map: Natural Earth (land, coasts, lakes, rivers, borders, country names)";

// A point to write a country's name at: the centroid of its largest ring (by area).
export function labelPoint(geometry) {
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  let best = null;
  for (const polygon of polygons) {
    const ring = polygon[0];
    let area = 0, cx = 0, cy = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      area += cross;
      cx += (ring[j][0] + ring[i][0]) * cross;
      cy += (ring[j][1] + ring[i][1]) * cross;
    }
    if (area && (!best || Math.abs(area) > best.area)) best = { area: Math.abs(area), lon: cx / (3 * area), lat: cy / (3 * area) };
  }
  return best && [best.lat, best.lon];
}

// The offline base map, in panes below the tiles' (so tiles that arrive late still cover it):
// land, country borders, lakes, rivers and coasts from Natural Earth (1:110m, and 1:50m once
// zoomed in), and the countries' names. Drawn once per map.
function drawBaseMap(L, map, element) {
  if (element.dataset.baseMap) return;
  element.dataset.baseMap = "loading";
  element.classList.add("map-no-tiles");
  graticule(L, map);
  const coarse = element.dataset.baseMapUrl;
  const detail = element.dataset.baseMapDetailUrl;
  if (!coarse || !window.topojson) {
    element.dataset.baseMap = "none";
    return;
  }
  const pane = map.getPane("outlines") || map.createPane("outlines");
  pane.style.zIndex = "150";
  const renderer = L.svg({ pane: "outlines" });
  let drawn = null;
  let level = "";
  const draw = (world, which) => {
    if (level === which) return;
    drawn?.remove();
    const o = world.objects;
    const layer = (name, style) => L.geoJSON(window.topojson.feature(world, o[name]), {
      pane: "outlines", renderer, interactive: false, style: { className: `map-${name}`, ...style },
    });
    drawn = L.layerGroup([
      layer("land", { stroke: false, fillColor: "#f6f1e4", fillOpacity: 1 }),
      layer("countries", { color: "#b3a68c", weight: 0.7, fill: false }),
      layer("lakes", { color: "#8fb0c0", weight: 0.6, fillColor: "#cddfe7", fillOpacity: 1 }),
      layer("rivers", { color: "#7fa7bd", weight: 1, fill: false }),
      layer("coastlines", { color: "#7f939c", weight: 0.8, fill: false }),
    ]).addTo(map);
    level = which;
    element.dataset.baseMapLevel = which;
  };
  loadTopology(coarse).then((world) => {
    draw(world, "110m");
    map.attributionControl?.addAttribution(BASE_CREDIT);
    element.dataset.baseMap = "outlines";
    const follow = () => {
      const z = map.getZoom();
      element.dataset.labels = z >= LABEL_ZOOM ? "on" : "off";
      if (z >= DETAIL_ZOOM && detail) loadTopology(detail).then((w) => { if (map.getZoom() >= DETAIL_ZOOM) draw(w, "50m"); }).catch(() => {});
      else if (z < DETAIL_ZOOM) draw(world, "110m");
    };
    map.on("zoomend", follow);
    follow();
  }).catch(() => {
    element.dataset.baseMap = "none"; // the points still show
  });
  const names = element.dataset.outlines;
  if (names) {
    loadTopology(names).then((world) => {
      const labels = map.getPane("labels") || map.createPane("labels");
      labels.style.zIndex = "350";
      labels.style.pointerEvents = "none";
      for (const f of window.topojson.feature(world, world.objects.countries).features) {
        const at = f.geometry && f.properties?.name ? labelPoint(f.geometry) : null;
        if (!at) continue;
        // A permanent tooltip, not a marker: names are no points of the evidence.
        L.tooltip({ pane: "labels", permanent: true, direction: "center", interactive: false, className: "map-country-label" })
          .setLatLng(at).setContent(escapeHtml(f.properties.name)).addTo(map);
      }
      element.dataset.countryNames = "true";
    }).catch(() => {});
  }
}

// Tiles that fail, or none arriving in time, bring in the base map; the tile layer is then
// removed, so it asks nothing more and its credit goes with it.
function watchTiles(map, tiles, fallback) {
  let loaded = false;
  const giveUp = () => { map.removeLayer(tiles); fallback(); };
  const timer = setTimeout(() => { if (!loaded) giveUp(); }, TILE_PATIENCE_MS);
  tiles.on("tileload", () => { loaded = true; clearTimeout(timer); });
  tiles.on("tileerror", () => { if (!loaded) { clearTimeout(timer); giveUp(); } });
}

// The compact rows of /api/v1/evidence/points/ ([id, lat, lon, label]) as the points drawn here.
// A fifth column, "placed", names the precision of a point placed from the record's place name.
export function pointsFromRows(body) {
  const prefix = body.url_prefix || "/evidence/";
  return body.points.map(([id, lat, lon, label, placed]) => (
    placed ? { id, lat, lon, label, placed, url: `${prefix}${id}/` } : { id, lat, lon, label, url: `${prefix}${id}/` }
  ));
}

// A point placed from a name (a country, a region, a town stands for it) is a hollow ring, not a pin.
function namedIcon(L, placed) {
  return L.divIcon({ className: `map-named map-named-${placed}`, iconSize: [18, 18], iconAnchor: [9, 9], popupAnchor: [0, -9] });
}

function markerFor(L, p) {
  const options = { title: p.label ? `${p.id}: ${p.label}` : `${p.id}${p.place ? `: ${p.place}` : ""}`, alt: p.id, keyboard: true };
  if (p.placed) options.icon = namedIcon(L, p.placed);
  const marker = L.marker([p.lat, p.lon], options);
  marker.bindPopup(p.label !== undefined
    ? `<a href="${escapeHtml(p.url)}"><strong>${escapeHtml(p.id)}</strong></a><br>${escapeHtml(p.label)}`
    : popupHtml(p));
  return marker;
}

function legend(L, map) {
  const control = L.control({ position: "bottomleft" });
  control.onAdd = () => {
    const box = L.DomUtil.create("div", "map-legend");
    box.innerHTML = '<span class="map-named map-named-town" aria-hidden="true"></span>placed from its place name (no coordinates recorded)';
    return box;
  };
  control.addTo(map);
}

function addPoints(L, map, element, points) {
  const layer = points.length > CLUSTER_ABOVE && L.markerClusterGroup
    ? L.markerClusterGroup({ showCoverageOnHover: false, chunkedLoading: true })
    : L.layerGroup();
  const latlngs = points.map((p) => [p.lat, p.lon]);
  layer.addLayers ? layer.addLayers(points.map((p) => markerFor(L, p))) : points.forEach((p) => layer.addLayer(markerFor(L, p)));
  const named = points.filter((p) => p.placed).length;
  element.dataset.named = String(named);
  if (named) legend(L, map);
  // The view first, without animation, then the points: the clusters are made once, at the final
  // zoom, before the map says it is ready (clusters added at one zoom and remade at another were
  // both on the map for a moment: every place counted twice).
  if (latlngs.length === 1) map.setView(latlngs[0], 7, { animate: false });
  else if (latlngs.length > 1) map.fitBounds(latlngs, { padding: [30, 30], maxZoom: 8, animate: false });
  else map.setView([25, 30], 2);
  layer.addTo(map);
  element.dataset.markers = String(latlngs.length);
  return layer;
}

// -- the box filter: drawn on the map (or the view as it is), applied as ?bbox=west,south,east,north

function wrapLongitude(lon) {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

export function bboxParameter(bounds) {
  const south = Math.max(-90, bounds.getSouth());
  const north = Math.min(90, bounds.getNorth());
  let west = bounds.getWest();
  let east = bounds.getEast();
  if (east - west >= 360) { west = -180; east = 180; } else { west = wrapLongitude(west); east = wrapLongitude(east); }
  return [west, south, east, north].map((v) => String(Math.round(v * 10000) / 10000)).join(",");
}

function applyBbox(value) {
  const url = new URL(window.location.href);
  url.searchParams.set("bbox", value);
  url.searchParams.delete("page");
  window.location.assign(url.toString());
}

function parseBbox(text) {
  const parts = (text || "").split(",").map(Number);
  if (parts.length !== 4 || parts.some((n) => Number.isNaN(n))) return null;
  const [west, south, east, north] = parts;
  // A box across the antimeridian (west > east) is drawn eastwards from west.
  return [[south, west], [north, east < west ? east + 360 : east]];
}

function boxControl(L, map, element) {
  const control = L.control({ position: "topright" });
  control.onAdd = () => {
    const box = L.DomUtil.create("div", "leaflet-bar map-box-control");
    const draw = L.DomUtil.create("button", "map-box-draw", box);
    draw.type = "button";
    draw.textContent = "Draw a box";
    draw.title = "Drag on the map to filter the records to a box";
    const view = L.DomUtil.create("button", "map-box-view", box);
    view.type = "button";
    view.textContent = "Filter to this view";
    view.title = "Keep only the records with a place in the map as it is shown";
    L.DomEvent.disableClickPropagation(box);
    L.DomEvent.on(view, "click", () => applyBbox(bboxParameter(map.getBounds())));
    L.DomEvent.on(draw, "click", () => startDrawing(L, map, element, draw));
    return box;
  };
  control.addTo(map);
}

function startDrawing(L, map, element, button) {
  if (element.dataset.drawing === "true") return;
  element.dataset.drawing = "true";
  button.setAttribute("aria-pressed", "true");
  map.dragging.disable();
  map.boxZoom?.disable();
  let start = null;
  let rect = null;
  const stop = () => {
    map.off("mousedown", down).off("mousemove", move).off("mouseup", up);
    document.removeEventListener("keydown", key);
    map.dragging.enable();
    map.boxZoom?.enable();
    element.dataset.drawing = "false";
    button.setAttribute("aria-pressed", "false");
  };
  const down = (e) => {
    start = e.latlng;
    rect = L.rectangle(L.latLngBounds(start, start), { className: "map-box", weight: 2 }).addTo(map);
  };
  const move = (e) => { if (start) rect.setBounds(L.latLngBounds(start, e.latlng)); };
  const up = (e) => {
    if (!start) return;
    const bounds = L.latLngBounds(start, e.latlng);
    stop();
    if (bounds.getNorth() === bounds.getSouth() || bounds.getEast() === bounds.getWest()) { rect.remove(); return; }
    element.dataset.bbox = bboxParameter(bounds);
    applyBbox(element.dataset.bbox);
  };
  const key = (e) => { if (e.key === "Escape") { rect?.remove(); stop(); } };
  map.on("mousedown", down).on("mousemove", move).on("mouseup", up);
  document.addEventListener("keydown", key);
}

export function drawMap(element, L = window.L) {
  // maxZoom on the map itself: with no tile layer (offline) clustering needs it to know its levels.
  const map = L.map(element, { scrollWheelZoom: false, worldCopyJump: true, maxZoom: 18 });
  const tileUrl = element.dataset.tileUrl;
  const offline = () => drawBaseMap(L, map, element);
  if (tileUrl) {
    watchTiles(map, L.tileLayer(tileUrl, { maxZoom: 18, attribution: element.dataset.tileAttribution || "" }).addTo(map), offline);
  } else {
    offline();
  }
  const box = parseBbox(element.dataset.activeBbox);
  if (box) L.rectangle(box, { className: "map-box map-box-active", weight: 2, fill: false, interactive: false }).addTo(map);
  if (element.dataset.boxControl !== undefined) boxControl(L, map, element);
  const url = element.dataset.pointsUrl;
  if (url) {
    // Every matching record, from the compact points endpoint (clustered when there are many).
    map.setView([25, 30], 2);
    const count = element.id && document.querySelector(`[data-map-count="${element.id}"]`);
    fetch(url, { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${url}: ${r.status}`))))
      .then((body) => {
        addPoints(L, map, element, pointsFromRows(body));
        if (box) map.fitBounds(box, { animate: false });
        element.dataset.records = String(body.records);
        if (count) count.textContent = `${body.places} place${body.places === 1 ? "" : "s"} of ${body.records} record${body.records === 1 ? "" : "s"}`;
        element.dataset.ready = "true";
      })
      .catch((error) => {
        console.error(error);
        if (count) count.textContent = "the places could not be loaded";
        element.dataset.ready = "error";
      });
    return map;
  }
  const dataElement = document.getElementById(element.dataset.points);
  const points = dataElement ? JSON.parse(dataElement.textContent) : [];
  addPoints(L, map, element, points);
  element.dataset.ready = "true";
  return map;
}

function init() {
  if (!window.L) return; // Leaflet failed to load: the page's lists still carry everything.
  document.querySelectorAll("[data-map]").forEach((element) => drawMap(element));
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
}
