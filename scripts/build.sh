#!/usr/bin/env bash
# Configures and builds ito into $ITO_BUILD_DIR (default: build/ in the
# source tree), installing missing Debian packages first.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ITO_BUILD_DIR:-$src/build}

"$src/scripts/setup.sh"
if [[ ! -f "$build/build.ninja" ]]; then
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build"
