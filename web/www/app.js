// The page: four games behind tabs, the shared toolbar, the keyboard, the
// game kept in the browser's storage (per game, restored on reload), the
// game's parameters in the address and Share with its moves.
import { ask, rule, cancel } from "./solver.js";
import * as lightsout from "./games/lightsout.js";
import * as revertigo from "./games/revertigo.js";
import * as knight from "./games/knight.js";
import * as sudoku from "./games/sudoku.js";

const games = { lightsout, revertigo, knight, sudoku };
const $ = (id) => document.getElementById(id);
let current = null;
let currentName = "";

// The game kept in localStorage, one entry a game, and the last one played.
const store = {
  get(name) {
    try { return JSON.parse(localStorage.getItem("puzzles:" + name)); } catch { return null; }
  },
  put(name, value) {
    try {
      localStorage.setItem("puzzles:" + name, JSON.stringify(value));
      localStorage.setItem("puzzles:last", name);
    } catch { /* storage full or refused: the game goes on unsaved */ }
  },
  last() {
    try { return localStorage.getItem("puzzles:last"); } catch { return null; }
  },
};

// The address of a game's parameters, in a fixed order.
const address = (name, params) => new URLSearchParams({ game: name, ...params }).toString();

// What a game may use of the page.
const ctx = {
  ask,
  rule,
  cancel,
  options: $("options"),
  board: $("board"),
  info: $("info"),
  // The line under the board, a live region: kind "won", "solved" or "error" colours it.
  status(text, kind = "") {
    const s = $("status");
    if (s.textContent !== text) s.textContent = text;
    s.className = kind;
  },
  // A one-line notice above the board (a bad link, a refusal), announced.
  notice(text) {
    const n = $("notice");
    n.textContent = text;
    n.hidden = !text;
  },
  // How the game stands, shown on the board: "won", "solved" (by the solver) or "".
  result(kind) {
    ctx.board.dataset.result = kind;
  },
  // Said to screen readers without being shown (a hint, a suggestion).
  announce(text) {
    $("announce").textContent = text;
  },
  // The game changed: the address follows its parameters and the browser's
  // storage keeps the game, moves and all.
  changed() {
    if (!current) return; // still being created: open() calls this after
    const params = current.params();
    history.replaceState(null, "", "#" + address(currentName, params));
    store.put(currentName, { params, play: current.save() });
  },
  // An error from the solver, shown and not thrown (a cancel is quiet).
  failed(e) {
    if (e && e.message === "cancelled") ctx.status("Cancelled.");
    else ctx.status(String(e && e.message ? e.message : e), "error");
  },
};

// The page as one game sees it: once another game is opened, what the old
// one still does (an answer that comes late, an animation) reaches nothing.
let opened = 0;
function own() {
  const mine = ++opened;
  const guard = (f) => (...args) => (mine === opened ? f(...args) : undefined);
  const view = { ...ctx };
  for (const k of ["status", "notice", "result", "announce", "changed", "failed", "cancel"]) view[k] = guard(ctx[k]);
  return view;
}

// Opens game `name` with the parameters of an address; `kept` is its saved
// game, restored when it is the same game as the address names.
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
  ctx.result("");
  currentName = name;
  for (const b of document.querySelectorAll("#tabs button")) {
    if (b.dataset.game === name) b.setAttribute("aria-current", "page");
    else b.removeAttribute("aria-current");
  }
  document.body.dataset.game = name;
  const kept = store.get(name);
  // The saved game goes on when the address names it (a reload) or names no game of its own (a tab).
  const bare = [...params.keys()].every((k) => k === "game");
  const same = kept && kept.params && address(name, kept.params) === address(name, Object.fromEntries(params));
  let saved = null;
  if (kept && kept.params && (bare || same)) {
    params = new URLSearchParams(kept.params);
    saved = kept.play;
  }
  try {
    current = games[name].create(own(), params, saved);
  } catch (e) {
    // A saved game that no longer reads: the default game, said in one line.
    console.warn(e);
    ctx.notice("The saved game could not be read: a new game opened instead.");
    for (const s of [ctx.options, ctx.board, ctx.info]) s.replaceChildren();
    current = games[name].create(own(), new URLSearchParams(), null);
  }
  ctx.changed();
}

function fromUrl(hash = location.hash) {
  ctx.notice("");
  const q = new URLSearchParams(hash.slice(1));
  open(q.get("game") || store.last() || "lightsout", q);
}

for (const b of document.querySelectorAll("#tabs button")) {
  b.addEventListener("click", () => { ctx.notice(""); open(b.dataset.game, new URLSearchParams()); });
}
for (const action of ["new", "restart", "undo", "redo", "solve"]) {
  $(action).addEventListener("click", () => current && current[action]());
}
$("share").addEventListener("click", () => {
  const link = location.href.split("#")[0] + "#" + address(currentName, { ...current.params(), ...current.share() });
  const a = $("share-link");
  a.href = link;
  a.textContent = link;
  $("shared").hidden = false;
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).catch(() => {});
  ctx.announce("The address of this game, its moves included, is below the board.");
});
$("cancel").addEventListener("click", () => cancel());
document.addEventListener("keydown", (e) => {
  if (!current || e.target.closest("input, textarea, select, summary")) return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); current.undo(); return; }
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y") { e.preventDefault(); current.redo(); return; }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "n" || e.key === "N") { current.new(); e.preventDefault(); return; }
  if (current.key && current.key(e)) e.preventDefault();
});
// The options fold into a drawer on a narrow screen, open on a wide one.
const drawer = $("options-box");
drawer.open = !matchMedia("(max-width: 800px)").matches;
// A link followed on this page (a shared game pasted into the address bar).
window.addEventListener("hashchange", (e) => fromUrl(new URL(e.newURL).hash));
// Installable and offline after one visit (not from file://).
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
fromUrl();
