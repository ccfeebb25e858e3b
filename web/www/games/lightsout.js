// Lights Out: press a cell to change it and the cells of the press pattern;
// bring every light to 0. K states in colours, any pattern (the cells it
// changes read by the library), the torus, a board drawn by hand, the fewest
// presses shown as marks that follow the presses.
import { el, freshSeed, rng, Play, parseSize, select, checkbox, number, step, touch, roomFor, onResize, queue } from "../util.js";

const MAX_SIDE = 200;
const NAMED = ["cross", "x", "plus-x", "knight"];
const STARTS = [["random", "random"], ["solvable", "random, solvable"], ["lit", "all lit"], ["dark", "dark (draw it)"]];

export function create(ctx, params, saved) {
  let dims = parseSize(params.get("size") || "5x5", 2, MAX_SIDE);
  if (!dims) { ctx.notice(`Size "${params.get("size")}" is not 2 to ${MAX_SIDE} a side: 5×5 opened instead.`); dims = { rows: 5, cols: 5 }; }
  const k = +params.get("k") || 2;
  const opt = {
    k: Math.min(10, Math.max(2, k)),
    pattern: params.get("pattern") || "cross",
    torus: params.get("torus") === "1",
    start: params.get("start") || "random",
    seed: +params.get("seed") || freshSeed(),
    hints: params.get("hints") === "1",
  };
  if (params.get("k") && opt.k !== k) ctx.notice(`States "${params.get("k")}" are not 2 to 10: ${opt.k} states opened instead.`);
  if (!STARTS.some(([v]) => v === opt.start)) {
    ctx.notice(`Start "${opt.start}" is not one of ${STARTS.map(([v]) => v).join(", ")}: a random board opened instead.`);
    opt.start = "random";
  }
  let given = params.get("board"); // a board itself, rows of state digits split by "/"
  let play = new Play(saved);
  let start, offsets = null, marks = null, editing = false, anim = null, focus = 0, lights = null;
  const later = queue((e) => ctx.failed(e));
  const cells = () => dims.rows * dims.cols;
  const rowsOf = (b) => Array.from({ length: dims.rows }, (_, r) => Array.from(b.subarray(r * dims.cols, (r + 1) * dims.cols), (v) => v.toString(36)).join(""));

  // The cells the pattern changes, as the library reads it; a pattern it
  // refuses is said in one line and the cross is played instead.
  async function readPattern() {
    try {
      const r = await ctx.rule({ puzzle: "lightsout", request: { mode: "pattern", pattern: opt.pattern, states: opt.k, torus: opt.torus } });
      offsets = r.answer.offsets;
    } catch (e) {
      ctx.notice(`Pattern "${opt.pattern}" does not read (${e.message}): the cross opened instead.`);
      opt.pattern = "cross";
      offsets = [[-1, 0], [0, -1], [0, 0], [0, 1], [1, 0]];
    }
    patternSel.querySelector("select").value = NAMED.includes(opt.pattern) ? opt.pattern : "custom";
    stencil.value = NAMED.includes(opt.pattern) ? "" : opt.pattern;
  }
  // The board after a press at cell i, `times` times: the pattern's cells, mod K.
  function press(b, i, times = 1) {
    const r = Math.floor(i / dims.cols), c = i % dims.cols;
    for (const [dr, dc] of offsets) {
      let rr = r + dr, cc = c + dc;
      if (opt.torus) { rr = ((rr % dims.rows) + dims.rows) % dims.rows; cc = ((cc % dims.cols) + dims.cols) % dims.cols; }
      else if (rr < 0 || cc < 0 || rr >= dims.rows || cc >= dims.cols) continue;
      const j = rr * dims.cols + cc;
      b[j] = (b[j] + times) % opt.k;
    }
  }
  // A board from its text (rows split by "/"), null when it does not fit the size and states.
  function board(text) {
    const rows = (text || "").split("/");
    if (rows.length !== dims.rows || !rows.every((r) => r.length === dims.cols && [...r].every((ch) => parseInt(ch, 36) < opt.k))) return null;
    return Uint8Array.from(rows.join(""), (ch) => parseInt(ch, 36));
  }
  function fresh() {
    if (given) {
      const b = board(given);
      if (b) return b;
      ctx.notice("The board in the link does not fit its size and states: a random board opened instead.");
      given = null;
    }
    const b = new Uint8Array(cells());
    const rand = rng(opt.seed);
    if (opt.start === "random") for (let i = 0; i < b.length; i++) b[i] = Math.floor(rand() * opt.k);
    else if (opt.start === "lit") b.fill(1);
    else if (opt.start === "solvable") for (let i = 0; i < b.length; i++) press(b, i, Math.floor(rand() * opt.k)); // solvable by construction
    return b;
  }
  // The position: the board the moves start from (the start, or one drawn
  // by hand), then each press, edit and solver's press.
  function position() {
    const moves = play.current;
    const base = moves[0] && moves[0].board ? board(moves[0].board) : null;
    const b = (base || start).slice();
    for (const m of moves) {
      if (typeof m === "number") press(b, m);
      else if (m.e != null) b[m.e] = (b[m.e] + 1) % opt.k;
      else if (m.p) for (const i of m.p) press(b, i);
    }
    return b;
  }

  // ---- drawing ----
  const canvas = el("canvas", { tabindex: 0, id: "lo-board", role: "img" });
  const frame = el("div", { class: "frame" }, canvas);
  const g = canvas.getContext("2d");
  let px = 1;
  // The colour of each state: 0 dark, the others spread over the hues.
  function palette() {
    const dark = matchMedia("(prefers-color-scheme: dark)").matches ? "#2a2b30" : "#3a3d46";
    return Array.from({ length: opt.k }, (_, v) => (v === 0 ? dark : opt.k === 2 ? "#ffd54a" : `hsl(${(50 + (v - 1) * 300 / (opt.k - 1)) % 360} 85% 60%)`));
  }
  function fit() {
    const side = Math.max(dims.rows, dims.cols);
    const fits = Math.floor(roomFor(ctx.board) / dims.cols);
    px = Math.max(2, Math.min(60, fits, Math.floor(560 / side)));
    if (touch() && px < 28) px = Math.max(px, Math.min(28, Math.floor(4096 / side))); // a frame that scrolls
    frame.classList.toggle("scrolls", px * dims.cols > roomFor(ctx.board) + 1);
    if (lights) draw();
  }
  function draw() {
    const b = lights;
    const colours = palette();
    canvas.width = dims.cols * px;
    canvas.height = dims.rows * px;
    const gap = px >= 8 ? 1 : 0;
    g.fillStyle = "#101114";
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.textAlign = "center"; g.textBaseline = "middle";
    for (let i = 0; i < b.length; i++) {
      const r = Math.floor(i / dims.cols), c = i % dims.cols;
      const x = c * px, y = r * px;
      g.fillStyle = colours[b[i]];
      g.fillRect(x + gap, y + gap, px - 2 * gap, px - 2 * gap);
      if (opt.k > 2 && px >= 18) { g.fillStyle = "#000"; g.font = `${px * 0.4}px sans-serif`; g.fillText(b[i], x + px / 2, y + px / 2); }
      if (marks && marks[i]) {
        // The presses, a dot in the corner (the state's digit stays readable), their count beside it.
        const s = opt.k > 2 ? Math.max(1, px * 0.14) : Math.max(1, px * 0.23);
        const [cx, cy] = opt.k > 2 ? [x + px * 0.8, y + px * 0.2] : [x + px / 2, y + px / 2];
        g.fillStyle = "#e0245e";
        g.beginPath(); g.arc(cx, cy, s, 0, 7); g.fill();
        if (marks[i] > 1 && px >= 18) { g.fillStyle = "#e0245e"; g.font = `${px * 0.25}px sans-serif`; g.fillText(marks[i], x + px * 0.8, y + px * 0.8); }
      }
    }
    if (document.activeElement === canvas && px >= 8) {
      g.strokeStyle = "#2f6fdb"; g.lineWidth = 3;
      g.strokeRect((focus % dims.cols) * px + 1.5, Math.floor(focus / dims.cols) * px + 1.5, px - 3, px - 3);
    }
    describe(b);
  }
  // The board in words: the canvas's label for screen readers, and its rows (small boards).
  function describe(b) {
    const lit = b.reduce((n, v) => n + (v > 0), 0);
    const at = `row ${Math.floor(focus / dims.cols) + 1}, column ${(focus % dims.cols) + 1}: state ${b[focus]}${marks && marks[focus] ? `, press ${marks[focus]} times` : ""}`;
    canvas.setAttribute("aria-label", `Lights Out board, ${dims.rows} by ${dims.cols}, ${lit} lit. ${at}.`);
    canvas.dataset.lit = lit;
    if (cells() <= 4096) {
      canvas.dataset.board = rowsOf(b).join("/");
      canvas.dataset.marks = marks ? Array.from(marks, (m, i) => (m ? `${Math.floor(i / dims.cols)},${i % dims.cols}x${m}` : "")).filter(Boolean).join(" ") : "";
    }
    moves.textContent = `Presses: ${play.current.reduce((n, m) => n + (typeof m === "number" ? 1 : m.p ? m.p.length : 0), 0)}`;
    if (editing) { ctx.status("Edit: a tap changes one light. Edit again when the board is drawn."); ctx.result(""); }
    else if (lit === 0 && play.helped) { ctx.status("Solved by the solver: all out.", "solved"); ctx.result("solved"); }
    else if (lit === 0) { ctx.status("Won: all out!", "won"); ctx.result("won"); }
    else { ctx.status(`${lit} ${lit === 1 ? "light" : "lights"} on.`); ctx.result(""); }
  }
  // The position drawn again from the moves (after undo, redo, restart).
  function redraw() {
    anim = null;
    lights = position();
    marks = null;
    draw();
    ctx.changed();
    if (opt.hints) showHints(true);
  }

  // ---- the solver ----
  function request(extra = {}) {
    const board = { given: { text: rowsOf(lights).join("\n") } };
    return { puzzle: "lightsout", request: { board, states: opt.k, pattern: opt.pattern, torus: opt.torus, mode: "solve", ...extra } };
  }
  async function analyse() {
    try {
      const r = await ctx.ask(request({ fewest: cells() <= 400 }), "Solving");
      report(r);
      marks = null;
      if (r.answer.presses) marks = Uint8Array.from(r.answer.presses.flat());
      return true;
    } catch (e) { ctx.failed(e); return false; }
  }
  function report(r) {
    const a = r.answer;
    ctx.info.replaceChildren(
      moves,
      el("p", {}, `${dims.rows}×${dims.cols}, ${opt.k} states, ${a.pattern}${a.torus ? " on the torus" : ""}.`),
      el("p", {}, a.solvable ? `Solvable: ${a.press_count} ${a.press_count === 1 ? "press" : "presses"}${a.minimal ? " (the fewest)" : ""}.` : "No solution: some light can never go out."),
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
      quietBox.replaceChildren(el("p", {}, q.length ? `The ${q.length} quiet ${q.length === 1 ? "pattern" : "patterns"} of the basis (presses that change nothing):` : "No quiet pattern: every board has one solution."),
        ...q.slice(0, 24).map((rows) => {
          const c = el("canvas", { width: dims.cols * 4, height: dims.rows * 4, style: "margin:2px;border:1px solid var(--line);display:inline-block" });
          const cg = c.getContext("2d");
          rows.forEach((row, i) => row.forEach((v, j) => { if (v) { cg.fillStyle = "#e0245e"; cg.fillRect(j * 4, i * 4, 4, 4); } }));
          return c;
        }));
    } catch (e) { ctx.failed(e); }
  } }, "Quiet patterns");

  // ---- playing ----
  function act(i) {
    later(() => {
      anim = null;
      if (editing) { play.do({ e: i }); lights[i] = (lights[i] + 1) % opt.k; }
      else {
        play.do(i);
        press(lights, i);
        if (marks) marks[i] = (marks[i] + opt.k - 1) % opt.k; // the marks follow the press
      }
      draw();
      ctx.changed();
    });
  }
  canvas.addEventListener("click", (e) => {
    const rect = canvas.getBoundingClientRect();
    const c = Math.floor(((e.clientX - rect.left) / rect.width) * dims.cols);
    const r = Math.floor(((e.clientY - rect.top) / rect.height) * dims.rows);
    if (r < 0 || c < 0 || r >= dims.rows || c >= dims.cols) return;
    focus = r * dims.cols + c;
    act(focus);
  });
  canvas.addEventListener("focus", () => lights && draw());
  canvas.addEventListener("blur", () => lights && draw());

  // The presses marked (asked of the solver for the position as it stands) or not.
  function showHints(on) {
    opt.hints = on;
    hintButton.setAttribute("aria-pressed", on);
    later(async () => {
      if (on && opt.hints) await analyse(); else marks = null;
      draw();
      ctx.changed();
      if (on && marks) ctx.announce(`The presses are marked: ${marks.reduce((n, m) => n + (m > 0), 0)} cells.`);
    });
  }

  // ---- options ----
  const moves = el("p");
  const hintButton = el("button", { "aria-pressed": opt.hints, id: "lo-hints", onclick: () => showHints(!opt.hints) }, "Show presses");
  const editButton = el("button", { "aria-pressed": false, id: "lo-edit", onclick: () => later(() => {
    editing = !editing;
    editButton.setAttribute("aria-pressed", editing);
    // The board drawn becomes the game's: Restart comes back to it, the address holds it.
    if (!editing && play.current.some((m) => m.e != null)) play.do({ restart: true, board: rowsOf(lights).join("/") });
    marks = null;
    draw();
    ctx.changed();
    if (!editing && opt.hints) showHints(true);
  }) }, "Edit lights");
  const stencil = el("input", { placeholder: ".#./#@#/.#.", size: 12, id: "lo-stencil",
    onchange: () => { if (stencil.value) { opt.pattern = stencil.value; restartWith(); } } });
  // A 5×5 stencil drawn by taps: "#" changed, "." not; the centre is the
  // pressed cell, changed ("@") or not ("o").
  const own = /^([.#@o]{5}\/){4}[.#@o]{5}$/.test(opt.pattern);
  const drawn = (own ? opt.pattern : "...../..#../.#@#./..#../.....").split("/").map((r) => [...r]);
  const pad = el("div", { class: "grid stencil", role: "group", "aria-label": "Draw a press pattern", style: "grid-template-columns: repeat(5, 24px); --size: 24px" });
  drawn.forEach((row, i) => row.forEach((_, j) => {
    const centre = i === 2 && j === 2;
    const cell = el("button", { class: "c", "aria-label": centre ? "the pressed cell" : `row ${i - 2}, column ${j - 2} from the pressed cell`, style: "padding:0;min-height:0" });
    const paint = () => { const on = /[#@]/.test(drawn[i][j]); cell.style.background = on ? "#e0245e" : ""; cell.setAttribute("aria-pressed", on); cell.textContent = centre ? "•" : ""; };
    cell.addEventListener("click", () => {
      drawn[i][j] = centre ? (drawn[i][j] === "@" ? "o" : "@") : (drawn[i][j] === "#" ? "." : "#");
      paint();
      opt.pattern = drawn.map((r) => r.join("")).join("/");
      restartWith();
    });
    paint();
    pad.append(cell);
  }));
  const patternSel = select("Pattern", [...NAMED.map((p) => [p, p]), ["custom", "drawn (stencil)"]], NAMED.includes(opt.pattern) ? opt.pattern : "custom",
    (v) => { if (v !== "custom") { opt.pattern = v; restartWith(); } else stencil.focus(); }, "lo-pattern");
  ctx.options.append(
    el("label", {}, "Size ", el("input", { value: `${dims.rows}x${dims.cols}`, size: 7, id: "lo-size", onchange: (e) => {
      const d = parseSize(e.target.value, 2, MAX_SIDE);
      if (!d) { ctx.status(`A size is 2 to ${MAX_SIDE} a side, as 5 or 5x7.`, "error"); return; }
      dims = d; given = null; opt.seed = freshSeed(); restartWith();
    } })),
    number("States K", opt.k, 2, 10, (v) => { opt.k = Math.min(10, Math.max(2, v)); restartWith(); }),
    patternSel,
    el("label", {}, "Stencil ", stencil),
    pad,
    checkbox("Torus (edges wrap)", opt.torus, (v) => { opt.torus = v; restartWith(); }, "lo-torus"),
    select("New board", STARTS, opt.start, (v) => { opt.start = v; given = null; opt.seed = freshSeed(); restartWith(); }, "lo-start"),
    el("p", {}, hintButton, " ", editButton),
  );
  ctx.info.append(moves);
  ctx.board.append(frame, el("p", { class: "banner" }, "All out!"));
  onResize(ctx.board, fit);

  // The rules or the board changed: the board drawn by hand is kept when it
  // still fits (another pattern, the torus), and the game starts again.
  function restartWith(keep = false) {
    later(async () => {
      anim = null;
      if (!keep) {
        const b = play.current[0] && play.current[0].board;
        if (b) given = b;
        else if (lights && given) given = rowsOf(start).join("/");
        play = new Play();
      }
      editing = false;
      editButton.setAttribute("aria-pressed", false);
      await readPattern();
      start = fresh();
      ctx.info.replaceChildren(moves);
      fit();
      redraw();
    });
  }
  // A shared link's presses are played from its board.
  const linked = params.get("presses");
  if (!saved && linked) {
    const ps = linked.split(";").map((s) => s.split(".").map(Number));
    if (ps.every(([r, c]) => r >= 0 && c >= 0 && r < dims.rows && c < dims.cols)) for (const [r, c] of ps) play.do(r * dims.cols + c);
    else ctx.notice("The presses in the link are not on the board: the board opened without them.");
  }
  restartWith(true);

  canvas.addEventListener("keydown", (e) => {
    const to = step(focus, e.key, dims.rows, dims.cols);
    if (to != null) { focus = to; draw(); e.preventDefault(); e.stopPropagation(); }
    else if (e.key === " " || e.key === "Enter") { act(focus); e.preventDefault(); e.stopPropagation(); }
  });

  return {
    params() {
      const p = { size: `${dims.rows}x${dims.cols}`, k: opt.k, pattern: opt.pattern, torus: opt.torus ? 1 : 0 };
      const drawnBoard = play.current[0] && play.current[0].board;
      if (drawnBoard || given) p.board = drawnBoard || rowsOf(start).join("/");
      else { p.start = opt.start; p.seed = opt.seed; }
      if (opt.hints) p.hints = 1;
      return p;
    },
    share() {
      const ps = play.current.flatMap((m) => (typeof m === "number" ? [m] : m.p || []));
      return { presses: ps.map((i) => `${Math.floor(i / dims.cols)}.${i % dims.cols}`).join(";") };
    },
    save: () => play.save(),
    new() { given = null; opt.seed = freshSeed(); restartWith(); },
    restart() { later(() => { play.do({ restart: true, board: play.current[0]?.board || rowsOf(start).join("/") }); redraw(); }); },
    undo() { later(() => play.undo() && redraw()); },
    redo() { later(() => play.redo() && redraw()); },
    // The solver's presses, one undoable move, drawn press by press.
    async solve() {
      anim = null;
      if (!(await analyse())) return;
      if (!marks) { draw(); return; }
      const todo = [];
      marks.forEach((m, i) => { for (let t = 0; t < m; t++) todo.push(i); });
      later(() => {
        play.do({ p: todo, by: "solver" });
        ctx.changed();
        const token = (anim = {});
        const perTick = Math.max(1, Math.ceil(todo.length / 80));
        let n = 0;
        const tick = () => {
          if (anim !== token) return;
          for (let t = 0; t < perTick && n < todo.length; t++, n++) { press(lights, todo[n]); marks[todo[n]] = (marks[todo[n]] + opt.k - 1) % opt.k; }
          draw();
          if (n < todo.length) setTimeout(tick, 60);
          else anim = null;
        };
        tick();
      });
    },
    key() { return false; },
  };
}
