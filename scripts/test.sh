#!/usr/bin/env bash
# Sets up, builds, and runs the whole test suite (lit suites, runtime tests
# under MPI at np=1,2,4 in both layouts, unit tests) through ctest.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# ITO_MPI=mpich or openmpi builds against that MPI, in build-$ITO_MPI/.
build=${ITO_BUILD_DIR:-$src/build${ITO_MPI:+-$ITO_MPI}}

"$src/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j2 "$@"
