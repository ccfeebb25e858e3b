//! Build script: on Linux with the GNU toolchain, links the C++ standard
//! library (needed by the CaDiCaL SAT back end) statically when its archive
//! is installed, so that the program does not load and relocate
//! `libstdc++.so` at every start: a batch of small puzzles is over in tens of
//! milliseconds, a millisecond of which was the dynamic loader's.
//!
//! How: the `cadical` crate asks for `-lstdc++`; a search directory of our
//! own holding only `libstdc++.a` (a copy of the compiler's) is searched
//! before the system's, so the linker takes the archive. Where the archive is
//! missing (some distributions ship it in a separate package), on other
//! systems, when cross-compiling, or with `PUZZLES_DYNAMIC_CXX` set, nothing
//! changes: the shared library is linked as before.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=CXX");
    println!("cargo:rerun-if-env-changed=PUZZLES_DYNAMIC_CXX");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let native = var("HOST") == var("TARGET");
    if var("CARGO_CFG_TARGET_OS") != "linux"
        || var("CARGO_CFG_TARGET_ENV") != "gnu"
        || !native
        || std::env::var_os("PUZZLES_DYNAMIC_CXX").is_some()
    {
        return;
    }
    // The C++ compiler the `cc` crate uses by default, asked where its archive is.
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_string());
    let Ok(out) = Command::new(cxx)
        .arg("-print-file-name=libstdc++.a")
        .output()
    else {
        return;
    };
    let archive = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    // Without the archive the compiler prints the bare name back.
    if !out.status.success() || !archive.is_absolute() || !archive.is_file() {
        return;
    }
    let dir = PathBuf::from(var("OUT_DIR")).join("static-cxx");
    if std::fs::create_dir_all(&dir).is_err()
        || std::fs::copy(&archive, dir.join("libstdc++.a")).is_err()
    {
        return;
    }
    println!("cargo:rustc-link-search=native={}", dir.display());
}
