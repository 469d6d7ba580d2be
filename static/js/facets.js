// The browse page's long facets (games, sources...): typing in a facet's box filters its values
// at once, over every value (the page renders only the first few; the others come as JSON data
// beside the box). Without scripts the box is a form that asks the server (?game_q=...), and a
// "show all" link lists every value.

// On a phone the filters fold under their summary (what is filtered), so the results come first;
// the page is served with them open, for wide screens and for browsers without scripts.
const NARROW = "(max-width: 900px)";
for (const details of document.querySelectorAll("details[data-fold-narrow]")) {
  if (window.matchMedia?.(NARROW).matches) details.open = false;
}

// As the server folds labels for matching: accents dropped, case folded, punctuation a space.
const key = (text) =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").replace(/ı/g, "i").toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ").trim();

const SHOWN = 50; // matches listed at most while typing

// The current URL's query with name=value added or, when present, removed; back to page 1.
function toggled(name, value) {
  const params = new URLSearchParams(window.location.search);
  const values = params.getAll(name);
  params.delete(name);
  for (const v of values.includes(value) ? values.filter((v) => v !== value) : [...values, value]) params.append(name, v);
  params.delete("page");
  return "?" + params.toString();
}

function row(name, [value, label, count], selected) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = toggled(name, value);
  a.className = "facet-link" + (selected ? " selected" : "");
  a.setAttribute("role", "button");
  a.setAttribute("aria-pressed", String(selected));
  const box = document.createElement("span");
  box.className = "facet-box";
  box.setAttribute("aria-hidden", "true");
  box.textContent = selected ? "✓" : "";
  const text = document.createElement("span");
  text.className = "facet-label";
  text.textContent = label;
  const n = document.createElement("span");
  n.className = "facet-count";
  n.textContent = String(count);
  a.append(box, text, " ", n);
  li.append(a);
  return li;
}

for (const input of document.querySelectorAll("input[data-facet]")) {
  const name = input.dataset.facet;
  const fieldset = input.closest("fieldset");
  const list = fieldset.querySelector("ul");
  const data = input.dataset.values && document.getElementById(input.dataset.values);
  const values = data ? JSON.parse(data.textContent) : null;
  const rendered = [...list.children];
  const more = fieldset.querySelector(".facet-more");
  const status = document.createElement("p");
  status.className = "facet-status muted";
  status.setAttribute("role", "status");
  list.after(status);
  const selected = new Set(new URLSearchParams(window.location.search).getAll(name));
  const apply = () => {
    const needle = key(input.value);
    if (!needle) {
      list.replaceChildren(...rendered);
      status.textContent = "";
      if (more) more.hidden = false;
      return;
    }
    let matches;
    if (values) {
      matches = values.filter((v) => v[3].includes(needle));
      list.replaceChildren(...matches.slice(0, SHOWN).map((v) => row(name, v, selected.has(v[0]))));
    } else {
      matches = rendered.filter((li) => key(li.querySelector(".facet-label").textContent).includes(needle));
      list.replaceChildren(...matches);
    }
    status.textContent = matches.length ? (matches.length > SHOWN ? `${SHOWN} of ${matches.length} shown` : "") : "None matches.";
    if (more) more.hidden = true;
  };
  input.addEventListener("input", apply);
  // The list is filtered in place: Enter does not reload the page.
  input.form.addEventListener("submit", (event) => { event.preventDefault(); apply(); });
  if (input.value) apply();
}
