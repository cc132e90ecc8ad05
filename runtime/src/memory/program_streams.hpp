// The program's FILE and DIR streams between processes. A FILE belongs to the
// process that opened it: its descriptor, its lock and its place in the C
// library's list of streams (flushed at exit) exist there only, though the
// FILE itself is in global memory (fopen allocates it) and its address
// means the same stream everywhere. So a task elsewhere does not touch it:
// what it asks of the stream (write these bytes, flush, close, read a line)
// is done by the owner, in order. Within a node the request goes into the
// owner's mailbox (comm/node_mailbox.hpp) and a write does not wait;
// between nodes it is a request over the transport. The owner serves
// requests when it polls, when idle, and before it uses one of its own
// streams, so whatever happened before that use, wherever, comes first:
// a child's lines before its parent's after the sync, as in the serial
// program. A directory stream (opendir) is the same: its descriptor is the
// opener's.
#pragma once

#include "memory/program_memory.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <mpi.h>

namespace ito::memory::program_streams {

enum class op : uint32_t {
  write,    // in: the bytes
  flush,    // -> fflush's result
  close,    // -> fclose's result
  gets,     // a: size -> found (0/1), the line
  read,     // a: bytes -> count, the bytes
  getc,     // -> the character or EOF
  ungetc,   // a: the character
  tell,     // -> the position
  seek,     // a: offset, b: whence -> fseeko's result
  eof,      // -> feof
  error,    // -> ferror
  clearerr, // (no reply)
  getwc,    // -> fgetwc's result
  putwc,    // a: the wide character -> fputwc's result
  ungetwc,  // a: the wide character -> ungetwc's result
  // On a directory stream (f: the DIR):
  readdir,   // -> found (0/1), the entry's bytes
  closedir,  // -> closedir's result
  rewinddir, // (no reply)
  telldir,   // -> telldir's result
  seekdir,   // a: the position
  // On the stream's descriptor (a stand-in's, below), or (f below
  // raw_limit) on the descriptor f itself:
  fd_write,     // in: the bytes -> write's result
  fd_read,      // a: bytes -> read's result, the bytes
  fd_seek,      // a: offset, b: whence -> lseek's result
  fd_close,     // -> close's result
  fd_pread,     // a: bytes, b: offset -> pread's result, the bytes
  fd_pwrite,    // b: offset, in: the bytes -> pwrite's result
  fd_fstat,     // -> fstat's result, the struct stat
  fd_fsync,     // -> fsync's result
  fd_ftruncate, // a: length -> ftruncate's result
  // The process's own state (f unused):
  setenv,    // a: overwrite, in: name, NUL, value, NUL -> setenv's result
  unsetenv,  // in: name, NUL -> unsetenv's result
  chdir,     // in: path, NUL -> chdir's result
  setlocale, // a: category, in: locale name, NUL -> 0 if it failed
  reopen,    // a: 1 stdout, 2 stderr; in: mode, NUL, path, NUL -> 0 if failed
  atexit,    // a: the handler (registered at process 0, which runs them)
  umask,     // a: the mask
  sigaction, // a: the signal, in: its struct sigaction
};

// The longest write or read one request carries; callers split longer ones.
constexpr std::size_t max_chunk = 8 * 1024;

// The process that opened the stream at f if that is another one; -1 for a
// stream of this process (then what others asked of it is done first), for
// the C library's stdout and stderr (every process has its own), and
// outside a task. The C library's stdin is process 0's (the launcher gives
// standard input to process 0 only: elsewhere it never ends).
int owner_elsewhere_slow(const void *f);
int stdin_elsewhere();
inline int owner_elsewhere(const void *f) {
  if (f == static_cast<const void *>(stdin))
    return stdin_elsewhere();
  if (!program_memory::in_view(f) || !program_memory::on_heap_thread)
    return -1;
  return owner_elsewhere_slow(f);
}

// Does o on the stream f at its owner. in/in_len: bytes to write; out:
// where the bytes read go (at most out_cap, out_len says how many).
int64_t at_owner(int owner, op o, void *f, int64_t a = 0, int64_t b = 0,
                 const void *in = nullptr, std::size_t in_len = 0,
                 void *out = nullptr, std::size_t out_cap = 0,
                 std::size_t *out_len = nullptr);

// The environment and the working directory are each process's: a change
// a task makes (main's too) is made in every other process as well, before
// the call returns, so that tasks anywhere see it (o: setenv, unsetenv,
// chdir, setlocale, reopen, umask, sigaction). Outside a task, nothing to
// do.
void everywhere(op o, int64_t a, const void *in, std::size_t in_len);

// A stream function that cannot act on another process's stream: the
// program stops with a message naming it.
[[noreturn]] void unsupported(int owner, const char *function);

// fileno() of another process's stream: a stand-in number, above any the
// kernel hands out, that read(), write(), writev() and lseek() of this
// process turn into requests to the owner, on its descriptor (C++ file
// streams write through the descriptor of their FILE). Anything else done
// with it fails with EBADF.
constexpr int first_stand_in = 0x7fff0000;
int stand_in_descriptor(int owner, void *f);
inline bool is_stand_in(int fd) { return fd >= first_stand_in; }
// The owner and stream of a stand-in this process handed out; false (and
// errno EBADF) for any other number.
bool stream_of_stand_in(int fd, int *owner, void **f);

// Descriptors that the program opens in a task (open, openat, creat) get
// numbers no other process of the job uses (each process its own range,
// high above what the kernel hands out), so that a function that opens a
// file and goes on in another process after a parallel call still names
// it: read, write, lseek and close of another process's number are done
// by that process; anything else fails with EBADF there, as the number is
// not open. Off when the descriptor limit is too low for the ranges (4096
// and 256 per process).
int job_descriptor(int fd);
// The process whose descriptor fd is, if another one; else -1.
int descriptor_owner_elsewhere(int fd);
// Requests on a raw descriptor carry it as f, below any FILE's address.
constexpr uint64_t raw_limit = uint64_t{1} << 32;

// Serves other processes' requests on this process's streams (rank of
// n_ranks; collective over world, which agrees on the descriptor ranges).
void install(int rank, int n_ranks, MPI_Comm world);

} // namespace ito::memory::program_streams
