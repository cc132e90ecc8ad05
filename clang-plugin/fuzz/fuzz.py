#!/usr/bin/env python3
"""Fuzzes ito's translator: ito-translate-fuzzer over a seed corpus made of
the Cilk sources in the tree (the lit suites' inputs and the examples).

    fuzz.py <build-sanitize>/bin/ito-translate-fuzzer --runs 10000 [--jobs 2]

Each seed is a source file with the fuzz target's language byte in front
('+' C++, 'c' C). Inputs that crash, hang or trip a sanitizer are written to
--artifacts (crash-<sha1>, timeout-<sha1>); replay one with
`ito-translate-fuzzer <file>`. The status is libFuzzer's: 0 when nothing was
found.
"""

import argparse
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED_GLOBS = ["tests/translator/*.c", "tests/translator/*.cpp", "tests/checks/*.c",
              "tests/checks/*.cpp", "tests/programs/*.c", "tests/programs/*.cpp",
              "examples/cilk/*.c", "examples/cilk/*.cpp"]


def make_corpus(directory):
    count = 0
    for pattern in SEED_GLOBS:
        for path in sorted(glob.glob(os.path.join(SOURCE_ROOT, pattern))):
            with open(path, "rb") as f:
                text = f.read()
            seed = (b"+" if path.endswith(".cpp") else b"c") + text
            name = hashlib.sha1(seed).hexdigest()
            with open(os.path.join(directory, name), "wb") as f:
                f.write(seed)
            count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fuzzer", help="ito-translate-fuzzer of a sanitizer build")
    parser.add_argument("--runs", type=int, default=300,
                        help="inputs to run, seeds included, per job (default 300)")
    parser.add_argument("--jobs", type=int, default=1, help="fuzzing processes (default 1)")
    parser.add_argument("--seed", type=int, default=1,
                        help="libFuzzer's random seed, for a repeatable run (default 1; 0: random)")
    parser.add_argument("--timeout", type=int, default=60,
                        help="seconds one input may take before it counts as a hang (default 60)")
    parser.add_argument("--artifacts", default=os.getcwd(),
                        help="where crashing inputs go (default: the current directory)")
    parser.add_argument("--corpus", help="keep the corpus (seeds and what the run adds) here")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="ito-fuzz.")
    try:
        corpus = args.corpus or os.path.join(work, "corpus")
        os.makedirs(corpus, exist_ok=True)
        seeds = make_corpus(corpus)
        os.makedirs(args.artifacts, exist_ok=True)
        def command(job):
            # Each job its own random seed (libFuzzer's -jobs would give them
            # all the same one); they share the corpus.
            seed = args.seed + job if args.seed else 0
            return [args.fuzzer, corpus, f"-runs={args.runs}", f"-seed={seed}",
                    f"-timeout={args.timeout}", "-max_len=65536", "-rss_limit_mb=4096",
                    "-print_final_stats=1",
                    "-artifact_prefix=" + os.path.join(os.path.abspath(args.artifacts), "")]
        print(f"fuzz.py: {seeds} seeds, {args.jobs} job(s); " + " ".join(command(0)), flush=True)
        if args.jobs == 1:
            status = subprocess.run(command(0), cwd=work).returncode
        else:
            logs = [open(os.path.join(work, f"fuzz-{job}.log"), "w+") for job in range(args.jobs)]
            procs = [subprocess.Popen(command(job), cwd=work, stdout=logs[job], stderr=logs[job])
                     for job in range(args.jobs)]
            status = 0
            for job, proc in enumerate(procs):
                status = status or proc.wait()
                logs[job].seek(0)
                sys.stdout.write(f"--- job {job}\n" + logs[job].read())
        print("fuzz.py: " + ("no crash, hang or sanitizer report" if status == 0
                             else f"the fuzzer found a failing input (status {status})"))
        return status
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
