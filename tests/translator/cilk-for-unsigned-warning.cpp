// The translation of a cilk_for draws no warning the user's loop does not:
// in C++ the begin value has the loop variable's type, so
//   cilk_for (unsigned i = 0; i < n; i++)     // n unsigned
// compares no int with an unsigned (-Wsign-compare, in -Wextra), and
// -Werror builds as the serial elision does; in C as well.
// RUN: %ito-c++ -std=c++17 --ito-no-translate -Wall -Wextra -Werror -c %s -o %t.serial.o
// RUN: cp %s %t.c
// RUN: %ito-cc -Wall -Wextra -Werror -c %t.c -o %t.c.o
// RUN: %ito-c++ -std=c++17 -Wall -Wextra -Werror -c %s -o %t.o

#include <cilk/cilk.h>

void fill(int *out, unsigned n) {
  cilk_for (unsigned i = 0; i < n; i++) {
    out[i] = (int)i;
  }
}
