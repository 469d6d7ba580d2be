// The play page's script: mounts every board on the page (a game page may hold several).
import { PlayApp } from "./board/app.js";

for (const root of document.querySelectorAll("[data-play]")) {
  if (!root.playApp) root.playApp = new PlayApp(root);
}
