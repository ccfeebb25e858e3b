// The knight's tour: visit every square once by knight's moves. Play it
// (legal squares lit, Warnsdorff's suggestion on demand), watch the lab's
// backtracking search drawn step by step, or count the tours of a small board.
import { el, History, parseSize, gridBoard, cellOf, select, checkbox } from "../util.js";

const MOVES = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];
const MAX_SIDE = 30;
const SPEEDS = [["2", "slow"], ["20", "medium"], ["200", "fast"], ["2000", "faster"], ["20000", "fastest"]];

export function create(ctx, params) {
  let dims = parseSize(params.get("size") || "5x5", 1, MAX_SIDE);
  if (!dims) { ctx.notice(`Size "${params.get("size")}" is not 1 to ${MAX_SIDE} a side: 5×5 opened instead.`); dims = { rows: 5, cols: 5 }; }
  const read = /^(\d+),(\d+)$/.exec(params.get("start") || "0,0");
  let start = read ? [+read[1], +read[2]] : [0, 0];
  if (start[0] >= dims.rows || start[1] >= dims.cols) start = [0, 0];
  let closed = params.get("closed") === "1";
  let order = params.get("order") === "plain" ? "plain" : "warnsdorff";
  let speed = 20;
  let hist, board, watching = null, suggest = false;
  const idx = ([r, c]) => r * dims.cols + c;
  const inside = (r, c) => r >= 0 && c >= 0 && r < dims.rows && c < dims.cols;
  const isMove = (a, b) => { const dr = Math.abs(a[0] - b[0]), dc = Math.abs(a[1] - b[1]); return (dr === 1 && dc === 2) || (dr === 2 && dc === 1); };

  function onward(path, [r, c]) {
    const seen = new Set(path.map(idx));
    return MOVES.map(([dr, dc]) => [r + dr, c + dc]).filter(([rr, cc]) => inside(rr, cc) && !seen.has(idx([rr, cc])));
  }
  // Warnsdorff's rule (1823): the legal square with the fewest onward moves.
  function warnsdorff(path) {
    const legal = onward(path, path[path.length - 1]);
    let best = null, fewest = 9;
    for (const q of legal) {
      const n = onward([...path, q], q).length;
      if (n < fewest) { fewest = n; best = q; }
    }
    return best;
  }
  function done(path) {
    return path.length === dims.rows * dims.cols && (!closed || isMove(path[path.length - 1], path[0]));
  }

  function draw() {
    const path = hist.state;
    const numbers = new Map(path.map((p, i) => [idx(p), i + 1]));
    const legal = new Set(onward(path, path[path.length - 1]).map(idx));
    const hint = suggest && path.length < dims.rows * dims.cols ? warnsdorff(path) : null;
    board.cells.forEach((d, i) => {
      d.textContent = numbers.get(i) || "";
      d.classList.toggle("legal", legal.has(i));
      d.classList.toggle("head", i === idx(path[path.length - 1]));
      d.classList.toggle("suggest", !!hint && i === idx(hint));
      d.classList.remove("tried");
    });
    counter.textContent = `${path.length} of ${dims.rows * dims.cols} squares`;
    if (done(path)) ctx.status(`A ${closed ? "closed" : "open"} tour!`, "won");
    else if (path.length > 1 && legal.size === 0) ctx.status("Stuck: no legal square left. Undo, or Restart.", "error");
    else ctx.status("");
  }

  function click(cell) {
    if (watching) return;
    const path = hist.state;
    const p = [cell.row, cell.col];
    if (path.length === 1 && !isMove(path[0], p)) { // a new first square
      start = p; hist = new History([start]); draw(); ctx.changed(); return;
    }
    if (!onward(path, path[path.length - 1]).some((q) => idx(q) === idx(p))) return;
    hist.push([...path, p]);
    draw();
  }

  // ---- the search, watched ----
  const nodes = el("span", { id: "kn-nodes" });
  async function watch() {
    if (watching) { stopWatching(); return; }
    hist = new History([start]);
    draw();
    watchButton.textContent = "Stop";
    let skip = 0, queue = [], result = null, token = {};
    watching = token;
    const fetchMore = async () => {
      const request = { mode: "steps", dims, start: start.join(","), closed, order, skip, limit: Math.max(2000, speed * 5) };
      const r = await ctx.ask({ puzzle: "knight", request }, "Searching");
      const steps = r.items || [];
      skip += steps.length;
      queue.push(...steps);
      result = r.answer.result || null;
    };
    try {
      await fetchMore();
      let shown = 0, head = null;
      while (watching === token) {
        await new Promise((ok) => setTimeout(ok, 50));
        const n = Math.max(1, Math.round(speed / 20));
        for (let k = 0; k < n && queue.length; k++) {
          const step = queue.shift();
          const kind = step.action === "place";
          const [r, c] = step.square;
          const num = step.number;
          const d = board.cells[r * dims.cols + c];
          d.textContent = kind ? num : "";
          if (head) head.classList.remove("head");
          head = kind ? d : null;
          if (head) head.classList.add("head");
          d.classList.toggle("tried", !kind);
          shown++;
        }
        nodes.textContent = `Steps: ${shown}`;
        if (!queue.length) {
          if (result) break;
          await fetchMore();
        }
      }
      if (watching === token) {
        ctx.status(result === "tour" ? `The search found a tour after ${shown} steps.` : `No tour from this square (${shown} steps).`, result === "tour" ? "won" : "");
      }
    } catch (e) { ctx.failed(e); }
    if (watching === token) { watching = null; watchButton.textContent = "Watch the search"; }
  }
  function stopWatching() { watching = null; watchButton.textContent = "Watch the search"; if (hist) draw(); }
  const watchButton = el("button", { onclick: watch, id: "kn-watch" }, "Watch the search");

  const countOut = el("p", { id: "kn-count" });
  ctx.options.append(
    el("label", {}, "Size ", el("input", { value: `${dims.rows}x${dims.cols}`, size: 7, onchange: (e) => {
      const d = parseSize(e.target.value, 1, MAX_SIDE);
      if (!d) { ctx.status(`A size is 1 to ${MAX_SIDE} a side, as 5 or 5x6.`, "error"); return; }
      dims = d; start = [0, 0]; reset();
    } })),
    checkbox("Closed tour (back to the start)", closed, (v) => { closed = v; draw(); ctx.changed(); }),
    el("p", {}, el("button", { "aria-pressed": false, onclick: (e) => { suggest = !suggest; e.target.setAttribute("aria-pressed", suggest); draw(); } }, "Warnsdorff's suggestion")),
    el("fieldset", {}, el("legend", {}, "The search"),
      select("Order", [["warnsdorff", "Warnsdorff"], ["plain", "plain (the lab's)"]], order, (v) => { order = v; ctx.changed(); }),
      select("Speed", SPEEDS, String(speed), (v) => { speed = +v; }),
      el("p", {}, watchButton, " ", nodes)),
    el("p", {}, el("button", { onclick: async () => {
      countOut.textContent = "";
      try {
        const r = await ctx.ask({ puzzle: "knight", request: { mode: "count", dims, start: start.join(","), closed } }, "Counting");
        const a = r.answer;
        countOut.textContent = `${a.count ?? a.cycles} ${closed ? "closed" : "open"} tours from this square (directed), by ${a.method}, ${r.ms.toFixed(0)} ms.`;
      } catch (e) { ctx.failed(e); }
    } }, "Count the tours")),
    countOut,
  );
  const counter = el("p");
  ctx.info.append(counter, el("p", { class: "muted" }, "Click a lit square to move there. On an empty board, a click picks the first square."));

  function reset() {
    stopWatching();
    board = gridBoard("knight", dims.rows, dims.cols);
    board.cells.forEach((d) => { if ((+d.dataset.r + +d.dataset.c) % 2) d.classList.add("dark"); });
    board.root.addEventListener("pointerdown", (e) => { const c = cellOf(e); if (c) click(c); });
    ctx.board.replaceChildren(board.root);
    hist = new History([start]);
    draw();
    ctx.changed();
  }
  reset();

  return {
    params: () => ({ size: `${dims.rows}x${dims.cols}`, start: start.join(","), closed: closed ? 1 : 0, order }),
    new() { reset(); },
    restart() { stopWatching(); hist = new History([start]); draw(); },
    undo() { if (hist.past.length) { hist.undo(); draw(); } },
    redo() { hist.redo(); draw(); },
    // One tour from the first square, found by the library and verified there.
    async solve() {
      stopWatching();
      try {
        const r = await ctx.ask({ puzzle: "knight", request: { mode: "find", dims, start: start.join(","), closed, order } }, "Searching");
        const a = r.answer;
        if (!a.tour) { ctx.status(a.reason || a.result, "error"); return; }
        hist.push(a.tour);
        draw();
      } catch (e) { ctx.failed(e); }
    },
    key(e) {
      if (e.key === "s") { suggest = !suggest; draw(); return true; }
      return false;
    },
  };
}
