#!/usr/bin/env python3
"""tavli's cube model against gnubg's on gnubg's own 0-ply probabilities (no net compared).

Each case is a random position of a positions file (a Position ID first on each line, anything
after ':' or a space ignored) at a random score and cube: money (the cube centred or at 2 or 4
owned by either player, the Jacoby rule on or off), or a 3- to 11-point match (--lengths) at any score
before the Crawford game (every pair of aways, 2-away ones drawn more often; the cube centred,
or at 2 or 4 owned by either player), in the Crawford game, or post-Crawford (the cube centred
or at 2 owned by the leader, the trailer having doubled). gnubg evaluates every case at 0 ply
(`eval`: its five cubeless probabilities, its cubeless equity and its cube analysis: no double,
double/take, double/pass; where the player on roll may not double, its Cubeful column, which
is the no double). tavli's cube model (`examples/cube_model.rs`) is given gnubg's printed
GNUbg ID (whose Match ID holds the score, the cube and the Jacoby rule) and the same five
probabilities and values the same state, so the two cube models
alone differ. Figures are from the player on roll, in units of the current cube (match play:
gnubg's normalised equity, EMG).

Prints, by kind of score (money, 2-away involved, post-Crawford, Crawford, other match; money
positions of the two-sided bear-off database apart, as gnubg values them from the database's
exact cubeful equities, not by the model) and by gnubg's evaluator class, the root-mean-square, mean (tavli minus gnubg) and worst difference of
the cubeless equity, the no double and the double/take, and how often the proper action
(double or not, take or pass) differs. The cubeless column checks the match equity table and
the probabilities' rounding (gnubg prints 5 digits), not the cube model.

Usage: scripts/cube-model-vs-gnubg.py POSITIONS [--cases N] [--seed S]
           [--model BINARY ...] [--gnubg BINARY] [--save FILE] [--worst N]
           [--tavli BINARY] [--lengths FIRST-LAST]
Several --model binaries (the example built before and after a change) are each compared with
the same gnubg answers (default target/release/examples/cube_model: build it with
`cargo build --release --example cube_model`). --tavli (tavli's binary) also has tavli's REPL
`eval` the same cases at 0 ply, its own net's probabilities, and splits its difference from
gnubg into the nets' cubeless part and the cube's part, so that a bias of tavli's figures at a
kind of score can be put down to the nets or to the cube model.
"""

import argparse
import json
import math
import random
import subprocess
import sys

from gnubg_session import GNUBG, cube_line, proper_cube_action, read_positions, run_marked

KINDS = ["money", "2-away", "post-Crawford", "Crawford", "other match", "money 2-sided bear-off"]


def random_case(rng, position, lengths):
    """The gnubg commands of one random case (before its `eval`), its kind and Jacoby rule;
    a match is of one of `lengths` points."""
    on_roll = rng.randrange(2)
    draw = rng.random()
    jacoby = 0
    commands = []
    if draw < 0.2:
        kind = "money"
        jacoby = rng.randrange(2)
        # gnubg's `set jacoby` is the rule of the sessions started after it.
        commands += [f"set jacoby {'on' if jacoby else 'off'}", "new session"]
        cube = rng.choice([1, 1, 2, 4])
        owner = rng.randrange(2) if cube > 1 else None
        commands += [f"set turn {on_roll}", f"set board {position}"]
    else:
        length = rng.choice(lengths)
        commands.append(f"new match {length}")
        score = [0, 0]
        if draw < 0.35:
            kind = "Crawford"
            leader = rng.randrange(2)
            score[leader] = length - 1
            score[1 - leader] = rng.randrange(length - 1)
            commands += [f"set score {score[0]} {score[1]}", "set crawford on"]
            cube, owner = 1, None
        elif draw < 0.5:
            kind = "post-Crawford"
            leader = rng.randrange(2)
            score[leader] = length - 1
            # The trailer may be 1 away too (double match point).
            score[1 - leader] = rng.randrange(length)
            commands += [f"set score {score[0]} {score[1]}", "set postcrawford on"]
            # The trailer doubled at once (the cube his leader's), or not yet.
            cube, owner = (2, leader) if rng.random() < 0.4 else (1, None)
        else:
            if rng.random() < 0.5:
                # At least one player 2 away.
                two = rng.randrange(2)
                score[two] = length - 2
                score[1 - two] = rng.randrange(length - 1)
            else:
                score = [rng.randrange(length - 1), rng.randrange(length - 1)]
            kind = "2-away" if length - 2 in score else "other match"
            commands.append(f"set score {score[0]} {score[1]}")
            cube = rng.choice([1, 1, 2, 4])
            owner = rng.randrange(2) if cube > 1 else None
        commands += [f"set turn {on_roll}", f"set board {position}"]
    if cube > 1:
        commands += [f"set cube value {cube}", f"set cube owner {owner}"]
    return kind, jacoby, commands


def gnubg_views(gnubg, cases, tavli=False):
    """gnubg 0-ply's `eval` of every case: a dict of its figures, or None (`tavli`: the
    program is tavli's REPL, which takes gnubg's commands and prints 3 digits)."""
    setup = [
        "set player 0 human",
        "set player 1 human",
        "set evaluation cubedecision evaluation plies 0",
        "set evaluation chequerplay evaluation plies 0",
        "set output mwc off",
        "set output digits 5",
    ]
    blocks = run_marked(gnubg, setup, [commands + ["eval"] for _, _, commands in cases],
                        gnubg=not tavli)
    return [None if block is None else eval_view(block) for block in blocks]


def eval_view(lines):
    """The figures of one case's `eval` output `lines` (a dict)."""
    view = {}
    for line in lines:
        words = line.split()
        option = cube_line(line)
        proper = proper_cube_action(line)
        if line.startswith("Position ID:\t"):
            view["position"] = words[-1]
        elif line.startswith("Match ID:\t"):
            view["match"] = words[-1]
        elif line.startswith("Evaluator:"):
            view["class"] = " ".join(words[1:])
        elif words[:1] == ["static:"] and len(words) >= 8 and "probabilities" not in view:
            view["probabilities"] = [float(word) for word in words[1:6]]
            view["cubeless"] = float(words[6])
            view["cubeful"] = float(words[7])
        elif option:
            view[option[0].replace(", ", "/")] = option[1]
        elif proper:
            words, answer = proper
            view["proper"] = [words.startswith(("Double", "Redouble")),
                              answer in ("take", "beaver")]
    return view


def model_figures(binary, lines):
    """tavli's model figures for each input line (a dict, or None where it gave an error)."""
    output = subprocess.run(
        [binary], input="".join(line + "\n" for line in lines), capture_output=True, text=True,
        check=True,
    ).stdout.splitlines()
    figures = []
    for line in output:
        words = line.split()
        if words[:1] == ["error:"]:
            figures.append(None)
            continue
        figures.append({
            "class": words[0], "efficiency": float(words[1]), "cubeless": float(words[2]),
            "no double": float(words[3]), "double/take": float(words[4]),
            "double/pass": float(words[5]), "may double": words[6] == "1",
        })
    return figures


def action(no_double, take, pass_):
    """(double, take) as gnubg words it: double when the double is worth no double or more."""
    return [min(take, pass_) >= no_double, take <= pass_]


def statistics(differences):
    if not differences:
        return "     -       -       -"
    rms = math.sqrt(sum(d * d for d in differences) / len(differences))
    mean = sum(differences) / len(differences)
    worst = max(differences, key=abs)
    return f"{rms:7.4f} {mean:+7.4f} {worst:+7.4f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions")
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", action="append")
    parser.add_argument("--gnubg", default=GNUBG)
    parser.add_argument("--save")
    parser.add_argument("--worst", type=int, default=0)
    parser.add_argument("--tavli")
    parser.add_argument("--lengths", default="3-11")
    arguments = parser.parse_args()
    binaries = arguments.model or ["target/release/examples/cube_model"]
    positions = read_positions(arguments.positions)
    rng = random.Random(arguments.seed)
    first, _, last = arguments.lengths.partition("-")
    lengths = list(range(int(first), int(last or first) + 1))
    cases = [random_case(rng, rng.choice(positions), lengths) for _ in range(arguments.cases)]
    views = []
    for start in range(0, len(cases), 250):
        views += gnubg_views(arguments.gnubg, cases[start:start + 250])
        print(f"\rgnubg {len(views)}/{len(cases)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    usable = [(case, view) for case, view in zip(cases, views)
              if view and "probabilities" in view and "match" in view]
    lines = [f"{view['position']}:{view['match']} "
             + " ".join(f"{p:.5f}" for p in view["probabilities"]) for case, view in usable]
    print(f"{len(usable)} of {len(cases)} cases evaluated by gnubg")
    for binary in binaries:
        figures = model_figures(binary, lines)
        rows = []
        for (case, view), tavli in zip(usable, figures):
            if tavli is None:
                continue
            gnubg_no_double = view.get("no double", view["cubeful"])
            kind = case[0]
            if kind == "money" and view.get("class", "").startswith("Bearoff2"):
                # gnubg (and tavli's judge) value these from the database's exact cubeful
                # money equities, not by the cube model.
                kind = "money 2-sided bear-off"
            row = {"kind": kind, "class": view.get("class", "?"), "commands": case[2],
                   "jacoby": case[1], "id": f"{view['position']}:{view['match']}",
                   "gnubg": view, "tavli": tavli,
                   "cubeless": tavli["cubeless"] - view["cubeless"],
                   "no double": tavli["no double"] - gnubg_no_double}
            if "double/take" in view:
                row["double/take"] = tavli["double/take"] - view["double/take"]
                row["double/pass"] = tavli["double/pass"] - view["double/pass"]
                ours = action(tavli["no double"], tavli["double/take"], tavli["double/pass"])
                row["actions differ"] = ours != action(
                    gnubg_no_double, view["double/take"], view["double/pass"])
            rows.append(row)
        print(f"\n{binary}: {len(rows)} compared ({len(usable) - len(rows)} model errors); "
              "tavli - gnubg, units of the current cube (EMG)")
        print(f"{'':<22} {'n':>5} | {'cubeless rms/mean/worst':>23} | "
              f"{'no double rms/mean/worst':>23} | {'n':>4} {'double/take rms/mean/worst':>23}"
              f" | actions differ")
        groups = [(kind, [r for r in rows if r["kind"] == kind]) for kind in KINDS]
        classes = sorted({r["class"] for r in rows})
        groups += [(f"gnubg {name}", [r for r in rows if r["class"] == name])
                   for name in classes]
        groups.append(("all", rows))
        for label, chosen in groups:
            if not chosen:
                continue
            doubled = [r for r in chosen if "double/take" in r]
            differ = sum(r["actions differ"] for r in doubled)
            print(f"{label:<22} {len(chosen):>5} | "
                  f"{statistics([r['cubeless'] for r in chosen]):>23} | "
                  f"{statistics([r['no double'] for r in chosen]):>23} | {len(doubled):>4} "
                  f"{statistics([r['double/take'] for r in doubled]):>23} | "
                  f"{differ:>4}/{len(doubled)}")
        if arguments.worst:
            def size(row):
                return max(abs(row["no double"]), abs(row.get("double/take", 0.0)))
            for row in sorted(rows, key=size, reverse=True)[:arguments.worst]:
                print(f"  {row['kind']:<13} {row['class']:<18} {row['id']} jacoby {row['jacoby']}"
                      f" ND {row['no double']:+.5f} DT {row.get('double/take', 0.0):+.5f}"
                      f" tavli x {row['tavli']['efficiency']:.3f} {row['tavli']['class']}")
        if arguments.tavli and binary == binaries[0]:
            net_comparison(arguments.tavli, binary, usable)
        if arguments.save:
            with open(f"{arguments.save}.{binaries.index(binary)}", "w",
                      encoding="utf-8") as file:
                for row in rows:
                    file.write(json.dumps(row) + "\n")


def net_comparison(tavli, model, usable):
    """tavli's own 0-ply `eval` (its net and its cube model) against gnubg's on the same cases,
    split into the cubeless equity (the nets alone), the cube's part (no double less cubeless)
    and the model check (tavli's cube model on tavli's printed probabilities against its
    printed no double: 3 printed digits, so about 0.002 apart at most)."""
    views = []
    for start in range(0, len(usable), 250):
        views += gnubg_views(tavli, [case for case, _ in usable[start:start + 250]], tavli=True)
    pairs = [(case, gnubg, ours) for (case, gnubg), ours in zip(usable, views)
             if ours and "probabilities" in ours and "match" in ours]
    lines = [f"{ours['position']}:{ours['match']} "
             + " ".join(f"{p:.5f}" for p in ours["probabilities"]) for _, _, ours in pairs]
    figures = model_figures(model, lines)
    rows = []
    for (case, gnubg, ours), figure in zip(pairs, figures):
        if figure is None:
            continue
        no_double = {name: view.get("no double", view["cubeful"]) for name, view in
                     (("gnubg", gnubg), ("tavli", ours))}
        rows.append({
            "kind": case[0],
            "cubeless": ours["cubeless"] - gnubg["cubeless"],
            "no double": no_double["tavli"] - no_double["gnubg"],
            "cube": (no_double["tavli"] - ours["cubeless"])
                    - (no_double["gnubg"] - gnubg["cubeless"]),
            "model": figure["no double"] - no_double["tavli"],
            "win": ours["probabilities"][0] - gnubg["probabilities"][0],
            "gammons": (ours["probabilities"][1] - ours["probabilities"][3])
                       - (gnubg["probabilities"][1] - gnubg["probabilities"][3]),
        })
    print(f"\n{tavli} `eval` 0-ply against gnubg's, {len(rows)} cases: tavli - gnubg "
          "(rms/mean/worst); win and gammons (won less lost): mean")
    print(f"{'':<14} {'n':>5} | {'cubeless (nets)':>23} | {'no double':>23} | "
          f"{'cube part':>23} | {'model check':>23} | {'win':>7} {'gammons':>7}")
    for kind in KINDS + ["all"]:
        chosen = [r for r in rows if kind in ("all", r["kind"])]
        if not chosen:
            continue
        columns = " | ".join(statistics([r[name] for r in chosen])
                             for name in ("cubeless", "no double", "cube", "model"))
        mean = {name: sum(r[name] for r in chosen) / len(chosen) for name in ("win", "gammons")}
        print(f"{kind:<14} {len(chosen):>5} | {columns} | {mean['win']:+7.4f} "
              f"{mean['gammons']:+7.4f}")


if __name__ == "__main__":
    main()
