#!/usr/bin/env python3
"""Runs the coherence torture test (random fork/join DAGs over global memory,
checked against their serial run) over the whole matrix: np 1, 2 and 4, one
node and every process its own node, every cache policy and a cache of 16
small blocks, and reports how many DAGs ran and how many updates were lost
or stale.

    scripts/coherence_torture.py [--dags 10000] [--build build] [--cilk]

Each configuration runs --dags DAGs of its own seeds. The status is non-zero
if any DAG went wrong or a run failed. --cilk runs the same DAGs written in
plain Cilk over a malloc'd array (tests/programs/coherence_torture.c, built
with ito-cc), whose accesses between nodes go through the fault-driven
global memory, and compares each DAG's checksums with its serial elision's.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POLICIES = {
    "write-back-lazy": {},  # the default
    "write-back": {"ITO_CACHE_POLICY": "write-back"},
    "write-through": {"ITO_CACHE_POLICY": "write-through"},
    "nocache": {"ITO_CACHE_POLICY": "nocache"},
    "tiny-cache": {"ITO_BLOCK_SIZE": "4k", "ITO_CACHE_SIZE": "64k", "ITO_SUB_BLOCK_SIZE": "1k"},
}
SUMMARY = re.compile(r"coherence torture: (\d+) DAGs on (\d+) processes, (\d+) with a wrong "
                     r"checksum, (\d+) stale or lost elements")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dags", type=int, default=10000, help="DAGs per configuration")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"), help="build directory")
    parser.add_argument("--nps", default="1,2,4", help="process counts (default 1,2,4)")
    parser.add_argument("--timeout", type=int, default=3600, help="seconds per configuration")
    parser.add_argument("--cilk", action="store_true",
                        help="the Cilk version, against its serial elision")
    args = parser.parse_args()

    run = os.path.join(args.build, "bin", "ito-run")
    test = os.path.join(args.build, "tests", "runtime", "test-coherence_torture")
    work = None
    if args.cilk:
        work = tempfile.mkdtemp(prefix="ito-torture.")
        source = os.path.join(ROOT, "tests", "programs", "coherence_torture.c")
        cc = os.path.join(args.build, "bin", "ito-cc")
        test = os.path.join(work, "torture")
        subprocess.run([cc, "-O2", source, "-o", test], check=True)
        subprocess.run([cc, "--ito-no-translate", "-O2", source, "-o", test + ".serial"],
                       check=True)
    rows, failed, first_seed = [], False, 1
    print(f"{'np':>3} {'layout':<10} {'cache':<16} {'DAGs':>7} {'wrong':>6} {'stale':>6} {'seconds':>8}",
          flush=True)
    for np in [int(n) for n in args.nps.split(",")]:
        for layout in ["one-node", "internode"]:
            for policy, env in POLICIES.items():
                # On one node every access is to home memory: the policies
                # are the same there, so one run covers them.
                if layout == "one-node" and policy != "write-back-lazy":
                    continue
                command = [run, "--timeout", str(args.timeout), "-n", str(np)]
                if layout == "internode":
                    command.append("--internode")
                command += [test, str(args.dags), str(first_seed)]
                first_seed += args.dags
                start = time.monotonic()
                proc = subprocess.run(command, env={**os.environ, **env}, text=True,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                seconds = time.monotonic() - start
                if args.cilk:
                    expected = subprocess.run(
                        [test + ".serial", str(args.dags), str(first_seed - args.dags)],
                        text=True, stdout=subprocess.PIPE).stdout.splitlines()
                    got = proc.stdout.splitlines()
                    dags = sum(1 for line in got if line.startswith("dag "))
                    wrong = sum(1 for a, b in zip(got, expected)
                                if a.startswith("dag ") and a != b)
                    if dags != args.dags or proc.returncode != 0:
                        failed = True
                        sys.stdout.write(proc.stdout[-2000:])
                        print(f"{np:>3} {layout:<10} {policy:<16} the run failed "
                              f"(status {proc.returncode})")
                        continue
                    failed |= wrong > 0
                    rows.append((dags, wrong, 0))
                    print(f"{np:>3} {layout:<10} {policy:<16} {dags:>7} {wrong:>6} {'-':>6} "
                          f"{seconds:>8.1f}", flush=True)
                    continue
                m = SUMMARY.search(proc.stdout)
                if not m:
                    failed = True
                    sys.stdout.write(proc.stdout)
                    print(f"{np:>3} {layout:<10} {policy:<16} the run failed (status {proc.returncode})")
                    continue
                dags, wrong, stale = int(m.group(1)), int(m.group(3)), int(m.group(4))
                failed |= wrong > 0 or stale > 0 or proc.returncode != 0
                rows.append((dags, wrong, stale))
                print(f"{np:>3} {layout:<10} {policy:<16} {dags:>7} {wrong:>6} {stale:>6} {seconds:>8.1f}",
                      flush=True)
    if work:
        shutil.rmtree(work, ignore_errors=True)
    total = [sum(r[i] for r in rows) for i in range(3)]
    if args.cilk:
        print(f"total: {total[0]} DAGs in {len(rows)} configurations, {total[1]} whose checksum "
              f"or final contents differ from the serial elision's")
    else:
        print(f"total: {total[0]} DAGs in {len(rows)} configurations, {total[1]} with a wrong "
              f"checksum, {total[2]} stale or lost elements")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
