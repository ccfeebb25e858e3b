// Sudoku: every box shape up to 16×16. Generate by difficulty, symmetry and
// shape, or paste a puzzle (checked for a unique solution); digits, corner
// and centre pencil marks from the keyboard (Z, X, C) or the pad under the
// board; auto-candidates (the library's); a hint in two stages (where, then
// the named step and what it removes); error check; rating; timer.
import { el, Play, gridBoard, select, checkbox, step, queue } from "../util.js";

const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPES = [["2x2", "4×4"], ["2x3", "6×6"], ["2x4", "8×8"], ["3x3", "9×9"], ["2x5", "10×10"], ["3x4", "12×12"], ["4x4", "16×16"]];
const DIFFICULTIES = [["", "any"], ["easy", "easy"], ["medium", "medium"], ["hard", "hard"], ["expert", "expert"], ["extreme", "extreme"]];
const SYMMETRIES = [["none", "none"], ["rotate180", "half turn"], ["rotate90", "quarter turn"], ["mirror", "mirror"], ["diagonal", "diagonal"]];
const MODES = [["digit", "Digit (Z)"], ["corner", "Corner (X)"], ["centre", "Centre (C)"]];
// Seconds a generation may take in the page before it gives up with a notice.
const GENERATION_LIMIT = 20;

// The game of `params` (a saved game `saved` goes on from its moves).
export function create(ctx, params, saved) {
  return new SudokuGame(ctx, params, saved);
}

const sym = (v) => (v ? SYMBOLS[v - 1] : ".");
const lineOf = (vals) => Array.from(vals, sym).join("");
const bit = (d) => 1 << (d - 1);
// The library's Sudoku request: a grid's text (named in its errors), its boxes, the mode.
const request = (mode, text, box, extra = {}) => ({ puzzle: "sudoku", request: { source: text == null ? null : { name: "puzzle", text }, box, mode, ...extra } });

class SudokuGame {
  constructor(ctx, params, saved) {
    this.ctx = ctx;
    let shape = params.get("box") || "3x3";
    if (!SHAPES.some(([s]) => s === shape)) {
      ctx.notice(`Boxes "${shape}" are not a shape the page offers (${SHAPES.map(([s]) => s).join(", ")}): 9×9 opened instead.`);
      shape = "3x3";
    }
    [this.br, this.bc] = shape.split("x").map(Number);
    this.difficulty = DIFFICULTIES.some(([d]) => d === params.get("difficulty")) ? params.get("difficulty") : "";
    this.symmetry = SYMMETRIES.some(([s]) => s === params.get("symmetry")) ? params.get("symmetry") : "none";
    for (const [key, list, kept] of [["difficulty", DIFFICULTIES, this.difficulty], ["symmetry", SYMMETRIES, this.symmetry]]) {
      if (params.get(key) && params.get(key) !== kept) ctx.notice(`The ${key} "${params.get(key)}" is not one of ${list.map(([v]) => v).filter(Boolean).join(", ")}: "${list.find(([v]) => v === kept)[1]}" taken instead.`);
    }
    this.givens = null; this.solution = null; this.rating = null;
    this.board = null; this.cands = null; this.pos = null;
    this.play = new Play(saved);
    this.mode = "digit"; this.autoCands = false;
    this.hint = null; this.hintStage = 0; this.wrong = new Set();
    // The time played: `elapsed` ms before `since`; the clock stops (since null) once won.
    this.elapsed = saved?.elapsed || 0; this.since = Date.now(); this.timer = null; this.told = false;
    this.later = queue((e) => ctx.failed(e));
    this.options();
    this.begin(params.get("puzzle"), params.get("entries"), saved);
  }

  get n() { return this.br * this.bc; }

  // Start: the puzzle in the link (with its moves, or the saved game), else a new one.
  async begin(given, entries, saved) {
    if (given) {
      const why = await this.paste(given, [this.br, this.bc], saved);
      if (!why) {
        if (!saved && entries) {
          const cells = this.n * this.n;
          const reads = (ch) => ch === "." || ch === "0" || (SYMBOLS.indexOf(ch) >= 0 && SYMBOLS.indexOf(ch) < this.n);
          if (entries.length !== cells || ![...entries].every(reads)) {
            this.ctx.notice(`The entries in the link are not ${cells} digits or dots: the puzzle opened without them.`);
            return;
          }
          await this.later(() => {
            [...entries].forEach((ch, i) => { const d = SYMBOLS.indexOf(ch) + 1; if (d && d <= this.n && !this.givens[i]) this.play.do({ c: i, d }); });
            return this.refresh();
          });
        }
        return;
      }
      this.ctx.notice(`The puzzle in the link is refused (${why.replace(/\.$/, "")}): a new puzzle opened instead.`);
    } else if (entries && !saved) this.ctx.notice("The link gives entries without their puzzle: a new puzzle opened instead.");
    await this.generate();
  }

  // The library's candidates of a grid: for each cell, bits of its digits.
  async candidatesOf(v) {
    const r = await this.ctx.rule(request("candidates", lineOf(v), [this.br, this.bc]));
    return r.answer.candidates.map((ds) => ds.reduce((m, d) => m | bit(d), 0));
  }

  // The position: the clues, then each move since the last restart.
  position() {
    const n = this.n;
    const s = { v: Uint8Array.from(this.givens), corner: new Uint32Array(n * n), centre: new Uint32Array(n * n), struck: new Uint32Array(n * n) };
    for (const m of this.play.current) {
      if (m.solve) [...this.solution].forEach((ch, i) => { s.v[i] = SYMBOLS.indexOf(ch) + 1; });
      else if (m.hint) {
        for (const [r, c, d] of m.hint.place) s.v[r * n + c] = d;
        for (const [r, c, d] of m.hint.eliminate) { s.struck[r * n + c] |= bit(d); s.centre[r * n + c] &= ~bit(d); }
      } else if (m.m) s[m.m][m.c] ^= bit(m.d);
      else {
        s.v[m.c] = m.d;
        if (!m.d) { s.corner[m.c] = 0; s.centre[m.c] = 0; }
        for (const j of m.clear || []) { s.corner[j] &= ~bit(m.d); s.centre[j] &= ~bit(m.d); }
      }
    }
    return s;
  }

  full() { return this.pos.v.every((v) => v); }
  won() { return this.full() && this.solution && lineOf(this.pos.v) === this.solution; }
  played() { return this.elapsed + (this.since ? Date.now() - this.since : 0); }
  clock() {
    const t = Math.floor(this.played() / 1000);
    return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
  }

  // One cell drawn: its digit, its candidates (auto, or a hint's), or its marks.
  drawCell(d, i) {
    const { n, pos: s, hint, hintStage, board } = this;
    const r = Math.floor(i / n), c = i % n;
    d.replaceChildren();
    if (s.v[i]) { d.textContent = sym(s.v[i]); board.label(i, `${this.givens[i] ? "clue" : "entry"} ${sym(s.v[i])}`); return; }
    const show = this.autoCands && this.cands ? this.cands[i] & ~s.struck[i] : 0;
    const digits = (m) => Array.from({ length: n }, (_, k) => ((m >> k) & 1 ? sym(k + 1) : "")).join("");
    if (show || (hintStage > 1 && hint)) {
      const box = el("div", { class: "cands", style: `grid-template-columns: repeat(${this.bc}, 1fr)` });
      for (let d1 = 1; d1 <= n; d1++) {
        const out = hintStage > 1 && hint.eliminate.some(([hr, hc, hd]) => hr === r && hc === c && hd === d1);
        const put = hintStage > 1 && hint.place.some(([hr, hc, hd]) => hr === r && hc === c && hd === d1);
        box.append(el("span", { class: out ? "out" : put ? "in" : "" }, (show >> (d1 - 1)) & 1 || out || put ? sym(d1) : ""));
      }
      d.append(box);
      board.label(i, `empty, candidates ${digits(show) || "none"}`);
      return;
    }
    if (s.corner[i]) d.append(el("div", { class: "corner" }, ...[...digits(s.corner[i])].map((ch) => el("span", {}, ch))));
    if (s.centre[i]) d.append(el("div", { class: "centre" }, digits(s.centre[i])));
    board.label(i, `empty${s.corner[i] ? ", corner marks " + digits(s.corner[i]) : ""}${s.centre[i] ? ", centre marks " + digits(s.centre[i]) : ""}`);
  }

  draw() {
    const { n, br, bc, pos } = this;
    if (!pos) return;
    const sel = this.board.focused, selVal = pos.v[sel];
    this.board.cells.forEach((d, i) => {
      const r = Math.floor(i / n), c = i % n;
      d.style.borderRightWidth = c % bc === bc - 1 && c < n - 1 ? "2px" : "";
      d.style.borderBottomWidth = r % br === br - 1 && r < n - 1 ? "2px" : "";
      d.classList.toggle("given", !!this.givens[i]);
      d.classList.toggle("entry", !this.givens[i] && !!pos.v[i]);
      d.classList.toggle("selected", i === sel);
      d.classList.toggle("same", !!selVal && pos.v[i] === selVal && i !== sel);
      d.classList.toggle("wrong", this.wrong.has(i));
      d.classList.toggle("focus", this.hintStage > 0 && !!this.hint && this.hint.cells.some(([hr, hc]) => hr === r && hc === c));
      this.drawCell(d, i);
    });
    for (const b of this.padModes) b.setAttribute("aria-pressed", b.dataset.mode === this.mode);
    this.tell();
    this.timeOut.textContent = `Time ${this.clock()}`;
  }

  // The game's state in the status line and on the board; the clock stops
  // at the solution and goes on when it is undone.
  tell() {
    const { ctx } = this;
    const won = this.won();
    if (won && this.since) { this.elapsed += Date.now() - this.since; this.since = null; }
    else if (!won && !this.since) this.since = Date.now();
    const result = won ? (this.play.helped ? "solved" : "won") : "";
    if (result === "solved") ctx.status("Solved by the solver.", "solved");
    else if (result === "won") ctx.status(`Won: solved in ${this.clock()}.`, "won");
    else if (this.full()) ctx.status("Full, but not the solution: Check shows the errors.", "error");
    else if (this.told) ctx.status("");
    this.told = !!result || this.full();
    ctx.result(result);
  }

  // The position drawn again from the moves, with the library's candidates.
  async refresh() {
    this.pos = this.position();
    this.cands = await this.candidatesOf(this.pos.v);
    this.draw();
    this.ctx.changed();
  }

  // A digit (0: erase) or a pencil mark at the selected cell, by the mode.
  enter(value) {
    this.later(async () => {
      const i = this.board.focused, pos = this.pos;
      if (!pos || this.givens[i]) return;
      this.hint = null; this.hintStage = 0; this.wrong.delete(i); this.hintBox.replaceChildren();
      if (this.mode === "digit" || value === 0) {
        const v = pos.v.slice();
        v[i] = value;
        // The digit leaves the pencil marks of the cells the library says it rules out.
        const after = value ? await this.candidatesOf(v) : null;
        const clear = value ? [...v.keys()].filter((j) => j !== i && !v[j] && ((pos.corner[j] | pos.centre[j]) & bit(value)) && !(after[j] & bit(value))) : [];
        this.play.do(clear.length ? { c: i, d: value, clear } : { c: i, d: value });
      } else if (!pos.v[i]) this.play.do({ c: i, m: this.mode, d: value });
      else return;
      await this.refresh();
    });
  }

  setMode(m) {
    this.mode = m;
    this.modeSel.querySelector("select").value = m;
    if (this.pos) this.draw();
  }

  // ---- the puzzle: made, pasted, loaded ----
  load(puzzle, solution, rating, box, kept = null) {
    const { ctx } = this;
    [this.br, this.bc] = box;
    const n = this.n;
    this.givens = Uint8Array.from(puzzle, (ch) => SYMBOLS.indexOf(ch) + 1);
    this.solution = solution; this.rating = rating;
    this.play = new Play(kept);
    this.elapsed = kept?.elapsed || 0; this.since = Date.now(); this.told = false;
    this.shapeSel.querySelector("select").value = `${this.br}x${this.bc}`;
    this.board = gridBoard("sudoku", n, n, ctx.board, `Sudoku board, ${n} by ${n}`, 48, 4); // its 2-pixel border each side
    this.board.root.addEventListener("click", (e) => {
      const c = e.target.closest(".c");
      if (c) { this.board.focus(+c.dataset.r * n + +c.dataset.c); this.draw(); }
    });
    ctx.board.replaceChildren(this.board.frame, this.pad(), el("p", { class: "banner" }, "Solved!"));
    this.board.focus(0);
    this.hint = null; this.hintStage = 0; this.wrong = new Set();
    if (this.timer) clearInterval(this.timer);
    const root = this.board.root;
    this.timer = setInterval(() => { if (!root.isConnected) clearInterval(this.timer); else this.timeOut.textContent = `Time ${this.clock()}`; }, 1000);
    this.ratingOut.textContent = rating != null ? `Rating ${rating.rating} (Sudoku Explainer's scale)${rating.hardest ? ", hardest step: " + rating.hardest : ""}.` : "";
    ctx.info.replaceChildren(this.timeOut, this.ratingOut, this.hintBox);
    this.hintBox.replaceChildren();
    return this.refresh();
  }

  // A new puzzle of the shape and band chosen; past GENERATION_LIMIT seconds
  // the page gives up with a notice and keeps the game in play.
  async generate(box = [this.br, this.bc]) {
    const { ctx } = this;
    ctx.status("");
    const seed = Math.floor(Math.random() * 2 ** 32);
    const out = ctx.ask(request("generate", null, box, { count: 1, difficulty: this.difficulty || null, symmetry: this.symmetry, seed }), "Generating");
    let late = null;
    const limit = new Promise((ok) => { late = setTimeout(() => ok(null), GENERATION_LIMIT * 1000); });
    try {
      const r = await Promise.race([out, limit]);
      if (r === null) {
        ctx.cancel();
        const side = box[0] * box[1];
        // With no game in play, any band, then a 9×9: a board is always shown.
        const instead = this.givens ? "the game in play is kept" : this.difficulty ? "a puzzle of any band opened instead" : "a 9×9 opened instead";
        ctx.notice(`No ${side}×${side} ${this.difficulty ? this.difficulty + " " : ""}puzzle within ${GENERATION_LIMIT} s, where the page gives up: ${instead}; try again, or an easier band.`);
        if (this.givens) return;
        if (this.difficulty) { this.difficulty = ""; this.diffSel.querySelector("select").value = ""; return this.generate(box); }
        if (side !== 9) return this.generate([3, 3]);
        return;
      }
      const p = (r.items || [])[0];
      if (!p) { ctx.status("No puzzle of that band was found: try again, or another band.", "error"); return; }
      await this.later(() => this.load(p.puzzle, p.solution, p.rating != null ? { rating: p.rating, hardest: p.hardest } : null, box));
    } catch (e) { ctx.failed(e); } finally { clearTimeout(late); out.catch(() => {}); }
  }

  // A typed, pasted or linked puzzle: loaded only when it has exactly one
  // solution; `null` when it is, else why not in one line.
  async paste(text, box = null, kept = null) {
    try {
      // A pasted grid takes the squarest boxes for its size, a link's the boxes it names.
      const a = (await this.ctx.ask(request("solve", text, box), "Checking")).answer;
      if (a.size > 16) return `A ${a.size}×${a.size} grid: the page takes grids up to 16×16.`;
      if (a.clash) return `No solution: r${a.clash[0][0] + 1}c${a.clash[0][1] + 1} and r${a.clash[1][0] + 1}c${a.clash[1][1] + 1} hold the same digit.`;
      if (!a.solution) return "No solution: this puzzle cannot be finished.";
      if (!a.unique) return "Several solutions: a puzzle needs exactly one.";
      await this.later(() => this.load(a.puzzle, a.solution, null, a.box, kept));
      this.rate(a.puzzle);
      return null;
    } catch (e) { return e.message; }
  }

  async rate(puzzle) {
    try {
      const a = (await this.ctx.ask(request("rate", puzzle, [this.br, this.bc]), "Rating")).answer;
      this.rating = { rating: a.rating, hardest: a.hardest };
      this.ratingOut.textContent = `Rating ${a.rating} (Sudoku Explainer's scale), hardest step: ${a.hardest}.`;
    } catch (e) { this.ctx.failed(e); }
  }

  // The hint: first where (the cells of the step), then why (its name, text,
  // and the candidates it removes), then Apply.
  async nextHint() {
    const { pos, ctx, n } = this;
    if (!pos) return;
    if (this.hint && this.hintStage === 1) { this.hintStage = 2; this.showHint(); this.draw(); return; }
    if (this.hint && this.hintStage === 2) { this.applyHint(); return; }
    // The pencil marks, when kept: the library's candidates less the hints'
    // eliminations (a filled cell its digit). A cell left without any means a
    // wrong entry: the grid goes without marks, and the hint finds no solution.
    const extra = {};
    if (this.autoCands) {
      const marks = Array.from(pos.v, (v, i) => (v ? bit(v) : this.cands[i] & ~pos.struck[i]));
      const field = (m) => Array.from({ length: n }, (_, k) => ((m >> k) & 1 ? sym(k + 1) : "")).join("");
      if (marks.every((m) => m)) extra.marks = { name: "marks", text: marks.map(field).join(" ") };
    }
    try {
      const a = (await ctx.ask(request("hint", lineOf(pos.v), [this.br, this.bc], extra), "Thinking")).answer;
      if (!a.step) {
        const text = a.outcome === "solved" ? "The grid is full." : a.outcome === "no-solution" ? "An entry is wrong: Check shows it." : `No single next step (${a.outcome}).`;
        this.hintBox.replaceChildren(el("p", {}, text));
        ctx.announce(text);
        return;
      }
      this.hint = a.step; this.hintStage = 1;
      const cells = a.step.cells;
      const where = `Look at the highlighted ${cells.length === 1 ? "cell" : "cells"}: ${cells.map(([r, c]) => `r${r + 1}c${c + 1}`).join(", ")}. Hint again for why.`;
      this.hintBox.replaceChildren(el("p", {}, where));
      ctx.announce(where);
      this.draw();
    } catch (e) { ctx.failed(e); }
  }

  showHint() {
    // The step's text begins with its technique's name ("hidden-single: in b2, …"): shown once, in bold.
    const name = this.hint.technique, text = this.hint.text;
    const body = text.startsWith(name + ":") ? text.slice(name.length + 1).trim() : text;
    this.hintBox.replaceChildren(
      el("p", {}, el("strong", {}, name.replace(/-/g, " ")), ": ", el("span", { class: "text" }, body)),
      el("button", { onclick: () => this.applyHint(), id: "su-apply" }, "Apply"));
    this.ctx.announce(`${name.replace(/-/g, " ")}: ${body}`);
  }

  applyHint() {
    const h = this.hint;
    this.hint = null; this.hintStage = 0;
    this.hintBox.replaceChildren();
    this.later(() => { this.play.do({ hint: { place: h.place, eliminate: h.eliminate } }); return this.refresh(); });
  }

  // The errors so far: entries that are not the solution's, underlined.
  check() {
    this.wrong = new Set();
    this.pos.v.forEach((v, i) => { if (v && !this.givens[i] && this.solution && sym(v) !== this.solution[i]) this.wrong.add(i); });
    this.draw();
    const k = this.wrong.size;
    this.ctx.status(k ? `${k} wrong ${k === 1 ? "entry" : "entries"}, underlined.` : "No error so far.", k ? "error" : "");
  }

  // The pad under the board: the digits, erase, and the three modes.
  pad() {
    const digits = Array.from({ length: this.n }, (_, k) => el("button", { "aria-label": `${sym(k + 1)}`, onclick: () => this.enter(k + 1) }, sym(k + 1)));
    this.padModes = MODES.map(([m, t]) => el("button", { "data-mode": m, "aria-pressed": m === this.mode, onclick: () => this.setMode(m) }, t.split(" ")[0]));
    return el("div", { class: "pad", role: "group", "aria-label": "Digits and marks" }, ...digits,
      el("button", { "aria-label": "erase", onclick: () => this.enter(0) }, "⌫"), el("div", { class: "modes" }, ...this.padModes));
  }

  options() {
    const { ctx } = this;
    this.padModes = [];
    this.hintBox = el("div", { id: "su-hint" });
    this.timeOut = el("p", { id: "su-time" });
    this.ratingOut = el("p", { id: "su-rating" });
    const pasteBox = el("textarea", { rows: 4, id: "su-paste", "aria-label": "A puzzle to paste", placeholder: "Paste or type a puzzle: 81 characters (. or 0 empty), or rows." });
    this.modeSel = select("Mode", MODES, this.mode, (v) => this.setMode(v), "su-mode");
    this.shapeSel = select("Shape", SHAPES, `${this.br}x${this.bc}`, (v) => this.generate(v.split("x").map(Number)), "su-shape");
    this.diffSel = select("Difficulty", DIFFICULTIES, this.difficulty, (v) => { this.difficulty = v; ctx.changed(); }, "su-difficulty");
    const load = async () => {
      const why = await this.paste(pasteBox.value);
      ctx.status(why || "", why ? "error" : "");
    };
    ctx.options.append(
      this.shapeSel,
      this.diffSel,
      select("Symmetry", SYMMETRIES, this.symmetry, (v) => { this.symmetry = v; ctx.changed(); }, "su-symmetry"),
      this.modeSel,
      checkbox("Auto-candidates", this.autoCands, (v) => { this.autoCands = v; this.draw(); }, "su-auto"),
      el("p", {}, el("button", { onclick: () => this.nextHint(), id: "su-hint-button" }, "Hint"), " ",
        el("button", { id: "su-check", onclick: () => this.pos && this.check() }, "Check")),
      el("p", {}, pasteBox, el("button", { id: "su-load", onclick: load }, "Load this puzzle")),
    );
  }

  params() {
    const p = { box: `${this.br}x${this.bc}` };
    if (this.givens) p.puzzle = lineOf(this.givens);
    if (this.difficulty) p.difficulty = this.difficulty;
    if (this.symmetry !== "none") p.symmetry = this.symmetry;
    return p;
  }

  share() { return this.pos ? { entries: lineOf(this.pos.v.map((v, i) => (this.givens[i] ? 0 : v))) } : {}; }
  save() { return { ...this.play.save(), elapsed: this.played() }; }
  new() { return this.generate(); }
  restart() { this.later(() => { if (!this.givens) return; this.play.do("restart"); this.wrong = new Set(); return this.refresh(); }); }
  undo() { this.later(() => this.givens && this.play.undo() && this.refresh()); }
  redo() { this.later(() => this.givens && this.play.redo() && this.refresh()); }
  solve() { this.later(() => { if (!this.solution || this.won()) return; this.play.do({ solve: true, by: "solver" }); return this.refresh(); }); }

  key(e) {
    if (!this.pos) return false;
    const k = e.key, n = this.n;
    const to = step(this.board.focused, k, n, n);
    if (to != null) { this.board.focus(to); this.draw(); return true; }
    if (k === "Backspace" || k === "Delete" || k === "0" || k === ".") { this.enter(0); return true; }
    const v = k.length === 1 ? SYMBOLS.indexOf(k.toUpperCase()) + 1 : 0;
    if (v >= 1 && v <= n) { this.enter(v); return true; } // before the modes: C is a digit of 16×16
    const modes = { z: "digit", x: "corner", c: "centre" };
    if (modes[k.toLowerCase()]) { this.setMode(modes[k.toLowerCase()]); return true; }
    if (k === "h") { this.nextHint(); return true; }
    return false;
  }
}
