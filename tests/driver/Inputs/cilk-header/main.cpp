#include "tfib.hpp"
#include <cstdio>

long other();

int main() {
  std::printf("tfib(25)=%ld other=%ld\n", tfib(25L), other());
  return 0;
}
