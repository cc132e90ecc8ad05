// A Cilk program started directly, as an OpenCilk user starts one:
// CILK_NWORKERS=4 ./prog runs on 4 processes of this machine. The program
// starts itself again under ito-run -n 4 (the one next to the ito-cc that
// built it) and leaves with the job's status. Unset, or 1: one process.
// Under ito-run or mpiexec it is ignored: -n decides.
#pragma once

namespace ito::platform {

// Returns if the program is to run here as it is; otherwise becomes the
// launcher (or stops with a message naming what is wrong).
void launch_self_if_asked(int argc, char **argv, const char *launcher);

} // namespace ito::platform
