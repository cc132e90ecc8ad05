#!/usr/bin/env bash
# Installs the Debian packages ito needs, if any are missing. Idempotent and
# quiet when everything is already there.
set -euo pipefail

packages=(
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools # translator, lit, FileCheck
  llvm-19                                            # llvm-symbolizer: crash reports
  mpich libmpich-dev                                 # MPI (Open MPI also works)
  cmake ninja-build g++ make python3 python3-psutil  # build; lit time limits
  libgtest-dev                                       # unit tests
  libssl-dev                                         # SHA-1 for UTS
  pkgconf dpkg-dev                                   # packaging tests, .deb
  python3-matplotlib                                 # ito-scale's plots
  gdb                                                # --debug-rank's test
  libclang-rt-19-dev                                 # -fsanitize=address
)
# ITO_MPI=openmpi: build and test against Open MPI instead of MPICH.
if [[ ${ITO_MPI:-} == openmpi ]]; then
  packages+=(openmpi-bin libopenmpi-dev)
fi

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -eq 0 ]]; then
  run=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  run=(sudo -n)
else
  echo "ito setup: cannot install packages (not root, no passwordless sudo)." >&2
  echo "Install them by hand:  sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "ito setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { "${run[@]}" apt-get update -qq &&
  "${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }; then
  echo "ito setup: apt-get could not install the packages (no package access?)." >&2
  echo "Install them by hand:  sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
