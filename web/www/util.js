// Small shared pieces of the page: elements, seeded randomness, the moves of a
// game (undo and redo), option fields, and boards of cells sized to the screen.

// An element with attributes (on… keys become listeners) and children.
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c != null));
  return e;
}

// "1 move", "2 moves": `n` and its noun.
export const counted = (n, one, many = one + "s") => `${n} ${n === 1 ? one : many}`;

// A fresh 32-bit seed from the browser's generator.
export function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// The seed an address gives, or a fresh one (a seed that is not a number said by `notice`).
export function seedOf(params, notice) {
  const given = params.get("seed");
  if (given && !/^\d+$/.test(given)) notice(`Seed "${given}" is not a whole number: a fresh seed opened instead.`);
  return given && /^\d+$/.test(given) ? +given : freshSeed();
}

// Mulberry32 (Tommy Ettinger's 32-bit generator): the same stream for a seed
// in every browser, so a seed in the URL replays the board.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The moves of a game, each a small JSON value, with undo and redo. A
// "restart" is a move too, so Undo reaches back past it; the position is
// made of the moves since the last restart.
export class Play {
  constructor(saved) {
    this.moves = Array.isArray(saved?.moves) ? saved.moves : [];
    this.undone = Array.isArray(saved?.undone) ? saved.undone : [];
  }
  do(move) { this.moves.push(move); this.undone = []; }
  undo() { if (!this.moves.length) return false; this.undone.push(this.moves.pop()); return true; }
  redo() { if (!this.undone.length) return false; this.moves.push(this.undone.pop()); return true; }
  // The moves since the last restart ("restart", or a move that starts
  // again itself, such as the solver's walk: {restart: true, …}).
  get current() {
    let k = this.moves.length - 1;
    while (k >= 0 && this.moves[k] !== "restart" && !this.moves[k]?.restart) k--;
    return this.moves.slice(this.moves[k] === "restart" ? k + 1 : Math.max(k, 0));
  }
  // Whether the solver made any move of the position.
  get helped() { return this.current.some((m) => m && m.by === "solver"); }
  save() { return { moves: this.moves, undone: this.undone }; }
}

// "5x7" → {rows: 5, cols: 7}; "5" → 5×5; null when malformed or outside lo..hi.
export function parseSize(text, lo, hi) {
  const m = /^(\d+)(?:x(\d+))?$/.exec(text || "");
  if (!m) return null;
  const rows = +m[1], cols = +(m[2] || m[1]);
  if (rows < lo || cols < lo || rows > hi || cols > hi) return null;
  return { rows, cols };
}

// A labelled <select> of `choices` ([value, text] pairs).
export function select(label, choices, value, onchange, id) {
  const s = el("select", { id, onchange: () => onchange(s.value) },
    ...choices.map(([v, t]) => el("option", { value: v, selected: String(v) === String(value) }, t)));
  return el("label", {}, label + " ", s);
}

// A labelled checkbox.
export function checkbox(label, checked, onchange, id) {
  const c = el("input", { type: "checkbox", id, checked, onchange: () => onchange(c.checked) });
  return el("label", {}, c, " " + label);
}

// A labelled number field.
export function number(label, value, min, max, onchange) {
  const n = el("input", { type: "number", value, min, max, style: "width:5em", onchange: () => onchange(+n.value) });
  return el("label", {}, label + " ", n);
}

// Cell (row, col) of a board drawn as a grid of DOM cells, from a pointer event.
export function cellOf(event) {
  const c = event.target.closest(".c");
  return c ? { row: +c.dataset.r, col: +c.dataset.c } : null;
}

// Whether the screen is touched rather than pointed at with a mouse.
export const touch = () => matchMedia("(pointer: coarse)").matches;

// The width a board may take, at most 560 pixels: the page's less the side
// column beside it on a wide screen, the page's on a narrow one.
export function roomFor(section) {
  const main = section.parentElement || document.body;
  const narrow = matchMedia("(max-width: 800px)").matches;
  const width = (main.clientWidth || document.documentElement.clientWidth - 24) - (narrow ? 0 : 256);
  return Math.max(120, Math.min(560, width));
}

// The widest board that always fits a phone's width: up to ten cells across,
// the cells shrink to fit; a wider board keeps cells a finger can take.
const FITTED_COLS = 10;

// The side of a cell of a board `cols` wide whose own border takes `edge`
// pixels: as large as fits (up to `px`), but on a touch screen and a board
// wider than FITTED_COLS never under `least` (the board then scrolls in its frame).
export function cellSide(section, cols, px = 44, least = 36, edge = 0) {
  const fit = Math.floor((roomFor(section) - edge) / cols);
  return Math.max(touch() && cols > FITTED_COLS ? least : 14, Math.min(px, fit));
}

// The one board on screen refits itself when its section changes width.
let refit = null;
const observer = new ResizeObserver(() => refit && refit());
export function onResize(section, fit) {
  refit = fit;
  observer.disconnect();
  observer.observe(section);
}

// A board of `rows`×`cols` DOM cells in a scrolling frame, for the keyboard
// and screen readers a grid (role="grid", rows of labelled cells, the
// focused cell its active descendant). `section` is where it goes, `px` the
// largest cell, `edge` the width the grid's own border takes. Returns
// {root, frame, cells, focus(i), label(i, text)}.
export function gridBoard(cls, rows, cols, section, name, px = 44, edge = 0) {
  const g = el("div", { class: "grid " + cls, role: "grid", tabindex: 0, "aria-label": name, "aria-rowcount": rows, "aria-colcount": cols });
  const cells = [];
  const id = cls + "-" + Math.random().toString(36).slice(2, 8);
  for (let r = 0; r < rows; r++) {
    const row = el("div", { role: "row", class: "row" });
    for (let c = 0; c < cols; c++) {
      const d = el("div", { class: "c", role: "gridcell", id: `${id}-${r}-${c}`, "data-r": r, "data-c": c });
      cells.push(d);
      row.append(d);
    }
    g.append(row);
  }
  const frame = el("div", { class: "frame" }, g);
  const fit = () => {
    const size = cellSide(section, cols, px, 36, edge);
    g.style.gridTemplateColumns = `repeat(${cols}, ${size}px)`;
    g.style.setProperty("--size", size + "px");
    frame.classList.toggle("scrolls", size * cols + edge > roomFor(section) + 1);
    section.style.setProperty("--board-width", size * cols + 4 + "px");
  };
  fit();
  onResize(section, fit);
  let focused = 0;
  return {
    root: g,
    frame,
    cells,
    fit,
    get focused() { return focused; },
    // Moves the keyboard focus to cell i (and scrolls it into the frame).
    focus(i) {
      cells[focused].classList.remove("kb");
      focused = i;
      cells[i].classList.add("kb");
      g.setAttribute("aria-activedescendant", cells[i].id);
      if (frame.classList.contains("scrolls")) cells[i].scrollIntoView({ block: "nearest", inline: "nearest" });
    },
    // Cell i's label for screen readers: "row 2, column 3: " then `text`.
    label(i, text) {
      const label = `row ${Math.floor(i / cols) + 1}, column ${(i % cols) + 1}: ${text}`;
      if (cells[i].getAttribute("aria-label") !== label) cells[i].setAttribute("aria-label", label);
    },
  };
}

// The cell `delta` arrow keys away from i on a rows×cols board, kept on it.
export function step(i, key, rows, cols) {
  const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
  if (!d) return null;
  const r = Math.min(rows - 1, Math.max(0, Math.floor(i / cols) + d[0]));
  const c = Math.min(cols - 1, Math.max(0, (i % cols) + d[1]));
  return r * cols + c;
}

// A chain of work done one piece after another (moves that wait for the
// library); a piece that fails goes to `failed` and the chain goes on.
export function queue(failed) {
  let last = Promise.resolve();
  return (f) => (last = last.then(f).catch(failed));
}
