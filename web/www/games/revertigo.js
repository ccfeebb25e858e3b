// Revertigo: walk the pawn from the bottom-left corner; every landing flips
// the cell and its four neighbours; blacken the whole board. Arrow keys, a
// tap on a neighbouring cell or a swipe move the pawn. Every landing is the
// library's: each move is the walk so far, replayed by its `check`.
import { el, counted, freshSeed, seedOf, rng, Play, parseSize, gridBoard, cellOf, queue } from "../util.js";

const KEYS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };
const MAX_SIDE = 20;

// The game of `params` (a saved game `saved` goes on from its moves).
export function create(ctx, params, saved) {
  return new Revertigo(ctx, params, saved);
}

// The walk of a position: the letters of its moves (the solver's walk is one move).
const walkOf = (moves) => moves.map((m) => (typeof m === "string" ? m : m.walk)).join("");

class Revertigo {
  constructor(ctx, params, saved) {
    this.ctx = ctx;
    this.seed = seedOf(params, (t) => ctx.notice(t));
    this.dims = null;
    if (params.get("size")) {
      this.dims = parseSize(params.get("size"), 1, MAX_SIDE);
      if (!this.dims) ctx.notice(`Size "${params.get("size")}" is not 1 to ${MAX_SIDE} a side: a random size opened instead.`);
    }
    this.fixed = !!this.dims;
    if (!this.dims) this.dims = this.randomDims();
    this.play = new Play(saved);
    this.pos = null; // the library's replay of the walk: board, pawn, black or not
    this.shown = null; // the activation map on show
    this.answer = null; // the solver's answer, once asked
    this.anim = null; // the solver's walk being drawn
    this.later = queue((e) => ctx.failed(e));
    this.options();
    // A shared link's walk is played from the start.
    const linked = (params.get("walk") || "").toUpperCase();
    if (!saved && /^[NESW]+$/.test(linked)) this.play.do({ restart: true, walk: linked });
    else if (linked) ctx.notice(`The walk "${linked}" does not read: the board opened at its start.`);
    this.reset(true);
  }

  // Random sides from 2 to 20, as the original game draws them.
  randomDims() {
    const r = rng(this.seed);
    return { rows: 2 + Math.floor(r() * 19), cols: 2 + Math.floor(r() * 19) };
  }

  // The library's replay of `walk`: the board, the pawn, black or not.
  check(walk) {
    return this.ctx.rule({ puzzle: "revertigo", request: { dims: this.dims, mode: "check", walk } }).then((r) => r.answer);
  }

  draw() {
    const { pos, board, dims, ctx } = this;
    if (!pos) return;
    const black = pos.board.join("");
    const pawn = pos.end[0] * dims.cols + pos.end[1];
    board.cells.forEach((d, i) => {
      const b = black[i] === "#";
      d.classList.toggle("black", b);
      d.classList.toggle("map", !!(this.shown && this.shown[i]));
      d.classList.toggle("pawn", i === pawn);
      board.label(i, (b ? "black" : "white") + (i === pawn ? ", the pawn" : ""));
    });
    board.focus(pawn);
    this.counter.textContent = `Moves: ${pos.moves}`;
    board.root.dataset.white = pos.white.length;
    if (pos.black && this.play.helped) { ctx.status(`Solved by the solver: black in ${counted(pos.moves, "move")}.`, "solved"); ctx.result("solved"); }
    else if (pos.black) { ctx.status(`Won: black in ${counted(pos.moves, "move")}.`, "won"); ctx.result("won"); }
    else { ctx.status(`${pos.white.length} white ${pos.white.length === 1 ? "cell" : "cells"} left.`); ctx.result(""); }
  }

  // The position of the moves as they stand, from the library.
  async refresh() {
    this.pos = await this.check(walkOf(this.play.current));
    this.draw();
    this.ctx.changed();
  }

  // The landings of `walk` drawn one by one, until another move comes.
  async animate(walk) {
    const token = (this.anim = {});
    const tick = Math.max(15, Math.min(250, 6000 / Math.max(1, walk.length)));
    for (let k = 0; k <= walk.length; k++) {
      const p = await this.check(walk.slice(0, k));
      if (this.anim !== token) return;
      this.pos = p;
      this.draw();
      await new Promise((ok) => setTimeout(ok, tick));
    }
  }

  // One move of the pawn, when the library takes it (not off the board).
  move(letter) {
    this.anim = null;
    this.later(async () => {
      let next;
      try { next = await this.check(walkOf(this.play.current) + letter); } catch { this.ctx.announce("The pawn cannot leave the board."); return; }
      this.play.do(letter);
      this.pos = next;
      this.draw();
      this.ctx.changed();
    });
  }

  // The solver's answer for the board: the walk, the maps, shown beside it.
  async solved() {
    if (this.answer) return this.answer;
    const { ctx, dims } = this;
    try {
      const a = (this.answer = (await ctx.ask({ puzzle: "revertigo", request: { dims, mode: "solve" } }, "Solving")).answer);
      ctx.info.replaceChildren(
        this.counter,
        el("p", {}, `${dims.rows}×${dims.cols}: ${a.solutions} activation ${a.solutions === "1" ? "map" : "maps"} (nullity ${a.nullity}).`),
        el("p", {}, `The walk: ${counted(a.moves, "move")}${a.lower_bound != null ? `, none shorter than ${a.lower_bound}` : ""}.`),
        el("p", { id: "rv-walk", class: "text" }, a.walk),
      );
      return a;
    } catch (e) { ctx.failed(e); return null; }
  }

  async toggleMap() {
    if (this.shown) { this.shown = null; this.mapButton.setAttribute("aria-pressed", false); this.draw(); return; }
    const a = await this.solved();
    if (!a) return;
    this.shown = a.map.join("").split("").map((ch) => ch === "#");
    this.mapButton.setAttribute("aria-pressed", true);
    this.draw();
  }

  options() {
    const { ctx } = this;
    this.counter = el("p");
    this.mapButton = el("button", { "aria-pressed": false, id: "rv-map", onclick: () => this.toggleMap() }, "Activation map");
    const size = (e) => {
      if (!e.target.value) { this.fixed = false; this.seed = freshSeed(); this.dims = this.randomDims(); this.reset(); return; }
      const d = parseSize(e.target.value, 1, MAX_SIDE);
      if (!d) { ctx.status(`A size is 1 to ${MAX_SIDE} a side, as 4 or 3x5; empty for random.`, "error"); return; }
      this.dims = d; this.fixed = true; this.reset();
    };
    ctx.options.append(
      el("label", {}, "Size ", el("input", { value: this.fixed ? `${this.dims.rows}x${this.dims.cols}` : "", placeholder: "random", size: 7, id: "rv-size", onchange: size })),
      el("p", {}, this.mapButton),
      el("p", { class: "muted" }, "Arrow keys, a tap on a neighbouring cell, or a swipe."),
    );
  }

  // A new board on screen; `keep` keeps the moves (a saved or shared game).
  reset(keep = false) {
    const { ctx, dims } = this;
    this.anim = null; this.answer = null; this.shown = null;
    if (!keep) this.play = new Play();
    this.mapButton.setAttribute("aria-pressed", false);
    ctx.info.replaceChildren(this.counter);
    this.board = gridBoard("revertigo", dims.rows, dims.cols, ctx.board, `Revertigo board, ${dims.rows} by ${dims.cols}`);
    ctx.board.replaceChildren(this.board.frame, el("p", { class: "banner" }, "Black!"));
    this.touch(this.board.root);
    this.later(() => this.refresh());
  }

  // A swipe on a board that fits moves the pawn; on a board wider than the
  // screen it scrolls the frame, and a tap on a neighbouring cell moves.
  touch(root) {
    root.classList.toggle("panning", this.board.frame.classList.contains("scrolls"));
    let swipe = null;
    root.addEventListener("pointerdown", (e) => { swipe = [e.clientX, e.clientY, cellOf(e)]; });
    root.addEventListener("pointercancel", () => { swipe = null; });
    root.addEventListener("pointerup", (e) => {
      if (!swipe || !this.pos) return;
      const [dx, dy, cell] = [e.clientX - swipe[0], e.clientY - swipe[1], swipe[2]];
      swipe = null;
      if (Math.hypot(dx, dy) > 20) {
        if (!root.classList.contains("panning")) this.move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "E" : "W") : (dy > 0 ? "S" : "N"));
        return;
      }
      if (!cell) return;
      const [r, c] = this.pos.end;
      const to = { N: [r - 1, c], E: [r, c + 1], S: [r + 1, c], W: [r, c - 1] };
      const hit = Object.keys(to).find((l) => to[l][0] === cell.row && to[l][1] === cell.col);
      if (hit) this.move(hit);
    });
  }

  params() { return this.fixed ? { size: `${this.dims.rows}x${this.dims.cols}` } : { seed: this.seed }; }
  share() { return { walk: walkOf(this.play.current) }; }
  save() { return this.play.save(); }
  new() { if (!this.fixed) { this.seed = freshSeed(); this.dims = this.randomDims(); } this.reset(); }
  restart() { this.anim = null; this.later(() => { this.play.do("restart"); return this.refresh(); }); }
  undo() { this.anim = null; this.later(() => this.play.undo() && this.refresh()); }
  redo() { this.anim = null; this.later(() => this.play.redo() && this.refresh()); }

  // The solver's walk from the start, one undoable move, drawn landing by
  // landing (any other move ends the drawing).
  async solve() {
    const a = await this.solved();
    if (!a) return;
    this.anim = null;
    this.later(() => {
      this.play.do({ restart: true, walk: a.walk, by: "solver" });
      this.ctx.changed();
      this.animate(a.walk);
    });
  }

  key(e) {
    if (KEYS[e.key]) { this.move(KEYS[e.key]); return true; }
    return false;
  }
}
