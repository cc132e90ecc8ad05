// ito-c++ compiles and links C++ against libito's C++ API.
// RUN: %ito-c++ -std=c++17 -O2 -Wall -Werror %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s

#include <ito/ito.hpp>

#include <iostream>
#include <string>

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  if (ito::is_master())
    std::cout << std::string("master sees ") << ito::n_ranks() << " ranks\n";
  return 0;
}

// CHECK: master sees 2 ranks
// CHECK-NOT: master sees
