// The page: four games behind tabs, the shared toolbar, the game in the URL
// (#game=…&size=…&seed=… or the board itself), keyboard shortcuts.
import { ask, cancel } from "./solver.js";
import * as lightsout from "./games/lightsout.js";
import * as revertigo from "./games/revertigo.js";
import * as knight from "./games/knight.js";
import * as sudoku from "./games/sudoku.js";

const games = { lightsout, revertigo, knight, sudoku };
const $ = (id) => document.getElementById(id);
let current = null;
let currentName = "";

// What a game may use of the page.
const ctx = {
  ask,
  options: $("options"),
  board: $("board"),
  info: $("info"),
  // The line under the board; kind "won" or "error" colours it.
  status(text, kind = "") {
    const s = $("status");
    s.textContent = text;
    s.className = kind;
  },
  // A one-line notice above the board (a bad link, say).
  notice(text) {
    const n = $("notice");
    n.textContent = text;
    n.hidden = !text;
  },
  // The game's parameters changed: the URL follows, so a link replays it.
  changed() {
    if (!current) return; // still being created: open() calls this after
    const q = new URLSearchParams({ game: currentName, ...current.params() });
    history.replaceState(null, "", "#" + q.toString());
    $("link").href = location.href;
  },
  // An error from the solver, shown and not thrown (a cancel is quiet).
  failed(e) {
    if (e.message !== "cancelled") ctx.status(e.message, "error");
    else ctx.status("Cancelled.");
  },
};

function open(name, params) {
  if (!games[name]) {
    ctx.notice(`No game "${name}": Lights Out opened instead.`);
    name = "lightsout";
    params = new URLSearchParams();
  }
  cancel();
  current = null;
  for (const s of [ctx.options, ctx.board, ctx.info]) s.replaceChildren();
  ctx.status("");
  currentName = name;
  for (const b of document.querySelectorAll("#tabs button")) {
    b.toggleAttribute("aria-current", b.dataset.game === name);
    if (b.dataset.game === name) b.setAttribute("aria-current", "page");
  }
  document.body.dataset.game = name;
  current = games[name].create(ctx, params);
  ctx.changed();
}

function fromUrl(hash = location.hash) {
  ctx.notice("");
  const q = new URLSearchParams(hash.slice(1));
  open(q.get("game") || "lightsout", q);
}

for (const b of document.querySelectorAll("#tabs button")) {
  b.addEventListener("click", () => { ctx.notice(""); open(b.dataset.game, new URLSearchParams()); });
}
for (const action of ["new", "restart", "undo", "redo", "solve"]) {
  $(action).addEventListener("click", () => current[action]());
}
$("cancel").addEventListener("click", () => cancel());
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select")) return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); current.undo(); return; }
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y") { e.preventDefault(); current.redo(); return; }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (current.key && current.key(e)) e.preventDefault();
});
// The link's own URL, not location: a game's answer that came in since the
// link was opened may have put its own parameters back (ctx.changed).
window.addEventListener("hashchange", (e) => fromUrl(new URL(e.newURL).hash));
fromUrl();
