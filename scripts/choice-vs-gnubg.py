#!/usr/bin/env python3
"""gnubg 2-ply's verdict on the two move choices `cargo bench --bench cubeful_choice` prints.

For each case where the cubeless choice (`Judge::cubeless_best_play`, what the engines play
with the cube off) and the cubeful ranking's first play (`Judge::best_play`, the first of
`Judge::ranked_plays`: what they play with the cube on, `hint`'s first) differ, gnubg's `hint`
at its default (cubeful 2-ply) lists the plays; each choice's loss is gnubg's first play's
equity minus the choice's (EMG). Prints the mean loss of each per differing case, how often
each is gnubg's first, and how often the cubeful play is better or worse than the cubeless
one by gnubg.

Usage: cargo bench --bench cubeful_choice -- POSITIONS 2000 7 2 7 > choice.tsv
       scripts/choice-vs-gnubg.py choice.tsv [money]   (money: the bench's LENGTH was 0)
"""

import sys

from gnubg_session import GNUBG, hint_plays, run


def main():
    new = "new session" if len(sys.argv) > 2 and sys.argv[2] == "money" else "new match 7"
    with open(sys.argv[1], encoding="utf-8") as file:
        rows = [line.rstrip("\n").split("\t") for line in file]
    rows = [row for row in rows if row[2] == "true"]
    losses = {"cubeless": [], "cubeful": []}
    for gnubg_id, dice, _, cubeless, cubeful in rows:
        script = (f"set player 0 human\nset player 1 human\n{new}\nset gnubgid {gnubg_id}\n"
                  f"set dice {dice[0]} {dice[1]}\nhint 500\n")
        plays, top = {}, None
        for play, _, equity in hint_plays(run(GNUBG, script), evaluator="Cubeful"):
            plays.setdefault(play, equity)
            top = equity if top is None else top
        if cubeless in plays and cubeful in plays:
            losses["cubeless"].append(top - plays[cubeless])
            losses["cubeful"].append(top - plays[cubeful])
        else:
            print(f"not listed by gnubg: {gnubg_id} {dice}", file=sys.stderr)
    judged = len(losses["cubeless"])
    print(f"{len(rows)} differing cases, {judged} with both plays in gnubg's list")
    if not judged:
        return
    for name, values in losses.items():
        print(f"{name}: mean loss against gnubg 2-ply's first {1000 * sum(values) / judged:.1f} "
              f"mEMG per differing case, gnubg's first in {sum(1 for v in values if v == 0)}")
    pairs = list(zip(losses["cubeless"], losses["cubeful"]))
    print(f"the cubeful play better by gnubg in {sum(1 for a, b in pairs if b < a)}, "
          f"worse in {sum(1 for a, b in pairs if b > a)}")


if __name__ == "__main__":
    main()
