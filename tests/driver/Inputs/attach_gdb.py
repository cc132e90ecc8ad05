"""attach_gdb.py command...: runs an ito-run command with --debug-rank,
waits for the process to say it waits for a debugger, attaches gdb to it in
batch mode with `continue`, and passes on the job's standard output, its
standard error (the waiting message included) and how gdb ended."""
import re
import subprocess
import sys
import threading

job = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
err_lines = []
pid = None
for line in job.stderr:
    err_lines.append(line)
    m = re.search(r"\(pid (\d+) on ", line)
    if m:
        pid = m.group(1)
        break
if pid is None:
    job.wait()
    sys.stdout.write(job.stdout.read())
    sys.stderr.write("".join(err_lines))
    sys.exit("attach_gdb: no process said it waits for a debugger")
rest = []
reader = threading.Thread(target=lambda: rest.extend(job.stderr))
reader.start()
gdb = subprocess.run(["gdb", "-q", "-nx", "-batch", "-p", pid, "-ex", "continue"],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                     timeout=120)
out = job.stdout.read()
job.wait(timeout=120)
reader.join()
sys.stdout.write(out)
sys.stdout.write("".join(err_lines + rest))
exited = "exited normally" in gdb.stdout
print(f"gdb: {'the process exited normally' if exited else gdb.stdout}")
print(f"job: status {job.returncode}")
