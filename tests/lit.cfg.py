# lit configuration for ito's test suites: translator output, diagnostics,
# and the driver. The runtime tests under MPI are ctest programs (tests/runtime).
import os
import shutil
import subprocess
import sys

import lit.formats

config.name = "ito"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "runtime", "unit", "packaging", "CMakeLists.txt"]  # ctest programs
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ito_obj_root, "tests")

# Tools: ours first, then LLVM's (FileCheck, not, count).
config.environment["PATH"] = os.pathsep.join(
    [config.ito_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])]
)
# The runtime's options must come from the tests, not from whoever runs them.
for var in list(os.environ):
    if var.startswith("ITO_"):
        config.environment.pop(var, None)

bin = config.ito_bin_dir
config.substitutions += [
    ("%ito-cc", os.path.join(bin, "ito-cc")),
    ("%ito-c\\+\\+", os.path.join(bin, "ito-c++")),
    ("%ito-run", os.path.join(bin, "ito-run") + " --timeout " + config.mpi_test_timeout),
    ("%ito-translate", os.path.join(bin, "ito-translate")),
    ("%ito-plugin", os.path.join(os.path.dirname(bin), "lib", "ito-plugin.so")),
    ("%ito-include", config.ito_include_dir),
    ("%ito-examples", config.ito_examples_dir),
    ("%clangxx", config.clangxx),
    ("%clang", config.clang),
    ("%mpiexec", config.mpiexec),
    ("%python", sys.executable),
    ("%ito-bin", bin),
    ("%ito-source", os.path.dirname(config.test_source_root)),
]

# %expect-status N cmd...: cmd must exit with status N (lit's `not` takes
# any failure).
config.substitutions.append(
    ("%expect-status", sys.executable + " " + os.path.join(config.test_source_root, "expect_status.py"))
)
# %until-stolen [--rank R] cmd...: runs cmd (an ito-run line) until a run
# has stolen a task and passes that run's output through; see the script.
config.substitutions.append(
    ("%until-stolen", sys.executable + " " + os.path.join(config.test_source_root, "until_stolen.py"))
)
# %private-shm cmd...: cmd runs with an empty /dev/shm of its own and the
# count of files it left there is printed (needs a mount namespace, so root
# or user namespaces: the feature private-shm says whether we have one).
config.substitutions.append(("%private-shm", os.path.join(config.test_source_root, "private_shm.sh")))
if subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs tmpfs /dev/shm"],
                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("private-shm")

# ito-scale draws with the system Python's matplotlib (Debian's
# python3-matplotlib, which scripts/setup.sh installs).
if subprocess.run(["/usr/bin/python3", "-c", "import matplotlib"],
                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("matplotlib")

# ito-run --debug-rank's test attaches gdb.
if shutil.which("gdb"):
    config.available_features.add("gdb")

# Programs built with -fsanitize=address or undefined need clang's
# sanitizer runtimes (Debian's libclang-rt-19-dev).
if subprocess.run([config.clang, "-fsanitize=address", "-x", "c", "-", "-o", os.devnull],
                  input=b"int main(void) { return 0; }\n",
                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("asan")

# The build's mpiexec itself, as ITO_MPIEXEC names it.
config.substitutions.append(("%launcher-path", config.mpiexec))

# Which MPI the build uses (mpich or openmpi), for the tests that name it.
mpi_version = subprocess.run([config.mpiexec, "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True).stdout.lower()
if "open mpi" in mpi_version or "openrte" in mpi_version:
    config.available_features.add("openmpi")
    # %mpiexec as ito-run starts Open MPI's: quietly, as root if we are,
    # and with more processes than cores.
    root = ["--allow-run-as-root"] if os.geteuid() == 0 else []
    config.substitutions.insert(0, ("%mpiexec", " ".join(
        [config.mpiexec, "-q", "--oversubscribe"] + root)))
else:
    config.available_features.add("mpich")

