// State the C library keeps in static memory of each process, which a
// Cilk program uses as one: strtok's position and the buffers that gmtime,
// localtime, asctime, ctime, inet_ntoa, ecvt and fcvt return. A function
// that calls strtok (or keeps gmtime's pointer), makes a parallel call and
// goes on may go on in another process, whose copy is not the one it used.
// In a program linked by ito-cc these live in the program's shared
// file-scope data (section ito_zglobals, which lib/ito-globals.ld places
// with the program's own), one copy for every process; elsewhere, the C
// library's.
#include "memory/program_memory.hpp"
#include "platform/libc_next.hpp"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

using ito::platform::next_definition;

namespace {

struct shared_state {
  char *strtok_position;
  struct tm time;     // gmtime's and localtime's, as in the C library
  char time_text[32]; // asctime's and ctime's
  char address[16];   // inet_ntoa's
  char digits[384];   // ecvt's and fcvt's (DBL_MAX_10_EXP + 2 digits fit)
};

__attribute__((section("ito_zglobals"))) shared_state state;

// In a task (the program's own static memory is shared by then).
shared_state *shared() {
  return ito::memory::program_memory::on_heap_thread ? &state : nullptr;
}

// ecvt's or fcvt's digits: in the job's buffer through its reentrant form
// (convert), or the C library's (libc).
using convert_fn = int (*)(double, int, int *, int *, char *, size_t);
using digits_fn = char *(*)(double, int, int *, int *);
char *digits_of(convert_fn convert, digits_fn libc, double value, int ndigit,
                int *decpt, int *sign) {
  if (shared_state *st = shared())
    return convert(value, ndigit, decpt, sign, st->digits, sizeof st->digits)
               ? nullptr
               : st->digits;
  return libc(value, ndigit, decpt, sign);
}

} // namespace

extern "C" {

char *strtok(char *s, const char *delim) {
  if (shared_state *st = shared())
    return strtok_r(s, delim, &st->strtok_position);
  static const auto libc =
      next_definition<char *(*)(char *, const char *)>("strtok");
  return libc(s, delim);
}

struct tm *gmtime(const time_t *t) {
  if (shared_state *st = shared())
    return gmtime_r(t, &st->time);
  static const auto libc =
      next_definition<struct tm *(*)(const time_t *)>("gmtime");
  return libc(t);
}

struct tm *localtime(const time_t *t) {
  if (shared_state *st = shared()) {
    tzset(); // (localtime does, localtime_r need not)
    return localtime_r(t, &st->time);
  }
  static const auto libc =
      next_definition<struct tm *(*)(const time_t *)>("localtime");
  return libc(t);
}

char *asctime(const struct tm *tm) {
  if (shared_state *st = shared())
    return asctime_r(tm, st->time_text);
  static const auto libc =
      next_definition<char *(*)(const struct tm *)>("asctime");
  return libc(tm);
}

char *ctime(const time_t *t) {
  if (shared_state *st = shared()) {
    struct tm local;
    tzset();
    return localtime_r(t, &local) ? asctime_r(&local, st->time_text) : nullptr;
  }
  static const auto libc = next_definition<char *(*)(const time_t *)>("ctime");
  return libc(t);
}

char *inet_ntoa(struct in_addr in) {
  if (shared_state *st = shared()) {
    const auto *b = reinterpret_cast<const unsigned char *>(&in.s_addr);
    std::snprintf(st->address, sizeof st->address, "%u.%u.%u.%u", b[0], b[1],
                  b[2], b[3]);
    return st->address;
  }
  static const auto libc =
      next_definition<char *(*)(struct in_addr)>("inet_ntoa");
  return libc(in);
}

char *ecvt(double value, int ndigit, int *decpt, int *sign) {
  static const auto libc = next_definition<digits_fn>("ecvt");
  return digits_of(ecvt_r, libc, value, ndigit, decpt, sign);
}

char *fcvt(double value, int ndigit, int *decpt, int *sign) {
  static const auto libc = next_definition<digits_fn>("fcvt");
  return digits_of(fcvt_r, libc, value, ndigit, decpt, sign);
}

} // extern "C"
