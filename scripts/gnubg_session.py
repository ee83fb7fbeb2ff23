"""Driving gnubg, the measuring stick, from the comparison scripts (`*-vs-gnubg.py`).

gnubg 1.07 runs as `gnubg -t -q` and tavli's REPL takes the same commands, so both are driven
alike: a script of commands on standard input, the output read back whole (`run`), or many
cases in one process, each after a marker (`run_marked`). gnubg's external-player server is
reached over a socket (`ExternalServer`). Also here: the positions files the scripts draw
from, the `hint` and cube-analysis lines they read, and the summary figures they print.
"""

import math
import re
import socket
import subprocess
import time

GNUBG = "/usr/games/gnubg"

# A play `hint` lists: rank, evaluator (`Cubeful` in gnubg, `net` in tavli), plies, the play
# and its equity.
HINT_PLAY = r"^\s*(\d+)\.\s+{evaluator}\s+(\d)-ply\s+(.*?)\s+Eq\.:\s+([-+]?\d+\.\d+)"
# A line of a cube analysis's "Cubeful equities" and the proper action after them.
CUBE_LINE = re.compile(
    r"^\d\.\s+(No (?:re)?double|(?:Re)?[Dd]ouble, (?:take|pass))\s+([-+]\d+\.\d+)")
PROPER = re.compile(r"^Proper cube action:\s+(.*?),\s+(take|pass|beaver)")
# gnubg's answer when player 0 is renamed: the marker between the cases of `run_marked`.
MARKED = re.compile(r"Player 0 is now known as `mark(\d+)'")


def read_positions(path):
    """The Position IDs of a positions file: the first field of each line that is not blank
    (anything after ':' or a space ignored)."""
    with open(path, encoding="utf-8") as file:
        return [re.split(r"[: ]", line.strip())[0] for line in file if line.strip()]


def program(binary, gnubg=True):
    """The command line of `binary`: gnubg without its GUI and banner, or tavli's REPL."""
    return [binary, "-t", "-q"] if gnubg else [binary]


def run(binary, commands, gnubg=True):
    """What `binary` prints (gnubg; with `gnubg=False` tavli's REPL) given `commands` on its
    standard input, then the end of input: a list of lines (joined with newlines, so end it
    with "" for a final newline) or one text."""
    text = commands if isinstance(commands, str) else "\n".join(commands)
    return subprocess.run(program(binary, gnubg), input=text, capture_output=True, text=True,
                          check=False).stdout


def run_marked(binary, setup, cases, gnubg=True):
    """Many cases in one process: the `setup` commands, then each case's commands after a
    marker (player 0 renamed `markN`). The output lines of each case, in order, or None for a
    case whose marker never came back."""
    script = list(setup)
    for index, commands in enumerate(cases):
        script += [f"set player 0 name mark{index}"] + list(commands)
    script.append(f"set player 0 name mark{len(cases)}")
    output = run(binary, "\n".join(script) + "\n", gnubg)
    blocks = [None] * len(cases)
    current = None
    for line in output.splitlines():
        found = MARKED.match(line)
        if found:
            current = int(found.group(1))
            if current < len(cases):
                blocks[current] = []
            continue
        if current is not None and current < len(cases):
            blocks[current].append(line)
    return blocks


def hint_plays(output, evaluator=r"\S+"):
    """The plays `hint` lists in `output`, in order: (play, plies, equity); `evaluator` (a
    pattern) keeps only the lines of that evaluation."""
    pattern = re.compile(HINT_PLAY.format(evaluator=evaluator))
    plays = []
    for line in output.splitlines():
        found = pattern.match(line)
        if found:
            plays.append((found.group(3), int(found.group(2)), float(found.group(4))))
    return plays


def cube_line(line):
    """The option and equity of one line of "Cubeful equities" ("no double", "double, take"
    or "double, pass": a redouble named as a double), or None."""
    found = CUBE_LINE.match(line.strip())
    if not found:
        return None
    return found.group(1).lower().replace("redouble", "double"), float(found.group(2))


def proper_cube_action(line):
    """The proper action's words and the answer ("take", "pass" or "beaver") of a "Proper cube
    action" line, or None."""
    found = PROPER.match(line.strip())
    return (found.group(1), found.group(2)) if found else None


def cube_analysis(output):
    """The cube analysis in `output`: the doubler's equities by option (as `cube_line` names
    them) and the first proper action's words and answer; the words are None when none was
    printed."""
    equities, words, answer = {}, None, None
    for line in output.splitlines():
        option = cube_line(line)
        if option:
            equities[option[0]] = option[1]
        proper = proper_cube_action(line)
        if proper and words is None:
            words, answer = proper
    return equities, words, answer


class ExternalServer:
    """An external-player server (gnubg's `external ADDRESS`, or `tavli external`) and one
    connection to it."""

    def __init__(self, arguments, port):
        self.process = subprocess.Popen(arguments, stdin=subprocess.PIPE,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        text=True)
        if arguments[0].endswith("gnubg"):
            self.process.stdin.write(f"external 127.0.0.1:{port}\n")
            self.process.stdin.flush()
        for _ in range(200):
            try:
                self.socket = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                time.sleep(0.05)
        self.file = self.socket.makefile("rw", newline="\n")

    def ask(self, line):
        """The reply to one request line (its NULs and surrounding blanks dropped) and the
        seconds it took."""
        started = time.monotonic()
        self.file.write(line + "\n")
        self.file.flush()
        reply = self.file.readline().replace("\0", "").strip()
        return reply, time.monotonic() - started

    def close(self):
        self.socket.close()
        self.process.kill()
        self.process.wait()


def rms(values):
    """Root-mean-square of `values` (NaN when there are none)."""
    return math.sqrt(sum(v * v for v in values) / len(values)) if values else float("nan")


def mean(values):
    """Mean of `values` (NaN when there are none)."""
    return sum(values) / len(values) if values else float("nan")
