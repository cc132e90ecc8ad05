// The configuration of multifile_singleton.cpp, in a source without Cilk
// keywords: a Meyers singleton.
#include <string>

struct Config {
  std::string unit = "m";
  int scale = 1;
};

Config &config() {
  static Config c;
  return c;
}
