// Parsing of the runtime's environment variables, and the one list of them.
#include "platform/environment.hpp"
#include "platform/options.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

using ito::platform::env_bool;
using ito::platform::env_size;
using ito::platform::warn_unknown_environment;

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
  ::unsetenv("ITO_CACHE_SIZE");
  EXPECT_EQ(env_size("ITO_CACHE_SIZE", 42), 42u);
  ::setenv("ITO_CACHE_SIZE", "4096", 1);
  EXPECT_EQ(env_size("ITO_CACHE_SIZE", 0), 4096u);
  ::setenv("ITO_CACHE_SIZE", "64k", 1);
  EXPECT_EQ(env_size("ITO_CACHE_SIZE", 0), 64u << 10);
  ::setenv("ITO_CACHE_SIZE", "3M", 1);
  EXPECT_EQ(env_size("ITO_CACHE_SIZE", 0), 3u << 20);
  ::setenv("ITO_CACHE_SIZE", "2g", 1);
  EXPECT_EQ(env_size("ITO_CACHE_SIZE", 0), std::size_t(2) << 30);
}

TEST(Options, BadSizeIsFatal) {
  for (const char *v : {"12q", "-5", "k", "10kb"}) {
    ::setenv("ITO_CACHE_SIZE", v, 1);
    EXPECT_EXIT(env_size("ITO_CACHE_SIZE", 0), testing::ExitedWithCode(1),
                "is not a size")
        << v;
  }
}

TEST(Environment, ReadingAnUnlistedVariableIsAnInternalError) {
  EXPECT_EXIT(env_bool("ITO_NOT_AN_OPTION", false), testing::ExitedWithCode(1),
              "internal error: the runtime reads ITO_NOT_AN_OPTION, which is "
              "not in the list");
}

TEST(Environment, UnknownVariablesNameTheClosest) {
  ::setenv("ITO_STAT", "1", 1);
  ::setenv("ITO_BLOCKSIZE", "4k", 1);
  ::setenv("ITO_XYZZY", "2", 1);
  ::setenv("ITO_STATS", "0", 1); // known: no word
  testing::internal::CaptureStderr();
  warn_unknown_environment();
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("ito: warning: unknown environment variable ITO_STAT=1; "
                     "did you mean ITO_STATS?\n"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("unknown environment variable ITO_BLOCKSIZE=4k; did you "
                     "mean ITO_BLOCK_SIZE?\n"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("unknown environment variable ITO_XYZZY=2; ito's "
                     "variables are listed in docs/runtime-options.md\n"),
            std::string::npos)
      << err;
  EXPECT_EQ(err.find("ITO_STATS=0"), std::string::npos) << err;
}
