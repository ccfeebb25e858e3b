#!/bin/sh
# The `puzzles` of the documents' console examples (tests/docs.rs): the real
# binary ($PUZZLES_BIN), or, for an example that pipes one command into
# another (`puzzles examples NAME | puzzles sudoku -`), the whole line run by
# the shell with that binary first on the PATH.
for arg in "$@"; do
    if [ "$arg" = "|" ]; then
        piped=yes
    fi
done
if [ -z "$piped" ]; then
    exec "$PUZZLES_BIN" "$@"
fi
line=puzzles
for arg in "$@"; do
    if [ "$arg" = "|" ]; then
        line="$line |"
    else
        quoted=$(printf '%s' "$arg" | sed "s/'/'\\\\''/g")
        line="$line '$quoted'"
    fi
done
PATH="$(dirname "$PUZZLES_BIN"):$PATH"
export PATH
eval "$line"
