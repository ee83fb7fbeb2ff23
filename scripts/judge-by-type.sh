#!/bin/sh
# Chequer errors of the judge bench by position type: where a setting loses equity against
# gnubg 0-ply's own choices (or another setting's) on the same decisions.
#
# Usage: scripts/judge-by-type.sh ERRORS.tsv [SETTING] [TAVLI] [BASELINE]
#   ERRORS.tsv  written by `TAVLI_JUDGE_ERRORS=ERRORS.tsv cargo bench --bench gnubg_judge`
#               (setting, decision, gnubg ID, mEMG, depth; gnubg's own as `gnubg 0-ply`)
#   SETTING     the setting to set beside the baseline (default `net 0-ply`)
#   TAVLI       the tavli binary (default target/release/tavli)
#   BASELINE    the setting it is compared with (default `gnubg 0-ply`; e.g. `net 0-ply` to
#               compare a weights file's networks with the built-in ones)
# Prints per type (`tavli train classify`): decisions, the setting's mEMG per decision, the
# baseline's, the excess per decision with a 95% interval (paired by decision), the excess in
# all and its share of the setting's whole excess.
set -eu
errors=$1
setting=${2:-net 0-ply}
tavli=${3:-target/release/tavli}
baseline=${4:-gnubg 0-ply}
[ -r "$errors" ] || { echo "judge-by-type: cannot read $errors" >&2; exit 2; }
"$tavli" train classify --field 3 "$errors" | awk -F '\t' -v setting="$setting" -v baseline="$baseline" '
    $5 != $5 + 0 { next }
    $2 == setting { mine[$3] = $5; type[$3] = $1 }
    $2 == baseline { theirs[$3] = $5 }
    END {
        for (d in mine) {
            if (!(d in theirs)) continue
            t = type[d]; n[t]++; a[t] += mine[d]; g[t] += theirs[d]
            x = mine[d] - theirs[d]; s[t] += x; q[t] += x * x
            N++; S += x; A += mine[d]; G += theirs[d]; Q += x * x
        }
        if (N == 0) { print "judge-by-type: no decision of " setting " and " baseline > "/dev/stderr"; exit 2 }
        printf "%-16s %9s %10s %10s %18s %10s %7s\n", "type", "decisions", setting, baseline, "excess each", "in all", "share"
        split("race early backgame crashed bearoff-contact priming other", order, " ")
        for (i = 1; i <= 7; i++) {
            t = order[i]; if (!(t in n)) continue
            m = s[t] / n[t]; v = n[t] > 1 ? (q[t] - n[t] * m * m) / (n[t] - 1) : 0
            printf "%-16s %9d %10.2f %10.2f %+9.2f ± %6.2f %+10.0f %6.0f%%\n", t, n[t], a[t] / n[t], g[t] / n[t], m, 1.96 * sqrt(v / n[t]), s[t], S != 0 ? 100 * s[t] / S : 0
        }
        m = S / N; v = N > 1 ? (Q - N * m * m) / (N - 1) : 0
        printf "%-16s %9d %10.2f %10.2f %+9.2f ± %6.2f %+10.0f %6s\n", "all", N, A / N, G / N, m, 1.96 * sqrt(v / N), S, "100%"
    }'
