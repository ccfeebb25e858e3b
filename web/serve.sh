#!/usr/bin/env bash
# Builds the solver, then serves the page on http://127.0.0.1:${PORT:-8000}/
# (any static file server will do: the page is plain files).
set -euo pipefail
cd "$(dirname "$0")"
./build.sh
echo "serving http://127.0.0.1:${PORT:-8000}/"
exec python3 -m http.server --bind 127.0.0.1 --directory www "${PORT:-8000}"
