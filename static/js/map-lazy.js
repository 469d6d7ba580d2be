// Maps that load only when wanted: Leaflet, its clustering and the outline reader (about 180 KB)
// are fetched when a map comes near the screen, then map.js draws it. A page whose map is far
// below its board (a game page) thus shows and plays the board first.
// The page names the files (their static URLs) on an element with data-map-assets.
function assets() {
  const holder = document.querySelector("[data-map-assets]");
  const list = (name) => (holder?.dataset[name] || "").split(/\s+/).filter(Boolean);
  return { styles: list("css"), scripts: list("js"), module: holder?.dataset.module || "" };
}

function addScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = false; // in order: the cluster plug-in needs Leaflet
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

let loading = null;

export function loadMaps() {
  loading ??= (async () => {
    const { styles, scripts, module } = assets();
    for (const href of styles) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      document.head.append(link);
    }
    await Promise.all(scripts.map(addScript));
    document.documentElement.dataset.mapsLoaded = "yes";
    await import(module);
  })();
  return loading;
}

const maps = document.querySelectorAll("[data-map]");
if (maps.length) {
  if ("IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        loadMaps();
      }
    }, { rootMargin: "400px 0px" });
    maps.forEach((m) => observer.observe(m));
  } else {
    loadMaps();
  }
}
