// The solver thread: instantiates puzzles.wasm and answers one JSON call at a time
// through its hand-written ABI (alloc, call, free; imports progress, note,
// random_fill). The page never waits on it: a long call reports progress, and
// Cancel ends this worker (a new one starts for the next call).
let wasm = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let lastProgress = 0;
let currentId = 0;

function text(ptr, len) {
  return decoder.decode(new Uint8Array(wasm.memory.buffer, ptr, len));
}

const imports = {
  env: {
    progress(done, total) {
      const now = performance.now();
      if (now - lastProgress < 100 && done < total) return;
      lastProgress = now;
      postMessage({ id: currentId, progress: { done, total } });
    },
    note(ptr, len) {
      postMessage({ id: currentId, note: text(ptr, len) });
    },
    random_fill(ptr, len) {
      crypto.getRandomValues(new Uint8Array(wasm.memory.buffer, ptr, len));
    },
  },
};

// The page sends the compiled module first (compiled once, for every worker).
let loaded;
const ready = new Promise((ok) => { loaded = ok; });

// One call: the request's JSON in, the reply's JSON out.
function call(json) {
  const bytes = encoder.encode(json);
  const ptr = wasm.alloc(bytes.length);
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
  const out = wasm.call(ptr, bytes.length);
  const len = new DataView(wasm.memory.buffer).getUint32(out, true);
  const reply = text(out + 4, len);
  wasm.free(out, 4 + len);
  return reply;
}

onmessage = async (e) => {
  if (e.data.module) {
    try {
      wasm = (await WebAssembly.instantiate(e.data.module, imports)).exports;
    } catch (err) {
      postMessage({ id: 0, fatal: "the solver did not start: " + err });
    }
    loaded();
    return;
  }
  await ready;
  if (!wasm) return;
  currentId = e.data.id;
  lastProgress = 0;
  const started = performance.now();
  let reply;
  try {
    // How the work will go first (what its progress counts), then the work.
    if (e.data.paced) postMessage({ id: currentId, pace: JSON.parse(call(JSON.stringify({ ...e.data.call, pace_only: true }))).pace });
    reply = JSON.parse(call(JSON.stringify(e.data.call)));
  } catch (err) {
    reply = { error: "the solver failed: " + err };
    wasm = null; // a trap leaves the instance unusable: the page starts a new worker
  }
  postMessage({ id: e.data.id, reply, ms: performance.now() - started, dead: !wasm });
};
