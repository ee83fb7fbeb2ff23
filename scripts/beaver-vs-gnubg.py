#!/usr/bin/env python3
"""Answers to a money double, beavers on: gnubg's `hint` words against its own figures and
tavli's.

Each case is a random position of a positions file (a Position ID first on each line, anything
after ':' or a space ignored), money with beavers allowed (`set beavers 3`, gnubg's default),
a random player on roll before rolling, the cube centred or at 2 owned by the player on roll.
Both programs get the same commands and `hint` at --plies (cube decision plies). For every case
the answer each prints ("Proper cube action: ..., take|pass|beaver") is compared with the rule
tavli's engine answers by (src/engine/cube.rs `CubeAnalysis::answer`) applied to the three
equities that program printed, and with the engine's former rule (a beaver when double/take is
below -0.2, no other condition), which `tavli external`, UBGI and the analysis used. Prints
the counts and every case where a printed answer is not the rule's on its own figures, and how
often tavli's answer is gnubg's.

Usage: scripts/beaver-vs-gnubg.py POSITIONS [--cases N] [--seed S] [--plies P]
           [--tavli BINARY] [--gnubg BINARY]
"""

import argparse
import random
import sys

from gnubg_session import GNUBG, cube_analysis, read_positions, run

TIE = 1e-6


def case_commands(rng, position, plies):
    """The commands of one random case."""
    on_roll = rng.randrange(2)
    commands = ["set player 0 human", "set player 1 human", "new session", "set beavers 3",
                f"set turn {on_roll}", f"set board {position}"]
    if rng.random() < 0.3:
        commands += ["set cube value 2", f"set cube owner {on_roll}"]
    commands += [f"set evaluation cubedecision evaluation plies {plies}", "hint", ""]
    return commands


def analysis(binary, commands, gnubg):
    """The doubler's three equities (no double, double/take, double/pass) and the answer
    printed, or None when no cube analysis was printed."""
    equities, _, answer = cube_analysis(run(binary, commands, gnubg))
    if answer is None or len(equities) != 3:
        return None
    return (equities["no double"], equities["double, take"], equities["double, pass"]), answer


def engine_rule(no_double, double_take, double_pass):
    """tavli's engine rule (CubeAnalysis::answer) with a beaver allowed."""
    if double_take > double_pass:
        return "pass"
    proper = min(double_take, double_pass) >= no_double - TIE
    if -2.0 - TIE <= double_take <= TIE and (proper or no_double < double_pass):
        return "beaver"
    return "take"


def former_rule(no_double, double_take, double_pass):
    """The engine's rule before: a beaver when double/take is below -0.2."""
    if double_take > double_pass:
        return "pass"
    return "beaver" if double_take < -0.2 else "take"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions")
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=0)
    parser.add_argument("--tavli", default="target/release/tavli")
    parser.add_argument("--gnubg", default=GNUBG)
    arguments = parser.parse_args()
    positions = read_positions(arguments.positions)
    rng = random.Random(arguments.seed)
    counts = {key: 0 for key in ("cases", "gnubg rule", "gnubg former", "tavli rule",
                                 "tavli former", "agree", "agree former", "gnubg beavers",
                                 "tavli beavers")}
    for number in range(arguments.cases):
        commands = case_commands(rng, rng.choice(positions), arguments.plies)
        theirs = analysis(arguments.gnubg, commands, True)
        ours = analysis(arguments.tavli, commands, False)
        print(f"\r{number + 1}/{arguments.cases}", end="", file=sys.stderr, flush=True)
        if theirs is None or ours is None:
            continue
        counts["cases"] += 1
        for name, (figures, answer) in (("gnubg", theirs), ("tavli", ours)):
            counts[f"{name} rule"] += engine_rule(*figures) == answer
            counts[f"{name} former"] += former_rule(*figures) == answer
            counts[f"{name} beavers"] += answer == "beaver"
            if engine_rule(*figures) != answer:
                print(f"\n{name} printed {answer}, the rule says {engine_rule(*figures)} "
                      f"on {figures}: {' / '.join(commands[3:-3])}")
        counts["agree"] += ours[1] == theirs[1]
        counts["agree former"] += former_rule(*ours[0]) == theirs[1]
    print(file=sys.stderr)
    cases = counts["cases"]
    print(f"{cases} money cube analyses at {arguments.plies} plies, beavers on "
          f"(gnubg beavered {counts['gnubg beavers']}, tavli {counts['tavli beavers']})")
    print(f"gnubg's printed answer is the engine's rule on gnubg's figures: "
          f"{counts['gnubg rule']}/{cases} (the former -0.2 rule: {counts['gnubg former']})")
    print(f"tavli's printed answer is the engine's rule on tavli's figures: "
          f"{counts['tavli rule']}/{cases} (the former -0.2 rule: {counts['tavli former']})")
    print(f"tavli's answer is gnubg's: {counts['agree']}/{cases}; the former rule on tavli's "
          f"figures would have been gnubg's in {counts['agree former']}")


if __name__ == "__main__":
    main()
