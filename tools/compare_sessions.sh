#!/bin/sh
# Runs every REPL script DIR/*.in through two tavli binaries (`tavli -t -q < script`) and
# reports the scripts whose standard output or standard error differ: a check that a change
# leaves the REPL's behaviour byte-identical. `@ROOT@` in a script stands for the repository
# (for its fixtures).
#   tools/compare_sessions.sh BEFORE_BINARY AFTER_BINARY [DIR]   (DIR: tools/opening-sessions)
# Exit status 0 when every script gives the same output, 1 otherwise.
set -u
before=$1
after=$2
dir=$(cd "${3:-$(dirname "$0")/opening-sessions}" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
total=0
differ=0
for script in "$dir"/*.in; do
    total=$((total + 1))
    name=$(basename "$script" .in)
    sed "s|@ROOT@|$root|g" "$script" >"$scratch/script.in"
    (cd "$scratch" && "$before" -t -q <script.in >before.out 2>before.err)
    (cd "$scratch" && "$after" -t -q <script.in >after.out 2>after.err)
    if ! cmp -s "$scratch/before.out" "$scratch/after.out" ||
        ! cmp -s "$scratch/before.err" "$scratch/after.err"; then
        differ=$((differ + 1))
        echo "DIFFERS: $name"
        diff "$scratch/before.out" "$scratch/after.out" | head -20
        diff "$scratch/before.err" "$scratch/after.err" | head -5
    fi
done
echo "$total scripts, $differ differ"
[ "$differ" -eq 0 ]
