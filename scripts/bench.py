#!/usr/bin/env python3
"""Runs the benchmark programs of examples/api (and the unmodified Cilk
programs of examples/cilk over malloc'd arrays) and tabulates their times.

Usage: scripts/bench.py [--build DIR] [--repeats R] [--runs K]
                        [--only fib,uts] [--variants serial,np1,...]
                        [--quick] [--timeout S] [--memory]

For each benchmark (fib 35, nqueens 12, uts T1, lcs 16384 512, cilksort 10M
keys with cutoff 16384, uts_mem T1, heat 2048 50; with --quick fib 27,
nqueens 9, uts T3, lcs 2048 128, cilksort 1M 4096, uts_mem T1 -d 8, heat
512 20; and the Cilk programs cilksort_heap, heat_heap and matmul_heap
1024, built by ito-cc from sources with no ito header) it runs

  serial          <build>/examples/api/<name>_serial
  np1             <build>/bin/ito-run -n 1 <build>/examples/api/<name>
  np2             <build>/bin/ito-run -n 2 ...
  np2-internode   <build>/bin/ito-run -n 2 --internode ...

passing R as the program's repeat count, so each time is the median the
program itself reports on its RESULT line; with --runs K each variant runs K
times and the table shows the median of those medians. It then prints one
row per benchmark: the times, np1/serial (the cost of the runtime on one
process), np1/np2 and np1/np2-internode (speedups), the median latency of
a successful steal and the number of steals (from ITO_STATS=json:FILE, over
all repeats), the verified flags, and whether every run's checksum (of the
output data, on the RESULT line) equals the serial elision's (which runs
once more, with one repeat, when serial is not among the variants).

With --memory it then prints the global memory tables: cilksort (4M keys,
cutoff 256; 1M with --quick) at np=2 with every process its own node under
each ITO_CACHE_POLICY (time, speedup over nocache, cache hit rate, bytes
fetched and written back, releases and lazy releases), and the cost of a
checkout/checkin pair that hits (checkout_hit: home memory at np=1, the
cache at np=2 --internode), and uts_mem's traversal at np=2 --internode
with the default policy and with nocache.

Exit status: 0 if every run finished, printed a RESULT line, reported
verified=yes and the serial elision's checksum; 1 otherwise; 2 on bad
arguments.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name -> (arguments before the repeat count, label), full and quick sizes.
BENCHMARKS = {
    "fib": ((["35"], "n=35"), (["27"], "n=27")),
    "nqueens": ((["12"], "n=12"), (["9"], "n=9")),
    "uts": ((["T1"], "T1"), (["T3"], "T3")),
    "lcs": ((["16384", "512"], "n=16384 c=512"), (["2048", "128"], "n=2048 c=128")),
    "cilksort": ((["10000000", "16384"], "n=10M c=16384"),
                 (["1000000", "4096"], "n=1M c=4096")),
    "uts_mem": ((["T1"], "T1"), (["T1", "-d", "8"], "T1 d=8")),
    "heat": ((["2048", "50"], "n=2048 s=50"), (["512", "20"], "n=512 s=20")),
    # Unmodified Cilk programs over malloc'd arrays (examples/cilk, built by
    # ito-cc): global memory placed and reached by the runtime alone.
    "cilksort_heap": ((["10000000", "16384"], "n=10M c=16384"),
                      (["1000000", "4096"], "n=1M c=4096")),
    "heat_heap": ((["2048", "50"], "n=2048 s=50"), (["512", "20"], "n=512 s=20")),
    "matmul_heap": ((["1024", "32"], "n=1024 leaf=32"),
                    (["256", "32"], "n=256 leaf=32")),
}

# Where each benchmark's programs are (examples/<folder>/<name>[_serial]).
FOLDERS = {"cilksort_heap": "cilk", "heat_heap": "cilk", "matmul_heap": "cilk"}


def program(build, name):
    return os.path.join(build, "examples", FOLDERS.get(name, "api"), name)

POLICIES = ["nocache", "write-through", "write-back", "write-back-lazy"]

VARIANTS = ["serial", "np1", "np2", "np2-internode"]


def command(build, variant, name, args, timeout):
    """The command line of one variant of one benchmark."""
    prog = program(build, name)
    if variant == "serial":
        return [prog + "_serial"] + args
    run = [os.path.join(build, "bin", "ito-run"), "--timeout", str(timeout)]
    if variant == "np1":
        return run + ["-n", "1", prog] + args
    if variant == "np2":
        return run + ["-n", "2", prog] + args
    if variant == "np2-internode":
        return run + ["-n", "2", "--internode", prog] + args
    raise ValueError(variant)


def parse_result(stdout):
    """The fields of the last RESULT line: {'name': ..., key: value, ...}."""
    lines = [l for l in stdout.splitlines() if l.startswith("RESULT ")]
    if not lines:
        return None
    words = lines[-1].split()
    fields = {"name": words[1] if len(words) > 1 else ""}
    for w in words[2:]:
        key, sep, value = w.partition("=")
        if sep:
            fields[key] = value
    return fields


class Outcome:
    """The result of running one variant of one benchmark K times."""

    def __init__(self):
        self.times = []  # medians reported on the runs' RESULT lines
        self.verified = []  # the verified= word of each run, or an error
        self.errors = []  # human-readable failures
        self.steal_us = []  # median successful steal latency (ITO_STATS)
        self.steals = []  # successful steals per run (all repeats)
        self.checksums = []  # the checksum= word of each run's RESULT line
        self.mismatches = 0  # checksums that are not the serial elision's

    @property
    def time(self):
        return statistics.median(self.times) if self.times else None

    @property
    def ok(self):
        return not self.errors and bool(self.verified) and all(
            v == "yes" for v in self.verified)

    @property
    def steal(self):
        if not self.steal_us:
            return "-"
        return (f"{statistics.median(self.steal_us):.1f}us"
                f"/{int(statistics.median(self.steals))}")

    def check_against(self, reference, label):
        """Records a failure for every checksum that differs from the
        serial elision's."""
        for c in self.checksums:
            if c != reference:
                self.mismatches += 1
                self.errors.append(f"checksum {c} is not the serial "
                                   f"elision's {reference}: {label}")

    @property
    def flag(self):
        if not self.verified:
            return "-"
        words = sorted(set(self.verified))
        return words[0] if len(words) == 1 else ",".join(words)


def run_with_stats(cmd, timeout, env=None):
    """Runs cmd with ITO_STATS=json:FILE; returns (process, the totals of
    the JSON figures as a dict, empty if there are none)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        env = dict(env or os.environ, ITO_STATS="json:" + f.name)
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True,
                              timeout=timeout, env=env)
        try:
            totals = json.load(f)["total"]
        except (ValueError, KeyError):
            totals = {}
    return proc, totals


def run_once(cmd, timeout, outcome, env=None):
    label = " ".join(cmd)
    try:
        proc, stats = run_with_stats(cmd, timeout + 30, env)
    except subprocess.TimeoutExpired:
        outcome.verified.append("timeout")
        outcome.errors.append(f"timed out after {timeout + 30} s: {label}")
        return
    except OSError as e:
        outcome.verified.append("error")
        outcome.errors.append(f"cannot run {label}: {e}")
        return
    fields = parse_result(proc.stdout)
    if fields is None:
        outcome.verified.append("fail")
    else:
        outcome.verified.append(fields.get("verified", "?"))
        try:
            outcome.times.append(float(fields["time_s"]))
        except (KeyError, ValueError):
            outcome.errors.append(f"no time_s on the RESULT line: {label}")
        if "checksum" in fields:
            outcome.checksums.append(fields["checksum"])
        else:
            outcome.errors.append(f"no checksum on the RESULT line: {label}")
    if stats.get("steals", 0) > 0:
        outcome.steals.append(stats["steals"])
        outcome.steal_us.append(stats["steal_p50_us"])
    if proc.returncode != 0 or fields is None:
        tail = (proc.stderr.strip().splitlines() or ["(no stderr)"])[-5:]
        why = (f"exit status {proc.returncode}" if proc.returncode != 0
               else "no RESULT line")
        if fields is not None:
            why += f", verified={fields.get('verified', '?')}"
        outcome.errors.append(f"{why}: {label}\n    " + "\n    ".join(tail))
    elif outcome.verified[-1] != "yes":
        outcome.errors.append(f"verified={outcome.verified[-1]}: {label}")


def serial_checksum(build, name, args, repeats, timeout, failures):
    """The checksum of the serial elision's run of name with args and as
    many repeats as the runs it checks (a program may checksum its last
    repeat's data, which differs from repeat to repeat), or None (a failure
    is recorded)."""
    cmd = command(build, "serial", name, args + [str(repeats)], timeout)
    print(f"[bench] {name} {' '.join(args)} serial (reference checksum)",
          file=sys.stderr, flush=True)
    out = Outcome()
    run_once(cmd, timeout, out)
    failures += out.errors
    return out.checksums[0] if out.checksums else None


def fmt_time(t):
    return "-" if t is None else f"{t:.6f}"


def fmt_ratio(a, b):
    if a is None or b is None or b <= 0:
        return "-"
    return f"{a / b:.2f}"


def checksum_flag(outcomes):
    """'same' if every run of every variant printed the serial elision's
    checksum, 'DIFFERS' if one did not, '-' if none printed one."""
    if any(o.mismatches for o in outcomes.values()):
        return "DIFFERS"
    if any(o.checksums for o in outcomes.values()):
        return "same"
    return "-"


def print_table(rows):
    header = ["program", "params", "serial s", "np1 s", "np2 s",
              "np2-inter s", "np1/serial", "np1/np2", "np1/np2-inter",
              "steal np2", "steal np2-inter", "verified (s/1/2/2i)",
              "checksum"]
    table = [header]
    for name, label, out in rows:
        t = {v: (out[v].time if v in out else None) for v in VARIANTS}
        table.append([
            name, label,
            fmt_time(t["serial"]), fmt_time(t["np1"]), fmt_time(t["np2"]),
            fmt_time(t["np2-internode"]),
            fmt_ratio(t["np1"], t["serial"]),
            fmt_ratio(t["np1"], t["np2"]),
            fmt_ratio(t["np1"], t["np2-internode"]),
            out["np2"].steal if "np2" in out else "-",
            out["np2-internode"].steal if "np2-internode" in out else "-",
            "/".join(out[v].flag if v in out else "-" for v in VARIANTS),
            checksum_flag(out),
        ])
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for i, r in enumerate(table):
        cells = [c.ljust(w) if j < 2 or j == len(r) - 1 else c.rjust(w)
                 for j, (c, w) in enumerate(zip(r, widths))]
        print("  ".join(cells).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))


def run_policies(build, args, name, prog_args, policies, failures):
    """[(policy, median time, memory stats)] of a program at np=2, every
    process its own node, under each policy; every run's checksum must be
    the serial elision's."""
    prog = os.path.join(build, "examples", "api", name)
    run = [os.path.join(build, "bin", "ito-run"), "--timeout",
           str(args.timeout), "-n", "2", "--internode"]
    reference = serial_checksum(build, name, prog_args, args.repeats,
                                args.timeout, failures)
    rows = []
    for policy in policies:
        out, stats = Outcome(), []
        for k in range(args.runs):
            print(f"[bench] {name} {' '.join(prog_args)} np2-internode "
                  f"{policy}", file=sys.stderr, flush=True)
            env = dict(os.environ, ITO_CACHE_POLICY=policy)
            try:
                proc, totals = run_with_stats(
                    run + [prog] + prog_args + [str(args.repeats)],
                    args.timeout + 30, env)
            except subprocess.TimeoutExpired:
                failures.append(f"timed out: {name} under {policy}")
                continue
            fields = parse_result(proc.stdout) or {}
            if fields.get("verified") != "yes":
                failures.append(f"{name} under {policy}: "
                                + (proc.stderr.strip()[-300:] or "no RESULT"))
                continue
            if fields.get("checksum") != reference:
                failures.append(f"{name} under {policy}: checksum "
                                f"{fields.get('checksum')} is not the serial "
                                f"elision's {reference}")
            out.times.append(float(fields["time_s"]))
            stats.append(totals)
        rows.append((policy, out.time, stats[-1] if stats else {}))
    return rows


def run_tracing(build, args, failures):
    """The cost of ITO_TRACE: each benchmark at np=2 without and with a
    trace (written to a temporary file), medians and their ratio."""
    table = [["benchmark", "args", "np2 s", "np2 traced s", "traced/plain",
              "events"]]
    for name in args.only:
        bench_args, label = BENCHMARKS[name][1 if args.quick else 0]
        cmd = command(build, "np2", name, bench_args + [str(args.repeats)],
                      args.timeout)
        plain, traced, events = Outcome(), Outcome(), []
        for k in range(args.runs):
            print(f"[bench] {name} {label} np2, without and with a trace",
                  file=sys.stderr, flush=True)
            run_once(cmd, args.timeout, plain)
            with tempfile.NamedTemporaryFile(suffix=".json") as f:
                run_once(cmd, args.timeout, traced,
                         dict(os.environ, ITO_TRACE=f.name))
                try:
                    events.append(len(json.load(f)["traceEvents"]))
                except (ValueError, KeyError):
                    failures.append(f"no trace written: {name} {label}")
        failures += plain.errors + traced.errors
        table.append([name, label, fmt_time(plain.time), fmt_time(traced.time),
                      fmt_ratio(traced.time, plain.time),
                      str(int(statistics.median(events))) if events else "-"])
    print("\nThe cost of tracing (ITO_TRACE), np=2 on one node")
    print_rows(table)


def run_memory(build, args, failures):
    """The policy tables (cilksort, uts_mem) and the checkout hit table."""
    n, cutoff = ("1000000", "256") if args.quick else ("4000000", "256")
    rows = run_policies(build, args, "cilksort", [n, cutoff], POLICIES,
                        failures)
    base = rows[0][1]
    print(f"\ncilksort n={n} cutoff={cutoff}, np=2, every process its own "
          "node (ITO_FORCE_INTERNODE=1), by ITO_CACHE_POLICY")
    table = [["policy", "time s", "nocache/this", "hit rate", "fetched MB",
              "written MB", "releases", "lazy"]]
    for policy, t, st in rows:
        table.append([policy, fmt_time(t), fmt_ratio(base, t),
                      st.get("hit_rate", "-"),
                      f"{int(st.get('fetched_bytes', 0)) / 1e6:.1f}",
                      f"{int(st.get('written_back_bytes', 0)) / 1e6:.1f}",
                      st.get("releases", "-"), st.get("lazy_releases", "-")])
    print_rows(table)

    tree = ["T1", "-d", "8"] if args.quick else ["T1"]
    rows = run_policies(build, args, "uts_mem", tree,
                        ["nocache", "write-back-lazy"], failures)
    print(f"\nuts_mem {' '.join(tree)} traversal, np=2, every process its "
          "own node")
    table = [["policy", "time s", "nocache/this", "hit rate", "fetched MB"]]
    for policy, t, st in rows:
        table.append([policy, fmt_time(t), fmt_ratio(rows[0][1], t),
                      st.get("hit_rate", "-"),
                      f"{int(st.get('fetched_bytes', 0)) / 1e6:.1f}"])
    print_rows(table)

    print("\ncheckout/checkin pair that hits (checkout_hit)")
    table = [["where", "ns per pair"]]
    hit = os.path.join(build, "examples", "api", "checkout_hit")
    for label, extra in (("home, np=1", ["-n", "1"]),
                         ("cache, np=2 --internode", ["-n", "2", "--internode"])):
        cmd = [os.path.join(build, "bin", "ito-run"), "--timeout",
               str(args.timeout)] + extra + [hit, "2000000" if args.quick
                                             else "10000000", str(args.repeats)]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        fields = parse_result(proc.stdout) or {}
        if fields.get("verified") != "yes":
            failures.append(f"checkout_hit {label}: {proc.stderr[-300:]}")
        table.append([label, fields.get("ns_per_pair", "-")])
    print_rows(table)


def print_rows(table):
    widths = [max(len(str(r[i])) for r in table) for i in range(len(table[0]))]
    for i, r in enumerate(table):
        print("  ".join(str(c).ljust(w) if j == 0 else str(c).rjust(w)
                        for j, (c, w) in enumerate(zip(r, widths))).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))


def csv_list(text, allowed, what):
    items = [x for x in text.split(",") if x]
    bad = [x for x in items if x not in allowed]
    if bad or not items:
        raise argparse.ArgumentTypeError(
            f"unknown {what} {','.join(bad) or text!r} "
            f"(choose from {','.join(allowed)})")
    return items


def main():
    ap = argparse.ArgumentParser(
        description="Run the examples/api benchmarks serially and under "
        "ito-run, and tabulate the times.")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="build directory (default: %(default)s)")
    ap.add_argument("--repeats", type=int, default=5,
                    help="repeats inside each program (its R argument; "
                    "default %(default)s)")
    ap.add_argument("--runs", type=int, default=1,
                    help="runs of each variant; the table shows the median "
                    "of their medians (default %(default)s)")
    ap.add_argument("--only", type=lambda s: csv_list(s, list(BENCHMARKS),
                                                      "benchmark"),
                    default=list(BENCHMARKS),
                    help="comma-separated benchmarks (default: all of "
                    + ",".join(BENCHMARKS) + ")")
    ap.add_argument("--variants", type=lambda s: csv_list(s, VARIANTS,
                                                          "variant"),
                    default=list(VARIANTS),
                    help="comma-separated variants (default: all of "
                    + ",".join(VARIANTS) + ")")
    ap.add_argument("--quick", action="store_true",
                    help="small sizes, for a smoke test")
    ap.add_argument("--memory", action="store_true",
                    help="also the global memory tables (cache policies, "
                    "checkout hit cost)")
    ap.add_argument("--trace", action="store_true",
                    help="also the cost of tracing (ITO_TRACE) at np=2")
    ap.add_argument("--timeout", type=int, default=600,
                    help="seconds allowed to each run (default %(default)s)")
    args = ap.parse_args()
    if args.repeats < 1 or args.runs < 1 or args.timeout < 1:
        ap.error("--repeats, --runs and --timeout must be positive")

    build = os.path.abspath(args.build)
    missing = [p for p in [os.path.join(build, "bin", "ito-run")] +
               [program(build, n) + s
                for n in args.only for s in ("", "_serial")]
               if not os.access(p, os.X_OK)]
    if missing:
        print("bench.py: missing (build first: cmake --build "
              f"{build}): " + ", ".join(missing), file=sys.stderr)
        return 1

    rows, failures = [], []
    for name in args.only:
        bench_args, label = BENCHMARKS[name][1 if args.quick else 0]
        outcomes = {}
        reference = None
        for variant in args.variants:
            cmd = command(build, variant, name,
                          bench_args + [str(args.repeats)], args.timeout)
            out = outcomes[variant] = Outcome()
            for k in range(args.runs):
                print(f"[bench] {name} {label} {variant}"
                      + (f" run {k + 1}/{args.runs}" if args.runs > 1 else ""),
                      file=sys.stderr, flush=True)
                run_once(cmd, args.timeout, out)
            if variant == "serial" and out.checksums:
                reference = out.checksums[0]
        if reference is None:
            reference = serial_checksum(build, name, bench_args, args.repeats,
                                        args.timeout, failures)
        for variant, out in outcomes.items():
            out.check_against(reference, f"{name} {label} {variant}")
            failures += out.errors
        rows.append((name, label, outcomes))

    print_table(rows)
    if args.memory:
        run_memory(build, args, failures)
    if args.trace:
        run_tracing(build, args, failures)
    if failures:
        print("\nfailures:", file=sys.stderr)
        for f in failures:
            print("  " + f, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
