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

export function create(ctx, params, saved) {
  let shape = params.get("box") || "3x3";
  if (!SHAPES.some(([s]) => s === shape)) {
    ctx.notice(`Boxes "${shape}" are not a shape the page offers (${SHAPES.map(([s]) => s).join(", ")}): 9×9 opened instead.`);
    shape = "3x3";
  }
  let [br, bc] = shape.split("x").map(Number);
  let n = br * bc;
  let difficulty = DIFFICULTIES.some(([d]) => d === params.get("difficulty")) ? params.get("difficulty") : "";
  let symmetry = SYMMETRIES.some(([s]) => s === params.get("symmetry")) ? params.get("symmetry") : "none";
  let givens = null, solution = null, rating = null, board = null, cands = null;
  let play = new Play(saved), pos = null;
  let mode = "digit", autoCands = false, hint = null, hintStage = 0, wrong = new Set();
  // The time played: `elapsed` ms before `since`, the clock stopped (since null) once won.
  let elapsed = saved?.elapsed || 0, since = Date.now(), timer = null, told = false;
  const later = queue((e) => ctx.failed(e));

  const sym = (v) => (v ? SYMBOLS[v - 1] : ".");
  const lineOf = (vals) => Array.from(vals, sym).join("");
  const bit = (d) => 1 << (d - 1);
  // The library's Sudoku request: a grid's text (named in its errors), its boxes, the mode.
  const request = (mode, text, box, extra = {}) => ({ puzzle: "sudoku", request: { source: text == null ? null : { name: "puzzle", text }, box, mode, ...extra } });
  // The library's candidates of a grid: for each cell, bits of its digits.
  const candidatesOf = async (v) => {
    const r = await ctx.rule(request("candidates", lineOf(v), [br, bc]));
    return r.answer.candidates.map((ds) => ds.reduce((m, d) => m | bit(d), 0));
  };

  // The position: the clues, then each move since the last restart.
  function position() {
    const s = { v: Uint8Array.from(givens), corner: new Uint32Array(n * n), centre: new Uint32Array(n * n), struck: new Uint32Array(n * n) };
    for (const m of play.current) {
      if (m.solve) [...solution].forEach((ch, i) => { s.v[i] = SYMBOLS.indexOf(ch) + 1; });
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
  const full = () => pos.v.every((v) => v);
  const won = () => full() && solution && lineOf(pos.v) === solution;
  const played = () => elapsed + (since ? Date.now() - since : 0);
  const clock = () => {
    const t = Math.floor(played() / 1000);
    return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
  };

  function drawCell(d, i) {
    const r = Math.floor(i / n), c = i % n, s = pos;
    d.replaceChildren();
    if (s.v[i]) { d.textContent = sym(s.v[i]); board.label(i, `${givens[i] ? "clue" : "entry"} ${sym(s.v[i])}`); return; }
    const show = autoCands && cands ? cands[i] & ~s.struck[i] : 0;
    const digits = (m) => Array.from({ length: n }, (_, k) => ((m >> k) & 1 ? sym(k + 1) : "")).join("");
    if (show || (hintStage > 1 && hint)) {
      const box = el("div", { class: "cands", style: `grid-template-columns: repeat(${bc}, 1fr)` });
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
  function draw() {
    if (!pos) return;
    const sel = board.focused, selVal = pos.v[sel];
    board.cells.forEach((d, i) => {
      const r = Math.floor(i / n), c = i % n;
      d.style.borderRightWidth = c % bc === bc - 1 && c < n - 1 ? "2px" : "";
      d.style.borderBottomWidth = r % br === br - 1 && r < n - 1 ? "2px" : "";
      d.classList.toggle("given", !!givens[i]);
      d.classList.toggle("entry", !givens[i] && !!pos.v[i]);
      d.classList.toggle("selected", i === sel);
      d.classList.toggle("same", !!selVal && pos.v[i] === selVal && i !== sel);
      d.classList.toggle("wrong", wrong.has(i));
      d.classList.toggle("focus", hintStage > 0 && !!hint && hint.cells.some(([hr, hc]) => hr === r && hc === c));
      drawCell(d, i);
    });
    for (const b of padModes) b.setAttribute("aria-pressed", b.dataset.mode === mode);
    // The clock stops at the solution and goes on when it is undone.
    if (won() && since) { elapsed += Date.now() - since; since = null; }
    else if (!won() && !since) since = Date.now();
    const result = won() ? (play.helped ? "solved" : "won") : "";
    if (result === "solved") ctx.status("Solved by the solver.", "solved");
    else if (result === "won") ctx.status(`Won: solved in ${clock()}.`, "won");
    else if (full()) ctx.status("Full, but not the solution: Check shows the errors.", "error");
    else if (told) ctx.status("");
    told = !!result || full();
    ctx.result(result);
    timeOut.textContent = `Time ${clock()}`;
  }
  // The position drawn again from the moves, with the library's candidates.
  async function refresh() {
    pos = position();
    cands = await candidatesOf(pos.v);
    draw();
    ctx.changed();
  }

  // A digit (0: erase) or a pencil mark at the selected cell, by the mode.
  function enter(value) {
    later(async () => {
      const i = board.focused;
      if (!pos || givens[i]) return;
      hint = null; hintStage = 0; wrong.delete(i); hintBox.replaceChildren();
      if (mode === "digit" || value === 0) {
        const v = pos.v.slice();
        v[i] = value;
        // The digit leaves the pencil marks of the cells the library says it rules out.
        const after = value ? await candidatesOf(v) : null;
        const clear = value ? [...v.keys()].filter((j) => j !== i && !v[j] && ((pos.corner[j] | pos.centre[j]) & bit(value)) && !(after[j] & bit(value))) : [];
        play.do(clear.length ? { c: i, d: value, clear } : { c: i, d: value });
      } else if (!pos.v[i]) play.do({ c: i, m: mode, d: value });
      else return;
      await refresh();
    });
  }
  function setMode(m) {
    mode = m;
    modeSel.querySelector("select").value = mode;
    if (pos) draw();
  }

  // ---- the puzzle: made, pasted, loaded ----
  function load(puzzle, sol, rated, box, kept = null) {
    [br, bc] = box; n = br * bc;
    givens = Uint8Array.from(puzzle, (ch) => SYMBOLS.indexOf(ch) + 1);
    solution = sol; rating = rated;
    play = new Play(kept);
    elapsed = kept?.elapsed || 0; since = Date.now(); told = false;
    shapeSel.querySelector("select").value = `${br}x${bc}`;
    board = gridBoard("sudoku", n, n, ctx.board, `Sudoku board, ${n} by ${n}`, 48);
    board.root.addEventListener("click", (e) => { const c = e.target.closest(".c"); if (c) { board.focus(+c.dataset.r * n + +c.dataset.c); draw(); } });
    buildPad();
    ctx.board.replaceChildren(board.frame, pad, el("p", { class: "banner" }, "Solved!"));
    board.focus(0);
    hint = null; hintStage = 0; wrong = new Set();
    if (timer) clearInterval(timer);
    timer = setInterval(() => { if (!board.root.isConnected) clearInterval(timer); else timeOut.textContent = `Time ${clock()}`; }, 1000);
    showInfo();
    return refresh();
  }
  function showInfo() {
    ratingOut.textContent = rating != null ? `Rating ${rating.rating} (Sudoku Explainer's scale)${rating.hardest ? ", hardest step: " + rating.hardest : ""}.` : "";
    ctx.info.replaceChildren(timeOut, ratingOut, hintBox);
    hintBox.replaceChildren();
  }

  // A new puzzle of the shape and band chosen; past GENERATION_LIMIT seconds
  // the page gives up with a notice and keeps the game in play.
  async function generate(box = [br, bc]) {
    ctx.status("");
    const seed = Math.floor(Math.random() * 2 ** 32);
    const out = ctx.ask(request("generate", null, box, { count: 1, difficulty: difficulty || null, symmetry, seed }), "Generating");
    let late = null;
    const limit = new Promise((ok) => { late = setTimeout(() => ok(null), GENERATION_LIMIT * 1000); });
    try {
      const r = await Promise.race([out, limit]);
      if (r === null) {
        ctx.cancel();
        ctx.notice(`No ${box[0] * box[1]}×${box[0] * box[1]} ${difficulty || ""} puzzle within ${GENERATION_LIMIT} s, where the page gives up: ${givens ? "the game in play is kept" : "a puzzle of any band opened instead"}; try again, or an easier band.`.replace("  ", " "));
        if (!givens) { difficulty = ""; diffSel.querySelector("select").value = ""; return generate(box); }
        return;
      }
      const p = (r.items || [])[0];
      if (!p) { ctx.status("No puzzle of that band was found: try again, or another band.", "error"); return; }
      await later(() => load(p.puzzle, p.solution, p.rating != null ? { rating: p.rating, hardest: p.hardest } : null, box));
    } catch (e) { ctx.failed(e); } finally { clearTimeout(late); out.catch(() => {}); }
  }

  // A typed, pasted or linked puzzle: loaded only when it has exactly one
  // solution; `null` when it is, else why not in one line.
  async function paste(text, box = null, kept = null) {
    try {
      // A pasted grid takes the squarest boxes for its size, a link's the boxes it names.
      const a = (await ctx.ask(request("solve", text, box), "Checking")).answer;
      if (a.size > 16) return `A ${a.size}×${a.size} grid: the page takes grids up to 16×16.`;
      if (a.clash) return `No solution: r${a.clash[0][0] + 1}c${a.clash[0][1] + 1} and r${a.clash[1][0] + 1}c${a.clash[1][1] + 1} hold the same digit.`;
      if (!a.solution) return "No solution: this puzzle cannot be finished.";
      if (!a.unique) return "Several solutions: a puzzle needs exactly one.";
      await later(() => load(a.puzzle, a.solution, null, a.box, kept));
      rate(a.puzzle);
      return null;
    } catch (e) { return e.message; }
  }
  async function rate(puzzle) {
    try {
      const r = await ctx.ask(request("rate", puzzle, [br, bc]), "Rating");
      rating = { rating: r.answer.rating, hardest: r.answer.hardest };
      ratingOut.textContent = `Rating ${rating.rating} (Sudoku Explainer's scale), hardest step: ${rating.hardest}.`;
    } catch (e) { ctx.failed(e); }
  }

  // The hint: first where (the cells of the step), then why (its name, text,
  // and the candidates it removes), then Apply.
  const hintBox = el("div", { id: "su-hint" });
  async function nextHint() {
    if (!pos) return;
    if (hint && hintStage === 1) { hintStage = 2; showHint(); draw(); return; }
    if (hint && hintStage === 2) { applyHint(); return; }
    // The pencil marks, when kept: the library's candidates less the hints'
    // eliminations (a filled cell its digit). A cell left without any means a
    // wrong entry: the grid goes without marks, and the hint finds no solution.
    const extra = {};
    if (autoCands) {
      const marks = Array.from(pos.v, (v, i) => (v ? bit(v) : cands[i] & ~pos.struck[i]));
      const field = (m) => Array.from({ length: n }, (_, k) => ((m >> k) & 1 ? sym(k + 1) : "")).join("");
      if (marks.every((m) => m)) extra.marks = { name: "marks", text: marks.map(field).join(" ") };
    }
    try {
      const a = (await ctx.ask(request("hint", lineOf(pos.v), [br, bc], extra), "Thinking")).answer;
      if (!a.step) {
        const text = a.outcome === "solved" ? "The grid is full." : a.outcome === "no-solution" ? "An entry is wrong: Check shows it." : `No single next step (${a.outcome}).`;
        hintBox.replaceChildren(el("p", {}, text));
        ctx.announce(text);
        return;
      }
      hint = a.step; hintStage = 1;
      const where = `Look at the highlighted ${hint.cells.length === 1 ? "cell" : "cells"}: ${hint.cells.map(([r, c]) => `r${r + 1}c${c + 1}`).join(", ")}. Hint again for why.`;
      hintBox.replaceChildren(el("p", {}, where));
      ctx.announce(where);
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
    ctx.announce(`${name.replace(/-/g, " ")}: ${body}`);
  }
  function applyHint() {
    const h = hint;
    hint = null; hintStage = 0;
    hintBox.replaceChildren();
    later(() => { play.do({ hint: { place: h.place, eliminate: h.eliminate } }); return refresh(); });
  }

  // ---- options, pad and controls ----
  const timeOut = el("p", { id: "su-time" });
  const ratingOut = el("p", { id: "su-rating" });
  const pasteBox = el("textarea", { rows: 4, id: "su-paste", "aria-label": "A puzzle to paste", placeholder: "Paste or type a puzzle: 81 characters (. or 0 empty), or rows." });
  const modeSel = select("Mode", MODES, mode, (v) => setMode(v), "su-mode");
  const shapeSel = select("Shape", SHAPES, `${br}x${bc}`, (v) => generate(v.split("x").map(Number)), "su-shape");
  const diffSel = select("Difficulty", DIFFICULTIES, difficulty, (v) => { difficulty = v; ctx.changed(); }, "su-difficulty");
  let pad = el("div"), padModes = [];
  function buildPad() {
    const digits = Array.from({ length: n }, (_, k) => el("button", { "aria-label": `${mode === "digit" ? "" : mode + " mark "}${sym(k + 1)}`, onclick: () => enter(k + 1) }, sym(k + 1)));
    padModes = MODES.map(([m, t]) => el("button", { "data-mode": m, "aria-pressed": m === mode, onclick: () => setMode(m) }, t.split(" ")[0]));
    pad = el("div", { class: "pad", role: "group", "aria-label": "Digits and marks" }, ...digits, el("button", { "aria-label": "erase", onclick: () => enter(0) }, "⌫"), el("div", { class: "modes" }, ...padModes));
  }
  ctx.options.append(
    shapeSel,
    diffSel,
    select("Symmetry", SYMMETRIES, symmetry, (v) => { symmetry = v; ctx.changed(); }, "su-symmetry"),
    modeSel,
    checkbox("Auto-candidates", autoCands, (v) => { autoCands = v; draw(); }, "su-auto"),
    el("p", {}, el("button", { onclick: nextHint, id: "su-hint-button" }, "Hint"), " ",
      el("button", { id: "su-check", onclick: () => {
        wrong = new Set();
        pos.v.forEach((v, i) => { if (v && !givens[i] && solution && sym(v) !== solution[i]) wrong.add(i); });
        draw();
        ctx.status(wrong.size ? `${wrong.size} wrong ${wrong.size === 1 ? "entry" : "entries"}, underlined.` : "No error so far.", wrong.size ? "error" : "");
      } }, "Check")),
    el("p", {}, pasteBox, el("button", { id: "su-load", onclick: async () => {
      const why = await paste(pasteBox.value);
      ctx.status(why || "", why ? "error" : "");
    } }, "Load this puzzle")),
  );

  // Start: the puzzle in the link (with its moves, or the saved game), else a new one.
  const given = params.get("puzzle");
  const entries = params.get("entries");
  (async () => {
    if (given) {
      const why = await paste(given, [br, bc], saved);
      if (!why) {
        if (!saved && entries && entries.length === n * n) {
          await later(() => {
            [...entries].forEach((ch, i) => { const d = SYMBOLS.indexOf(ch) + 1; if (d && d <= n && !givens[i]) play.do({ c: i, d }); });
            return refresh();
          });
        }
        return;
      }
      ctx.notice(`The puzzle in the link is refused (${why.replace(/\.$/, "")}): a new puzzle opened instead.`);
    }
    await generate();
  })();

  return {
    params: () => {
      const p = { box: `${br}x${bc}` };
      if (givens) p.puzzle = lineOf(givens);
      if (difficulty) p.difficulty = difficulty;
      if (symmetry !== "none") p.symmetry = symmetry;
      return p;
    },
    share: () => (pos ? { entries: lineOf(pos.v.map((v, i) => (givens[i] ? 0 : v))) } : {}),
    save: () => ({ ...play.save(), elapsed: played() }),
    new: () => generate(),
    restart() { later(() => { if (!givens) return; play.do("restart"); wrong = new Set(); return refresh(); }); },
    undo() { later(() => givens && play.undo() && refresh()); },
    redo() { later(() => givens && play.redo() && refresh()); },
    solve() { later(() => { if (!solution || won()) return; play.do({ solve: true, by: "solver" }); return refresh(); }); },
    key(e) {
      if (!pos) return false;
      const k = e.key;
      const to = step(board.focused, k, n, n);
      if (to != null) { board.focus(to); draw(); return true; }
      if (k === "Backspace" || k === "Delete" || k === "0" || k === ".") { enter(0); return true; }
      const v = k.length === 1 ? SYMBOLS.indexOf(k.toUpperCase()) + 1 : 0;
      if (v >= 1 && v <= n) { enter(v); return true; } // before the modes: C is a digit of 16×16
      const modes = { z: "digit", x: "corner", c: "centre" };
      if (modes[k.toLowerCase()]) { setMode(modes[k.toLowerCase()]); return true; }
      if (k === "h") { nextHint(); return true; }
      return false;
    },
  };
}
