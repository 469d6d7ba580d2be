// The game families a board can show, by the engine's family name (a variant key's first part).
// A family is a plug-in: its board, its facts panel, its words and its text-mode readers
// (family-*.js say what each holds). Adding a family is one line here.

import { tables } from "./family-tables.js";
import { mancala } from "./family-mancala.js";
import { race } from "./family-race.js";

export const FAMILIES = Object.freeze({ tables, mancala, race });

export function familyOf(name) {
  const family = FAMILIES[name];
  if (!family) throw new Error(`no board for the game family "${name}" (known: ${Object.keys(FAMILIES).join(", ")})`);
  return family;
}
