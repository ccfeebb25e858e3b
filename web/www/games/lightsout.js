// Lights Out: press a cell to change it and the cells of the press pattern;
// bring every light to 0. K states in colours, any pattern (the cells it
// changes read by the library), the torus, a board drawn by hand, the fewest
// presses shown as marks that follow the presses.
import { el, freshSeed, seedOf, rng, Play, parseSize, select, checkbox, number, step, touch, roomFor, onResize, queue } from "../util.js";

const MAX_SIDE = 200;
const NAMED = ["cross", "x", "plus-x", "knight"];
const STARTS = [["random", "random"], ["solvable", "random, solvable"], ["lit", "all lit"], ["dark", "dark (draw it)"]];
const CROSS = [[-1, 0], [0, -1], [0, 0], [0, 1], [1, 0]];

// The game of `params` (a saved game `saved` goes on from its moves).
export function create(ctx, params, saved) {
  return new LightsOut(ctx, params, saved);
}

// The presses of a move: a press, the solver's presses, or none (an edit, a restart).
const pressesOf = (m) => (typeof m === "number" ? [m] : m.p || []);

class LightsOut {
  constructor(ctx, params, saved) {
    this.ctx = ctx;
    this.dims = parseSize(params.get("size") || "5x5", 2, MAX_SIDE);
    if (!this.dims) { ctx.notice(`Size "${params.get("size")}" is not 2 to ${MAX_SIDE} a side: 5×5 opened instead.`); this.dims = { rows: 5, cols: 5 }; }
    const k = +params.get("k") || 2;
    this.opt = {
      k: Math.min(10, Math.max(2, k)),
      pattern: params.get("pattern") || "cross",
      torus: params.get("torus") === "1",
      start: params.get("start") || "random",
      seed: seedOf(params, (t) => ctx.notice(t)),
      hints: params.get("hints") === "1",
    };
    if (params.get("k") && this.opt.k !== k) ctx.notice(`States "${params.get("k")}" are not 2 to 10: ${this.opt.k} states opened instead.`);
    if (!STARTS.some(([v]) => v === this.opt.start)) {
      ctx.notice(`Start "${this.opt.start}" is not one of ${STARTS.map(([v]) => v).join(", ")}: a random board opened instead.`);
      this.opt.start = "random";
    }
    this.given = params.get("board"); // a board itself, rows of state digits split by "/"
    this.play = new Play(saved);
    this.start = null; // the board the game starts from
    this.offsets = null; // the cells a press changes, as the library reads the pattern
    this.marks = null; // the presses shown
    this.editing = false;
    this.refused = false; // whether the notice says a pattern was refused
    this.anim = null; // the solver's presses being drawn
    this.focus = 0; // the cell the keyboard is on
    this.lights = null; // the position
    this.px = 1;
    this.later = queue((e) => ctx.failed(e));
    this.canvas = el("canvas", { tabindex: 0, id: "lo-board", role: "application", "aria-roledescription": "board" });
    this.frame = el("div", { class: "frame" }, this.canvas);
    this.g = this.canvas.getContext("2d");
    this.listen();
    this.options();
    ctx.board.append(this.frame, el("p", { class: "banner" }, "All out!"));
    onResize(ctx.board, () => this.fit());
    // A shared link's presses are played from its board.
    const linked = params.get("presses");
    if (!saved && linked) {
      const { rows, cols } = this.dims;
      const ps = linked.split(";").map((s) => s.split(".").map(Number));
      if (ps.every(([r, c]) => r >= 0 && c >= 0 && r < rows && c < cols)) for (const [r, c] of ps) this.play.do(r * cols + c);
      else ctx.notice("The presses in the link are not on the board: the board opened without them.");
    }
    this.restartWith(true);
  }

  get cells() { return this.dims.rows * this.dims.cols; }

  rowsOf(b) {
    const { rows, cols } = this.dims;
    return Array.from({ length: rows }, (_, r) => Array.from(b.subarray(r * cols, (r + 1) * cols), (v) => v.toString(36)).join(""));
  }

  // The cells the pattern changes, as the library reads it; a pattern it
  // refuses is said in one line and the cross is played instead.
  async readPattern() {
    const { opt, ctx } = this;
    try {
      const r = await ctx.rule({ puzzle: "lightsout", request: { mode: "pattern", pattern: opt.pattern, states: opt.k, torus: opt.torus } });
      this.offsets = r.answer.offsets;
      if (this.refused) { ctx.notice(""); this.refused = false; } // a pattern that reads ends the refusal of the last
    } catch (e) {
      const shown = opt.pattern.length > 40 ? opt.pattern.slice(0, 40) + "…" : opt.pattern;
      ctx.notice(`Pattern "${shown}" does not read (${e.message}): the cross opened instead.`);
      this.refused = true;
      opt.pattern = "cross";
      this.offsets = CROSS;
    }
    this.patternSel.querySelector("select").value = NAMED.includes(opt.pattern) ? opt.pattern : "custom";
    this.stencil.value = NAMED.includes(opt.pattern) ? "" : opt.pattern;
  }

  // The board after a press at cell i, `times` times: the pattern's cells, mod K.
  press(b, i, times = 1) {
    const { rows, cols } = this.dims;
    const r = Math.floor(i / cols), c = i % cols;
    for (const [dr, dc] of this.offsets) {
      let rr = r + dr, cc = c + dc;
      if (this.opt.torus) { rr = ((rr % rows) + rows) % rows; cc = ((cc % cols) + cols) % cols; }
      else if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
      const j = rr * cols + cc;
      b[j] = (b[j] + times) % this.opt.k;
    }
  }

  // A board from its text (rows split by "/"), null when it does not fit the size and states.
  board(text) {
    const rows = (text || "").split("/");
    const fits = rows.length === this.dims.rows && rows.every((r) => r.length === this.dims.cols && [...r].every((ch) => parseInt(ch, 36) < this.opt.k));
    return fits ? Uint8Array.from(rows.join(""), (ch) => parseInt(ch, 36)) : null;
  }

  // The board the game starts from: the one given, or one drawn from the seed.
  fresh() {
    const { opt } = this;
    if (this.given) {
      const b = this.board(this.given);
      if (b) return b;
      this.ctx.notice("The board does not fit its size and states: a random board opened instead.");
      this.given = null;
    }
    const b = new Uint8Array(this.cells);
    const rand = rng(opt.seed);
    if (opt.start === "random") for (let i = 0; i < b.length; i++) b[i] = Math.floor(rand() * opt.k);
    else if (opt.start === "lit") b.fill(1);
    else if (opt.start === "solvable") for (let i = 0; i < b.length; i++) this.press(b, i, Math.floor(rand() * opt.k)); // solvable by construction
    return b;
  }

  // The board drawn by hand the moves start from, if any.
  get drawn() {
    const first = this.play.current[0];
    return first && first.board ? first.board : null;
  }

  // The position: the board the moves start from, then each press, edit and solver's press.
  position() {
    const base = this.drawn ? this.board(this.drawn) : null;
    const b = (base || this.start).slice();
    for (const m of this.play.current) {
      if (m && m.e != null) b[m.e] = (b[m.e] + 1) % this.opt.k;
      else for (const i of pressesOf(m)) this.press(b, i);
    }
    return b;
  }

  // ---- drawing ----
  fit() {
    const { rows, cols } = this.dims;
    const side = Math.max(rows, cols);
    this.px = Math.max(2, Math.min(60, Math.floor(roomFor(this.ctx.board) / cols), Math.floor(560 / side)));
    if (touch() && this.px < 28) this.px = Math.max(this.px, Math.min(28, Math.floor(4096 / side))); // a frame that scrolls
    this.frame.classList.toggle("scrolls", this.px * cols > roomFor(this.ctx.board) + 1);
    if (this.lights) this.draw();
  }

  draw() {
    const { g, px, canvas, opt, marks } = this;
    const b = this.lights, { rows, cols } = this.dims;
    // The colour of each state: 0 dark, the others spread over the hues.
    const dark = matchMedia("(prefers-color-scheme: dark)").matches ? "#2a2b30" : "#3a3d46";
    const colours = Array.from({ length: opt.k }, (_, v) => (v === 0 ? dark : opt.k === 2 ? "#ffd54a" : `hsl(${(50 + (v - 1) * 300 / (opt.k - 1)) % 360} 85% 60%)`));
    canvas.width = cols * px;
    canvas.height = rows * px;
    const gap = px >= 8 ? 1 : 0;
    g.fillStyle = "#101114";
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.textAlign = "center"; g.textBaseline = "middle";
    for (let i = 0; i < b.length; i++) {
      const x = (i % cols) * px, y = Math.floor(i / cols) * px;
      g.fillStyle = colours[b[i]];
      g.fillRect(x + gap, y + gap, px - 2 * gap, px - 2 * gap);
      if (opt.k > 2 && px >= 18) { g.fillStyle = "#000"; g.font = `${px * 0.4}px sans-serif`; g.fillText(b[i], x + px / 2, y + px / 2); }
      if (marks && marks[i]) this.mark(x, y, marks[i]);
    }
    if (document.activeElement === canvas && px >= 8) {
      g.strokeStyle = "#2f6fdb"; g.lineWidth = 3;
      g.strokeRect((this.focus % cols) * px + 1.5, Math.floor(this.focus / cols) * px + 1.5, px - 3, px - 3);
    }
    this.describe(b);
  }

  // The presses of a cell: a dot (in the corner when the state's digit is
  // written, so that it stays readable), their count beside it.
  mark(x, y, times) {
    const { g, px, opt } = this;
    const s = opt.k > 2 ? Math.max(1, px * 0.14) : Math.max(1, px * 0.23);
    const [cx, cy] = opt.k > 2 ? [x + px * 0.8, y + px * 0.2] : [x + px / 2, y + px / 2];
    g.fillStyle = "#e0245e";
    g.beginPath(); g.arc(cx, cy, s, 0, 7); g.fill();
    if (times > 1 && px >= 18) { g.font = `${px * 0.25}px sans-serif`; g.fillText(times, x + px * 0.8, y + px * 0.8); }
  }

  // The board in words: the canvas's label for screen readers, its rows
  // (small boards), the presses made, and the game's state in the status line.
  describe(b) {
    const { canvas, ctx, marks, focus } = this;
    const { rows, cols } = this.dims;
    const lit = b.reduce((n, v) => n + (v > 0), 0);
    const at = `row ${Math.floor(focus / cols) + 1}, column ${(focus % cols) + 1}: state ${b[focus]}${marks && marks[focus] ? `, press ${marks[focus]} times` : ""}`;
    canvas.setAttribute("aria-label", `Lights Out board, ${rows} by ${cols}, ${lit} lit. ${at}.`);
    canvas.dataset.lit = lit;
    if (this.cells <= 4096) {
      canvas.dataset.board = this.rowsOf(b).join("/");
      canvas.dataset.marks = marks ? Array.from(marks, (m, i) => (m ? `${Math.floor(i / cols)},${i % cols}x${m}` : "")).filter(Boolean).join(" ") : "";
    }
    this.moves.textContent = `Presses: ${this.play.current.reduce((n, m) => n + pressesOf(m).length, 0)}`;
    if (this.editing) { ctx.status("Edit: a tap changes one light. Edit again when the board is drawn."); ctx.result(""); }
    else if (lit === 0 && this.play.helped) { ctx.status("Solved by the solver: all out.", "solved"); ctx.result("solved"); }
    else if (lit === 0) { ctx.status("Won: all out!", "won"); ctx.result("won"); }
    else { ctx.status(`${lit} ${lit === 1 ? "light" : "lights"} on.`); ctx.result(""); }
  }

  // The position drawn again from the moves (after undo, redo, restart).
  redraw() {
    this.anim = null;
    this.lights = this.position();
    this.marks = null;
    this.draw();
    this.ctx.changed();
    if (this.opt.hints) this.showHints(true);
  }

  // ---- the solver ----
  request(extra = {}) {
    const { opt } = this;
    const board = { given: { text: this.rowsOf(this.lights).join("\n") } };
    return { puzzle: "lightsout", request: { board, states: opt.k, pattern: opt.pattern, torus: opt.torus, mode: "solve", ...extra } };
  }

  // The solver's presses for the position (the fewest on boards of at most 400 cells).
  async analyse() {
    try {
      const r = await this.ctx.ask(this.request({ fewest: this.cells <= 400 }), "Solving");
      this.report(r);
      this.marks = r.answer.presses ? Uint8Array.from(r.answer.presses.flat()) : null;
      return true;
    } catch (e) { this.ctx.failed(e); return false; }
  }

  report(r) {
    const a = r.answer, { rows, cols } = this.dims;
    this.ctx.info.replaceChildren(
      this.moves,
      el("p", {}, `${rows}×${cols}, ${this.opt.k} states, ${a.pattern}${a.torus ? " on the torus" : ""}.`),
      el("p", {}, a.solvable ? `Solvable: ${a.press_count} ${a.press_count === 1 ? "press" : "presses"}${a.minimal ? " (the fewest)" : ""}.` : "No solution: some light can never go out."),
      el("p", {}, `Nullity ${a.nullity}: ${a.solutions} ${a.solutions === "1" ? "solution" : "solutions"} of every solvable board.`),
      el("p", {}, `Method ${a.method}, ${r.ms.toFixed(1)} ms in the page.`),
      el("button", { onclick: () => this.quiet() }, "Quiet patterns"),
      this.quietBox,
    );
  }

  // The basis of the quiet patterns, drawn small.
  async quiet() {
    const { rows, cols } = this.dims;
    try {
      const q = (await this.ctx.ask(this.request({ quiet_patterns: true }), "Quiet patterns")).answer.quiet_patterns || [];
      this.quietBox.replaceChildren(el("p", {}, q.length ? `The ${q.length} quiet ${q.length === 1 ? "pattern" : "patterns"} of the basis (presses that change nothing):` : "No quiet pattern: every board has one solution."),
        ...q.slice(0, 24).map((board) => {
          const c = el("canvas", { width: cols * 4, height: rows * 4, style: "margin:2px;border:1px solid var(--line);display:inline-block" });
          const cg = c.getContext("2d");
          board.forEach((row, i) => row.forEach((v, j) => { if (v) { cg.fillStyle = "#e0245e"; cg.fillRect(j * 4, i * 4, 4, 4); } }));
          return c;
        }));
    } catch (e) { this.ctx.failed(e); }
  }

  // The presses marked (asked of the solver for the position as it stands) or not.
  showHints(on) {
    this.opt.hints = on;
    this.hintButton.setAttribute("aria-pressed", on);
    this.later(async () => {
      if (on && this.opt.hints) await this.analyse(); else this.marks = null;
      this.draw();
      this.ctx.changed();
      if (on && this.marks) this.ctx.announce(`The presses are marked: ${this.marks.reduce((n, m) => n + (m > 0), 0)} cells.`);
    });
  }

  // ---- playing ----
  // A press (or, editing, a change of one light) at cell i.
  act(i) {
    this.later(() => {
      if (this.anim) { this.anim = null; this.lights = this.position(); this.marks = null; }
      if (this.editing) { this.play.do({ e: i }); this.lights[i] = (this.lights[i] + 1) % this.opt.k; }
      else {
        this.play.do(i);
        this.press(this.lights, i);
        if (this.marks) this.marks[i] = (this.marks[i] + this.opt.k - 1) % this.opt.k; // the marks follow the press
      }
      this.draw();
      this.ctx.changed();
    });
  }

  listen() {
    const { canvas } = this;
    canvas.addEventListener("click", (e) => {
      const { rows, cols } = this.dims;
      const rect = canvas.getBoundingClientRect();
      const c = Math.floor(((e.clientX - rect.left) / rect.width) * cols);
      const r = Math.floor(((e.clientY - rect.top) / rect.height) * rows);
      if (r < 0 || c < 0 || r >= rows || c >= cols) return;
      this.focus = r * cols + c;
      this.act(this.focus);
    });
    canvas.addEventListener("focus", () => this.lights && this.draw());
    canvas.addEventListener("blur", () => this.lights && this.draw());
    canvas.addEventListener("keydown", (e) => {
      const to = step(this.focus, e.key, this.dims.rows, this.dims.cols);
      if (to != null) { this.focus = to; this.draw(); }
      else if (e.key === " " || e.key === "Enter") this.act(this.focus);
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
  }

  // "Edit lights" on or off: the board drawn becomes the game's (Restart
  // comes back to it, the address holds it).
  toggleEdit() {
    this.later(() => {
      this.editing = !this.editing;
      this.editButton.setAttribute("aria-pressed", this.editing);
      if (!this.editing && this.play.current.some((m) => m && m.e != null)) this.play.do({ restart: true, board: this.rowsOf(this.lights).join("/") });
      this.marks = null;
      this.draw();
      this.ctx.changed();
      if (!this.editing && this.opt.hints) this.showHints(true);
    });
  }

  // A 5×5 stencil drawn by taps: "#" changed, "." not; the centre is the
  // pressed cell, changed ("@") or not ("o").
  stencilPad() {
    const own = /^([.#@o]{5}\/){4}[.#@o]{5}$/.test(this.opt.pattern);
    const drawn = (own ? this.opt.pattern : "...../..#../.#@#./..#../.....").split("/").map((r) => [...r]);
    const pad = el("div", { class: "grid stencil", role: "group", "aria-label": "Draw a press pattern", style: "grid-template-columns: repeat(5, 24px); --size: 24px" });
    drawn.forEach((row, i) => row.forEach((_, j) => {
      const centre = i === 2 && j === 2;
      const cell = el("button", { class: "c", "aria-label": centre ? "the pressed cell" : `row ${i - 2}, column ${j - 2} from the pressed cell`, style: "padding:0;min-height:0" });
      const paint = () => { const on = /[#@]/.test(drawn[i][j]); cell.style.background = on ? "#e0245e" : ""; cell.setAttribute("aria-pressed", on); cell.textContent = centre ? "•" : ""; };
      cell.addEventListener("click", () => {
        drawn[i][j] = centre ? (drawn[i][j] === "@" ? "o" : "@") : (drawn[i][j] === "#" ? "." : "#");
        paint();
        this.opt.pattern = drawn.map((r) => r.join("")).join("/");
        this.restartWith();
      });
      paint();
      pad.append(cell);
    }));
    return pad;
  }

  options() {
    const { ctx, opt } = this;
    this.moves = el("p");
    this.quietBox = el("div", { class: "quiet" });
    this.hintButton = el("button", { "aria-pressed": opt.hints, id: "lo-hints", onclick: () => this.showHints(!opt.hints) }, "Show presses");
    this.editButton = el("button", { "aria-pressed": false, id: "lo-edit", onclick: () => this.toggleEdit() }, "Edit lights");
    this.stencil = el("input", { placeholder: ".#./#@#/.#.", size: 12, id: "lo-stencil",
      onchange: () => { if (this.stencil.value) { opt.pattern = this.stencil.value; this.restartWith(); } } });
    this.patternSel = select("Pattern", [...NAMED.map((p) => [p, p]), ["custom", "drawn (stencil)"]], NAMED.includes(opt.pattern) ? opt.pattern : "custom",
      (v) => { if (v !== "custom") { opt.pattern = v; this.restartWith(); } else this.stencil.focus(); }, "lo-pattern");
    const size = (e) => {
      const d = parseSize(e.target.value, 2, MAX_SIDE);
      if (!d) { ctx.status(`A size is 2 to ${MAX_SIDE} a side, as 5 or 5x7.`, "error"); return; }
      this.dims = d; this.given = null; this.play = new Play(); opt.seed = freshSeed(); this.restartWith();
    };
    ctx.options.append(
      el("label", {}, "Size ", el("input", { value: `${this.dims.rows}x${this.dims.cols}`, size: 7, id: "lo-size", onchange: size })),
      number("States K", opt.k, 2, 10, (v) => { opt.k = Math.min(10, Math.max(2, v)); this.restartWith(); }),
      this.patternSel,
      el("label", {}, "Stencil ", this.stencil),
      this.stencilPad(),
      checkbox("Torus (edges wrap)", opt.torus, (v) => { opt.torus = v; this.restartWith(); }, "lo-torus"),
      select("New board", STARTS, opt.start, (v) => { opt.start = v; this.given = null; this.play = new Play(); opt.seed = freshSeed(); this.restartWith(); }, "lo-start"),
      el("p", {}, this.hintButton, " ", this.editButton),
    );
    ctx.info.append(this.moves);
  }

  // The rules or the board changed: a board drawn by hand is kept when it
  // still fits (another pattern, the torus), and the game starts again.
  restartWith(keep = false) {
    this.later(async () => {
      this.anim = null;
      if (!keep) {
        if (this.drawn) this.given = this.drawn;
        this.play = new Play();
      }
      this.editing = false;
      this.editButton.setAttribute("aria-pressed", false);
      await this.readPattern();
      this.start = this.fresh();
      this.ctx.info.replaceChildren(this.moves);
      this.fit();
      this.redraw();
    });
  }

  params() {
    const { opt } = this;
    const p = { size: `${this.dims.rows}x${this.dims.cols}`, k: opt.k, pattern: opt.pattern, torus: opt.torus ? 1 : 0 };
    if (this.drawn || this.given) p.board = this.drawn || (this.start ? this.rowsOf(this.start).join("/") : this.given);
    else { p.start = opt.start; p.seed = opt.seed; }
    if (opt.hints) p.hints = 1;
    return p;
  }

  share() {
    const { cols } = this.dims;
    const ps = this.play.current.flatMap(pressesOf);
    return { presses: ps.map((i) => `${Math.floor(i / cols)}.${i % cols}`).join(";") };
  }

  save() { return this.play.save(); }
  new() { this.given = null; this.play = new Play(); this.opt.seed = freshSeed(); this.restartWith(); }
  restart() { this.later(() => { this.play.do({ restart: true, board: this.drawn || this.rowsOf(this.start).join("/") }); this.redraw(); }); }
  undo() { this.later(() => this.play.undo() && this.redraw()); }
  redo() { this.later(() => this.play.redo() && this.redraw()); }

  // The solver's presses, one undoable move, drawn press by press.
  async solve() {
    this.anim = null;
    if (!(await this.analyse())) return;
    if (!this.marks) { this.draw(); return; }
    const todo = [];
    this.marks.forEach((m, i) => { for (let t = 0; t < m; t++) todo.push(i); });
    this.later(() => {
      this.play.do({ p: todo, by: "solver" });
      this.ctx.changed();
      const token = (this.anim = {});
      const perTick = Math.max(1, Math.ceil(todo.length / 80));
      let n = 0;
      const tick = () => {
        if (this.anim !== token) return;
        for (let t = 0; t < perTick && n < todo.length; t++, n++) {
          this.press(this.lights, todo[n]);
          this.marks[todo[n]] = (this.marks[todo[n]] + this.opt.k - 1) % this.opt.k;
        }
        this.draw();
        if (n < todo.length) setTimeout(tick, 60);
        else this.anim = null;
      };
      tick();
    });
  }

  key() { return false; }
}
