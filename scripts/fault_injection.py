#!/usr/bin/env python3
"""Stop running ito jobs from outside and check that each stops cleanly.

Each trial starts an example program under ito-run, waits a random time,
then does one of:
  kill   SIGKILL to a random process of the job (as the out-of-memory
         killer or a batch system would);
  term   SIGTERM to ito-run;
  int    SIGINT to ito-run's process group (Ctrl-C at the terminal).
A trial is clean when the job is gone within 10 seconds, its status is
non-zero, ito-run printed exactly one message that says what happened (for
a kill: naming the process that was killed), nothing else reported an
error, and no process, /dev/shm segment or ito-run directory is left.

  scripts/fault_injection.py [--trials N] [--seed S] [--build DIR]
                             [--actions kill,term,int]
"""
import argparse
import glob
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def terminal_signals():
    """As a shell at a terminal starts a command: SIGINT and SIGQUIT do
    what they do by default (whoever started us may ignore them)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Programs that run long enough to be stopped in the middle (seconds, on a
# small machine), with their arguments.
PROGRAMS = [
    ("cilk/cilksort_heap", ["10000000", "16384", "20"]),
    ("cilk/heat_heap", ["2048", "400"]),
    ("cilk/matmul_heap", ["1024", "32", "20"]),
    ("api/uts", ["T1", "10"]),
]


def job_pids(program):
    """The processes of the job: those running the program's file."""
    out = subprocess.run(["pgrep", "-f", "^" + re.escape(program) + "( |$)"],
                         capture_output=True, text=True).stdout
    return sorted(int(p) for p in out.split())


def shm_segments():
    return set(glob.glob("/dev/shm/ito.*"))


def mapped_anywhere(path):
    """Whether a live process maps the segment (another job's)."""
    for maps in glob.glob("/proc/[0-9]*/maps"):
        try:
            with open(maps) as f:
                if path in f.read():
                    return True
        except OSError:
            pass
    return False


def trial(build, rng, actions, log):
    rel, args = rng.choice(PROGRAMS)
    program = os.path.join(build, "examples", rel)
    if not os.path.exists(program):
        program = os.path.join(build, "examples", rel, os.path.basename(rel))
    np_ = rng.choice([2, 3, 4])
    internode = rng.random() < 0.5
    action = rng.choice(actions)
    delay = rng.uniform(0.3, 1.5)
    cmd = [os.path.join(build, "bin", "ito-run"), "-n", str(np_)]
    if internode:
        cmd.append("--internode")
    cmd += [program] + args
    shm_before = shm_segments()
    tmp = tempfile.mkdtemp(prefix="ito-fault.")
    env = dict(os.environ, TMPDIR=tmp)  # where ito-run makes its directory
    with tempfile.TemporaryFile() as out:
        job = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, env=env,
                               start_new_session=True,
                       preexec_fn=terminal_signals)
        time.sleep(delay)
        victim_rank = None
        pids = job_pids(program)
        if job.poll() is not None or len(pids) < np_:
            job.wait()
            shutil.rmtree(tmp, ignore_errors=True)
            return None  # ended (or not started) before the stop: no trial
        if action == "kill":
            # Which pid is which rank: process 0 writes them into ito-run's
            # directory (in this trial's $TMPDIR).
            ranks = {}
            for f in glob.glob(os.path.join(tmp, "ito-run.*", "pids")):
                with open(f) as pf:
                    for line in pf:
                        r, p = line.split()[:2]
                        ranks[int(r)] = int(p)
            if len(ranks) < np_:
                os.killpg(job.pid, signal.SIGKILL)
                job.wait()
                shutil.rmtree(tmp, ignore_errors=True)
                return None  # still starting: no trial
            victim_rank = rng.randrange(np_)
            os.kill(ranks[victim_rank], signal.SIGKILL)
        elif action == "term":
            os.kill(job.pid, signal.SIGTERM)
        else:
            os.killpg(job.pid, signal.SIGINT)
        stopped = time.monotonic()
        try:
            status = job.wait(timeout=10)
            took = time.monotonic() - stopped
        except subprocess.TimeoutExpired:
            os.killpg(job.pid, signal.SIGKILL)
            status, took = job.wait(), None
        time.sleep(0.2)
        out.seek(0)
        text = out.read().decode(errors="replace")
    problems = []
    if took is None:
        problems.append("still running after 10 s")
    if status == 0:
        problems.append("status 0")
    lines = [l for l in text.splitlines() if "error" in l or "stopped" in l
             or "BAD TERMINATION" in l or "Killed" in l]
    if len(lines) != 1:
        problems.append("%d messages" % len(lines))
    elif action == "kill":
        # ("process 1 or 3": two ended together, one by the other's end.)
        m = re.search(r"process (\d+(?: or \d+)*) \(pids? [^)]*\) was ended "
                      r"by signal 9", lines[0])
        if not m or str(victim_rank) not in m.group(1).split(" or "):
            problems.append("names the wrong process")
    elif "received SIG" + action.upper() not in lines[0]:
        problems.append("does not say SIG" + action.upper())
    left = job_pids(program)
    if left:
        problems.append("%d processes left" % len(left))
        for p in left:
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
    left_shm = [s for s in shm_segments() - shm_before
                if not mapped_anywhere(s)]
    if left_shm:
        problems.append("%d segments left in /dev/shm" % len(left_shm))
    if os.listdir(tmp):
        problems.append("left in $TMPDIR: " + " ".join(os.listdir(tmp)))
    shutil.rmtree(tmp, ignore_errors=True)
    what = "%s np=%d%s %s after %.2f s" % (
        os.path.basename(rel), np_, " internode" if internode else "",
        action + ("(rank %d)" % victim_rank if action == "kill" else ""), delay)
    log.write("%-60s %s  %s\n" % (
        what, "clean" if not problems else "NOT CLEAN: " + ", ".join(problems),
        "" if took is None else "stopped in %.2f s" % took))
    if problems:
        log.write("".join("    | " + l + "\n" for l in text.splitlines()[-12:]))
    log.flush()
    return not problems, took


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--actions", default="kill,term,int")
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    actions = a.actions.split(",")
    print("seed %d" % seed)
    results = []
    while len(results) < a.trials:
        r = trial(a.build, rng, actions, sys.stdout)
        if r is not None:
            results.append(r)
    clean = sum(1 for ok, _ in results if ok)
    times = sorted(t for _, t in results if t is not None)
    print("%d of %d jobs stopped cleanly (%.0f%%); stop time median %.2f s, "
          "max %.2f s" % (clean, len(results), 100.0 * clean / len(results),
                          times[len(times) // 2] if times else 0,
                          times[-1] if times else 0))
    return 0 if clean == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
