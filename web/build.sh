#!/usr/bin/env bash
# Builds the page's solver: the puzzles-web crate for wasm32-unknown-unknown,
# copied to web/www/puzzles.wasm. Installs the wasm32 target when missing
# (rustup's own component, no other tool).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
cargo build --release -p puzzles-web --target wasm32-unknown-unknown
cp target/wasm32-unknown-unknown/release/puzzles_web.wasm web/www/puzzles.wasm
echo "web/www/puzzles.wasm: $(stat -c %s web/www/puzzles.wasm) bytes"
