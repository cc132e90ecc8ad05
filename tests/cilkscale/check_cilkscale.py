#!/usr/bin/env python3
"""check_cilkscale.py [--runs N] [--csv-file] [--at-least] command [args...]

Runs a program built with -fcilktool=cilkscale whose own stderr says what
its work and span must be, and checks Cilkscale's CSV against it. The
program measures the durations of its leaves itself and prints, for each
tag it dumps, a line `expected TAG WORK SPAN` (seconds; `-` for the whole
program's row, whose tag is empty). Work, span and parallelism must each
be within 10% of the expectation. Both sides
measure the same run, so a leaf that the machine's load slows down counts
the same on each; time the load adds outside the leaves does not, so a run
that misses is tried again, up to N times (default 3).

With --at-least, work and span need only reach 90% of the expectation:
between nodes a strand also waits for global memory outside the leaves
(the first read of a shared object in a process), which is part of its
time but not of what the program measured.

With --csv-file the CSV is read from CILKSCALE_OUT (a file this script
names), else from the program's standard error. The rows must be
Cilkscale's columns, with the header once, first.
"""
import csv
import io
import os
import subprocess
import sys
import tempfile

HEADER = ["tag", "work (seconds)", "span (seconds)", "parallelism",
          "burdened_span (seconds)", "burdened_parallelism"]


def check(stderr, csv_text, at_least):
    expected = {}
    for line in stderr.splitlines():
        if line.startswith("expected "):
            _, tag, work, span = line.split()
            expected["" if tag == "-" else tag] = (float(work), float(span))
    if not expected:
        return "the program printed no `expected` line"
    lines = [l for l in csv_text.splitlines() if "," in l]
    if not lines:
        return "no CSV rows"
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    if rows[0] != HEADER:
        return f"the first row is {rows[0]}, not Cilkscale's header"
    if HEADER in rows[1:]:
        return "the header appears more than once"
    got = {}
    for r in rows[1:]:
        if len(r) != 6:
            return f"row {r} has {len(r)} columns, not 6"
        work, span, par, bspan, bpar = map(float, r[1:])
        if not (abs(par - work / span) <= 0.01 * par and bspan >= span
                and abs(bpar - work / bspan) <= 0.01 * bpar):
            return f"row {r} does not add up"
        got[r[0]] = (work, span)
    problems = []
    for tag, (ework, espan) in expected.items():
        if tag not in got:
            problems.append(f"no row for tag '{tag}'")
            continue
        work, span = got[tag]
        low = work < 0.9 * ework or span < 0.9 * espan
        high = work > 1.1 * ework or span > 1.1 * espan
        par, epar = work / span, ework / espan
        if not at_least and abs(par - epar) > 0.1 * epar:
            high = True
        if low or (high and not at_least):
            problems.append(
                f"tag '{tag}': work {work:.6f} span {span:.6f}, expected "
                f"{ework:.6f} {espan:.6f} (parallelism {work / span:.2f}, "
                f"expected {ework / espan:.2f})")
    return "; ".join(problems)


def main():
    args = sys.argv[1:]
    runs, use_file, at_least = 3, False, False
    while args and args[0].startswith("--"):
        if args[0] == "--runs":
            runs, args = int(args[1]), args[2:]
        elif args[0] == "--csv-file":
            use_file, args = True, args[1:]
        elif args[0] == "--at-least":
            at_least, args = True, args[1:]
        else:
            sys.exit(f"check_cilkscale: unknown option {args[0]}")
    problem = ""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cilkscale.csv")
        env = dict(os.environ)
        env.pop("CILKSCALE_OUT", None)
        if use_file:
            env["CILKSCALE_OUT"] = out
        for _ in range(runs):
            run = subprocess.run(args, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
            if run.returncode != 0:
                sys.stdout.write(run.stdout)
                sys.stderr.write(run.stderr)
                sys.exit(f"check_cilkscale: the program exited with status "
                         f"{run.returncode}")
            csv_text = run.stderr
            if use_file:
                with open(out) as f:
                    csv_text = f.read()
            problem = check(run.stderr, csv_text, at_least)
            if not problem:
                sys.stdout.write(run.stdout)
                return
    sys.exit(f"check_cilkscale: {problem}")


main()
