// A Meyers singleton defined in another source, one without Cilk keywords
// (Inputs/multifile_singleton_config.cpp): main sets it, tasks read it.
// Its static local is built once for the job there too; before the
// translation used libito's interface in that source without including it
// (a compile error), and before that each process built its own copy.
// RUN: %ito-c++ --ito-no-translate -O2 %s %S/Inputs/multifile_singleton_config.cpp -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s %S/Inputs/multifile_singleton_config.cpp -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: scale 1200 unit km

#include <cilk/cilk.h>
#include <cstdio>
#include <string>
#include <vector>

struct Config {
  std::string unit = "m";
  int scale = 1;
};
Config &config();

static volatile unsigned long sink;
static int spin(int v) {
  unsigned long x = 1;
  for (int i = 0; i < 200000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}

int main() {
  config().scale = 3;
  config().unit = "km";
  std::vector<int> v(400), wrong(400);
  cilk_for (int i = 0; i < 400; i++) {
    v[i] = spin(config().scale);
    wrong[i] = config().unit != "km";
  }
  long s = 0, w = 0;
  for (int i = 0; i < 400; i++) {
    s += v[i];
    w += wrong[i];
  }
  std::printf("scale %ld unit %s\n", s, w ? "wrong" : "km");
  return 0;
}
