// The game families a board can show, by the engine's family name (a variant key's first part).
// A family is a plug-in: its board, its facts panel, its words and its text-mode readers
// (family-*.js say what each holds). Adding a family is one line here.
//
// Each plug-in is fetched only when a board of its family is on the page (a dynamic import),
// so a tables page never downloads the Béchi board, nor a Béchi page the race board.

export const FAMILY_LOADERS = Object.freeze({
  tables: () => import("./family-tables.js").then((m) => m.tables),
  mancala: () => import("./family-mancala.js").then((m) => m.mancala),
  race: () => import("./family-race.js").then((m) => m.race),
  rules: () => import("./family-rules.js").then((m) => m.rules),
});

export const FAMILY_NAMES = Object.freeze(Object.keys(FAMILY_LOADERS));

function unknown(name) {
  return new Error(`no board for the game family "${name}" (known: ${FAMILY_NAMES.join(", ")})`);
}

const loaded = new Map();

// The family's plug-in, loaded once per page.
export function loadFamily(name) {
  const load = Object.hasOwn(FAMILY_LOADERS, name) ? FAMILY_LOADERS[name] : null;
  if (!load) return Promise.reject(unknown(name));
  if (!loaded.has(name)) loaded.set(name, load());
  return loaded.get(name);
}
