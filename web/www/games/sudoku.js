// Sudoku: every box shape up to 16×16. Generate by difficulty, symmetry and
// shape, or paste a puzzle (checked for a unique solution); digits, corner and
// centre pencil marks (Z, X, C), auto-candidates; a hint in two stages (where,
// then the named step and what it removes); error check; rating; timer.
import { el, freshSeed, History, gridBoard, select, checkbox } from "../util.js";

const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPES = [["2x2", "4×4"], ["2x3", "6×6"], ["2x4", "8×8"], ["3x3", "9×9"], ["2x5", "10×10"], ["3x4", "12×12"], ["4x4", "16×16"]];
const DIFFICULTIES = [["", "any"], ["easy", "easy"], ["medium", "medium"], ["hard", "hard"], ["expert", "expert"], ["extreme", "extreme"]];
const SYMMETRIES = [["none", "none"], ["rotate180", "half turn"], ["rotate90", "quarter turn"], ["mirror", "mirror"], ["diagonal", "diagonal"]];
const MODES = [["digit", "Digit (Z)"], ["corner", "Corner (X)"], ["centre", "Centre (C)"]];

export function create(ctx, params) {
  let shape = /^(\d)x(\d)$/.exec(params.get("box") || "3x3") ? params.get("box") : "3x3";
  let [br, bc] = shape.split("x").map(Number);
  if (br * bc > 16 || br < 1 || bc < 1) { ctx.notice(`Boxes "${shape}" make a grid over 16×16: 9×9 opened instead.`); [br, bc] = [3, 3]; shape = "3x3"; }
  let n = br * bc;
  let difficulty = params.get("difficulty") || "";
  let symmetry = params.get("symmetry") || "none";
  let seed = +params.get("seed") || 0;
  let givens = null, solution = null, rating = null, hist = null, board = null;
  let sel = 0, mode = "digit", autoCands = false, hint = null, hintStage = 0, wrong = new Set();
  let started = Date.now(), timer = null, finished = false;

  const sym = (v) => (v ? SYMBOLS[v - 1] : ".");
  const lineOf = (vals) => Array.from(vals, sym).join("");
  // The library's Sudoku request: a grid's text (named in its errors), its boxes, the mode.
  const ask = (mode, text, box, extra, label) =>
    ctx.ask({ puzzle: "sudoku", request: { source: text == null ? null : { name: "puzzle", text }, box, mode, ...extra } }, label);
  const peers = (i) => {
    const r = Math.floor(i / n), c = i % n, out = [];
    const r0 = r - (r % br), c0 = c - (c % bc);
    for (let k = 0; k < n; k++) {
      out.push(r * n + k, k * n + c, (r0 + Math.floor(k / bc)) * n + c0 + (k % bc));
    }
    return out.filter((j) => j !== i);
  };

  // A play state: values, corner and centre marks (bit d−1), and the candidates
  // left by applied hints (auto-candidates start from the grid's own).
  const blank = () => ({ v: new Uint8Array(n * n), corner: new Uint32Array(n * n), centre: new Uint32Array(n * n), struck: new Uint32Array(n * n) });
  const copy = (s) => ({ v: s.v.slice(), corner: s.corner.slice(), centre: s.centre.slice(), struck: s.struck.slice() });
  function candidates(s, i) {
    if (s.v[i]) return 0;
    let m = (1 << n) - 1;
    for (const j of peers(i)) if (s.v[j]) m &= ~(1 << (s.v[j] - 1));
    return m & ~s.struck[i];
  }

  function draw() {
    const s = hist.state;
    const selVal = s.v[sel];
    board.cells.forEach((d, i) => {
      const r = Math.floor(i / n), c = i % n;
      d.style.borderRightWidth = (c % bc === bc - 1 && c < n - 1) ? "2px" : "";
      d.style.borderBottomWidth = (r % br === br - 1 && r < n - 1) ? "2px" : "";
      d.style.borderRightColor = d.style.borderBottomColor = "";
      d.classList.toggle("given", !!givens[i]);
      d.classList.toggle("entry", !givens[i] && !!s.v[i]);
      d.classList.toggle("selected", i === sel);
      d.classList.toggle("same", !!selVal && s.v[i] === selVal && i !== sel);
      d.classList.toggle("wrong", wrong.has(i));
      d.classList.toggle("focus", hintStage > 0 && !!hint && hint.cells.some(([hr, hc]) => hr === r && hc === c));
      d.replaceChildren();
      if (s.v[i]) { d.textContent = sym(s.v[i]); return; }
      const show = autoCands ? candidates(s, i) : 0;
      if (show || (hintStage > 1 && hint)) {
        const box = el("div", { class: "cands", style: `grid-template-columns: repeat(${bc}, 1fr)` });
        for (let d1 = 1; d1 <= n; d1++) {
          const out = hintStage > 1 && hint.eliminate.some(([hr, hc, hd]) => hr === r && hc === c && hd === d1);
          const put = hintStage > 1 && hint.place.some(([hr, hc, hd]) => hr === r && hc === c && hd === d1);
          box.append(el("span", { class: out ? "out" : put ? "in" : "" }, (show >> (d1 - 1)) & 1 || out || put ? sym(d1) : ""));
        }
        d.append(box);
        return;
      }
      const digits = (m) => Array.from({ length: n }, (_, k) => ((m >> k) & 1 ? sym(k + 1) : "")).join("");
      if (s.corner[i]) d.append(el("div", { class: "corner" }, ...[...digits(s.corner[i])].map((ch) => el("span", {}, ch))));
      if (s.centre[i]) d.append(el("div", { class: "centre" }, digits(s.centre[i])));
    });
    const full = s.v.every((v) => v);
    if (full && solution && lineOf(s.v) === solution) {
      finished = true;
      ctx.status(`Solved in ${clock()}.`, "won");
    } else if (full) ctx.status("Full, but not the solution: Check shows the errors.", "error");
  }
  const clock = () => { const t = Math.floor((Date.now() - started) / 1000); return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`; };

  function enter(value) {
    const s = hist.state;
    if (givens[sel]) return;
    const next = copy(s);
    if (mode === "digit" || value === 0) {
      next.v[sel] = value;
      if (value === 0) { next.corner[sel] = 0; next.centre[sel] = 0; }
      else for (const j of peers(sel)) { next.corner[j] &= ~(1 << (value - 1)); next.centre[j] &= ~(1 << (value - 1)); }
    } else if (!s.v[sel]) {
      next[mode][sel] ^= 1 << (value - 1);
    }
    hint = null; hintStage = 0; wrong.delete(sel);
    hist.push(next);
    draw();
  }

  function load(puzzle, sol, rated) {
    givens = new Uint8Array(n * n);
    [...puzzle].forEach((ch, i) => { givens[i] = SYMBOLS.indexOf(ch) + 1; });
    solution = sol; rating = rated;
    const s = blank();
    s.v.set(givens);
    hist = new History(s);
    board = gridBoard("sudoku", n, n, 48);
    board.root.addEventListener("pointerdown", (e) => { const c = e.target.closest(".c"); if (c) { sel = +c.dataset.r * n + +c.dataset.c; draw(); } });
    ctx.board.replaceChildren(board.root);
    hint = null; hintStage = 0; wrong = new Set(); finished = false;
    started = Date.now();
    if (timer) clearInterval(timer);
    timer = setInterval(() => { if (!finished && document.body.dataset.game === "sudoku") timeOut.textContent = `Time ${clock()}`; else if (document.body.dataset.game !== "sudoku") clearInterval(timer); }, 1000);
    showInfo();
    draw();
    ctx.changed();
  }
  function showInfo() {
    ratingOut.textContent = rating != null ? `Rating ${rating.rating ?? rating} (Sudoku Explainer's scale)${rating.hardest ? ", hardest step: " + rating.hardest : ""}.` : "";
    ctx.info.replaceChildren(timeOut, ratingOut, hintBox);
    hintBox.replaceChildren();
  }

  async function generate() {
    seed = freshSeed();
    ctx.status("");
    try {
      // A symmetry (none included) asks for rated puzzles: the page shows the rating.
      const r = await ask("generate", null, [br, bc], { count: 1, difficulty: difficulty || null, symmetry, seed }, "Generating");
      const p = (r.items || [])[0];
      if (!p) { ctx.status("No puzzle of that band was found: try again, or another band.", "error"); return; }
      load(p.puzzle, p.solution, p.rating != null ? { rating: p.rating, hardest: p.hardest } : null);
    } catch (e) { ctx.failed(e); }
  }

  // A typed or pasted puzzle: loaded only when it has exactly one solution.
  async function paste(text, box = null) {
    try {
      // A pasted grid takes the squarest boxes for its size, a link's the boxes it names.
      const r = await ask("solve", text, box, {}, "Checking");
      const a = r.answer;
      if (a.size > 16) { ctx.status(`A ${a.size}×${a.size} grid: the page takes grids up to 16×16.`, "error"); return false; }
      if (a.clash) { ctx.status(`No solution: r${a.clash[0][0] + 1}c${a.clash[0][1] + 1} and r${a.clash[1][0] + 1}c${a.clash[1][1] + 1} hold the same digit.`, "error"); return false; }
      if (!a.solution) { ctx.status("No solution: this puzzle cannot be finished.", "error"); return false; }
      if (!a.unique) { ctx.status("Several solutions: a puzzle needs exactly one.", "error"); return false; }
      seed = 0;
      [br, bc] = a.box;
      n = a.size;
      shapeSel.querySelector("select").value = `${br}x${bc}`;
      load(a.puzzle, a.solution, null);
      rate(a.puzzle);
      return true;
    } catch (e) { ctx.failed(e); return false; }
  }
  async function rate(puzzle) {
    try {
      const r = await ask("rate", puzzle, [br, bc], {}, "Rating");
      rating = { rating: r.answer.rating, hardest: r.answer.hardest };
      ratingOut.textContent = `Rating ${rating.rating} (Sudoku Explainer's scale), hardest step: ${rating.hardest}.`;
    } catch (e) { ctx.failed(e); }
  }

  // The hint: first where (the cells of the step), then why (its name, text,
  // and the candidates it removes), then Apply.
  const hintBox = el("div", { id: "su-hint" });
  async function nextHint() {
    if (hint && hintStage === 1) { hintStage = 2; showHint(); draw(); return; }
    if (hint && hintStage === 2) { applyHint(); return; }
    const s = hist.state;
    // The pencil marks, when kept: one field of candidate digits a cell (a
    // filled cell its digit). A cell left without any means a wrong entry:
    // the grid goes without marks, and the hint finds no solution.
    const extra = {};
    if (autoCands) {
      const marks = Array.from(s.v, (v, i) => (v ? 1 << (v - 1) : candidates(s, i)));
      const field = (m) => Array.from({ length: n }, (_, k) => ((m >> k) & 1 ? sym(k + 1) : "")).join("");
      if (marks.every((m) => m)) extra.marks = { name: "marks", text: marks.map(field).join(" ") };
    }
    try {
      const r = await ask("hint", lineOf(s.v), [br, bc], extra, "Thinking");
      const a = r.answer;
      if (!a.step) {
        hintBox.replaceChildren(el("p", {}, a.outcome === "solved" ? "The grid is full." : a.outcome === "no-solution" ? "An entry is wrong: Check shows it." : `No single next step (${a.outcome}).`));
        return;
      }
      hint = a.step; hintStage = 1;
      hintBox.replaceChildren(el("p", {}, `Look at the highlighted ${hint.cells.length === 1 ? "cell" : "cells"}. Hint again for why.`));
      draw();
    } catch (e) { ctx.failed(e); }
  }
  function showHint() {
    // The step's text begins with its technique's name ("hidden-single: in b2, …"): shown once, in bold.
    const name = hint.technique;
    const body = hint.text.startsWith(name + ":") ? hint.text.slice(name.length + 1).trim() : hint.text;
    hintBox.replaceChildren(
      el("p", {}, el("strong", {}, name.replace(/-/g, " ")), ": ", el("span", { class: "text" }, body)),
      el("button", { onclick: applyHint, id: "su-apply" }, "Apply"));
  }
  function applyHint() {
    const next = copy(hist.state);
    for (const [r, c, d] of hint.place) {
      next.v[r * n + c] = d;
      for (const j of peers(r * n + c)) { next.centre[j] &= ~(1 << (d - 1)); next.corner[j] &= ~(1 << (d - 1)); }
    }
    for (const [r, c, d] of hint.eliminate) { next.struck[r * n + c] |= 1 << (d - 1); next.centre[r * n + c] &= ~(1 << (d - 1)); }
    hist.push(next);
    hint = null; hintStage = 0;
    hintBox.replaceChildren();
    draw();
  }

  // ---- options and controls ----
  const timeOut = el("p", { id: "su-time" });
  const ratingOut = el("p", { id: "su-rating" });
  const pasteBox = el("textarea", { rows: 4, placeholder: "Paste or type a puzzle: 81 characters (. or 0 empty), or rows." });
  const modeSel = select("Mode", MODES, mode, (v) => { mode = v; });
  const shapeSel = select("Shape", SHAPES, shape, (v) => { [br, bc] = v.split("x").map(Number); n = br * bc; generate(); });
  ctx.options.append(
    shapeSel,
    select("Difficulty", DIFFICULTIES, difficulty, (v) => { difficulty = v; }),
    select("Symmetry", SYMMETRIES, symmetry, (v) => { symmetry = v; }),
    modeSel,
    checkbox("Auto-candidates", autoCands, (v) => { autoCands = v; draw(); }),
    el("p", {}, el("button", { onclick: nextHint, id: "su-hint-button" }, "Hint"), " ",
      el("button", { id: "su-check", onclick: () => {
        const s = hist.state;
        wrong = new Set();
        s.v.forEach((v, i) => { if (v && !givens[i] && solution && sym(v) !== solution[i]) wrong.add(i); });
        ctx.status(wrong.size ? `${wrong.size} wrong ${wrong.size === 1 ? "entry" : "entries"}, underlined.` : "No error so far.", wrong.size ? "error" : "");
        draw();
      } }, "Check")),
    el("p", {}, pasteBox, el("button", { id: "su-load", onclick: () => paste(pasteBox.value) }, "Load this puzzle")),
  );

  // Start: the puzzle in the link, else a new one.
  const given = params.get("puzzle");
  if (given && given.length === n * n && [...given].every((ch) => ch === "." || SYMBOLS.indexOf(ch) >= 0 && SYMBOLS.indexOf(ch) < n)) {
    givens = new Uint8Array(n * n);
    paste(given, [br, bc]);
  } else {
    if (given) ctx.notice(`The puzzle in the link does not read as a ${n}×${n} grid: a new puzzle opened instead.`);
    generate();
  }

  return {
    params: () => {
      const p = { box: `${br}x${bc}` };
      if (givens) p.puzzle = lineOf(givens);
      if (difficulty) p.difficulty = difficulty;
      if (symmetry !== "none") p.symmetry = symmetry;
      return p;
    },
    new: generate,
    restart() { if (givens) { const s = blank(); s.v.set(givens); hist = new History(s); hint = null; hintStage = 0; wrong = new Set(); hintBox.replaceChildren(); draw(); } },
    undo() { if (hist) { hist.undo(); draw(); } },
    redo() { if (hist) { hist.redo(); draw(); } },
    solve() {
      if (!solution) return;
      const next = copy(hist.state);
      [...solution].forEach((ch, i) => { next.v[i] = SYMBOLS.indexOf(ch) + 1; });
      hist.push(next);
      draw();
    },
    key(e) {
      if (!hist) return false;
      const k = e.key;
      const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
      if (moves[k]) { sel = (sel + moves[k] + n * n) % (n * n); draw(); return true; }
      if (k === "Backspace" || k === "Delete" || k === "0" || k === ".") { enter(0); return true; }
      const v = k.length === 1 ? SYMBOLS.indexOf(k.toUpperCase()) + 1 : 0;
      if (v >= 1 && v <= n) { enter(v); return true; } // before the modes: C is a digit of 16×16
      const modes = { z: "digit", x: "corner", c: "centre" };
      if (modes[k.toLowerCase()]) { mode = modes[k.toLowerCase()]; modeSel.querySelector("select").value = mode; return true; }
      if (k === "h") { nextHint(); return true; }
      return false;
    },
  };
}
