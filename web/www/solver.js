// The page's side of the solver threads. ask(call) sends long work (a solve,
// a count, a generation) to one Web Worker, with a progress bar and Cancel;
// rule(call) sends the quick questions of play (the legal moves, the
// candidates, a landing, a press pattern) to a second one that long work
// never holds up. Both answer with the library's reply.
const bar = () => document.getElementById("progress");

// The worker's script and the compiled module, fetched once: a worker
// started after a Cancel needs no network (the page works offline once loaded).
const script = fetch("worker.js").then((r) => r.text()).then((t) => URL.createObjectURL(new Blob([t], { type: "text/javascript" })));
const module = WebAssembly.compileStreaming(fetch("puzzles.wasm"));

// One worker and the calls it has in flight; a trap or a Cancel ends it and
// the next call starts a fresh one.
class Thread {
  constructor() { this.worker = null; this.pending = new Map(); this.nextId = 1; }
  start() {
    const startup = Promise.all([script, module]).then(([url, m]) => {
      const w = new Worker(url);
      w.onmessage = (e) => this.receive(e.data);
      w.postMessage({ module: m });
      return w;
    });
    startup.catch((e) => this.receive({ fatal: "the solver did not load: " + e }));
    // Calls made while it starts wait for it.
    this.worker = { postMessage: (m) => startup.then((w) => w.postMessage(m)), terminate: () => startup.then((w) => w.terminate()) };
  }
  receive(m) {
    if (m.fatal) {
      for (const p of this.pending.values()) p.reject(new Error(m.fatal));
      this.pending.clear();
      return;
    }
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.pace) return p.onPace && p.onPace(m.pace);
    if (m.progress) return p.onProgress && p.onProgress(m.progress);
    if (m.note) return p.onNote && p.onNote(m.note);
    this.pending.delete(m.id);
    if (m.dead) this.stop();
    if (m.reply.error) p.reject(new Error(m.reply.error));
    else p.resolve({ ...m.reply, ms: m.ms });
  }
  send(call, handlers = {}) {
    if (!this.worker) this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...handlers });
      this.worker.postMessage({ id, call, paced: !!handlers.onPace });
    });
  }
  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }
  cancel() {
    this.stop();
    for (const p of this.pending.values()) p.reject(new Error("cancelled"));
    this.pending.clear();
  }
}

const work = new Thread();
const rules = new Thread();

// Sends `call` ({puzzle, request}) to the solver; the promise gives
// {pace, answer, items, ms} or fails with the library's one-line message.
// The bar shows what the work's pace counts, asked of the library before the
// work starts: its unit, out of a total when the work has one.
export function ask(call, label = "Working") {
  const b = bar();
  const meter = b.querySelector("progress");
  const text = b.querySelector(".label");
  const timer = setTimeout(() => { if (work.pending.size) b.hidden = false; }, 150);
  text.textContent = label + "…";
  meter.removeAttribute("value");
  const done = () => { clearTimeout(timer); if (work.pending.size === 0) b.hidden = true; };
  let pace = { unit: null, bounded: false };
  return work.send(call, {
    onPace: (p) => { pace = p; if (p.unit) text.textContent = `${label}… (progress in ${p.unit})`; },
    onProgress: ({ done: n, total }) => {
      const unit = pace.unit ? " " + pace.unit : "";
      if (pace.bounded && total > 0 && n <= total) { meter.max = total; meter.value = n; text.textContent = `${label}… ${n} of ${total}${unit}`; }
      else { meter.removeAttribute("value"); text.textContent = `${label}… ${n}${unit}`; }
    },
    onNote: (note) => { text.textContent = `${label}… ${note}`; },
  }).finally(done);
}

// A quick question of play, answered by the library at once (no bar).
export function rule(call) {
  return rules.send(call);
}

// Ends the long work in flight: its worker is stopped (the only way to stop
// a busy WebAssembly call) and a fresh one starts with the next request.
export function cancel() {
  work.cancel();
  bar().hidden = true;
}

// Whether long work is in flight.
export function busy() {
  return work.pending.size > 0;
}
