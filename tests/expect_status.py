#!/usr/bin/env python3
"""expect_status.py N command [args...]

Runs the command, passing its output through, and exits 0 if it exits with
status N, 1 otherwise (saying what it got). lit's `not` accepts any failure;
tests of how a job ends need the exact status.
"""
import subprocess
import sys

if len(sys.argv) < 3:
    sys.exit("usage: expect_status.py N command [args...]")
want = int(sys.argv[1])
got = subprocess.run(sys.argv[2:]).returncode
if got < 0:  # killed by a signal: report it the way a shell does
    got = 128 - got
if got != want:
    print(f"expect_status: '{' '.join(sys.argv[2:])}' exited with status {got}, not {want}",
          file=sys.stderr)
    sys.exit(1)
