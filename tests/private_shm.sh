#!/bin/sh
# private_shm.sh command [args...]
# Runs the command with a private, empty /dev/shm (a mount namespace of its
# own), then prints its exit status and how many files it left there, and
# exits 0. Tests of "nothing left behind" use it so that other jobs running
# at the same time cannot disturb the count.
exec unshare -m sh -c '
  mount -t tmpfs tmpfs /dev/shm || exit 97
  "$@"
  echo "exit status $?, files left in /dev/shm: $(ls -A /dev/shm | wc -l)"' sh "$@"
