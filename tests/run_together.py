#!/usr/bin/env python3
"""Runs commands at the same time, each with its standard output in a file:

    run_together.py <out-1> "<command-1>" <out-2> "<command-2>" ...

Waits for all of them; the status is the first non-zero one's (0 if all
succeeded). Their standard error passes through.
"""
import shlex
import subprocess
import sys


def main():
    args = sys.argv[1:]
    if not args or len(args) % 2:
        sys.exit("usage: run_together.py <out> <command> [<out> <command>]...")
    jobs = []
    for out, command in zip(args[0::2], args[1::2]):
        with open(out, "wb") as f:
            jobs.append((command, subprocess.Popen(shlex.split(command), stdout=f)))
    status = 0
    for command, job in jobs:
        code = job.wait()
        if code != 0:
            sys.stderr.write(f"run_together.py: '{command}' ended with status {code}\n")
            status = status or code
    return status


if __name__ == "__main__":
    sys.exit(main())
