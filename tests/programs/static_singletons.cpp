// Function-local statics that a dynamic initializer sets: a Meyers
// singleton that main configures and tasks read, a constant computed from
// a file-scope variable main set before the first call, a lookup table
// first built by whichever task gets there; and the static locals of an
// inline member function, of a function template and of an inline
// function (constant-initialized); and a C++17 inline static data member.
// Each is one object for the job, built once. Before, each process built its own copy the first time one of its
// tasks got there: np 2 printed "scale 2000" and tasks saw "m".
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: scale 3000 wrong-unit 0
// CHECK-NEXT: limit 7000
// CHECK-NEXT: squares 332833500 built 1
// CHECK-NEXT: registry 5000 slot 0 hits 9000 level 1000000

#include <cilk/cilk.h>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

static volatile unsigned long sink;
static int spin(int v) {
  unsigned long x = 1;
  for (int i = 0; i < 200000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}

struct Config {
  std::string unit = "m";
  int scale = 1;
};

static Config &config() {
  static Config c;
  return c;
}

static int base_limit = 1;
static int limit() {
  static const int cached = base_limit * 7;
  return cached;
}

static int builds = 0;
static const std::vector<long> &squares() {
  static std::vector<long> table = [] {
    builds++;
    std::vector<long> t(1000);
    for (int i = 0; i < 1000; i++)
      t[i] = static_cast<long>(i) * i;
    return t;
  }();
  return table;
}

struct Registry {
  std::map<std::string, int> names;
  static Registry &get() {
    static Registry r;
    return r;
  }
};

template <class T> T &slot() {
  static T value{};
  return value;
}

struct Level {
  inline static int level = 1;
};
static void assign(int &to, int value) { to = value; }

inline int &hits() {
  static int h = 0;
  return h;
}

int main() {
  config().scale = 3;
  config().unit = "km";
  base_limit = 1000;
  Registry::get().names["a"] = 5;
  slot<std::string>() = "hello";
  hits() = 9;
  assign(Level::level, 1000);
  const int n = 1000;
  std::vector<int> scale(n), wrong(n), lim(n);
  std::vector<long> sq(n);
  std::vector<int> reg(n), other(n), hit(n), lev(n);
  cilk_for (int i = 0; i < n; i++) {
    scale[i] = spin(config().scale);
    wrong[i] = config().unit != "km";
    lim[i] = limit();
    sq[i] = squares()[i];
    reg[i] = Registry::get().names.at("a");
    other[i] = slot<std::string>() != "hello";
    hit[i] = hits();
    lev[i] = Level::level;
  }
  long s = 0, w = 0, l = 0, q = 0, r = 0, o = 0, h = 0, v = 0;
  for (int i = 0; i < n; i++) {
    s += scale[i];
    w += wrong[i];
    l += lim[i];
    q += sq[i];
    r += reg[i];
    o += other[i];
    h += hit[i];
    v += lev[i];
  }
  std::printf("scale %ld wrong-unit %ld\n", s, w);
  std::printf("limit %ld\n", l / n);
  std::printf("squares %ld built %d\n", q, builds);
  std::printf("registry %ld slot %ld hits %ld level %ld\n", r, o, h, v);
  return 0;
}
