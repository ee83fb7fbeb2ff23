#!/usr/bin/env python3
"""Whether the computer player doubles: gnubg's against the words of its own `hint`, and
tavli's against tavli's.

Each case is a random position of a positions file (a Position ID first on each line, anything
after ':' or a space ignored), the player on roll before rolling and allowed to double: money
(the Jacoby rule and beavers each on or off, the cube centred or at 2 owned by the player on
roll) or a 3- to 9-point match at a random score, post-Crawford drawn often (where optional
doubles live), the cube centred or at 2 owned by the player on roll where he may redouble; the
cube decision searched 0, 1 or 2 plies. Each program is given the same commands: `hint`, then
the player on roll is made a computer player searching the same plies for its cube decisions
(its plays at 0 plies) and `play` asks it to act. Its act (doubles, or rolls) is compared with
the rule that gnubg's computer player follows, applied to the words the same program printed:
double on "Double" and "Redouble" ("..., take", "..., pass", "..., beaver"); never on "No
double", "Too good" or "No double, beaver"; on "Optional double" only at 0 plies and when
the doubler's printed cubeless chance of winning is above 0.001. Prints the
counts by wording and program, how often the two computers act alike, and every case where a
computer's act is not the rule's (the rule leaves out gnubg's market window: below the dead
cube's doubling point, judged a ply shallower, its computer does not weigh the cube).

Usage: scripts/computer-double-vs-gnubg.py POSITIONS [--cases N] [--seed S]
           [--tavli BINARY] [--gnubg BINARY]
"""

import argparse
import collections
import random
import re
import sys

from gnubg_session import GNUBG, proper_cube_action, read_positions, run

# The computer's first act: a double, a play after rolling, or a resignation.
ACT = re.compile(r"^\S+ (doubles\.|moves |cannot move\.|offers to resign)")


def case_commands(rng, position):
    """The commands of one random case, its kind and its plies."""
    on_roll = rng.randrange(2)
    plies = rng.randrange(3)
    kind = rng.choice(["money", "match", "post-crawford", "post-crawford"])
    commands = ["set player 0 human", "set player 1 human"]
    cube_owned = rng.random() < 0.3
    if kind == "money":
        commands += ["new session", f"set jacoby {rng.choice(['on', 'off'])}",
                     f"set beavers {rng.choice([0, 3])}"]
    else:
        length = rng.randrange(3, 10)
        score = [rng.randrange(length - 1), rng.randrange(length - 1)]
        if kind == "post-crawford":
            score[rng.randrange(2)] = length - 1
            cube_owned = cube_owned and score[on_roll] < length - 2
        else:
            cube_owned = cube_owned and length - score[on_roll] > 2
        commands += [f"new match {length}", f"set score {score[0]} {score[1]}"]
        if kind == "post-crawford":
            commands += ["set crawford off", "set postcrawford on"]
    commands += [f"set turn {on_roll}", f"set board {position}"]
    if cube_owned:
        commands += ["set cube value 2", f"set cube owner {on_roll}"]
    commands += [
        f"set evaluation cubedecision evaluation plies {plies}",
        "hint",
        f"set player {on_roll} gnubg",
        f"set player {on_roll} cubedecision evaluation plies {plies}",
        f"set player {on_roll} chequerplay evaluation plies 0",
        "play",
        "",
    ]
    return kind, plies, commands


def act(binary, commands, gnubg):
    """The proper cube action `hint` printed (None when it printed none), the doubler's
    cubeless chance of winning it printed and whether the computer then doubled."""
    words, win, first_act = None, None, None
    lines = run(binary, commands, gnubg).splitlines()
    for line, following in zip(lines, lines[1:] + [""]):
        if "cubeless equity" in line and win is None:
            win = float(following.split()[0])
        proper = proper_cube_action(line)
        if proper and words is None:
            words = proper[0]
        found = ACT.match(line.strip())
        if found and first_act is None:
            first_act = found.group(1)
    return words, win, first_act == "doubles."


def rule(words, plies, win):
    """Whether gnubg's computer player doubles on `words` judged `plies` deep, its cubeless
    chance of winning `win` (an optional double only where it is above 0.001)."""
    if words.startswith("Optional"):
        return plies == 0 and win > 0.001
    return words in ("Double", "Redouble")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions")
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tavli", default="target/release/tavli")
    parser.add_argument("--gnubg", default=GNUBG)
    arguments = parser.parse_args()
    positions = read_positions(arguments.positions)
    rng = random.Random(arguments.seed)
    counts = collections.Counter()
    for number in range(arguments.cases):
        kind, plies, commands = case_commands(rng, rng.choice(positions))
        print(f"\r{number + 1}/{arguments.cases}", end="", file=sys.stderr, flush=True)
        acts = {}
        for name, gnubg in (("gnubg", True), ("tavli", False)):
            binary = arguments.gnubg if gnubg else arguments.tavli
            words, win, doubled = act(binary, commands, gnubg)
            if words is None:
                continue
            acts[name] = doubled
            wording = words.replace("redouble", "double").replace("Redouble", "Double")
            counts[(name, wording, plies >= 1, doubled)] += 1
            counts[(name, "cases")] += 1
            counts[(name, "rule")] += rule(words, plies, win) == doubled
            if rule(words, plies, win) != doubled:
                print(f"\n{name} {'doubled' if doubled else 'rolled'} on \"{words}\" at "
                      f"{plies} plies ({kind}): {' / '.join(commands[2:-6])}")
        if len(acts) == 2:
            counts["both"] += 1
            counts["same act"] += acts["gnubg"] == acts["tavli"]
    print(file=sys.stderr)
    print(f"tavli's computer acts as gnubg's in {counts['same act']}/{counts['both']} cases "
          "(their evaluators differ)")
    for name in ("gnubg", "tavli"):
        cases = counts[(name, "cases")]
        print(f"{name}: the computer's act is the rule's on its own hint in "
              f"{counts[(name, 'rule')]}/{cases} cases")
        for key in sorted(key for key in counts if key[0] == name and len(key) == 4):
            _, wording, deeper, doubled = key
            print(f"  {wording:<22} {'1-2' if deeper else '0'} plies: "
                  f"{'doubled' if doubled else 'rolled '} {counts[key]}")


if __name__ == "__main__":
    main()
