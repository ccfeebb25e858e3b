//! The WebAssembly ABI the page's worker calls: JSON strings through linear memory.
//!
//! Exports: `alloc(len) -> ptr` (room for the request), `call(ptr, len) ->
//! ptr` (answers the request's UTF-8 JSON and frees it; the reply is a
//! little-endian `u32` length followed by that many bytes of JSON) and
//! `free(ptr, len)` (the reply, `4 + length` bytes). Imports, module `env`:
//! `progress(done, total)` (numbers; total 0 while unknown), `note(ptr, len)`
//! (a UTF-8 line on where the work stands, or a panic's message) and
//! `random_fill(ptr, len)` (the page's `crypto.getRandomValues`, rand's entropy).
//! No wasm-bindgen: the page's glue is `web/www/worker.js`.

use puzzles::control::Progress;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Once};

#[link(wasm_import_module = "env")]
extern "C" {
    /// `done` units of work of `total` (0 while the total is unknown).
    fn progress(done: f64, total: f64);
    /// A UTF-8 note of `len` bytes at `ptr`.
    fn note(ptr: *const u8, len: usize);
    /// Fills `len` bytes at `ptr` with random bytes.
    fn random_fill(ptr: *mut u8, len: usize);
}

/// rand's entropy, from the page.
fn page_random(buf: &mut [u8]) -> Result<(), getrandom::Error> {
    // SAFETY: the page writes exactly `buf.len()` bytes at `buf`.
    unsafe { random_fill(buf.as_mut_ptr(), buf.len()) };
    Ok(())
}

getrandom::register_custom_getrandom!(page_random);

/// Sends `text` to the page as a note.
fn send_note(text: &str) {
    // SAFETY: the page only reads `text.len()` bytes at `text`.
    unsafe { note(text.as_ptr(), text.len()) }
}

/// Progress sent to the page, at most about 500 times over a known total.
#[derive(Default)]
struct PageProgress {
    total: AtomicU64,
    done: AtomicU64,
    sent: AtomicU64,
}

impl PageProgress {
    fn send(&self) {
        let (done, total) = (self.done.load(Relaxed), self.total.load(Relaxed));
        self.sent.store(done, Relaxed);
        // SAFETY: a call with two numbers.
        unsafe { progress(done as f64, total as f64) }
    }
}

impl Progress for PageProgress {
    fn set_total(&self, total: u64) {
        self.total.store(total, Relaxed);
        self.done.store(0, Relaxed);
        self.send();
    }

    fn advance(&self, n: u64) {
        let done = self.done.fetch_add(n, Relaxed) + n;
        let step = (self.total.load(Relaxed) / 500).max(1);
        if done >= self.sent.load(Relaxed) + step {
            self.send();
        }
    }

    fn note(&self, message: &str) {
        send_note(message);
    }

    fn finish(&self) {
        self.send();
    }
}

/// `len` bytes the page writes a request into.
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    Box::into_raw(vec![0u8; len].into_boxed_slice()).cast()
}

/// Frees `len` bytes at `ptr` from [`alloc`] or [`call`].
///
/// # Safety
/// `ptr` and `len` are those of one earlier allocation, freed once.
#[no_mangle]
pub unsafe extern "C" fn free(ptr: *mut u8, len: usize) {
    drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)));
}

/// Answers the JSON request of `len` bytes at `ptr` (from [`alloc`], freed
/// here); returns the reply: its length as 4 bytes, then its JSON.
///
/// # Safety
/// `ptr` and `len` are those of one [`alloc`], filled with the request.
#[no_mangle]
pub unsafe extern "C" fn call(ptr: *mut u8, len: usize) -> *mut u8 {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| std::panic::set_hook(Box::new(|info| send_note(&format!("panic: {info}")))));
    let request = Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len));
    let reply = crate::call(
        &String::from_utf8_lossy(&request),
        Arc::new(PageProgress::default()),
    );
    let mut out = Vec::with_capacity(4 + reply.len());
    out.extend_from_slice(&(reply.len() as u32).to_le_bytes());
    out.extend_from_slice(reply.as_bytes());
    Box::into_raw(out.into_boxed_slice()).cast()
}
