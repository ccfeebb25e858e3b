#!/bin/sh
# Runs every fuzz target for SECONDS each (default 120) on one core, from the
# committed seeds, and prints how many inputs each one executed.
# Usage: fuzz/run.sh [SECONDS]      (needs nightly and cargo-fuzz)
set -eu
cd "$(dirname "$0")"
secs=${1:-120}
mkdir -p logs
cargo +nightly fuzz build -s none
for t in $(cargo +nightly fuzz list); do
    mkdir -p "corpus/$t"
    cargo +nightly fuzz run -s none "$t" "corpus/$t" "seeds/$t" -- \
        -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        >"logs/$t.log" 2>&1 || echo "$t: FAILED (see fuzz/logs/$t.log and fuzz/artifacts/$t)"
    runs=$(grep -o 'Done [0-9]* runs' "logs/$t.log" | grep -o '[0-9]*' || echo "?")
    echo "$t: $runs executions in ${secs}s"
done
