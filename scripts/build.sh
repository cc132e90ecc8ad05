#!/usr/bin/env bash
# Configures and builds ito into $ITO_BUILD_DIR (default: build/ in the
# source tree), installing missing Debian packages first.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# ITO_MPI=mpich or openmpi builds against that MPI, in build-$ITO_MPI/.
build=${ITO_BUILD_DIR:-$src/build${ITO_MPI:+-$ITO_MPI}}

"$src/scripts/setup.sh"
if [[ ! -f "$build/build.ninja" ]]; then
  sanitize=()
  # ITO_SANITIZE=address,undefined: the sanitizer build (clang's sanitizers,
  # so clang builds it; cmake/ItoSanitize.cmake).
  if [[ -n "${ITO_SANITIZE:-}" ]]; then
    sanitize=(-DITO_SANITIZE="$ITO_SANITIZE" -DCMAKE_C_COMPILER=clang-19
              -DCMAKE_CXX_COMPILER=clang++-19)
  fi
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DITO_MPI="${ITO_MPI:-auto}" "${sanitize[@]}" >/dev/null
fi
cmake --build "$build"
