// Fatal errors: one clear message, then every process stops.
#pragma once

namespace ito::platform {

// Prints "ito: error: <message>" (printf-style) with the rank that saw it,
// then aborts all processes of the job with a non-zero exit code. Safe to
// call before MPI is initialized.
[[noreturn]] void fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

// Prints "ito: warning: <message>" once per call, without stopping.
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

} // namespace ito::platform
