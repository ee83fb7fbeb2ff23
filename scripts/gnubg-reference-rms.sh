#!/bin/sh
# Equity errors against gnubg 2-ply on a labels file's positions: the file's own labels and each
# weights file's networks at 0 ply, each by its root-mean-square and mean cubeless equity
# difference from gnubg 2-ply's (gnubg only measures; nothing is trained on its figures).
#
# Usage: scripts/gnubg-reference-rms.sh LABELS [WEIGHTS...] [-- TAVLI]
#   LABELS   a labels file (`.gz` or plain): a Position ID and five probabilities a line
#   WEIGHTS  weight files whose 0-ply equities to set beside the labels (`-`: the built-in ones)
#   TAVLI    the tavli binary (default target/release/tavli); gnubg is $GNUBG, by default
#            /usr/games/gnubg
# Each position is set with `set board ID` and evaluated with `eval` at 2 plies, the cube off.
set -eu
[ $# -ge 1 ] || { echo "usage: gnubg-reference-rms.sh LABELS [WEIGHTS...] [-- TAVLI]" >&2; exit 2; }
labels=$1; shift
weights=""
tavli=target/release/tavli
while [ $# -gt 0 ]; do
    if [ "$1" = "--" ]; then tavli=$2; break; fi
    weights="$weights $1"; shift
done
[ -r "$labels" ] || { echo "gnubg-reference-rms: cannot read $labels" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
zcat -f "$labels" | cut -d' ' -f1 > "$work/positions.txt"
{
    printf 'set player 0 human\nset player 1 human\nset cube use off\n'
    printf 'set evaluation chequerplay evaluation plies 2\nnew game\n'
    while read -r id; do printf 'set board %s\neval\n' "$id"; done < "$work/positions.txt"
} | "${GNUBG:-/usr/games/gnubg}" -t -q 2>&1 | awk '/^Position ID:/ { id = $3 } /^ 2 ply:/ { print id, $8 }' > "$work/gnubg.txt"
[ -s "$work/gnubg.txt" ] || { echo "gnubg-reference-rms: no equity from gnubg" >&2; exit 1; }
compare() {
    awk -v name="$1" 'function equity(w, wg, wb, lg, lb) { return 2 * w - 1 + wg - lg + wb - lb }
        NR == FNR { reference[$1] = $2; next }
        ($1 in reference) { d = equity($2, $3, $4, $5, $6) - reference[$1]; s += d * d; m += d; n++ }
        END { if (n == 0) exit 1; printf "%-40s %6d positions  rms %.4f  mean %+.4f\n", name, n, sqrt(s / n), m / n }' \
        "$work/gnubg.txt" "$2"
}
zcat -f "$labels" > "$work/labels.txt"
compare "labels ($(basename "$labels"))" "$work/labels.txt"
for file in $weights; do
    out="$work/net.txt"
    rm -f "$out"
    if [ "$file" = "-" ]; then set --; else set -- --weights "$file"; fi
    "$tavli" train label "$@" --positions "$work/positions.txt" --out "$out" --trials 0 \
        --truncate 0 --threads 1 > /dev/null 2>&1
    zcat -f "$out" > "$work/net-plain.txt"
    compare "0 ply: $file" "$work/net-plain.txt"
done
