// Parsing of the runtime's environment variables.
#include "platform/options.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

using ito::platform::env_bool;
using ito::platform::env_size;

TEST(Options, BoolValues) {
  ::unsetenv("ITO_TEST_BOOL");
  EXPECT_TRUE(env_bool("ITO_TEST_BOOL", true));
  EXPECT_FALSE(env_bool("ITO_TEST_BOOL", false));
  for (const char *v : {"1", "yes", "TRUE", "on"}) {
    ::setenv("ITO_TEST_BOOL", v, 1);
    EXPECT_TRUE(env_bool("ITO_TEST_BOOL", false)) << v;
  }
  for (const char *v : {"0", "no", "False", "OFF"}) {
    ::setenv("ITO_TEST_BOOL", v, 1);
    EXPECT_FALSE(env_bool("ITO_TEST_BOOL", true)) << v;
  }
}

TEST(Options, BadBoolIsFatal) {
  ::setenv("ITO_TEST_BOOL", "maybe", 1);
  EXPECT_EXIT(env_bool("ITO_TEST_BOOL", false), testing::ExitedWithCode(1),
              "ITO_TEST_BOOL=maybe is not a boolean; use 1 or 0");
}

TEST(Options, Sizes) {
  ::unsetenv("ITO_TEST_SIZE");
  EXPECT_EQ(env_size("ITO_TEST_SIZE", 42), 42u);
  ::setenv("ITO_TEST_SIZE", "4096", 1);
  EXPECT_EQ(env_size("ITO_TEST_SIZE", 0), 4096u);
  ::setenv("ITO_TEST_SIZE", "64k", 1);
  EXPECT_EQ(env_size("ITO_TEST_SIZE", 0), 64u << 10);
  ::setenv("ITO_TEST_SIZE", "3M", 1);
  EXPECT_EQ(env_size("ITO_TEST_SIZE", 0), 3u << 20);
  ::setenv("ITO_TEST_SIZE", "2g", 1);
  EXPECT_EQ(env_size("ITO_TEST_SIZE", 0), std::size_t(2) << 30);
}

TEST(Options, BadSizeIsFatal) {
  for (const char *v : {"12q", "-5", "k", "10kb"}) {
    ::setenv("ITO_TEST_SIZE", v, 1);
    EXPECT_EXIT(env_size("ITO_TEST_SIZE", 0), testing::ExitedWithCode(1),
                "is not a size")
        << v;
  }
}
