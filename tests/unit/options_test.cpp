// Parsing of the runtime's environment variables (real names: every read
// goes through the list of known ones, platform/environment.cpp).
#include "platform/options.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

using ito::platform::env_bool;
using ito::platform::env_size;

TEST(Options, BoolValues) {
  ::unsetenv("ITO_STATS");
  EXPECT_TRUE(env_bool("ITO_STATS", true));
  EXPECT_FALSE(env_bool("ITO_STATS", false));
  for (const char *v : {"1", "yes", "TRUE", "on"}) {
    ::setenv("ITO_STATS", v, 1);
    EXPECT_TRUE(env_bool("ITO_STATS", false)) << v;
  }
  for (const char *v : {"0", "no", "False", "OFF"}) {
    ::setenv("ITO_STATS", v, 1);
    EXPECT_FALSE(env_bool("ITO_STATS", true)) << v;
  }
}

TEST(Options, BadBoolIsFatal) {
  ::setenv("ITO_STATS", "maybe", 1);
  EXPECT_EXIT(env_bool("ITO_STATS", false), testing::ExitedWithCode(1),
              "ITO_STATS=maybe is not a boolean; use 1 or 0");
}

TEST(Options, Sizes) {
  ::unsetenv("ITO_STACK_SIZE");
  EXPECT_EQ(env_size("ITO_STACK_SIZE", 42), 42u);
  ::setenv("ITO_STACK_SIZE", "4096", 1);
  EXPECT_EQ(env_size("ITO_STACK_SIZE", 0), 4096u);
  ::setenv("ITO_STACK_SIZE", "64k", 1);
  EXPECT_EQ(env_size("ITO_STACK_SIZE", 0), 64u << 10);
  ::setenv("ITO_STACK_SIZE", "3M", 1);
  EXPECT_EQ(env_size("ITO_STACK_SIZE", 0), 3u << 20);
  ::setenv("ITO_STACK_SIZE", "2g", 1);
  EXPECT_EQ(env_size("ITO_STACK_SIZE", 0), std::size_t(2) << 30);
}

TEST(Options, BadSizeIsFatal) {
  for (const char *v : {"12q", "-5", "k", "10kb"}) {
    ::setenv("ITO_STACK_SIZE", v, 1);
    EXPECT_EXIT(env_size("ITO_STACK_SIZE", 0), testing::ExitedWithCode(1),
                "is not a size")
        << v;
  }
}
