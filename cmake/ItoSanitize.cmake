# The sanitizer build: cmake -DITO_SANITIZE=address,undefined (with
# CC=clang-19 CXX=clang++-19) instruments everything ito builds, and ito-cc
# builds every program with the same sanitizers, since libito then needs
# their runtimes. scripts/test.sh builds it in build-sanitize/ and runs the
# unit tests, the translator's lit suites, the runtime tests at np 1 and 2
# and a short fuzzing run of the translator there (tests/CMakeLists.txt).
set(ITO_SANITIZE "" CACHE STRING
  "Sanitizers to build ito with (-fsanitize= list, e.g. address,undefined)")

if(ITO_SANITIZE)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang"
     OR NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ito: ITO_SANITIZE needs clang (CC=clang-19 "
      "CXX=clang++-19): the programs that ito-cc builds link clang's "
      "sanitizer runtimes, and libito's instrumentation must match them")
  endif()
  # vptr: its handlers are in the C++ half of UBSan's runtime, which clang
  # links only into C++ programs, and libito goes into C programs too.
  # Fake frames for stack-use-after-return belong to the process that made
  # them, and tasks' frames move between processes (as ito-cc does for
  # programs).
  # -O1, as the sanitizers advise: at -O3 the instrumented translator takes
  # four times as long to build (a few of its files, ten times).
  add_compile_options(-O1 -fsanitize=${ITO_SANITIZE} -fno-sanitize=vptr
    -fno-sanitize-recover=all -fno-omit-frame-pointer)
  if(ITO_SANITIZE MATCHES "(^|,)address(,|$)")
    add_compile_options(-fsanitize-address-use-after-return=never)
  endif()
  add_link_options(-fsanitize=${ITO_SANITIZE})
endif()

# The translator's fuzz target (clang-plugin/fuzz) needs AddressSanitizer and
# libFuzzer's coverage instrumentation of the translator's code.
set(ITO_FUZZER OFF)
if(ITO_SANITIZE MATCHES "(^|,)address(,|$)")
  set(ITO_FUZZER ON)
endif()
