#!/usr/bin/env bash
# Checks what an installation of ito offers other build systems (ctest label
# packaging; tests/CMakeLists.txt):
#   packaging.sh install BUILD PREFIX      cmake --install BUILD into PREFIX
#   packaging.sh cmake PREFIX WORK GENERATOR ROUTE
#       builds tests/packaging/project with find_package(ito) and runs its
#       programs on 2 processes; ROUTE is `compiler` (CMAKE_C_COMPILER=ito-cc,
#       every command through a response file) or `target` (the usual
#       compilers, ito_add_cilk_executable and ito::ito)
#   packaging.sh pkg-config PREFIX WORK    a C API program built by cc with
#       pkg-config's flags, and those flags against ito-cc's --showme:compile
#       and --showme:link
#   packaging.sh deb BUILD WORK            cpack -G DEB and the package's
#       control file and contents
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Runs PROGRAM on 2 processes and expects exactly the line LINE.
expect_run() {
  local prefix=$1 program=$2 line=$3 out
  out=$("$prefix/bin/ito-run" --timeout 60 -n 2 "$program")
  [[ "$out" == "$line" ]] ||
    fail "$program printed '$out', expected '$line' (once)"
  echo "ok: $program: $line"
}

# The flags one a line, -Wl,a,b as -Wl,a and -Wl,b.
linker_args() {
  local flag
  for flag; do
    if [[ $flag == -Wl,* ]]; then
      tr ',' '\n' <<<"${flag#-Wl,}" | sed 's/^/-Wl,/'
    else
      echo "$flag"
    fi
  done
}

cmd=$1
shift
case $cmd in
install)
  build=$1 prefix=$2
  rm -rf "$prefix"
  cmake --install "$build" --prefix "$prefix" >/dev/null
  for f in bin/ito-cc bin/ito-c++ bin/ito-run lib/libito.a \
    lib/ito-globals.ld lib/cmake/ito/ito-config.cmake \
    lib/cmake/ito/ito-config-version.cmake lib/cmake/ito/ito-targets.cmake \
    lib/pkgconfig/ito.pc include/ito/ito.h include/cilk/cilk.h; do
    [[ -e "$prefix/$f" ]] || fail "not installed: $f"
  done
  ;;
cmake)
  prefix=$1 work=$2 generator=$3 route=$4
  rm -rf "$work" && mkdir -p "$work"
  args=(-G "$generator" -DCMAKE_PREFIX_PATH="$prefix"
    -DCMAKE_BUILD_TYPE=Release)
  if [[ $route == compiler ]]; then
    args+=(-DCMAKE_C_COMPILER="$prefix/bin/ito-cc"
      -DCMAKE_CXX_COMPILER="$prefix/bin/ito-c++"
      -DCMAKE_NINJA_FORCE_RESPONSE_FILE=ON)
    for lang in C CXX; do
      args+=(-DCMAKE_${lang}_USE_RESPONSE_FILE_FOR_OBJECTS=ON
        -DCMAKE_${lang}_USE_RESPONSE_FILE_FOR_INCLUDES=ON
        -DCMAKE_${lang}_USE_RESPONSE_FILE_FOR_LIBRARIES=ON)
    done
  fi
  cmake -S "$here/project" -B "$work" "${args[@]}" >"$work/configure.log" 2>&1 ||
    {
      cat "$work/configure.log"
      fail "configure"
    }
  cmake --build "$work" -j 2
  if [[ $route == compiler ]]; then
    if [[ $generator == Ninja ]]; then
      grep -q 'RSP_FILE = CMakeFiles/fib.rsp' "$work/build.ninja" ||
        fail "Ninja links fib without a response file"
    else
      grep -q ' @CMakeFiles/fib.dir/objects' "$work/CMakeFiles/fib.dir/link.txt" ||
        fail "make links fib without a response file"
    fi
  fi
  expect_run "$prefix" "$work/fib" "fib(25)=75025 workers=2"
  expect_run "$prefix" "$work/sum" "sum=5000050000 workers=2"
  expect_run "$prefix" "$work/ranks" "ranks=2 squares=85"
  ;;
pkg-config)
  prefix=$1 work=$2
  rm -rf "$work" && mkdir -p "$work"
  export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
  version=$(pkg-config --modversion ito)
  echo "ok: pkg-config finds ito $version"
  # The order a static library needs: the sources, then --libs.
  cc -O2 $(pkg-config --cflags ito) "$here/project/ranks.c" \
    $(pkg-config --libs ito) -o "$work/ranks"
  expect_run "$prefix" "$work/ranks" "ranks=2 squares=85"
  # What ito-cc adds to a C compile (but its pass plugin, which only
  # clang-19 loads) and link, pkg-config gives too.
  cflags=" $(pkg-config --cflags ito) "
  for flag in $("$prefix/bin/ito-cc" --showme:compile); do
    [[ $flag == -fpass-plugin=* || "$cflags" == *" $flag "* ]] ||
      fail "ito-cc compiles with $flag, pkg-config --cflags ito lacks it"
  done
  libs=" $(linker_args $(pkg-config --libs ito) | tr "\n" " ")"
  for flag in $(linker_args $("$prefix/bin/ito-cc" --showme:link)); do
    [[ "$libs" == *" $flag "* ]] ||
      fail "ito-cc links with $flag, pkg-config --libs ito lacks it"
  done
  echo "ok: pkg-config has the flags of ito-cc --showme:compile and :link"
  ;;
deb)
  build=$1 work=$2
  rm -rf "$work" && mkdir -p "$work"
  (cd "$build" && cpack -G DEB -B "$work" >"$work/cpack.log" 2>&1) ||
    {
      cat "$work/cpack.log"
      fail "cpack -G DEB"
    }
  debs=("$work"/ito_*.deb)
  [[ -f "${debs[0]}" ]] || fail "cpack made no ito_*.deb in $work"
  deb=${debs[0]}
  depends=$(dpkg-deb --field "$deb" Depends)
  # The MPI of the build: Open MPI's packages for an Open MPI build.
  mpi_deps="libmpich-dev mpich"
  if "$build/bin/ito-cc" --showme:link | grep -q "/openmpi/lib/libmpi"; then
    mpi_deps="libopenmpi-dev openmpi-bin"
  fi
  for dep in clang-19 libclang-cpp19 libllvm19 $mpi_deps; do
    [[ ", $depends," == *", $dep"[\ ,]* ]] ||
      fail "Depends lacks $dep: $depends"
  done
  echo "ok: $(basename "$deb") Depends: $depends"
  contents=$(dpkg-deb --contents "$deb")
  for f in ./usr/bin/ito-cc ./usr/bin/ito-c++ ./usr/bin/ito-run \
    ./usr/lib/libito.a ./usr/lib/ito-globals.ld ./usr/lib/ito-passes.so \
    ./usr/lib/cmake/ito/ito-config.cmake ./usr/lib/pkgconfig/ito.pc \
    ./usr/include/ito/ito.h ./usr/include/cilk/cilk.h; do
    grep -q " $f\( \|$\)" <<<"$contents" || fail "$deb lacks $f"
  done
  dpkg-deb -x "$deb" "$work/root"
  grep -qx 'prefix=/usr' "$work/root/usr/lib/pkgconfig/ito.pc" ||
    fail "ito.pc in the package is not for /usr"
  echo "ok: $(basename "$deb") holds the tools, libito and the packages' files"
  ;;
*)
  fail "unknown command $cmd"
  ;;
esac
