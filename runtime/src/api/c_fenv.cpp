// The C library's functions that change the floating-point environment,
// as a program linked with libito calls them: each also publishes the new
// control state to the thieves of this node, which resume a stolen
// continuation with it (threads/fp_control.hpp).
#include "platform/libc_next.hpp"
#include "threads/fp_control.hpp"

#include <fenv.h>

using ito::platform::next_definition;

namespace {

template <class Fn, class... Args> int then_publish(Fn libc, Args... args) {
  const int r = libc(args...);
  ito::threads::publish_fp_control();
  return r;
}

#define ITO_FENV(name, ...)                                                    \
  static const auto libc = next_definition<decltype(&::name)>(#name);          \
  return then_publish(libc, __VA_ARGS__)

} // namespace

extern "C" {

int fesetround(int mode) { ITO_FENV(fesetround, mode); }
int fesetenv(const fenv_t *env) { ITO_FENV(fesetenv, env); }
int feupdateenv(const fenv_t *env) { ITO_FENV(feupdateenv, env); }
int fesetmode(const femode_t *mode) { ITO_FENV(fesetmode, mode); }
int feenableexcept(int excepts) { ITO_FENV(feenableexcept, excepts); }
int fedisableexcept(int excepts) { ITO_FENV(fedisableexcept, excepts); }

} // extern "C"
