#!/usr/bin/env python3
"""Luck rates of `tavli analyse` against gnubg's `analyse match`, both at 0 ply.

For each match file given (real match files gnubg imports), gnubg's `show statistics match`
luck rate per player (mEMG per roll) beside each tavli binary's (`analyse --json`, its luck
estimate as given), and per binary the mean absolute and root-mean-square difference over the
players, the largest, and the mean (tavli minus gnubg).

Usage: scripts/luck-vs-gnubg.py [--luck rolls] [--tavli BINARY ...] [--gnubg BINARY] FILE...
"""

import argparse
import json
import re
import subprocess

from gnubg_session import GNUBG, mean, rms, run


def gnubg_luck(gnubg, path):
    """gnubg's luck rate of each player (None where it prints n/a)."""
    command = "import mat" if not path.endswith(".sgf") else "load match"
    script = (
        "set threads 1\nset analysis chequerplay evaluation plies 0\n"
        "set analysis cubedecision evaluation plies 0\n"
        f"{command} {path}\nanalyse match\nshow statistics match\n"
    )
    block = run(gnubg, script).split("Luck statistics")[-1]
    for line in block.splitlines():
        if line.startswith("Luck rate mEMG"):
            # Each player's rate, then its MWC (or points) in parentheses, or n/a.
            words = re.findall(r"n/a|[-+]?\d+\.\d+%?", line[len("Luck rate mEMG"):])
            values = [None if w == "n/a" else float(w) for w in words if not w.endswith("%")]
            return values[:2]
    return [None, None]


def tavli_luck(binary, luck, paths):
    """Each file's players' luck rates by `binary`."""
    arguments = [binary, "analyse", "--json", "--plies", "0"]
    if luck:
        arguments += ["--luck", luck]
    output = subprocess.run(
        arguments + paths, capture_output=True, text=True, check=False
    ).stdout
    rates = {}
    for line in output.splitlines():
        record = json.loads(line)
        rates[record["file"]] = [player["luck"]["rate"] for player in record["players"]]
    return rates


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--luck")
    parser.add_argument("--tavli", action="append")
    parser.add_argument("--gnubg", default=GNUBG)
    arguments = parser.parse_args()
    binaries = arguments.tavli or ["target/release/tavli"]
    reference = {path: gnubg_luck(arguments.gnubg, path) for path in arguments.files}
    for binary in binaries:
        rates = tavli_luck(binary, arguments.luck, arguments.files)
        differences = []
        for path in arguments.files:
            for ours, theirs in zip(rates.get(path, []), reference[path]):
                if ours is not None and theirs is not None:
                    differences.append(ours - theirs)
        if not differences:
            print(f"{binary}: no figures")
            continue
        absolute = mean([abs(d) for d in differences])
        largest = max(differences, key=abs)
        print(f"{binary}: {len(differences)} players, mean |tavli - gnubg| {absolute:.2f} mEMG, "
              f"rms {rms(differences):.2f}, largest {largest:+.2f}, "
              f"mean {mean(differences):+.2f}")


if __name__ == "__main__":
    main()
