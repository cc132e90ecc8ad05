// The job's output as one stream: ito-run passes its own standard output
// and error (ITO_STDOUT, ITO_STDERR: host:/proc/<pid>/fd/N), and each
// process of that machine writes there directly instead of through
// mpiexec's pipe of its own. With stdout line-buffered, lines reach the
// stream in the order they were printed, even when the task that prints
// them has moved between processes in between (docs/runtime-options.md).
#pragma once

namespace ito::platform {

// Before the program prints anything (ito_init).
void join_job_output();

} // namespace ito::platform
