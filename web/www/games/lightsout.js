// Lights Out: press a cell to change it and the cells of the press pattern;
// bring every light to 0. K states in colours, any pattern, the torus, an
// edit mode, the fewest presses shown as marks that follow the clicks.
import { el, freshSeed, rng, History, parseSize, select, checkbox, number } from "../util.js";

const MAX_SIDE = 200;
const PATTERNS = {
  cross: [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]],
  x: [[0, 0], [-1, -1], [-1, 1], [1, -1], [1, 1]],
  "plus-x": [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 0], [0, 1], [1, -1], [1, 0], [1, 1]],
  knight: [[0, 0], [1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]],
};
const STARTS = [["random", "random"], ["solvable", "random, solvable"], ["lit", "all lit"], ["dark", "dark (draw it)"]];

// The offsets of a one-line stencil (rows split by "/", "@" the pressed cell
// changed, "o" unchanged, "#" changed, "."); null when it does not read.
function stencilOffsets(text) {
  const rows = text.split("/");
  if (rows.some((r) => r.length !== rows[0].length) || !/^[.#@o/]+$/.test(text)) return null;
  let centre = null;
  rows.forEach((r, i) => [...r].forEach((ch, j) => { if (ch === "@" || ch === "o") centre = [i, j]; }));
  if (!centre) {
    if (rows.length % 2 === 0 || rows[0].length % 2 === 0) return null;
    centre = [(rows.length - 1) / 2, (rows[0].length - 1) / 2];
  }
  const offs = [];
  rows.forEach((r, i) => [...r].forEach((ch, j) => { if (ch === "#" || ch === "@") offs.push([i - centre[0], j - centre[1]]); }));
  return offs.length ? offs : null;
}

export function create(ctx, params) {
  let dims = parseSize(params.get("size") || "5x5", 2, MAX_SIDE);
  if (!dims) { ctx.notice(`Size "${params.get("size")}" is not 2 to ${MAX_SIDE} a side: 5×5 opened instead.`); dims = { rows: 5, cols: 5 }; }
  const opt = {
    k: Math.min(10, Math.max(2, +params.get("k") || 2)),
    pattern: params.get("pattern") || "cross",
    torus: params.get("torus") === "1",
    start: params.get("start") || "random",
    seed: +params.get("seed") || freshSeed(),
    hints: params.get("hints") === "1",
  };
  if (!PATTERNS[opt.pattern] && !stencilOffsets(opt.pattern)) {
    ctx.notice(`Pattern "${opt.pattern}" does not read: the cross opened instead.`);
    opt.pattern = "cross";
  }
  let given = params.get("board"); // the board itself, rows of state digits split by "/"
  let start, hist, marks = null, solution = null, editing = false, solving = null, focus = { row: 0, col: 0 };
  const cells = () => dims.rows * dims.cols;
  const offsets = () => PATTERNS[opt.pattern] || stencilOffsets(opt.pattern);

  // The board a press at (r, c) changes, `times` times.
  function press(lights, r, c, times = 1) {
    for (const [dr, dc] of offsets()) {
      let rr = r + dr, cc = c + dc;
      if (opt.torus) { rr = (rr % dims.rows + dims.rows) % dims.rows; cc = (cc % dims.cols + dims.cols) % dims.cols; }
      else if (rr < 0 || cc < 0 || rr >= dims.rows || cc >= dims.cols) continue;
      const i = rr * dims.cols + cc;
      lights[i] = (lights[i] + times) % opt.k;
    }
  }

  function fresh() {
    const lights = new Uint8Array(cells());
    if (given) {
      const rows = given.split("/");
      const ok = rows.length === dims.rows && rows.every((r) => r.length === dims.cols && [...r].every((ch) => +ch < opt.k));
      if (ok) { rows.forEach((r, i) => [...r].forEach((ch, j) => { lights[i * dims.cols + j] = +ch; })); return lights; }
      ctx.notice("The board in the link does not fit its size and states: a random board opened instead.");
      given = null;
    }
    const rand = rng(opt.seed);
    if (opt.start === "random") for (let i = 0; i < lights.length; i++) lights[i] = Math.floor(rand() * opt.k);
    else if (opt.start === "lit") lights.fill(1);
    else if (opt.start === "solvable") {
      // Random presses from the dark board: solvable by construction.
      for (let i = 0; i < lights.length; i++) press(lights, Math.floor(i / dims.cols), i % dims.cols, Math.floor(rand() * opt.k));
    }
    return lights;
  }

  // ---- drawing ----
  const canvas = el("canvas", { "aria-label": "Lights Out board", tabindex: 0 });
  const g = canvas.getContext("2d");
  let px = 1;
  // The colour of each state: 0 dark, the others spread over the hues.
  function palette() {
    const dark = matchMedia("(prefers-color-scheme: dark)").matches ? "#2a2b30" : "#3a3d46";
    return Array.from({ length: opt.k }, (_, v) => (v === 0 ? dark : opt.k === 2 ? "#ffd54a" : `hsl(${(50 + (v - 1) * 300 / (opt.k - 1)) % 360} 85% 60%)`));
  }
  function draw() {
    const lights = hist.state;
    const colours = palette();
    px = Math.max(2, Math.floor(Math.min(560, 560) / Math.max(dims.rows, dims.cols)));
    canvas.width = dims.cols * px;
    canvas.height = dims.rows * px;
    const gap = px >= 8 ? 1 : 0;
    g.fillStyle = "#101114";
    g.fillRect(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < lights.length; i++) {
      const r = Math.floor(i / dims.cols), c = i % dims.cols;
      g.fillStyle = colours[lights[i]];
      g.fillRect(c * px + gap, r * px + gap, px - 2 * gap, px - 2 * gap);
      if (opt.k > 2 && px >= 18) {
        g.fillStyle = "#000"; g.font = `${px * 0.4}px sans-serif`; g.textAlign = "center"; g.textBaseline = "middle";
        g.fillText(lights[i], c * px + px / 2, r * px + px / 2);
      }
      if (marks && marks[i]) {
        g.fillStyle = "#e0245e";
        const s = Math.max(1, px * 0.32);
        g.beginPath(); g.arc(c * px + px / 2, r * px + px / 2, s / 1.4, 0, 7); g.fill();
        if (marks[i] > 1 && px >= 18) { g.fillStyle = "#fff"; g.font = `${px * 0.3}px sans-serif`; g.fillText(marks[i], c * px + px / 2, r * px + px / 2); }
      }
    }
    if (document.activeElement === canvas && px >= 8) {
      g.strokeStyle = "#2f6fdb"; g.lineWidth = 3;
      g.strokeRect(focus.col * px + 1.5, focus.row * px + 1.5, px - 3, px - 3);
    }
    // The board and the marked cells in words, for assistive tools and tests (small boards).
    if (cells() <= 4096) describe(lights);
    canvas.dataset.lit = lights.reduce((n, v) => n + (v > 0), 0);
    moves.textContent = `Moves: ${hist.past.length}`;
    if (lights.every((v) => v === 0)) ctx.status("All out!", "won");
    else if (!editing) ctx.status("");
  }
  function describe(lights) {
    const rows = [];
    for (let r = 0; r < dims.rows; r++) rows.push(Array.from(lights.subarray(r * dims.cols, (r + 1) * dims.cols), (v) => v.toString(36)).join(""));
    canvas.dataset.board = rows.join("/");
    canvas.dataset.marks = marks ? Array.from(marks, (m, i) => (m ? `${Math.floor(i / dims.cols)},${i % dims.cols}x${m}` : "")).filter(Boolean).join(" ") : "";
  }

  // ---- the solver ----
  function request(extra = {}) {
    const rows = [];
    for (let r = 0; r < dims.rows; r++) rows.push(Array.from(hist.state.subarray(r * dims.cols, (r + 1) * dims.cols), (v) => v.toString(36)).join(""));
    const board = { given: { text: rows.join("\n") } };
    return { puzzle: "lightsout", request: { board, states: opt.k, pattern: opt.pattern, torus: opt.torus, mode: "solve", ...extra } };
  }
  async function analyse() {
    try {
      const fewest = cells() <= 400;
      const r = await ctx.ask(request({ fewest }), "Solving");
      solution = r.answer;
      report(r);
      marks = null;
      if (solution.presses) {
        marks = new Uint8Array(cells());
        solution.presses.forEach((row, i) => row.forEach((v, j) => { marks[i * dims.cols + j] = v; }));
      }
      return true;
    } catch (e) { ctx.failed(e); return false; }
  }
  function report(r) {
    const a = r.answer;
    info.replaceChildren(
      el("p", {}, `${dims.rows}×${dims.cols}, ${opt.k} states, ${a.pattern}${a.torus ? " on the torus" : ""}.`),
      el("p", {}, a.solvable ? `Solvable: ${a.press_count} presses${a.minimal ? " (the fewest)" : ""}.` : "No solution: some light can never go out."),
      el("p", {}, `Nullity ${a.nullity}: ${a.solutions} ${a.solutions === "1" ? "solution" : "solutions"} of every solvable board.`),
      el("p", {}, `Method ${a.method}, ${r.ms.toFixed(1)} ms in the page.`),
      quietButton,
      quietBox,
    );
  }
  const quietBox = el("div", { class: "quiet" });
  const quietButton = el("button", { onclick: async () => {
    try {
      const r = await ctx.ask(request({ quiet_patterns: true }), "Quiet patterns");
      const q = r.answer.quiet_patterns || [];
      quietBox.replaceChildren(el("p", {}, q.length ? `The ${q.length} quiet patterns of the basis (presses that change nothing):` : "No quiet pattern: every board has one solution."),
        ...q.slice(0, 24).map((rows) => {
          const c = el("canvas", { width: dims.cols * 4, height: dims.rows * 4, style: "margin:2px;border:1px solid var(--line)" });
          const cg = c.getContext("2d");
          rows.forEach((row, i) => row.forEach((v, j) => { if (v) { cg.fillStyle = "#e0245e"; cg.fillRect(j * 4, i * 4, 4, 4); } }));
          return c;
        }));
    } catch (e) { ctx.failed(e); }
  } }, "Quiet patterns");

  // ---- playing ----
  function act(i) {
    const r = Math.floor(i / dims.cols), c = i % dims.cols;
    const lights = hist.state.slice();
    if (editing) {
      lights[i] = (lights[i] + 1) % opt.k;
      given = "edited";
      hist.push(lights);
    } else {
      press(lights, r, c);
      hist.push(lights);
      if (marks) marks[i] = (marks[i] + opt.k - 1) % opt.k; // the marks follow the click
    }
    draw();
  }
  canvas.addEventListener("pointerdown", (e) => {
    const rect = canvas.getBoundingClientRect();
    const c = Math.floor((e.clientX - rect.left) / rect.width * dims.cols);
    const r = Math.floor((e.clientY - rect.top) / rect.height * dims.rows);
    if (r < 0 || c < 0 || r >= dims.rows || c >= dims.cols) return;
    focus = { row: r, col: c };
    act(r * dims.cols + c);
  });
  canvas.addEventListener("focus", () => draw());

  async function showHints(on) {
    opt.hints = on;
    hintButton.setAttribute("aria-pressed", on);
    if (on) await analyse(); else marks = null;
    draw();
    ctx.changed();
  }

  // ---- options ----
  const moves = el("span");
  const info = ctx.info;
  const hintButton = el("button", { "aria-pressed": opt.hints, id: "lo-hints", onclick: () => showHints(!opt.hints) }, "Show presses");
  const editButton = el("button", { "aria-pressed": false, onclick: () => {
    editing = !editing;
    editButton.setAttribute("aria-pressed", editing);
    ctx.status(editing ? "Edit: a click changes one light." : "");
    if (!editing) { marks = null; if (opt.hints) showHints(true); else draw(); ctx.changed(); }
  } }, "Edit lights");
  const stencil = el("input", { value: PATTERNS[opt.pattern] ? "" : opt.pattern, placeholder: ".#./#@#/.#.", size: 12,
    onchange: () => { if (stencilOffsets(stencil.value)) { opt.pattern = stencil.value; restartWith(); } else ctx.status("A stencil: rows of . and # split by /, the pressed cell @ (changed) or o.", "error"); } });
  // A 5×5 stencil drawn by clicks: "#" changed, "." not; the centre is the
  // pressed cell, changed ("@") or not ("o").
  const own = !PATTERNS[opt.pattern] && /^([.#@o]{5}\/){4}[.#@o]{5}$/.test(opt.pattern);
  const drawn = (own ? opt.pattern : "...../..#../.#@#./..#../.....").split("/").map((r) => [...r]);
  const pad = el("div", { class: "grid stencil", style: "grid-template-columns: repeat(5, 18px); --size: 18px", title: "Draw a press pattern" });
  drawn.forEach((row, i) => row.forEach((_, j) => {
    const cell = el("div", { class: "c" });
    const paint = () => { cell.style.background = /[#@]/.test(drawn[i][j]) ? "#e0245e" : ""; cell.textContent = i === 2 && j === 2 ? "•" : ""; };
    cell.addEventListener("click", () => {
      const centre = i === 2 && j === 2;
      drawn[i][j] = centre ? (drawn[i][j] === "@" ? "o" : "@") : (drawn[i][j] === "#" ? "." : "#");
      paint();
      const text = drawn.map((r) => r.join("")).join("/");
      if (stencilOffsets(text)) { stencil.value = text; opt.pattern = text; patternSel.querySelector("select").value = "custom"; restartWith(); }
    });
    paint();
    pad.append(cell);
  }));
  const patternSel = select("Pattern", [...Object.keys(PATTERNS).map((p) => [p, p]), ["custom", "drawn (stencil)"]], PATTERNS[opt.pattern] ? opt.pattern : "custom",
    (v) => { if (v !== "custom") { opt.pattern = v; restartWith(); } else stencil.focus(); });
  ctx.options.append(
    el("label", {}, "Size ", el("input", { value: `${dims.rows}x${dims.cols}`, size: 7, id: "lo-size", onchange: (e) => {
      const d = parseSize(e.target.value, 2, MAX_SIDE);
      if (!d) { ctx.status(`A size is 2 to ${MAX_SIDE} a side, as 5 or 5x7.`, "error"); return; }
      dims = d; given = null; opt.seed = freshSeed(); restartWith();
    } })),
    number("States K", opt.k, 2, 10, (v) => { opt.k = Math.min(10, Math.max(2, v)); given = null; restartWith(); }),
    patternSel,
    el("label", {}, "Stencil ", stencil),
    pad,
    checkbox("Torus (edges wrap)", opt.torus, (v) => { opt.torus = v; restartWith(); }),
    select("New board", STARTS, opt.start, (v) => { opt.start = v; given = null; opt.seed = freshSeed(); restartWith(); }),
    el("p", {}, hintButton, " ", editButton),
    el("p", {}, moves),
  );
  const holder = el("div", {}, canvas);
  ctx.board.append(holder);

  function restartWith() {
    if (solving) clearInterval(solving);
    marks = null; solution = null;
    hist = new History(fresh());
    start = hist.state.slice();
    info.replaceChildren();
    draw();
    ctx.changed();
    if (opt.hints) showHints(true);
  }
  restartWith();

  canvas.addEventListener("keydown", (e) => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      focus.row = Math.min(dims.rows - 1, Math.max(0, focus.row + moves[e.key][0]));
      focus.col = Math.min(dims.cols - 1, Math.max(0, focus.col + moves[e.key][1]));
      draw(); e.preventDefault();
    } else if (e.key === " " || e.key === "Enter") { act(focus.row * dims.cols + focus.col); e.preventDefault(); }
  });

  return {
    params() {
      const p = { size: `${dims.rows}x${dims.cols}`, k: opt.k, pattern: opt.pattern, torus: opt.torus ? 1 : 0 };
      if (given) {
        const rows = [];
        for (let r = 0; r < dims.rows; r++) rows.push(Array.from(start.subarray(r * dims.cols, (r + 1) * dims.cols)).join(""));
        p.board = rows.join("/");
      } else { p.start = opt.start; p.seed = opt.seed; }
      if (opt.hints) p.hints = 1;
      return p;
    },
    new() { given = null; opt.seed = freshSeed(); restartWith(); },
    restart() { if (solving) clearInterval(solving); hist = new History(start.slice()); this.redrawn(); },
    undo() { hist.undo(); this.redrawn(); },
    redo() { hist.redo(); this.redrawn(); },
    // The board drawn at once, its marks found again when they are shown.
    redrawn() { marks = null; draw(); if (opt.hints) showHints(true); },
    // The presses drawn, then pressed one by one.
    async solve() {
      if (!(await analyse())) return;
      draw();
      if (!marks) return;
      const todo = [];
      marks.forEach((m, i) => { for (let t = 0; t < m; t++) todo.push(i); });
      const perTick = Math.max(1, Math.ceil(todo.length / 80));
      if (solving) clearInterval(solving);
      solving = setInterval(() => {
        // One step of the undo history a tick.
        const lights = hist.state.slice();
        for (let n = 0; n < perTick && todo.length; n++) {
          const i = todo.pop();
          press(lights, Math.floor(i / dims.cols), i % dims.cols);
          marks[i] = (marks[i] + opt.k - 1) % opt.k;
        }
        hist.push(lights);
        draw();
        if (!todo.length) { clearInterval(solving); solving = null; }
      }, 60);
    },
    key(e) {
      if (e.key === "n") { this.new(); return true; }
      return false;
    },
  };
}
