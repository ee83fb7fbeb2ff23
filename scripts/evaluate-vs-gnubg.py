#!/usr/bin/env python3
"""The external player's `evaluation ... cubeful` answer of tavli against gnubg's own.

gnubg 1.07 serves its external-player protocol (`external ADDRESS`) and so does each tavli
binary (`tavli external ADDRESS`); both get `evaluation fibsboard BOARD plies N cubeful`
requests of the same position (gnubg's with the scores exchanged: see `for_gnubg`). Each case is a random position of a positions file (a Position ID first on
each line, anything after ':' or a space ignored) with a random player on roll before the
roll and a random score: money (the cube centred, or at 2 owned by either player) or a 5- or
7-point match at a random score (post-Crawford and 2-away scores drawn more often, the cube
centred or at 2). No Crawford games: a FIBS board cannot say one is (gnubg 1.07 then answered
with the other player's match-winning chance), and the cube is dead there anyway. Prints, per depth and kind of score, the root-mean-square and mean
difference (tavli minus gnubg) of the sixth number (money: equity per unit cube; match:
match-winning chance) and of the win chance, and the median and slowest time of tavli's
answers (the request's round trip on a local socket).

Usage: scripts/evaluate-vs-gnubg.py POSITIONS [--cases N] [--seed S] [--plies 0,1,2]
           [--tavli BINARY ...] [--gnubg BINARY] [--save FILE]
"""

import argparse
import base64
import json
import random
import statistics
import subprocess
import sys

from gnubg_session import GNUBG, ExternalServer, read_positions, rms


def match_id(cube_log2, cube_owner, on_roll, crawford, length, score):
    """gnubg's Match ID of a game in play, `on_roll` to roll, no dice."""
    fields = [(cube_log2, 4), (cube_owner, 2), (on_roll, 1), (crawford, 1), (1, 3),
              (on_roll, 1), (0, 1), (0, 2), (0, 3), (0, 3), (length, 15), (score[0], 15),
              (score[1], 15)]
    bits, at = 0, 0
    for value, width in fields:
        bits |= value << at
        at += width
    return base64.b64encode(bits.to_bytes(9, "little")).decode()


def random_case(rng, position):
    """A GNUbg ID of a random case and its kind of score."""
    on_roll = rng.randrange(2)
    kind = rng.choice(["money", "money", "match", "post-crawford", "two-away"])
    cube_log2, owner, length, score = 0, 3, 0, [0, 0]
    if kind != "money":
        length = rng.choice([5, 7])
        if kind == "post-crawford":
            leader = rng.randrange(2)
            score[leader] = length - 1
            score[1 - leader] = rng.randrange(length - 1)
        elif kind == "two-away":
            score = [length - 2, rng.randrange(length - 1)]
            rng.shuffle(score)
        else:
            score = [rng.randrange(length - 1), rng.randrange(length - 1)]
    if kind != "post-crawford" and rng.random() < 0.3:
        cube_log2, owner = 1, rng.randrange(2)
    return f"{position}:{match_id(cube_log2, owner, on_roll, 0, length, score)}", kind


def for_gnubg(board):
    """`board` with its two scores exchanged: gnubg 1.07's external `evaluation` reads a board's
    score as its `set debug on` lines show (the Match ID of the case) but values the position
    at the score the other way round (`u90OAACYuzMAYA:cAngADAAKAAA`, X on roll 2-away, O
    4-away: its `eval` says 51.7% cubeful, its `evaluation` 4.1%, and 51.4% with the scores
    exchanged), so it is asked with them exchanged."""
    fields = board.split(":")
    fields[4], fields[5] = fields[5], fields[4]
    return ":".join(fields)


def numbers(reply):
    values = reply.split()
    if len(values) != 6:
        return None
    try:
        return [float(value) for value in values]
    except ValueError:
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions")
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", default="0,1,2")
    parser.add_argument("--tavli", action="append")
    parser.add_argument("--gnubg", default=GNUBG)
    parser.add_argument("--save")
    arguments = parser.parse_args()
    binaries = arguments.tavli or ["target/release/tavli"]
    depths = [int(d) for d in arguments.plies.split(",")]
    positions = read_positions(arguments.positions)
    rng = random.Random(arguments.seed)
    port = 17600 + rng.randrange(300)
    gnubg = ExternalServer([arguments.gnubg, "-t", "-q"], port)
    servers = {binary: ExternalServer([binary, "external", f"127.0.0.1:{port + 1 + index}",
                                       "--quiet"], port + 1 + index)
               for index, binary in enumerate(binaries)}
    records = []
    try:
        # Each server's first request loads its networks: asked once before the timing.
        warm_up = subprocess.run([binaries[0], "id", "start", "--to", "fibs"],
                                 capture_output=True, text=True, check=False).stdout.strip()
        for server in servers.values():
            server.ask(f"evaluation fibsboard {warm_up} plies 0 cubeful")
        for number in range(arguments.cases):
            gnubg_id, kind = random_case(rng, rng.choice(positions))
            board = subprocess.run([binaries[0], "id", gnubg_id, "--to", "fibs"],
                                   capture_output=True, text=True, check=False).stdout.strip()
            if not board.startswith("board:"):
                continue
            for depth in depths:
                request = f"evaluation fibsboard {board} plies {depth} cubeful"
                theirs = numbers(gnubg.ask(f"evaluation fibsboard {for_gnubg(board)} "
                                           f"plies {depth} cubeful")[0])
                if theirs is None:
                    continue
                record = {"id": gnubg_id, "kind": kind, "plies": depth, "gnubg": theirs,
                          "tavli": {}}
                for binary, server in servers.items():
                    reply, seconds = server.ask(request)
                    record["tavli"][binary] = (numbers(reply), seconds)
                records.append(record)
            print(f"\r{number + 1}/{arguments.cases}", end="", file=sys.stderr, flush=True)
    finally:
        gnubg.close()
        for server in servers.values():
            server.close()
    print(file=sys.stderr)
    if arguments.save:
        with open(arguments.save, "w", encoding="utf-8") as file:
            for record in records:
                file.write(json.dumps(record) + "\n")
    kinds = sorted({r["kind"] for r in records}) + ["all"]
    print(f"{'binary':<28} {'plies':>5} {'score':<14} {'cases':>5} {'equity rms':>10} "
          f"{'mean':>8} {'win rms':>8} {'median ms':>9} {'max ms':>7}")
    for binary in binaries:
        for depth in depths:
            for kind in kinds:
                chosen = [r for r in records if r["plies"] == depth and kind in ("all", r["kind"])]
                equity, win, times = [], [], []
                for record in chosen:
                    ours, seconds = record["tavli"][binary]
                    times.append(seconds * 1000)
                    if ours is None:
                        continue
                    equity.append(ours[5] - record["gnubg"][5])
                    win.append(ours[0] - record["gnubg"][0])
                if not chosen:
                    continue
                mean = sum(equity) / len(equity) if equity else float("nan")
                print(f"{binary[-28:]:<28} {depth:>5} {kind:<14} {len(chosen):>5} "
                      f"{rms(equity):>10.4f} {mean:>+8.4f} {rms(win):>8.4f} "
                      f"{statistics.median(times):>9.1f} {max(times):>7.1f}")


if __name__ == "__main__":
    main()
