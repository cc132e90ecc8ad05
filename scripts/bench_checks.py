#!/usr/bin/env python3
"""The cost and the findings of ito's migration checks, per file.

For each file: its diagnostics (errors, warnings), the time the checks take
(as ito-translate --print-check-time reports it, median), and that time as a
fraction of compiling the file with clang -O2 (median). Without arguments: the
examples and a generated 20,000-line Cilk file.

  scripts/bench_checks.py [--build build] [--runs 5] [files...]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def generated(path, functions=1000):
    """A Cilk file of about 20 lines per function: spawns, syncs, a cilk_for;
    every tenth function hands its child a buffer on its stack."""
    with open(path, "w") as f:
        f.write("#include <cilk/cilk.h>\n\nlong peek(long *p);\n\n")
        for i in range(functions):
            share = "cilk_spawn peek(buf);" if i % 10 == 0 else "s += buf[0];"
            f.write(
                f"""long f{i}(long n, long *out) {{
  if (n < 2)
    return n;
  long a = cilk_spawn f{i}(n - 1, out);
  long b = cilk_spawn f{i}(n - 2, out);
  long buf[4] = {{n, n + 1, n + 2, n + 3}};
  long s = 0;
  for (int k = 0; k < 4; k++)
    s += buf[k];
  {share}
  cilk_sync;
  cilk_for (long j = 0; j < n; j++) {{
    long t = j * {i};
    out[j] = t + s;
  }}
  if (a > b)
    return a;
  return a + b + s;
}}

""")


def median_time(cmd, runs):
    times = []
    out = ""
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        times.append(time.perf_counter() - t0)
        out = p.stderr
    return statistics.median(times), out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    translate = os.path.join(args.build, "bin", "ito-translate")
    include = os.path.join(args.build, "include")
    clang = "clang-19"
    tmp = tempfile.mkdtemp(prefix="ito-bench-checks")
    files = args.files
    if not files:
        files = [os.path.join(ROOT, "examples", "cilk", n) for n in ("fib.c", "nqueens.c", "cilksort.c")]
        files += [os.path.join(ROOT, "examples", "api", n)
                  for n in ("fib.cpp", "nqueens.cpp", "uts.cpp", "lcs.cpp", "cilksort.cpp", "uts_mem.cpp", "heat.cpp")]
        gen = os.path.join(tmp, "generated.c")
        generated(gen)
        files.append(gen)
    print(f"{'file':<16} {'lines':>6} {'errors':>6} {'warnings':>8} {'checks ms':>10} {'compile ms':>10} {'fraction':>8}")
    for path in files:
        cxx = not path.endswith(".c")
        std = ["-std=c++17"] if cxx else ["-std=gnu11"]
        flags = std + ["-I", include, "-I", os.path.dirname(path), "-I", os.path.join(ROOT, "examples", "api")]
        check_times = []
        for _ in range(args.runs):
            p = subprocess.run([translate, "--print-check-time", path, "-o", os.devnull, "--", "-ferror-limit=0"] + flags,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            diag = p.stderr
            check_times.append(float(re.search(r"checks took ([0-9.]+) ms", diag).group(1)) / 1000)
        checks = statistics.median(check_times)
        compile_cmd = [clang.replace("clang", "clang++") if cxx else clang, "-O2", "-c", "-o", os.path.join(tmp, "x.o"), path] + flags
        if not cxx:
            compile_cmd += ["-include", "cilk/cilk_stub.h"]
        compile_t, _ = median_time(compile_cmd, args.runs)
        errors = len(re.findall(r" error: .*\[-Wito", diag))
        warnings = len(re.findall(r" warning: .*\[-Wito", diag))
        lines = sum(1 for _ in open(path))
        print(f"{os.path.basename(path):<16} {lines:>6} {errors:>6} {warnings:>8} {checks * 1000:>10.1f} "
              f"{compile_t * 1000:>10.1f} {checks / compile_t:>8.3f}")


if __name__ == "__main__":
    sys.exit(main())
