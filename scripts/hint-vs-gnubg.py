#!/usr/bin/env python3
"""Cubeful `hint` equities of tavli against gnubg on random cases.

Each case is a random position of a positions file (a Position ID first on each line, anything
after ':' or a space ignored), random dice and a random score: money (the cube centred, or at 2
owned by either player) or a 5- or 7-point match at a random score (post-Crawford, Crawford and
2-away scores drawn more often, the cube centred or at 2). Both programs are given the same
commands (`set turn` before `set board`) and asked `hint` at each depth; the first play's
equity and every play both list are compared. Prints, per depth and per kind of score, the
root-mean-square and mean difference (tavli minus gnubg) of the first play's equity and of the
listed plays', how often the first plays agree, and the median and slowest time of tavli's
hint (the whole process, so including its start; the fastest of --repeat runs).

Usage: scripts/hint-vs-gnubg.py POSITIONS [--cases N] [--seed S] [--plies 1,2]
           [--tavli BINARY ...] [--gnubg BINARY] [--save FILE] [--repeat N]
Several --tavli binaries (e.g. before and after a change) are each compared with the same
gnubg answers. --save writes every case's figures (JSON lines) for a closer look.
"""

import argparse
import json
import random
import statistics
import sys
import time

from gnubg_session import GNUBG, hint_plays, mean, read_positions, rms, run


def case_commands(rng, position):
    """The commands of one random case and the kind of score it is."""
    commands = ["set player 0 human", "set player 1 human"]
    on_roll = rng.randrange(2)
    kind = rng.choice(["money", "money", "match", "post-crawford", "two-away", "crawford"])
    if kind == "money":
        commands.append("new session")
    else:
        length = rng.choice([5, 7])
        commands.append(f"new match {length}")
        if kind in ("post-crawford", "crawford"):
            leader = rng.randrange(2)
            score = [0, 0]
            score[leader] = length - 1
            score[1 - leader] = rng.randrange(length - 1)
            # gnubg's settings: `set postcrawford on`, `set crawford on`.
            setting = kind.replace("-", "")
            commands += [f"set score {score[0]} {score[1]}", f"set {setting} on"]
        elif kind == "two-away":
            score = [length - 2, rng.randrange(length - 1)]
            rng.shuffle(score)
            commands.append(f"set score {score[0]} {score[1]}")
        else:
            score = [rng.randrange(length - 1), rng.randrange(length - 1)]
            commands.append(f"set score {score[0]} {score[1]}")
    commands += [f"set turn {on_roll}", f"set board {position}"]
    if kind not in ("crawford", "post-crawford") and rng.random() < 0.3:
        commands += ["set cube value 2", f"set cube owner {rng.randrange(2)}"]
    high, low = sorted([rng.randint(1, 6), rng.randint(1, 6)], reverse=True)
    commands.append(f"set dice {high} {low}")
    return kind, commands


def hint(binary, commands, plies, gnubg):
    """The plays `hint` lists at `plies`: (text, plies, equity) in order, and the seconds taken."""
    script = commands + [f"set evaluation chequerplay evaluation plies {plies}", "hint", ""]
    started = time.monotonic()
    output = run(binary, script, gnubg)
    seconds = time.monotonic() - started
    return hint_plays(output), seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions")
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", default="1,2")
    parser.add_argument("--tavli", action="append")
    parser.add_argument("--gnubg", default=GNUBG)
    parser.add_argument("--save")
    parser.add_argument("--repeat", type=int, default=1)
    arguments = parser.parse_args()
    binaries = arguments.tavli or ["target/release/tavli"]
    depths = [int(d) for d in arguments.plies.split(",")]
    positions = read_positions(arguments.positions)
    rng = random.Random(arguments.seed)
    records = []
    for number in range(arguments.cases):
        kind, commands = case_commands(rng, rng.choice(positions))
        for depth in depths:
            reference, _ = hint(arguments.gnubg, commands, depth, True)
            if len(reference) < 2:
                continue
            record = {"case": number, "kind": kind, "plies": depth, "commands": commands,
                      "gnubg": reference, "tavli": {}}
            for binary in binaries:
                runs = [hint(binary, commands, depth, False) for _ in range(arguments.repeat)]
                record["tavli"][binary] = (runs[0][0], min(seconds for _, seconds in runs))
            records.append(record)
        print(f"\r{number + 1}/{arguments.cases}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if arguments.save:
        with open(arguments.save, "w", encoding="utf-8") as file:
            for record in records:
                file.write(json.dumps(record) + "\n")
    kinds = sorted({r["kind"] for r in records}) + ["all"]
    print(f"{'binary':<28} {'plies':>5} {'score':<14} {'cases':>5} {'first rms':>9} "
          f"{'mean':>7} {'plays rms':>9} {'mean':>7} {'agree':>6} {'median s':>8} {'max s':>6}")
    for binary in binaries:
        for depth in depths:
            for kind in kinds:
                chosen = [r for r in records if r["plies"] == depth and kind in ("all", r["kind"])]
                first, listed, agree, times = [], [], 0, []
                for record in chosen:
                    plays, seconds = record["tavli"][binary]
                    times.append(seconds)
                    if not plays:
                        continue
                    reference = record["gnubg"]
                    first.append(plays[0][2] - reference[0][2])
                    agree += plays[0][0] == reference[0][0]
                    theirs = {text: equity for text, _, equity in reference}
                    listed += [equity - theirs[text] for text, _, equity in plays if text in theirs]
                if not chosen:
                    continue
                print(f"{binary[-28:]:<28} {depth:>5} {kind:<14} {len(chosen):>5} "
                      f"{rms(first):>9.4f} {mean(first):>+7.4f} {rms(listed):>9.4f} "
                      f"{mean(listed):>+7.4f} {agree / len(chosen):>6.0%} "
                      f"{statistics.median(times):>8.3f} {max(times):>6.3f}")


if __name__ == "__main__":
    main()
