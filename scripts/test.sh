#!/usr/bin/env bash
# Sets up, builds, and runs the whole test suite (lit suites, runtime tests
# under MPI at np=1,2,4 in both layouts, unit tests) through ctest; then the
# sanitizer build (AddressSanitizer and UndefinedBehaviorSanitizer, in
# build-sanitize/): unit tests, runtime tests at np 1 and 2, the translator's
# lit suites and a short fuzzing run (docs/internals.md, "Testing ito
# itself"). ITO_SANITIZE_BUILD=0 skips the second part.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# ITO_MPI=mpich or openmpi builds against that MPI, in build-$ITO_MPI/.
build=${ITO_BUILD_DIR:-$src/build${ITO_MPI:+-$ITO_MPI}}

"$src/scripts/build.sh"
status=0
ctest --test-dir "$build" --output-on-failure -j2 "$@" || status=$?

if [[ "${ITO_SANITIZE_BUILD:-1}" != 0 ]]; then
  sanitize=${ITO_SANITIZE_BUILD_DIR:-$build-sanitize}
  ITO_BUILD_DIR=$sanitize ITO_SANITIZE=address,undefined "$src/scripts/build.sh"
  ctest --test-dir "$sanitize" --output-on-failure -j2 "$@" || status=$?
fi
exit $status
