// Evidence maps: every element with data-map gets a Leaflet map of its points: those in the JSON
// script its data-points names, or, with data-points-url, every matching record's places loaded
// from the compact points endpoint (/api/v1/evidence/points/, clustered when many). With
// data-box-control the map offers a box to draw as a filter (?bbox=west,south,east,north), and
// data-active-bbox outlines the box in force. The tile server is a setting (data-tile-url); with
// none, or when its tiles fail or do not come, the map draws Natural Earth's country outlines
// (data-outlines, vendored: no network needed) under the points, so land and borders always show.
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

let topology = null; // one fetch of the outlines for every map on the page

function loadOutlines(url) {
  topology ??= fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${url}: ${r.status}`))));
  return topology;
}

// The offline base map: country outlines in a pane below the tiles' (so tiles that arrive late
// still cover it), drawn once per map.
function drawOutlines(L, map, element) {
  if (element.dataset.baseMap) return;
  element.dataset.baseMap = "loading";
  element.classList.add("map-no-tiles");
  graticule(L, map);
  const url = element.dataset.outlines;
  if (!url || !window.topojson) {
    element.dataset.baseMap = "none";
    return;
  }
  loadOutlines(url).then((world) => {
    const pane = map.getPane("outlines") || map.createPane("outlines");
    pane.style.zIndex = "150";
    L.geoJSON(window.topojson.feature(world, world.objects.countries), {
      pane: "outlines",
      renderer: L.svg({ pane: "outlines" }),
      interactive: false,
      style: { color: "#9c8f78", weight: 0.7, fillColor: "#f6f1e4", fillOpacity: 1 },
    }).addTo(map);
    map.attributionControl?.addAttribution("Outlines: Natural Earth");
    element.dataset.baseMap = "outlines";
  }).catch(() => {
    element.dataset.baseMap = "none"; // the points still show
  });
}

// Tiles that fail, or none arriving in time, bring in the outlines.
function watchTiles(tiles, fallback) {
  let loaded = false;
  const timer = setTimeout(() => { if (!loaded) fallback(); }, TILE_PATIENCE_MS);
  tiles.on("tileload", () => { loaded = true; clearTimeout(timer); });
  tiles.on("tileerror", () => { if (!loaded) { clearTimeout(timer); fallback(); } });
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
  layer.addTo(map);
  const named = points.filter((p) => p.placed).length;
  element.dataset.named = String(named);
  if (named) legend(L, map);
  if (latlngs.length === 1) map.setView(latlngs[0], 7);
  else if (latlngs.length > 1) map.fitBounds(latlngs, { padding: [30, 30], maxZoom: 8 });
  else map.setView([25, 30], 2);
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
  const offline = () => drawOutlines(L, map, element);
  if (tileUrl) {
    watchTiles(L.tileLayer(tileUrl, { maxZoom: 18, attribution: element.dataset.tileAttribution || "" }).addTo(map), offline);
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
        if (box) map.fitBounds(box);
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
