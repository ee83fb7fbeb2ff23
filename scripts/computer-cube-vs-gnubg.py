#!/usr/bin/env python3
"""The computer player's cube decisions, tavli's against gnubg's: does it double, and does it
take, pass or beaver a double?

Each case is a random position of a positions file (a Position ID first on each line, anything
after ':' or a space ignored) in a random setting: money (the Jacoby rule and beavers each on
or off) or a 3- to 9-point match at a random score, post-Crawford drawn often; the cube centred
or at 2 owned by the player who may double. Two questions are put to each program, with player
0 a computer judging chequer play and cube decisions at 0 plies (`set player 0 chequerplay|
cubedecision evaluation plies 0`) and `hint` at 0 plies printed first for the figures:
* double: player 0 on roll before rolling, `play`: does he double (or roll, or resign)?
* answer: player 1 (a human) on roll in the same setting doubles: does player 0 take, pass or
  beaver?
Prints how often the two computers act alike, and classifies every difference: a close call
when the choice the other program made costs less than --margin by gnubg's own figures (its
`hint`, normalised equity); else a rule difference when a computer's act is not what its own
`hint` implies by gnubg's computer rule (double on "Double"/"Redouble", an "Optional" double
only at 0 plies; never on "No double", "Too good" or "No double, beaver"; answer as the hint's
answer, a beaver only where one is allowed: money, beavers on, the beavered cube within 4096);
else a net difference (each follows its own figures, which differ). A double that a computer
rolls although its hint says "Double" can be gnubg's market window (the cubeless chance of
winning below the dead cube's doubling point), counted as such. gnubg's computer may also
resign before its cube decision (race positions); a difference there is counted apart.

Usage: scripts/computer-cube-vs-gnubg.py POSITIONS [--cases N] [--seed S] [--margin M]
           [--tavli BINARY] [--gnubg BINARY] [--verbose]
"""

import argparse
import collections
import random
import re
import sys

from gnubg_session import GNUBG, cube_analysis, read_positions, run

# The computer's first act on roll: a double, a roll (its play), or a resignation.
ACT = re.compile(r"^\S+ (doubles\.|moves |cannot move\.|offers to resign)")
# The computer's answer to a double.
ANSWER = re.compile(r"^\S+ (accepts and immediately redoubles|accepts the cube|refuses the cube)")
ANSWER_WORDS = {"accepts and immediately redoubles": "beaver", "accepts the cube": "take",
                "refuses the cube": "pass"}
COMPUTER = ["set player 0 gnubg", "set player 0 chequerplay evaluation plies 0",
            "set player 0 cubedecision evaluation plies 0"]


def setting(rng, doubler):
    """A random setting where `doubler` may double: its kind, the setup commands up to the
    board (without the turn) and whether he may also redouble a cube at 2 of his own."""
    kind = rng.choice(["money", "money", "match", "post-crawford"])
    commands = ["set player 0 human", "set player 1 human",
                "set evaluation cubedecision evaluation plies 0",
                "set evaluation chequerplay evaluation plies 0"]
    if kind == "money":
        commands += ["new session", f"set jacoby {rng.choice(['on', 'off'])}",
                     f"set beavers {rng.choice([0, 3, 3])}"]
        return kind, commands, True
    length = rng.randrange(3, 10)
    score = [rng.randrange(length - 1), rng.randrange(length - 1)]
    if kind == "post-crawford":
        # The leader, 1 away, has a dead cube: the trailer doubles.
        score[1 - doubler] = length - 1
    commands += [f"new match {length}", f"set score {score[0]} {score[1]}"]
    if kind == "post-crawford":
        commands += ["set crawford off", "set postcrawford on"]
    # A redouble from 2 needs more than 2 points to win the match.
    return kind, commands, length - score[doubler] > 2


def question(setup, position, doubler, owned, ask):
    """The commands of one question: `doubler` on roll, the cube at 2 his own when `owned`;
    `ask` is "double" (player 0 is the computer on roll) or "answer" (player 1 doubles)."""
    commands = list(setup) + [f"set turn {doubler}", f"set board {position}"]
    if owned:
        commands += ["set cube value 2", f"set cube owner {doubler}"]
    commands.append("hint")
    if ask == "double":
        commands += COMPUTER + ["play"]
    else:
        commands += COMPUTER + ["double"]
    return commands + [""]


def read_double(output):
    """The doubler's figures and the hint's words, and the computer's act: "double", "roll",
    "resign" or None."""
    equities, words, _ = cube_analysis(output)
    act = None
    for line in output.splitlines():
        found = ACT.match(line.strip())
        if found:
            act = {"doubles.": "double", "offers to resign": "resign"}.get(found.group(1),
                                                                            "roll")
            break
    return equities, words, act


def read_answer(output):
    """The doubler's figures, the hint's answer, and the computer's answer or None."""
    equities, words, answer = cube_analysis(output)
    act = None
    for line in output.splitlines():
        found = ANSWER.match(line.strip())
        if found:
            act = ANSWER_WORDS[found.group(1)]
            break
    return equities, (words, answer), act


def double_rule(words):
    """Whether gnubg's computer rule doubles on `words` at 0 plies (the market window and the
    0.001 chance of winning aside)."""
    return words.startswith(("Double", "Redouble", "Optional"))


def answer_rule(answer, beaver_allowed):
    """gnubg's computer answer on the hint's `answer`: a beaver only where one is allowed."""
    return "take" if answer == "beaver" and not beaver_allowed else answer


def double_margin(equities):
    """What the worse of double and no double costs by these figures (normalised)."""
    double = min(equities["double, take"], equities["double, pass"])
    return abs(double - equities["no double"])


def answer_cost(equities, chosen, best):
    """What answering `chosen` instead of `best` costs the taker by the doubler's figures (a
    beaver is worth twice the take to him, but no more than the doubler's drop of it, 2)."""
    take = -equities["double, take"]
    value = {"take": take, "pass": -equities["double, pass"], "beaver": min(2 * take, 2.0)}
    return abs(value[best] - value[chosen])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions")
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--margin", type=float, default=0.04)
    parser.add_argument("--tavli", default="target/release/tavli")
    parser.add_argument("--gnubg", default=GNUBG)
    parser.add_argument("--verbose", action="store_true")
    arguments = parser.parse_args()
    positions = read_positions(arguments.positions)
    rng = random.Random(arguments.seed)
    counts = collections.Counter()
    programs = (("gnubg", arguments.gnubg, True), ("tavli", arguments.tavli, False))
    for number in range(arguments.cases):
        print(f"\r{number + 1}/{arguments.cases}", end="", file=sys.stderr, flush=True)
        position = rng.choice(positions)
        for ask, doubler in (("double", 0), ("answer", 1)):
            kind, setup, owned_allowed = setting(rng, doubler)
            beavers = kind == "money" and "set beavers 3" in setup
            owned = owned_allowed and rng.random() < 0.3
            commands = question(setup, position, doubler, owned, ask)
            read = read_double if ask == "double" else read_answer
            results = {name: read(run(binary, commands, gnubg))
                       for name, binary, gnubg in programs}
            if any(len(equities) != 3 or act is None
                   for equities, _, act in results.values()):
                counts[(ask, "skipped")] += 1
                continue
            counts[(ask, "cases")] += 1
            acts = {name: act for name, (_, _, act) in results.items()}
            counts[(ask, "gnubg", acts["gnubg"])] += 1
            counts[(ask, "tavli", acts["tavli"])] += 1
            # Whether each act is its own hint's by gnubg's computer rule.
            follows = {}
            for name, (equities, words, act) in results.items():
                if ask == "double":
                    expected = "double" if double_rule(words) else "roll"
                    follows[name] = act == expected or act == "resign"
                    if act == "roll" and expected == "double":
                        counts[(ask, name, "rolled a hinted double")] += 1
                else:
                    follows[name] = act == answer_rule(words[1], beavers)
            for name in follows:
                counts[(ask, name, "follows its hint")] += follows[name]
            if acts["gnubg"] == acts["tavli"]:
                counts[(ask, "same")] += 1
                continue
            gnubg_equities, gnubg_words, _ = results["gnubg"]
            if ask == "double":
                cost = double_margin(gnubg_equities)
            else:
                cost = answer_cost(gnubg_equities, acts["tavli"], acts["gnubg"])
            if "resign" in acts.values():
                kind_of = "resignation"
            elif cost < arguments.margin:
                kind_of = "close call"
            elif not all(follows.values()):
                kind_of = "rule difference"
            else:
                kind_of = "net difference"
            counts[(ask, kind_of)] += 1
            counts[(ask, kind_of, "cost")] += cost
            if kind_of != "close call" or arguments.verbose:
                tavli_equities, tavli_words, _ = results["tavli"]
                print(f"\n{ask} ({kind}) {kind_of}, {cost:.3f} by gnubg's figures: "
                      f"gnubg {acts['gnubg']} on {gnubg_words} {gnubg_equities}, "
                      f"tavli {acts['tavli']} on {tavli_words} {tavli_equities}: "
                      f"{' / '.join(commands[:-1])}")
    print(file=sys.stderr)
    for ask in ("double", "answer"):
        cases = counts[(ask, "cases")]
        print(f"{ask}: tavli's computer acts as gnubg's in {counts[(ask, 'same')]}/{cases} "
              f"({counts[(ask, 'skipped')]} skipped without a cube analysis or an act)")
        for kind_of in ("close call", "net difference", "rule difference", "resignation"):
            number = counts[(ask, kind_of)]
            if number and kind_of == "resignation":
                print(f"  {kind_of}: {number}")
            elif number:
                print(f"  {kind_of}: {number} (mean cost by gnubg's figures "
                      f"{counts[(ask, kind_of, 'cost')] / number:.3f})")
        for name in ("gnubg", "tavli"):
            acts = ", ".join(f"{act} {counts[(ask, name, act)]}"
                             for act in ("double", "roll", "resign", "take", "pass", "beaver")
                             if counts[(ask, name, act)])
            print(f"  {name}: {acts}; follows its own hint {counts[(ask, name, 'follows its hint')]}"
                  f"/{cases}" + (f", rolled {counts[(ask, name, 'rolled a hinted double')]} "
                                 "hinted doubles" if ask == "double" else ""))


if __name__ == "__main__":
    main()
