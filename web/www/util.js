// Small shared pieces of the page: elements, seeded randomness, undo history, option fields.

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

// A fresh 32-bit seed from the browser's generator.
export function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
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

// Undo and redo over snapshots of a game's state (each a fresh copy).
export class History {
  constructor(state) { this.reset(state); }
  reset(state) { this.past = []; this.future = []; this.state = state; }
  push(state) { this.past.push(this.state); this.state = state; this.future = []; }
  undo() { if (this.past.length) { this.future.push(this.state); this.state = this.past.pop(); } return this.state; }
  redo() { if (this.future.length) { this.past.push(this.state); this.state = this.future.pop(); } return this.state; }
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
export function select(label, choices, value, onchange) {
  const s = el("select", { onchange: () => onchange(s.value) },
    ...choices.map(([v, t]) => el("option", { value: v, selected: String(v) === String(value) }, t)));
  return el("label", {}, label + " ", s);
}

// A labelled checkbox.
export function checkbox(label, checked, onchange) {
  const c = el("input", { type: "checkbox", checked, onchange: () => onchange(c.checked) });
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

// A board of `rows`×`cols` DOM cells, each with data-r / data-c, sized to fit.
export function gridBoard(cls, rows, cols, px = 40) {
  const size = Math.max(14, Math.min(px, Math.floor(560 / Math.max(rows, cols))));
  const g = el("div", { class: "grid " + cls, style: `grid-template-columns: repeat(${cols}, ${size}px); --size: ${size}px` });
  const cells = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const d = el("div", { class: "c", "data-r": r, "data-c": c });
      cells.push(d);
      g.append(d);
    }
  }
  return { root: g, cells };
}
