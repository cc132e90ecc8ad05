#include "threads/exception_state.hpp"

#include <cxxabi.h>

namespace ito::threads {

namespace {

// __cxa_eh_globals of the Itanium C++ ABI, as libstdc++ and libc++abi lay
// it out (cxxabi.h declares it without its members).
struct eh_globals {
  void *caught_exceptions;
  unsigned int uncaught_exceptions;
};

eh_globals *globals() {
  return reinterpret_cast<eh_globals *>(abi::__cxa_get_globals());
}

} // namespace

exception_state current_exception_state() {
  const eh_globals *g = globals();
  return {g->caught_exceptions, g->uncaught_exceptions};
}

void set_exception_state(const exception_state &s) {
  eh_globals *g = globals();
  g->caught_exceptions = s.caught;
  g->uncaught_exceptions = static_cast<unsigned int>(s.uncaught);
}

} // namespace ito::threads
