#!/usr/bin/env python3
"""Runs an example program and its serial elision and compares their answers.

Usage: run-example.py <ito-run> <ito-run options...> -- <program> <args...>

Runs <program>_serial <args> and <ito-run> <options> <program> <args>; both
must exit 0 and print a RESULT line with verified=yes and a checksum= of
their output data, the checksums must be equal, and the RESULT lines must
agree on every other field too, except np, time_s and throughput figures.
"""
import subprocess
import sys

VARYING = {"np", "time_s", "Mnodes_s", "ns_per_pair", "where", "miss_8B_us",
           "miss_64KiB_us", "fetch_8MiB_MBps"}


def result(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = [l for l in p.stdout.splitlines() if l.startswith("RESULT ")]
    if p.returncode != 0 or not lines:
        sys.stderr.write(p.stdout + p.stderr)
        sys.exit(f"FAILED (exit {p.returncode}): {' '.join(cmd)}")
    fields = dict(f.split("=", 1) for f in lines[-1].split()[2:] if "=" in f)
    if fields.get("verified") != "yes":
        sys.exit(f"NOT VERIFIED: {' '.join(cmd)}\n{lines[-1]}")
    if not fields.get("checksum"):
        sys.exit(f"NO CHECKSUM on the RESULT line: {' '.join(cmd)}\n{lines[-1]}")
    return lines[-1], {k: v for k, v in fields.items() if k not in VARYING}


def main():
    sep = sys.argv.index("--")
    launcher, prog, args = sys.argv[1:sep], sys.argv[sep + 1], sys.argv[sep + 2:]
    serial_line, serial = result([prog + "_serial"] + args)
    par_line, par = result(launcher + [prog] + args)
    if serial["checksum"] != par["checksum"]:
        sys.exit(f"CHECKSUM MISMATCH\n serial:   {serial_line}\n parallel: {par_line}")
    if serial != par:
        sys.exit(f"MISMATCH\n serial:   {serial_line}\n parallel: {par_line}")
    print(par_line)


main()
