// The page's side of the solver thread: ask(call) sends one request to the
// Web Worker and resolves with the library's answer; cancel() ends the work.
const bar = () => document.getElementById("progress");
let worker = null;
let nextId = 1;
const pending = new Map();

// The worker's script and the compiled module, fetched once: a worker
// started after a Cancel needs no network (the page works offline once loaded).
const script = fetch("worker.js").then((r) => r.text()).then((t) => URL.createObjectURL(new Blob([t], { type: "text/javascript" })));
const module = WebAssembly.compileStreaming(fetch("puzzles.wasm"));
let startup = null;

function start() {
  startup = Promise.all([script, module]).then(([url, m]) => {
    const w = new Worker(url);
    w.onmessage = receive;
    w.postMessage({ module: m });
    return w;
  });
  startup.catch((e) => receive({ data: { fatal: "the solver did not load: " + e } }));
  // Calls made while it starts wait for it.
  worker = { postMessage: (m) => startup.then((w) => w.postMessage(m)), terminate: () => startup.then((w) => w.terminate()) };
}

function receive(e) {
  const m = e.data;
  if (m.fatal) {
    for (const p of pending.values()) p.reject(new Error(m.fatal));
    pending.clear();
    return;
  }
  const p = pending.get(m.id);
  if (!p) return;
  if (m.progress) return p.onProgress(m.progress);
  if (m.note) return p.onNote(m.note);
  pending.delete(m.id);
  if (m.dead) { worker.terminate(); worker = null; }
  done();
  if (m.reply.error) p.reject(new Error(m.reply.error));
  else p.resolve({ ...m.reply, ms: m.ms });
}

function done() {
  if (pending.size === 0) bar().hidden = true;
}

// Sends `call` ({puzzle, request}) to the solver; the promise gives
// {answer, items, ms} or fails with the library's one-line message.
export function ask(call, label = "Working") {
  if (!worker) start();
  const id = nextId++;
  const b = bar();
  const timer = setTimeout(() => { if (pending.has(id)) b.hidden = false; }, 150);
  b.querySelector(".label").textContent = label + "…";
  const meter = b.querySelector("progress");
  meter.removeAttribute("value");
  return new Promise((resolve, reject) => {
    pending.set(id, {
      resolve: (v) => { clearTimeout(timer); resolve(v); },
      reject: (e) => { clearTimeout(timer); reject(e); },
      onProgress: ({ done, total }) => {
        if (total > 0) { meter.max = total; meter.value = Math.min(done, total); }
        b.querySelector(".label").textContent = `${label}… ${done}${total > 0 ? " of " + total : ""}`;
      },
      onNote: (note) => { b.querySelector(".label").textContent = `${label}… ${note}`; },
    });
    worker.postMessage({ id, call });
  });
}

// Ends every call in flight: the worker is stopped (the only way to stop a
// busy WebAssembly call) and a fresh one starts with the next request.
export function cancel() {
  if (worker) worker.terminate();
  worker = null;
  for (const p of pending.values()) p.reject(new Error("cancelled"));
  pending.clear();
  done();
}
