// Revertigo: walk the pawn from the bottom-left corner; every landing flips
// the cell and its four neighbours; blacken the whole board. Arrow keys,
// a click on a neighbouring cell or a swipe move the pawn.
import { el, freshSeed, rng, History, parseSize, gridBoard, cellOf } from "../util.js";

const STEP = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const KEYS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };

export function create(ctx, params) {
  let dims = null;
  let seed = +params.get("seed") || freshSeed();
  if (params.get("size")) {
    dims = parseSize(params.get("size"), 1, 20);
    if (!dims) ctx.notice(`Size "${params.get("size")}" is not 1 to 20 a side: a random size opened instead.`);
  }
  let fixed = !!dims;
  // Random sides from 2 to 20, as the original game draws them.
  const randomDims = () => { const r = rng(seed); return { rows: 2 + Math.floor(r() * 19), cols: 2 + Math.floor(r() * 19) }; };
  if (!dims) dims = randomDims();
  let hist, board, shown = null, playing = null;

  function startState() {
    const s = { pawn: [dims.rows - 1, 0], black: new Uint8Array(dims.rows * dims.cols), map: new Uint8Array(dims.rows * dims.cols), walk: "" };
    land(s, s.pawn);
    return s;
  }
  function land(s, [r, c]) {
    s.map[r * dims.cols + c] ^= 1;
    for (const [dr, dc] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const rr = r + dr, cc = c + dc;
      if (rr >= 0 && cc >= 0 && rr < dims.rows && cc < dims.cols) s.black[rr * dims.cols + cc] ^= 1;
    }
  }
  function move(letter) {
    const s = hist.state;
    const [r, c] = [s.pawn[0] + STEP[letter][0], s.pawn[1] + STEP[letter][1]];
    if (r < 0 || c < 0 || r >= dims.rows || c >= dims.cols) return false;
    const next = { pawn: [r, c], black: s.black.slice(), map: s.map.slice(), walk: s.walk + letter };
    land(next, [r, c]);
    hist.push(next);
    draw();
    return true;
  }
  function draw() {
    const s = hist.state;
    board.cells.forEach((d, i) => {
      d.classList.toggle("black", !!s.black[i]);
      d.classList.toggle("map", !!(shown && shown[i]));
      d.classList.toggle("pawn", i === s.pawn[0] * dims.cols + s.pawn[1]);
    });
    counter.textContent = `Moves: ${s.walk.length}`;
    const white = s.black.reduce((n, b) => n + !b, 0);
    board.root.dataset.white = white;
    if (white === 0) ctx.status(`Black in ${s.walk.length} moves.`, "won");
    else ctx.status(`${white} white cells left.`);
  }

  const counter = el("p");
  const walkText = el("p", { id: "rv-walk", class: "text" });
  const mapButton = el("button", { "aria-pressed": false, onclick: async () => {
    if (shown) { shown = null; mapButton.setAttribute("aria-pressed", false); draw(); return; }
    const a = await solved();
    if (!a) return;
    shown = new Uint8Array(dims.rows * dims.cols);
    a.map.forEach((row, i) => [...row].forEach((ch, j) => { shown[i * dims.cols + j] = ch === "#"; }));
    mapButton.setAttribute("aria-pressed", true);
    draw();
  } }, "Activation map");
  ctx.options.append(
    el("label", {}, "Size ", el("input", { value: fixed ? `${dims.rows}x${dims.cols}` : "", placeholder: "random", size: 7, onchange: (e) => {
      if (!e.target.value) { fixed = false; seed = freshSeed(); dims = randomDims(); reset(); return; }
      const d = parseSize(e.target.value, 1, 20);
      if (!d) { ctx.status("A size is 1 to 20 a side, as 4 or 3x5; empty for random.", "error"); return; }
      dims = d; fixed = true; reset();
    } })),
    el("p", {}, mapButton),
    counter,
    el("p", { class: "muted" }, "Arrow keys, a click on a neighbouring cell, or a swipe."),
  );

  let answer = null;
  async function solved() {
    if (answer) return answer;
    try {
      const r = await ctx.ask({ puzzle: "revertigo", request: { dims, mode: "solve" } }, "Solving");
      answer = r.answer;
      ctx.info.replaceChildren(
        el("p", {}, `${dims.rows}×${dims.cols}: ${answer.solutions} activation maps (nullity ${answer.nullity}).`),
        el("p", {}, `The walk: ${answer.moves} moves${answer.lower_bound != null ? `, none shorter than ${answer.lower_bound}` : ""}.`),
        walkText,
      );
      walkText.textContent = answer.walk;
      return answer;
    } catch (e) { ctx.failed(e); return null; }
  }

  function reset() {
    if (playing) clearInterval(playing);
    answer = null; shown = null;
    mapButton.setAttribute("aria-pressed", false);
    ctx.info.replaceChildren();
    board = gridBoard("revertigo", dims.rows, dims.cols);
    ctx.board.replaceChildren(board.root);
    hist = new History(startState());
    let swipe = null;
    board.root.addEventListener("pointerdown", (e) => { swipe = [e.clientX, e.clientY, cellOf(e)]; });
    board.root.addEventListener("pointerup", (e) => {
      if (!swipe) return;
      const [dx, dy] = [e.clientX - swipe[0], e.clientY - swipe[1]];
      const cell = swipe[2];
      swipe = null;
      if (Math.hypot(dx, dy) > 20) { move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "E" : "W") : (dy > 0 ? "S" : "N")); return; }
      if (!cell) return;
      const [r, c] = hist.state.pawn;
      const letter = Object.keys(STEP).find((l) => r + STEP[l][0] === cell.row && c + STEP[l][1] === cell.col);
      if (letter) move(letter);
    });
    draw();
    ctx.changed();
  }
  reset();

  return {
    params: () => (fixed ? { size: `${dims.rows}x${dims.cols}` } : { seed }),
    new() { if (!fixed) { seed = freshSeed(); dims = randomDims(); } reset(); },
    restart() { if (playing) clearInterval(playing); hist = new History(startState()); draw(); },
    undo() { hist.undo(); draw(); },
    redo() { hist.redo(); draw(); },
    // The solver's walk, replayed as an animation from the start.
    async solve() {
      const a = await solved();
      if (!a) return;
      this.restart();
      const letters = [...a.walk];
      const tick = Math.max(15, Math.min(250, 6000 / letters.length));
      playing = setInterval(() => {
        if (!letters.length) { clearInterval(playing); playing = null; return; }
        move(letters.shift());
      }, tick);
    },
    key(e) {
      if (KEYS[e.key]) { move(KEYS[e.key]); return true; }
      if (e.key === "n") { this.new(); return true; }
      return false;
    },
  };
}
