// Debugging one process of a job: ITO_DEBUG_RANK=N (ito-run --debug-rank
// N) makes process N stop at start-up, say its process id and how to
// attach a debugger, and wait until one has attached; the others wait for
// it in the runtime's start-up. Works wherever the process runs (another
// node, under any launcher), where a debugger started by the launcher
// would need a terminal it does not have.
#pragma once

namespace ito::platform {

// In ito_init, once the rank is known: waits for a debugger if asked.
void wait_for_debugger_if_asked(int rank);

} // namespace ito::platform
