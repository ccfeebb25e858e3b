// The knight's tour: visit every square once by knight's moves. Play it by
// taps, clicks or keys (the legal squares lit and Warnsdorff's suggestion
// are the library's, asked at each move), watch the lab's backtracking
// search drawn step by step, or count the tours of a small board.
import { el, counted, Play, parseSize, gridBoard, cellOf, select, checkbox, step, queue } from "../util.js";

const MAX_SIDE = 30;
const SPEEDS = [["2", "slow"], ["20", "medium"], ["200", "fast"], ["2000", "faster"], ["20000", "fastest"]];

// The game of `params` (a saved game `saved` goes on from its moves).
export function create(ctx, params, saved) {
  return new KnightsTour(ctx, params, saved);
}

// The path of a position: the squares after the first (the solver's tour is one move).
const pathOf = (moves) => moves.flatMap((m) => (Array.isArray(m) ? [m] : m.path || []));

class KnightsTour {
  constructor(ctx, params, saved) {
    this.ctx = ctx;
    this.dims = parseSize(params.get("size") || "5x5", 1, MAX_SIDE);
    if (!this.dims) { ctx.notice(`Size "${params.get("size")}" is not 1 to ${MAX_SIDE} a side: 5×5 opened instead.`); this.dims = { rows: 5, cols: 5 }; }
    const read = /^(\d+),(\d+)$/.exec(params.get("start") || "0,0");
    this.start = read ? [+read[1], +read[2]] : [0, 0];
    if (!read || this.start[0] >= this.dims.rows || this.start[1] >= this.dims.cols) {
      if (params.get("start")) ctx.notice(`Square "${params.get("start")}" is not on the board: the top-left square opened instead.`);
      this.start = [0, 0];
    }
    this.closed = params.get("closed") === "1";
    this.order = params.get("order") === "plain" ? "plain" : "warnsdorff";
    this.speed = 20;
    this.play = new Play(saved);
    this.pos = null; // the library's position: legal squares, suggestion, tour
    this.watching = null; // the search being drawn
    this.suggest = false;
    this.later = queue((e) => ctx.failed(e));
    this.options();
    // A shared link's path is played from its first square.
    const linked = params.get("path");
    if (!saved && linked) {
      const squares = linked.split(";").map((s) => s.split(".").map(Number));
      if (squares.every((s) => s.length === 2 && s.every(Number.isInteger))) this.play.do({ restart: true, path: squares });
      else ctx.notice(`The path "${linked}" does not read (squares row.column split by ";"): the board opened at its first square.`);
    }
    this.reset(true);
    // A path that the library refuses (a link's or a saved one): the first square alone.
    this.later(async () => {
      if (this.pos) return;
      ctx.notice("The moves given are not a knight's path: the board opened at its first square.");
      this.play = new Play();
      await this.refresh();
    });
  }

  idx([r, c]) { return r * this.dims.cols + c; }

  // The library's position after `path`: legal squares, suggestion, tour.
  position(path) {
    const { dims, start, closed } = this;
    return this.ctx.rule({ puzzle: "knight", request: { mode: "moves", dims, start: start.join(","), closed, path } }).then((r) => r.answer);
  }

  draw() {
    const { pos, board, dims } = this;
    if (!pos || this.watching) return;
    const path = [this.start, ...pathOf(this.play.current)];
    const numbers = new Map(path.map((p, i) => [this.idx(p), i + 1]));
    const legal = new Set(pos.legal.map((p) => this.idx(p)));
    const hint = this.suggest && pos.suggestion ? this.idx(pos.suggestion) : -1;
    const head = this.idx(path[path.length - 1]);
    board.cells.forEach((d, i) => {
      d.textContent = numbers.get(i) || "";
      d.classList.toggle("legal", legal.has(i));
      d.classList.toggle("head", i === head);
      d.classList.toggle("suggest", i === hint);
      d.classList.remove("tried");
      const free = legal.has(i) ? "free, a legal move" + (i === hint ? ", Warnsdorff's suggestion" : "") : "free";
      board.label(i, numbers.has(i) ? `visited ${numbers.get(i)}${i === head ? ", the knight" : ""}` : free);
    });
    this.counter.textContent = `${pos.visited} of ${counted(dims.rows * dims.cols, "square")}`;
    this.tell();
    if (hint >= 0) this.ctx.announce(`Warnsdorff's suggestion: row ${pos.suggestion[0] + 1}, column ${pos.suggestion[1] + 1}.`);
  }

  // The position in the status line and on the board: a tour, stuck, or nothing to say.
  tell() {
    const { pos, ctx } = this;
    const kind = this.closed ? "a closed tour" : "an open tour";
    const cells = this.dims.rows * this.dims.cols;
    if (pos.tour && this.play.helped) { ctx.status(`Solved by the solver: ${kind}.`, "solved"); ctx.result("solved"); return; }
    if (pos.tour) { ctx.status(`Won: ${kind}!`, "won"); ctx.result("won"); return; }
    ctx.result("");
    if (pos.legal.length === 0 && pos.visited > 1) {
      ctx.status(pos.visited === cells ? "Every square visited, but the last is not a knight's move from the first: not closed. Undo, or Restart." : "Stuck: no legal square left. Undo, or Restart.", "error");
    } else ctx.status("");
  }

  async refresh() {
    this.pos = await this.position(pathOf(this.play.current));
    this.draw();
    this.ctx.changed();
  }

  // A square chosen by a tap, a click or Enter: the next move when the
  // library takes it; on an empty board, a new first square.
  choose(cell) {
    if (this.watching) return;
    this.later(async () => {
      const p = [cell.row, cell.col];
      const path = pathOf(this.play.current);
      if (path.length === 0 && !this.pos.legal.some((q) => this.idx(q) === this.idx(p))) {
        if (this.idx(p) === this.idx(this.start)) return;
        this.start = p; this.play = new Play();
        return this.refresh();
      }
      let next;
      try { next = await this.position([...path, p]); } catch { this.ctx.announce("Not a legal move."); return; }
      this.play.do(p);
      this.pos = next;
      this.draw();
      this.ctx.changed();
    });
  }

  // ---- the search, watched ----
  async watch() {
    if (this.watching) { this.stopWatching(); return; }
    this.watchButton.textContent = "Stop";
    const token = (this.watching = {});
    this.board.cells.forEach((d) => { d.textContent = ""; d.classList.remove("legal", "head", "suggest", "tried"); });
    this.ctx.result("");
    const search = { skip: 0, queued: [], result: null, shown: 0, head: null };
    try {
      await this.fetchSteps(search);
      while (this.watching === token) {
        await new Promise((ok) => setTimeout(ok, 50));
        for (let k = 0; k < Math.max(1, Math.round(this.speed / 20)) && search.queued.length && this.watching === token; k++) this.drawStep(search);
        this.nodes.textContent = `Steps: ${search.shown}`;
        if (!search.queued.length) {
          if (search.result) break;
          await this.fetchSteps(search);
        }
      }
      if (this.watching === token) this.ctx.status(search.result === "tour" ? `The search found a tour after ${counted(search.shown, "step")}.` : `No tour from this square (${counted(search.shown, "step")}).`);
    } catch (e) { if (this.watching === token) this.ctx.failed(e); }
    if (this.watching === token) { this.watching = null; this.watchButton.textContent = "Watch the search"; }
  }

  // The next steps of the search, from the library's `steps` mode.
  async fetchSteps(search) {
    const { dims, start, closed, order } = this;
    const request = { mode: "steps", dims, start: start.join(","), closed, order, skip: search.skip, limit: Math.max(2000, this.speed * 5) };
    const r = await this.ctx.ask({ puzzle: "knight", request }, "Searching");
    const steps = r.items || [];
    search.skip += steps.length;
    search.queued.push(...steps);
    search.result = r.answer.result || null;
  }

  // One step of the search drawn: a square numbered or cleared.
  drawStep(search) {
    const s = search.queued.shift();
    const placed = s.action === "place";
    const d = this.board.cells[s.square[0] * this.dims.cols + s.square[1]];
    d.textContent = placed ? s.number : "";
    if (search.head) search.head.classList.remove("head");
    search.head = placed ? d : null;
    if (search.head) search.head.classList.add("head");
    d.classList.toggle("tried", !placed);
    search.shown++;
  }

  stopWatching() {
    if (!this.watching) return;
    this.watching = null;
    this.watchButton.textContent = "Watch the search";
    this.draw();
  }

  toggleSuggest() {
    this.suggest = !this.suggest;
    this.suggestButton.setAttribute("aria-pressed", this.suggest);
    this.draw();
  }

  // The number of tours from the first square, by the library (refused up
  // front when it would not fit in the page).
  async count() {
    const { dims, start, closed, ctx } = this;
    this.countOut.textContent = "";
    try {
      const r = await ctx.ask({ puzzle: "knight", request: { mode: "count", dims, start: start.join(","), closed } }, "Counting");
      const n = r.answer.count ?? r.answer.cycles;
      this.countOut.textContent = `${n} ${closed ? "closed" : "open"} ${n === "1" ? "tour" : "tours"} from this square (directed), by ${r.answer.method}, ${r.ms.toFixed(0)} ms.`;
    } catch (e) { ctx.failed(e); }
  }

  options() {
    const { ctx } = this;
    this.nodes = el("span", { id: "kn-nodes" });
    this.watchButton = el("button", { onclick: () => this.watch(), id: "kn-watch" }, "Watch the search");
    this.suggestButton = el("button", { "aria-pressed": false, id: "kn-suggest", onclick: () => this.toggleSuggest() }, "Warnsdorff's suggestion");
    this.countOut = el("p", { id: "kn-count" });
    this.counter = el("p");
    const size = (e) => {
      const d = parseSize(e.target.value, 1, MAX_SIDE);
      if (!d) { ctx.status(`A size is 1 to ${MAX_SIDE} a side, as 5 or 5x6.`, "error"); return; }
      this.dims = d; this.start = [0, 0]; this.reset();
    };
    ctx.options.append(
      el("label", {}, "Size ", el("input", { value: `${this.dims.rows}x${this.dims.cols}`, size: 7, id: "kn-size", onchange: size })),
      checkbox("Closed tour (back to the start)", this.closed, (v) => { this.closed = v; this.later(() => this.refresh()); }, "kn-closed"),
      el("p", {}, this.suggestButton),
      el("fieldset", {}, el("legend", {}, "The search"),
        select("Order", [["warnsdorff", "Warnsdorff"], ["plain", "plain (the lab's)"]], this.order, (v) => { this.order = v; ctx.changed(); }, "kn-order"),
        select("Speed", SPEEDS, String(this.speed), (v) => { this.speed = +v; }),
        el("p", {}, this.watchButton, " ", this.nodes)),
      el("p", {}, el("button", { id: "kn-count-button", onclick: () => this.count() }, "Count the tours")),
      this.countOut,
    );
    ctx.info.append(this.counter, el("p", { class: "muted" }, "Tap a lit square to move there (or the arrow keys and Enter). On an empty board, a tap picks the first square."));
  }

  // A new board on screen; `keep` keeps the moves (a saved or shared game).
  reset(keep = false) {
    const { ctx, dims } = this;
    this.stopWatching();
    if (!keep) this.play = new Play();
    this.board = gridBoard("knight", dims.rows, dims.cols, ctx.board, `Knight's tour board, ${dims.rows} by ${dims.cols}`);
    this.board.cells.forEach((d) => { if ((+d.dataset.r + +d.dataset.c) % 2) d.classList.add("dark"); });
    this.board.root.addEventListener("click", (e) => {
      const c = cellOf(e);
      if (c) { this.board.focus(c.row * dims.cols + c.col); this.choose(c); }
    });
    ctx.board.replaceChildren(this.board.frame, el("p", { class: "banner" }, "A tour!"));
    this.board.focus(this.idx(this.start));
    this.later(() => this.refresh());
  }

  params() { return { size: `${this.dims.rows}x${this.dims.cols}`, start: this.start.join(","), closed: this.closed ? 1 : 0, order: this.order }; }
  share() { return { path: pathOf(this.play.current).map((p) => p.join(".")).join(";") }; }
  save() { return this.play.save(); }
  new() { this.reset(); }
  restart() { this.stopWatching(); this.later(() => { this.play.do("restart"); return this.refresh(); }); }
  undo() { this.stopWatching(); this.later(() => this.play.undo() && this.refresh()); }
  redo() { this.stopWatching(); this.later(() => this.play.redo() && this.refresh()); }

  // One tour from the first square, found by the library and verified
  // there: one undoable move, never a win.
  async solve() {
    const { dims, start, closed, order, ctx } = this;
    this.stopWatching();
    try {
      const a = (await ctx.ask({ puzzle: "knight", request: { mode: "find", dims, start: start.join(","), closed, order } }, "Searching")).answer;
      if (!a.tour) { ctx.status(a.reason || a.result, "error"); return; }
      this.later(() => { this.play.do({ restart: true, path: a.tour.slice(1), by: "solver" }); return this.refresh(); });
    } catch (e) { ctx.failed(e); }
  }

  key(e) {
    const { board, dims } = this;
    const to = step(board.focused, e.key, dims.rows, dims.cols);
    if (to != null) { board.focus(to); board.root.focus(); return true; }
    if (e.key === "Enter" || e.key === " ") { this.choose({ row: Math.floor(board.focused / dims.cols), col: board.focused % dims.cols }); return true; }
    if (e.key === "s") { this.toggleSuggest(); return true; }
    return false;
  }
}
