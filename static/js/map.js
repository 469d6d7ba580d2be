// Evidence maps: every element with data-map gets a Leaflet map of the points in the JSON
// script its data-points names. The tile server is a setting (data-tile-url); with none, or when
// its tiles fail or do not come, the map draws Natural Earth's country outlines (data-outlines,
// vendored: no network needed) under the points, so land and borders always show.
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

export function drawMap(element, L = window.L) {
  const dataElement = document.getElementById(element.dataset.points);
  const points = dataElement ? JSON.parse(dataElement.textContent) : [];
  const map = L.map(element, { scrollWheelZoom: false, worldCopyJump: true });
  const tileUrl = element.dataset.tileUrl;
  const offline = () => drawOutlines(L, map, element);
  if (tileUrl) {
    watchTiles(L.tileLayer(tileUrl, { maxZoom: 18, attribution: element.dataset.tileAttribution || "" }).addTo(map), offline);
  } else {
    offline();
  }
  const layer = points.length > CLUSTER_ABOVE && L.markerClusterGroup
    ? L.markerClusterGroup({ showCoverageOnHover: false, chunkedLoading: true })
    : L.layerGroup();
  const latlngs = [];
  for (const p of points) {
    const marker = L.marker([p.lat, p.lon], { title: `${p.id}${p.place ? `: ${p.place}` : ""}`, alt: p.id, keyboard: true });
    marker.bindPopup(popupHtml(p));
    layer.addLayer(marker);
    latlngs.push([p.lat, p.lon]);
  }
  layer.addTo(map);
  if (latlngs.length === 1) map.setView(latlngs[0], 7);
  else if (latlngs.length > 1) map.fitBounds(latlngs, { padding: [30, 30], maxZoom: 8 });
  else map.setView([25, 30], 2);
  element.dataset.ready = "true";
  element.dataset.markers = String(latlngs.length);
  return map;
}

function init() {
  if (!window.L) return; // Leaflet failed to load: the page's lists still carry everything.
  document.querySelectorAll("[data-map]").forEach((element) => drawMap(element));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
