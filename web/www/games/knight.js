// The knight's tour: visit every square once by knight's moves. Play it by
// taps, clicks or keys (the legal squares lit and Warnsdorff's suggestion
// are the library's, asked at each move), watch the lab's backtracking
// search drawn step by step, or count the tours of a small board.
import { el, Play, parseSize, gridBoard, cellOf, select, checkbox, step, queue } from "../util.js";

const MAX_SIDE = 30;
const SPEEDS = [["2", "slow"], ["20", "medium"], ["200", "fast"], ["2000", "faster"], ["20000", "fastest"]];

export function create(ctx, params, saved) {
  let dims = parseSize(params.get("size") || "5x5", 1, MAX_SIDE);
  if (!dims) { ctx.notice(`Size "${params.get("size")}" is not 1 to ${MAX_SIDE} a side: 5×5 opened instead.`); dims = { rows: 5, cols: 5 }; }
  const read = /^(\d+),(\d+)$/.exec(params.get("start") || "0,0");
  let start = read ? [+read[1], +read[2]] : [0, 0];
  if (!read || start[0] >= dims.rows || start[1] >= dims.cols) {
    if (params.get("start")) ctx.notice(`Square "${params.get("start")}" is not on the board: the top-left square opened instead.`);
    start = [0, 0];
  }
  let closed = params.get("closed") === "1";
  let order = params.get("order") === "plain" ? "plain" : "warnsdorff";
  let speed = 20;
  let play = new Play(saved);
  let board, pos = null, watching = null, suggest = false;
  const later = queue((e) => ctx.failed(e));
  const idx = ([r, c]) => r * dims.cols + c;
  // The path of the position: the squares after the start.
  const pathOf = (moves) => moves.flatMap((m) => (Array.isArray(m) ? [m] : m.path || []));
  // The library's position after `path`: legal squares, suggestion, tour.
  const position = (path) => ctx.rule({ puzzle: "knight", request: { mode: "moves", dims, start: start.join(","), closed, path } }).then((r) => r.answer);

  function draw() {
    if (!pos || watching) return;
    const path = [start, ...pathOf(play.current)];
    const numbers = new Map(path.map((p, i) => [idx(p), i + 1]));
    const legal = new Set(pos.legal.map(idx));
    const hint = suggest && pos.suggestion ? idx(pos.suggestion) : -1;
    const head = idx(path[path.length - 1]);
    board.cells.forEach((d, i) => {
      d.textContent = numbers.get(i) || "";
      d.classList.toggle("legal", legal.has(i));
      d.classList.toggle("head", i === head);
      d.classList.toggle("suggest", i === hint);
      d.classList.remove("tried");
      board.label(i, numbers.has(i) ? `visited ${numbers.get(i)}${i === head ? ", the knight" : ""}` : legal.has(i) ? "free, a legal move" + (i === hint ? ", Warnsdorff's suggestion" : "") : "free");
    });
    counter.textContent = `${pos.visited} of ${dims.rows * dims.cols} squares`;
    const kind = closed ? "closed tour" : "open tour";
    if (pos.tour && play.helped) { ctx.status(`Solved by the solver: a ${kind}.`, "solved"); ctx.result("solved"); }
    else if (pos.tour) { ctx.status(`Won: ${closed ? "a closed" : "an open"} tour!`, "won"); ctx.result("won"); }
    else if (pos.legal.length === 0 && pos.visited > 1) { ctx.status(pos.visited === dims.rows * dims.cols ? "Every square visited, but the last is not a knight's move from the first: not closed. Undo, or Restart." : "Stuck: no legal square left. Undo, or Restart.", "error"); ctx.result(""); }
    else { ctx.status(""); ctx.result(""); }
    if (hint >= 0) ctx.announce(`Warnsdorff's suggestion: row ${pos.suggestion[0] + 1}, column ${pos.suggestion[1] + 1}.`);
  }
  async function refresh() {
    pos = await position(pathOf(play.current));
    draw();
    ctx.changed();
  }

  // A square chosen by a tap, a click or Enter: the next move when the
  // library takes it; on an empty board, a new first square.
  function choose(cell) {
    if (watching) return;
    later(async () => {
      const p = [cell.row, cell.col];
      const path = pathOf(play.current);
      if (path.length === 0 && !pos.legal.some((q) => idx(q) === idx(p))) {
        if (idx(p) === idx(start)) return;
        start = p; play = new Play();
        return refresh();
      }
      let next;
      try { next = await position([...path, p]); } catch { ctx.announce("Not a legal move."); return; }
      play.do(p);
      pos = next;
      draw();
      ctx.changed();
    });
  }

  // ---- the search, watched ----
  const nodes = el("span", { id: "kn-nodes" });
  async function watch() {
    if (watching) { stopWatching(); return; }
    watchButton.textContent = "Stop";
    let skip = 0, queued = [], result = null;
    const token = (watching = {});
    board.cells.forEach((d) => { d.textContent = ""; d.classList.remove("legal", "head", "suggest", "tried"); });
    ctx.result("");
    const fetchMore = async () => {
      const request = { mode: "steps", dims, start: start.join(","), closed, order, skip, limit: Math.max(2000, speed * 5) };
      const r = await ctx.ask({ puzzle: "knight", request }, "Searching");
      const steps = r.items || [];
      skip += steps.length;
      queued.push(...steps);
      result = r.answer.result || null;
    };
    try {
      await fetchMore();
      let shown = 0, head = null;
      while (watching === token) {
        await new Promise((ok) => setTimeout(ok, 50));
        const n = Math.max(1, Math.round(speed / 20));
        for (let k = 0; k < n && queued.length && watching === token; k++) {
          const s = queued.shift();
          const placed = s.action === "place";
          const d = board.cells[s.square[0] * dims.cols + s.square[1]];
          d.textContent = placed ? s.number : "";
          if (head) head.classList.remove("head");
          head = placed ? d : null;
          if (head) head.classList.add("head");
          d.classList.toggle("tried", !placed);
          shown++;
        }
        nodes.textContent = `Steps: ${shown}`;
        if (!queued.length) {
          if (result) break;
          await fetchMore();
        }
      }
      if (watching === token) {
        ctx.status(result === "tour" ? `The search found a tour after ${shown} steps.` : `No tour from this square (${shown} steps).`);
      }
    } catch (e) { if (watching === token) ctx.failed(e); }
    if (watching === token) { watching = null; watchButton.textContent = "Watch the search"; }
  }
  function stopWatching() {
    if (!watching) return;
    watching = null;
    watchButton.textContent = "Watch the search";
    draw();
  }
  const watchButton = el("button", { onclick: watch, id: "kn-watch" }, "Watch the search");
  const suggestButton = el("button", { "aria-pressed": false, id: "kn-suggest", onclick: () => toggleSuggest() }, "Warnsdorff's suggestion");
  function toggleSuggest() {
    suggest = !suggest;
    suggestButton.setAttribute("aria-pressed", suggest);
    draw();
  }

  const countOut = el("p", { id: "kn-count" });
  ctx.options.append(
    el("label", {}, "Size ", el("input", { value: `${dims.rows}x${dims.cols}`, size: 7, id: "kn-size", onchange: (e) => {
      const d = parseSize(e.target.value, 1, MAX_SIDE);
      if (!d) { ctx.status(`A size is 1 to ${MAX_SIDE} a side, as 5 or 5x6.`, "error"); return; }
      dims = d; start = [0, 0]; reset();
    } })),
    checkbox("Closed tour (back to the start)", closed, (v) => { closed = v; later(refresh); }, "kn-closed"),
    el("p", {}, suggestButton),
    el("fieldset", {}, el("legend", {}, "The search"),
      select("Order", [["warnsdorff", "Warnsdorff"], ["plain", "plain (the lab's)"]], order, (v) => { order = v; ctx.changed(); }, "kn-order"),
      select("Speed", SPEEDS, String(speed), (v) => { speed = +v; }),
      el("p", {}, watchButton, " ", nodes)),
    el("p", {}, el("button", { id: "kn-count-button", onclick: async () => {
      countOut.textContent = "";
      try {
        const r = await ctx.ask({ puzzle: "knight", request: { mode: "count", dims, start: start.join(","), closed } }, "Counting");
        const a = r.answer;
        const n = a.count ?? a.cycles;
        countOut.textContent = `${n} ${closed ? "closed" : "open"} ${n === "1" ? "tour" : "tours"} from this square (directed), by ${a.method}, ${r.ms.toFixed(0)} ms.`;
      } catch (e) { ctx.failed(e); }
    } }, "Count the tours")),
    countOut,
  );
  const counter = el("p");
  ctx.info.append(counter, el("p", { class: "muted" }, "Tap a lit square to move there (or the arrow keys and Enter). On an empty board, a tap picks the first square."));

  function reset(keep = false) {
    stopWatching();
    if (!keep) play = new Play();
    board = gridBoard("knight", dims.rows, dims.cols, ctx.board, `Knight's tour board, ${dims.rows} by ${dims.cols}`);
    board.cells.forEach((d) => { if ((+d.dataset.r + +d.dataset.c) % 2) d.classList.add("dark"); });
    board.root.addEventListener("click", (e) => { const c = cellOf(e); if (c) { board.focus(c.row * dims.cols + c.col); choose(c); } });
    ctx.board.replaceChildren(board.frame, el("p", { class: "banner" }, "A tour!"));
    board.focus(idx(start));
    later(refresh);
  }
  // A shared link's path is played from its first square.
  const linked = params.get("path");
  if (!saved && linked) {
    const squares = linked.split(";").map((s) => s.split(".").map(Number));
    if (squares.every((s) => s.length === 2 && s.every(Number.isInteger))) play.do({ restart: true, path: squares });
  }
  reset(true);
  // A path that the library refuses (a link's or a saved one): the first square alone.
  later(async () => {
    if (!pos) { ctx.notice("The moves given are not a knight's path: the board opened at its first square."); play = new Play(); await refresh(); }
  });

  return {
    params: () => ({ size: `${dims.rows}x${dims.cols}`, start: start.join(","), closed: closed ? 1 : 0, order }),
    share: () => ({ path: pathOf(play.current).map((p) => p.join(".")).join(";") }),
    save: () => play.save(),
    new() { reset(); },
    restart() { stopWatching(); later(() => { play.do("restart"); return refresh(); }); },
    undo() { stopWatching(); later(() => play.undo() && refresh()); },
    redo() { stopWatching(); later(() => play.redo() && refresh()); },
    // One tour from the first square, found by the library and verified
    // there: one undoable move, never a win.
    async solve() {
      stopWatching();
      try {
        const r = await ctx.ask({ puzzle: "knight", request: { mode: "find", dims, start: start.join(","), closed, order } }, "Searching");
        const a = r.answer;
        if (!a.tour) { ctx.status(a.reason || a.result, "error"); return; }
        later(() => { play.do({ restart: true, path: a.tour.slice(1), by: "solver" }); return refresh(); });
      } catch (e) { ctx.failed(e); }
    },
    key(e) {
      const to = step(board.focused, e.key, dims.rows, dims.cols);
      if (to != null) { board.focus(to); board.root.focus(); return true; }
      if (e.key === "Enter" || e.key === " ") { choose({ row: Math.floor(board.focused / dims.cols), col: board.focused % dims.cols }); return true; }
      if (e.key === "s") { toggleSuggest(); return true; }
      return false;
    },
  };
}
