// The C library's definition of a function that libito replaces (its
// stream, environment, string and time functions): the next one after
// libito's, looked up once by the caller.
#pragma once

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>

namespace ito::platform {

template <class Fn> Fn next_definition(const char *name) {
  void *p = dlsym(RTLD_NEXT, name);
  if (!p) {
    static const char msg[] = "ito: the C library lacks a function libito "
                              "replaces\n";
    (void)!write(2, msg, sizeof msg - 1);
    std::abort();
  }
  return reinterpret_cast<Fn>(p);
}

} // namespace ito::platform
