"""stop_job.py ACTION -- ito-run ARGS...: stops a running job from outside.

Starts the ito-run command line in a session of its own (as a terminal
would), waits until the program prints a line "running", then:
  kill:R  SIGKILL to process R (its pid from ito-run's directory);
  term    SIGTERM to ito-run;
  int     SIGINT to ito-run's process group (Ctrl-C at the terminal).
Prints what the job printed after that line, its status, and what it left:
processes of the program, /dev/shm segments of the job, files in $TMPDIR.
"""
import glob
import os
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

action, cmd = sys.argv[1], sys.argv[3:]
tmp = tempfile.mkdtemp(prefix="ito-stop.")
shm_before = set(glob.glob("/dev/shm/ito.*"))
job = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       stdin=subprocess.DEVNULL, start_new_session=True,
                       preexec_fn=terminal_signals,
                       env=dict(os.environ, TMPDIR=tmp))
for line in job.stdout:
    if line.strip() == b"running":
        break
else:
    sys.exit("the job ended before it printed 'running'")
if action.startswith("kill:"):
    pids = {}
    for f in glob.glob(os.path.join(tmp, "ito-run.*", "pids")):
        with open(f) as pf:
            pids = dict(line.split()[:2] for line in pf)
    os.kill(int(pids[action[5:]]), signal.SIGKILL)
elif action == "term":
    os.kill(job.pid, signal.SIGTERM)
elif action == "int":
    os.killpg(job.pid, signal.SIGINT)
rest = job.stdout.read().decode(errors="replace")
status = job.wait()
sys.stdout.write(rest)
print("status %d" % status)
program = cmd[-1] if not cmd[-1].isdigit() else cmd[-2]
# What the launcher stopped goes away; on a loaded machine it may take a
# while.
for _ in range(100):
    left = subprocess.run(["pgrep", "-f", "^" + program],
                          capture_output=True, text=True).stdout.split()
    if not left:
        break
    time.sleep(0.1)


def mapped(segment):
    # (A process may end, or refuse to be read, between the listing and the
    # read.)
    for m in glob.glob("/proc/[0-9]*/maps"):
        try:
            with open(m) as f:
                if segment in f.read():
                    return True
        except OSError:
            pass
    return False


def unmapped_segments():
    return [s for s in set(glob.glob("/dev/shm/ito.*")) - shm_before if not mapped(s)]


# Another job running beside this one (lit runs tests in parallel) creates
# its segments, then maps and unlinks them: one left by this job is still
# there, unmapped, a second later.
segments = unmapped_segments()
if segments:
    time.sleep(1)
    segments = [s for s in unmapped_segments() if s in segments]
print("left: %d processes, %d segments, %d files" % (
    len(left), len(segments), len(os.listdir(tmp))))
