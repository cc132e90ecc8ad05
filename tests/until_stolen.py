#!/usr/bin/env python3
"""until_stolen.py [--rank R] [--tries N] [--counter C] command [args...]

Runs an ito program (usually `ito-run -n 2 prog`) until a run has stolen at
least one task (or counted at least one C, a counter of ITO_STATS such as
partial_releases), and passes that run's output through. A test that checks
what tasks see after they migrate needs a run where they did; whether a
thief gets there before the victim finishes is up to the machine's load
(CI runs tests side by side on two cores), so one run proves nothing
either way. Each try reads the job's JSON stats (ITO_STATS=json:FILE).
A run that fails stops here with its status; N runs without a steal (by
rank R, or by any rank) fail with a message.
"""
import json
import os
import subprocess
import sys
import tempfile

args = sys.argv[1:]
rank = None
tries = 8
counter = "steals"
while args and args[0].startswith("--"):
    if args[0] == "--rank":
        rank, args = int(args[1]), args[2:]
    elif args[0] == "--tries":
        tries, args = int(args[1]), args[2:]
    elif args[0] == "--counter":
        counter, args = args[1], args[2:]
    else:
        sys.exit(f"until_stolen: unknown option {args[0]}")
if not args:
    sys.exit("usage: until_stolen.py [--rank R] [--tries N] [--counter C] command [args...]")

with tempfile.TemporaryDirectory() as tmp:
    stats_file = os.path.join(tmp, "stats.json")
    env = dict(os.environ, ITO_STATS="json:" + stats_file)
    for attempt in range(tries):
        if os.path.exists(stats_file):
            os.remove(stats_file)
        run = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if run.returncode != 0:
            sys.stdout.buffer.write(run.stdout)
            sys.stderr.buffer.write(run.stderr)
            sys.exit(run.returncode if run.returncode > 0 else 128 - run.returncode)
        with open(stats_file) as f:
            stats = json.load(f)
        if rank is None:
            count = stats["total"][counter]
        else:
            count = next(r[counter] for r in stats["per_rank"] if r["rank"] == rank)
        if count > 0:
            sys.stdout.buffer.write(run.stdout)
            sys.stderr.buffer.write(run.stderr)
            sys.exit(0)
    who = "any rank" if rank is None else f"rank {rank}"
    what = "steal" if counter == "steals" else counter
    sys.exit(f"until_stolen: no {what} by {who} in {tries} runs of '{' '.join(args)}'")
