// The C library's functions that change the floating-point environment,
// as a program linked with libito calls them: each also publishes the new
// control state to the thieves of this node, which resume a stolen
// continuation with it (threads/fp_control.hpp).
#include "threads/fp_control.hpp"

#include <fenv.h>

// ito-cc links with --wrap for each (the C library has them in libm, which
// a program's own -lm puts before libito): the program's calls come here,
// __real_* is the C library's.
#define ITO_FENV(name, type, param)                                            \
  int __real_##name(type param);                                               \
  int __wrap_##name(type param) {                                              \
    const int r = __real_##name(param);                                        \
    ito::threads::publish_fp_control();                                        \
    return r;                                                                  \
  }

extern "C" {

ITO_FENV(fesetround, int, mode)
ITO_FENV(fesetenv, const fenv_t *, env)
ITO_FENV(feupdateenv, const fenv_t *, env)
ITO_FENV(fesetmode, const femode_t *, mode)
ITO_FENV(feenableexcept, int, excepts)
ITO_FENV(fedisableexcept, int, excepts)

} // extern "C"
