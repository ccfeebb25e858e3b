// Revertigo: walk the pawn from the bottom-left corner; every landing flips
// the cell and its four neighbours; blacken the whole board. Arrow keys, a
// tap on a neighbouring cell or a swipe move the pawn. Every landing is the
// library's: each move is the walk so far, replayed by its `check`.
import { el, freshSeed, rng, Play, parseSize, gridBoard, cellOf, queue } from "../util.js";

const KEYS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };
const MAX_SIDE = 20;

export function create(ctx, params, saved) {
  let dims = null;
  let seed = +params.get("seed") || freshSeed();
  if (params.get("size")) {
    dims = parseSize(params.get("size"), 1, MAX_SIDE);
    if (!dims) ctx.notice(`Size "${params.get("size")}" is not 1 to ${MAX_SIDE} a side: a random size opened instead.`);
  }
  let fixed = !!dims;
  // Random sides from 2 to 20, as the original game draws them.
  const randomDims = () => { const r = rng(seed); return { rows: 2 + Math.floor(r() * 19), cols: 2 + Math.floor(r() * 19) }; };
  if (!dims) dims = randomDims();
  let play = new Play(saved);
  let board, pos = null, shown = null, answer = null, anim = null;
  const later = queue((e) => ctx.failed(e));
  // The walk of the position: the letters since the last restart.
  const walkOf = (moves) => moves.map((m) => (typeof m === "string" ? m : m.walk)).join("");
  // The library's replay of `walk`: the board, the pawn, black or not.
  const check = (walk) => ctx.rule({ puzzle: "revertigo", request: { dims, mode: "check", walk } }).then((r) => r.answer);

  function draw() {
    if (!pos) return;
    const black = pos.board.join("");
    const pawn = pos.end[0] * dims.cols + pos.end[1];
    board.cells.forEach((d, i) => {
      const b = black[i] === "#";
      d.classList.toggle("black", b);
      d.classList.toggle("map", !!(shown && shown[i]));
      d.classList.toggle("pawn", i === pawn);
      board.label(i, (b ? "black" : "white") + (i === pawn ? ", the pawn" : ""));
    });
    board.focus(pawn);
    counter.textContent = `Moves: ${pos.moves}`;
    board.root.dataset.white = pos.white.length;
    const helped = play.helped;
    if (pos.black && helped) { ctx.status(`Solved by the solver: black in ${pos.moves} moves.`, "solved"); ctx.result("solved"); }
    else if (pos.black) { ctx.status(`Won: black in ${pos.moves} moves.`, "won"); ctx.result("won"); }
    else { ctx.status(`${pos.white.length} white ${pos.white.length === 1 ? "cell" : "cells"} left.`); ctx.result(""); }
  }
  // The position of the moves as they stand, from the library.
  async function refresh() {
    pos = await check(walkOf(play.current));
    draw();
    ctx.changed();
  }
  // The landings of `walk` drawn one by one, until another move comes.
  async function animate(walk) {
    const token = (anim = {});
    const tick = Math.max(15, Math.min(250, 6000 / Math.max(1, walk.length)));
    for (let k = 0; k <= walk.length; k++) {
      const p = await check(walk.slice(0, k));
      if (anim !== token) return;
      pos = p;
      draw();
      await new Promise((ok) => setTimeout(ok, tick));
    }
  }
  // One move of the pawn, when the library takes it (not off the board).
  function move(letter) {
    anim = null;
    later(async () => {
      const walk = walkOf(play.current) + letter;
      let next;
      try { next = await check(walk); } catch { ctx.announce("The pawn cannot leave the board."); return; }
      play.do(letter);
      pos = next;
      draw();
      ctx.changed();
    });
  }

  const counter = el("p");
  const walkText = el("p", { id: "rv-walk", class: "text" });
  const mapButton = el("button", { "aria-pressed": false, id: "rv-map", onclick: async () => {
    if (shown) { shown = null; mapButton.setAttribute("aria-pressed", false); draw(); return; }
    const a = await solved();
    if (!a) return;
    shown = a.map.join("").split("").map((ch) => ch === "#");
    mapButton.setAttribute("aria-pressed", true);
    draw();
  } }, "Activation map");
  ctx.options.append(
    el("label", {}, "Size ", el("input", { value: fixed ? `${dims.rows}x${dims.cols}` : "", placeholder: "random", size: 7, id: "rv-size", onchange: (e) => {
      if (!e.target.value) { fixed = false; seed = freshSeed(); dims = randomDims(); reset(); return; }
      const d = parseSize(e.target.value, 1, MAX_SIDE);
      if (!d) { ctx.status(`A size is 1 to ${MAX_SIDE} a side, as 4 or 3x5; empty for random.`, "error"); return; }
      dims = d; fixed = true; reset();
    } })),
    el("p", {}, mapButton),
    el("p", { class: "muted" }, "Arrow keys, a tap on a neighbouring cell, or a swipe."),
  );

  async function solved() {
    if (answer) return answer;
    try {
      const r = await ctx.ask({ puzzle: "revertigo", request: { dims, mode: "solve" } }, "Solving");
      answer = r.answer;
      ctx.info.replaceChildren(
        counter,
        el("p", {}, `${dims.rows}×${dims.cols}: ${answer.solutions} activation ${answer.solutions === "1" ? "map" : "maps"} (nullity ${answer.nullity}).`),
        el("p", {}, `The walk: ${answer.moves} moves${answer.lower_bound != null ? `, none shorter than ${answer.lower_bound}` : ""}.`),
        walkText,
      );
      walkText.textContent = answer.walk;
      return answer;
    } catch (e) { ctx.failed(e); return null; }
  }

  function reset(keep = false) {
    anim = null;
    answer = null; shown = null;
    if (!keep) play = new Play();
    mapButton.setAttribute("aria-pressed", false);
    ctx.info.replaceChildren(counter);
    board = gridBoard("revertigo", dims.rows, dims.cols, ctx.board, `Revertigo board, ${dims.rows} by ${dims.cols}`);
    ctx.board.replaceChildren(board.frame, el("p", { class: "banner" }, "Black!"));
    // A swipe on a board that fits moves the pawn; on a board wider than the
    // screen it scrolls the frame, and a tap on a neighbouring cell moves.
    board.root.classList.toggle("panning", board.frame.classList.contains("scrolls"));
    let swipe = null;
    board.root.addEventListener("pointerdown", (e) => { swipe = [e.clientX, e.clientY, cellOf(e)]; });
    board.root.addEventListener("pointercancel", () => { swipe = null; });
    board.root.addEventListener("pointerup", (e) => {
      if (!swipe || !pos) return;
      const [dx, dy] = [e.clientX - swipe[0], e.clientY - swipe[1]];
      const cell = swipe[2];
      swipe = null;
      if (Math.hypot(dx, dy) > 20) {
        if (!board.root.classList.contains("panning")) move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "E" : "W") : (dy > 0 ? "S" : "N"));
        return;
      }
      if (!cell) return;
      const [r, c] = pos.end;
      const letter = { N: [r - 1, c], E: [r, c + 1], S: [r + 1, c], W: [r, c - 1] };
      const hit = Object.keys(letter).find((l) => letter[l][0] === cell.row && letter[l][1] === cell.col);
      if (hit) move(hit);
    });
    later(refresh);
  }
  // A shared link's walk is played from the start.
  const linked = (params.get("walk") || "").toUpperCase();
  if (!saved && /^[NESW]+$/.test(linked)) play.do({ restart: true, walk: linked });
  else if (linked) ctx.notice(`The walk "${linked}" does not read: the board opened at its start.`);
  reset(true);

  return {
    params: () => (fixed ? { size: `${dims.rows}x${dims.cols}` } : { seed }),
    share: () => ({ walk: walkOf(play.current) }),
    save: () => play.save(),
    new() { if (!fixed) { seed = freshSeed(); dims = randomDims(); } reset(); },
    restart() { anim = null; later(() => { play.do("restart"); return refresh(); }); },
    undo() { anim = null; later(() => play.undo() && refresh()); },
    redo() { anim = null; later(() => play.redo() && refresh()); },
    // The solver's walk from the start, one undoable move, drawn landing by
    // landing (any other move ends the drawing).
    async solve() {
      const a = await solved();
      if (!a) return;
      anim = null;
      later(() => {
        play.do({ restart: true, walk: a.walk, by: "solver" });
        ctx.changed();
        animate(a.walk);
      });
    },
    key(e) {
      if (KEYS[e.key]) { move(KEYS[e.key]); return true; }
      return false;
    },
  };
}
