#!/usr/bin/env bash
# The main job: set up, build ito, compile a Cilk program with ito-cc and run
# it on 2 processes.  Usage: scripts/run-example.sh [N]   (fib(N), default 30)
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ITO_BUILD_DIR:-$src/build}

"$src/scripts/build.sh"
set -x
"$build/bin/ito-cc" -O2 "$src/examples/cilk/fib.c" -o "$build/fib"
"$build/bin/ito-run" -n 2 "$build/fib" "${1:-30}"
