// The C library's stream functions, as a program linked with libito calls
// them: on a FILE another process opened (a file-scope `FILE *log` that
// main opened, written by tasks that run elsewhere), the call is done by
// that process (memory/program_streams.hpp); on this process's own
// streams, and on stdin, stdout and stderr, it is the C library's after
// one range check. Text is formatted here and only the bytes travel.
// Reading a line or a block, seeking and flushing travel too; what cannot
// (fscanf, setvbuf, locking) stops the program with a message
// rather than touch a stream whose descriptor and lock are elsewhere.

// No inline definitions of getc_unlocked and the others from <stdio.h>: this
// file defines them (glibc marks them gnu_inline only for GCC 4.3 and later,
// and clang says 4.2, so clang's C++ would see two definitions).
#ifndef __NO_INLINE__
#define __NO_INLINE__ 1
#endif
#include "memory/program_streams.hpp"
#include "platform/libc_next.hpp"

#include <dlfcn.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cwchar>

namespace pm = ito::memory::program_memory;
namespace ps = ito::memory::program_streams;

using ito::platform::next_definition;

namespace {

// The C library's definition of a function this file replaces.

#define ITO_LIBC(name)                                                         \
  static const auto libc_##name = next_definition<decltype(&::name)>(#name)

// fwrite and fread on this process's stream, whose large transfers the C
// library hands to the kernel as they are: data of another node goes
// through the cache first, a chunk at a time (the kernel does not fault).
template <class Fn>
size_t transfer_ready(Fn libc, void *p, size_t size, size_t n, FILE *f,
                      bool into_memory) {
  const size_t bytes = size * n;
  if (bytes == 0 || pm::ready_for_kernel(p, bytes, into_memory) == bytes)
    return libc(p, size, n, f);
  char *c = static_cast<char *>(p);
  size_t done = 0;
  while (done < bytes) {
    const size_t k = pm::ready_for_kernel(c + done, bytes - done, into_memory);
    const size_t moved = libc(c + done, 1, k, f);
    done += moved;
    if (moved < k)
      break;
  }
  return done / size;
}

size_t write_elsewhere(int owner, FILE *f, const void *data, size_t len) {
  const char *p = static_cast<const char *>(data);
  for (size_t done = 0; done < len;) {
    const size_t n = std::min(len - done, ps::max_chunk);
    ps::at_owner(owner, ps::op::write, f, 0, 0, p + done, n);
    done += n;
  }
  return len;
}

int vprint_elsewhere(int owner, FILE *f, const char *format, va_list ap) {
  char small[512];
  va_list again;
  va_copy(again, ap);
  const int n = std::vsnprintf(small, sizeof small, format, ap);
  if (n < 0) {
    va_end(again);
    return n;
  }
  if (static_cast<size_t>(n) < sizeof small) {
    va_end(again);
    write_elsewhere(owner, f, small, static_cast<size_t>(n));
    return n;
  }
  char *big = static_cast<char *>(std::malloc(static_cast<size_t>(n) + 1));
  if (!big) {
    va_end(again);
    errno = ENOMEM;
    return -1;
  }
  std::vsnprintf(big, static_cast<size_t>(n) + 1, format, again);
  va_end(again);
  write_elsewhere(owner, f, big, static_cast<size_t>(n));
  std::free(big);
  return n;
}

int putc_elsewhere(int owner, int c, FILE *f) {
  const unsigned char b = static_cast<unsigned char>(c);
  write_elsewhere(owner, f, &b, 1);
  return b;
}

char *gets_elsewhere(int owner, char *s, int size, FILE *f) {
  if (size <= 0)
    return nullptr;
  int filled = 0;
  // The owner reads at most a chunk at a time; a longer line takes more.
  while (filled < size - 1) {
    const int want = std::min<int>(size - filled, ps::max_chunk);
    size_t got = 0;
    if (!ps::at_owner(owner, ps::op::gets, f, want, 0, nullptr, 0, s + filled,
                      static_cast<size_t>(want - 1), &got))
      break;
    filled += static_cast<int>(got);
    if (got == 0 || s[filled - 1] == '\n')
      break;
  }
  if (filled == 0)
    return nullptr;
  s[filled] = '\0';
  return s;
}

size_t read_elsewhere(int owner, void *data, size_t size, size_t n, FILE *f) {
  if (size == 0 || n == 0)
    return 0;
  char *p = static_cast<char *>(data);
  const size_t len = size * n;
  size_t done = 0;
  while (done < len) {
    const size_t want = std::min(len - done, ps::max_chunk);
    size_t got = 0;
    ps::at_owner(owner, ps::op::read, f, static_cast<int64_t>(want), 0, nullptr,
                 0, p + done, want, &got);
    done += got;
    if (got < want)
      break;
  }
  // Whole items only, as fread counts them (a partial last item stays read).
  return done / size;
}

ssize_t getline_elsewhere(int owner, char **line, size_t *cap, FILE *f) {
  if (!line || !cap) {
    errno = EINVAL;
    return -1;
  }
  size_t len = 0;
  for (;;) {
    if (!*line || *cap < len + 2 * ps::max_chunk) {
      const size_t want = len + 2 * ps::max_chunk;
      char *grown = static_cast<char *>(std::realloc(*line, want));
      if (!grown) {
        errno = ENOMEM;
        return -1;
      }
      *line = grown;
      *cap = want;
    }
    size_t got = 0;
    if (!ps::at_owner(owner, ps::op::gets, f, ps::max_chunk, 0, nullptr, 0,
                      *line + len, ps::max_chunk - 1, &got))
      break;
    len += got;
    if (got == 0 || (*line)[len - 1] == '\n')
      break;
  }
  if (len == 0)
    return -1;
  (*line)[len] = '\0';
  return static_cast<ssize_t>(len);
}

} // namespace

extern "C" {

// Writing.

int vfprintf(FILE *f, const char *format, va_list ap) {
  ITO_LIBC(vfprintf);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_vfprintf(f, format, ap)
                   : vprint_elsewhere(owner, f, format, ap);
}

int fprintf(FILE *f, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  const int n = vfprintf(f, format, ap);
  va_end(ap);
  return n;
}

int __vfprintf_chk(FILE *f, int flag, const char *format, va_list ap) {
  using fn = int (*)(FILE *, int, const char *, va_list);
  static const fn libc = next_definition<fn>("__vfprintf_chk");
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc(f, flag, format, ap)
                   : vprint_elsewhere(owner, f, format, ap);
}

int __fprintf_chk(FILE *f, int flag, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  const int n = __vfprintf_chk(f, flag, format, ap);
  va_end(ap);
  return n;
}

int fputs(const char *s, FILE *f) {
  ITO_LIBC(fputs);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return libc_fputs(s, f);
  write_elsewhere(owner, f, s, std::strlen(s));
  return 1;
}

int fputs_unlocked(const char *s, FILE *f) {
  ITO_LIBC(fputs_unlocked);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return libc_fputs_unlocked(s, f);
  write_elsewhere(owner, f, s, std::strlen(s));
  return 1;
}

int fputc(int c, FILE *f) {
  ITO_LIBC(fputc);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fputc(c, f) : putc_elsewhere(owner, c, f);
}

int putc(int c, FILE *f) {
  ITO_LIBC(putc);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_putc(c, f) : putc_elsewhere(owner, c, f);
}

int fputc_unlocked(int c, FILE *f) {
  ITO_LIBC(fputc_unlocked);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fputc_unlocked(c, f) : putc_elsewhere(owner, c, f);
}

int putc_unlocked(int c, FILE *f) {
  ITO_LIBC(putc_unlocked);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_putc_unlocked(c, f) : putc_elsewhere(owner, c, f);
}

size_t fwrite(const void *p, size_t size, size_t n, FILE *f) {
  ITO_LIBC(fwrite);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return transfer_ready([](void *q, size_t s, size_t k,
                             FILE *g) { return libc_fwrite(q, s, k, g); },
                          const_cast<void *>(p), size, n, f, false);
  write_elsewhere(owner, f, p, size * n);
  return n;
}

size_t fwrite_unlocked(const void *p, size_t size, size_t n, FILE *f) {
  ITO_LIBC(fwrite_unlocked);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return transfer_ready(
        [](void *q, size_t s, size_t k, FILE *g) {
          return libc_fwrite_unlocked(q, s, k, g);
        },
        const_cast<void *>(p), size, n, f, false);
  write_elsewhere(owner, f, p, size * n);
  return n;
}

int fflush(FILE *f) {
  ITO_LIBC(fflush);
  const int owner = f ? ps::owner_elsewhere(f) : -1;
  return owner < 0 ? libc_fflush(f)
                   : static_cast<int>(ps::at_owner(owner, ps::op::flush, f));
}

int fflush_unlocked(FILE *f) {
  ITO_LIBC(fflush_unlocked);
  const int owner = f ? ps::owner_elsewhere(f) : -1;
  return owner < 0 ? libc_fflush_unlocked(f)
                   : static_cast<int>(ps::at_owner(owner, ps::op::flush, f));
}

int fclose(FILE *f) {
  ITO_LIBC(fclose);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fclose(f)
                   : static_cast<int>(ps::at_owner(owner, ps::op::close, f));
}

// Reading.

char *fgets(char *s, int size, FILE *f) {
  ITO_LIBC(fgets);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fgets(s, size, f) : gets_elsewhere(owner, s, size, f);
}

char *fgets_unlocked(char *s, int size, FILE *f) {
  ITO_LIBC(fgets_unlocked);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fgets_unlocked(s, size, f)
                   : gets_elsewhere(owner, s, size, f);
}

size_t fread(void *p, size_t size, size_t n, FILE *f) {
  ITO_LIBC(fread);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? transfer_ready(libc_fread, p, size, n, f, true)
                   : read_elsewhere(owner, p, size, n, f);
}

size_t fread_unlocked(void *p, size_t size, size_t n, FILE *f) {
  ITO_LIBC(fread_unlocked);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? transfer_ready(libc_fread_unlocked, p, size, n, f, true)
                   : read_elsewhere(owner, p, size, n, f);
}

int fgetc(FILE *f) {
  ITO_LIBC(fgetc);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fgetc(f)
                   : static_cast<int>(ps::at_owner(owner, ps::op::getc, f));
}

int getc(FILE *f) {
  ITO_LIBC(getc);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_getc(f)
                   : static_cast<int>(ps::at_owner(owner, ps::op::getc, f));
}

int fgetc_unlocked(FILE *f) {
  ITO_LIBC(fgetc_unlocked);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fgetc_unlocked(f)
                   : static_cast<int>(ps::at_owner(owner, ps::op::getc, f));
}

int getc_unlocked(FILE *f) {
  ITO_LIBC(getc_unlocked);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_getc_unlocked(f)
                   : static_cast<int>(ps::at_owner(owner, ps::op::getc, f));
}

int ungetc(int c, FILE *f) {
  ITO_LIBC(ungetc);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0
             ? libc_ungetc(c, f)
             : static_cast<int>(ps::at_owner(owner, ps::op::ungetc, f, c));
}

ssize_t getline(char **line, size_t *cap, FILE *f) {
  ITO_LIBC(getline);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_getline(line, cap, f)
                   : getline_elsewhere(owner, line, cap, f);
}

ssize_t getdelim(char **line, size_t *cap, int delim, FILE *f) {
  ITO_LIBC(getdelim);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return libc_getdelim(line, cap, delim, f);
  if (delim != '\n')
    ps::unsupported(owner, "getdelim");
  return getline_elsewhere(owner, line, cap, f);
}

// What the C library's inline getline calls (ito-cc turns the C library's
// inline stream functions off, but code compiled otherwise may have it).
ssize_t __getdelim(char **line, size_t *cap, int delim, FILE *f) {
  return getdelim(line, cap, delim, f);
}

// A binary int.

int getw(FILE *f) {
  ITO_LIBC(getw);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return libc_getw(f);
  int w;
  return read_elsewhere(owner, &w, sizeof w, 1, f) == 1 ? w : EOF;
}

int putw(int w, FILE *f) {
  ITO_LIBC(putw);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return libc_putw(w, f);
  write_elsewhere(owner, f, &w, sizeof w);
  return 0;
}

// Wide characters, one request each.

wint_t fgetwc(FILE *f) {
  ITO_LIBC(fgetwc);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fgetwc(f)
                   : static_cast<wint_t>(ps::at_owner(owner, ps::op::getwc, f));
}

wint_t getwc(FILE *f) { return fgetwc(f); }
wint_t fgetwc_unlocked(FILE *f) { return fgetwc(f); }
wint_t getwc_unlocked(FILE *f) { return fgetwc(f); }
wint_t getwchar(void) { return fgetwc(stdin); }

wint_t fputwc(wchar_t c, FILE *f) {
  ITO_LIBC(fputwc);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fputwc(c, f)
                   : static_cast<wint_t>(ps::at_owner(owner, ps::op::putwc, f,
                                                      static_cast<int64_t>(c)));
}

wint_t putwc(wchar_t c, FILE *f) { return fputwc(c, f); }
wint_t fputwc_unlocked(wchar_t c, FILE *f) { return fputwc(c, f); }
wint_t putwc_unlocked(wchar_t c, FILE *f) { return fputwc(c, f); }

wint_t ungetwc(wint_t c, FILE *f) {
  ITO_LIBC(ungetwc);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_ungetwc(c, f)
                   : static_cast<wint_t>(ps::at_owner(owner, ps::op::ungetwc, f,
                                                      static_cast<int64_t>(c)));
}

wchar_t *fgetws(wchar_t *s, int n, FILE *f) {
  ITO_LIBC(fgetws);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return libc_fgetws(s, n, f);
  if (n <= 0)
    return nullptr;
  int i = 0;
  while (i < n - 1) {
    const wint_t c = fgetwc(f);
    if (c == WEOF)
      break;
    s[i++] = static_cast<wchar_t>(c);
    if (c == L'\n')
      break;
  }
  if (i == 0)
    return nullptr;
  s[i] = L'\0';
  return s;
}

int fputws(const wchar_t *s, FILE *f) {
  ITO_LIBC(fputws);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return libc_fputws(s, f);
  for (; *s; s++)
    if (fputwc(*s, f) == WEOF)
      return -1;
  return 0;
}

// Position and state.

long ftell(FILE *f) {
  ITO_LIBC(ftell);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_ftell(f) : ps::at_owner(owner, ps::op::tell, f);
}

off_t ftello(FILE *f) {
  ITO_LIBC(ftello);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_ftello(f) : ps::at_owner(owner, ps::op::tell, f);
}

int fseek(FILE *f, long offset, int whence) {
  ITO_LIBC(fseek);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fseek(f, offset, whence)
                   : static_cast<int>(
                         ps::at_owner(owner, ps::op::seek, f, offset, whence));
}

int fseeko(FILE *f, off_t offset, int whence) {
  ITO_LIBC(fseeko);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fseeko(f, offset, whence)
                   : static_cast<int>(
                         ps::at_owner(owner, ps::op::seek, f, offset, whence));
}

void rewind(FILE *f) {
  ITO_LIBC(rewind);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return libc_rewind(f);
  ps::at_owner(owner, ps::op::seek, f, 0, SEEK_SET);
  ps::at_owner(owner, ps::op::clearerr, f);
}

int feof(FILE *f) {
  ITO_LIBC(feof);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_feof(f)
                   : static_cast<int>(ps::at_owner(owner, ps::op::eof, f));
}

int ferror(FILE *f) {
  ITO_LIBC(ferror);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_ferror(f)
                   : static_cast<int>(ps::at_owner(owner, ps::op::error, f));
}

void clearerr(FILE *f) {
  ITO_LIBC(clearerr);
  const int owner = ps::owner_elsewhere(f);
  if (owner < 0)
    return libc_clearerr(f);
  ps::at_owner(owner, ps::op::clearerr, f);
}

// What cannot be done for another process.

// (The C library's headers name fscanf and vfscanf so since C99.)
int __isoc99_vfscanf(FILE *f, const char *format, va_list ap) {
  using fn = int (*)(FILE *, const char *, va_list);
  static const fn libc = next_definition<fn>("__isoc99_vfscanf");
  const int owner = ps::owner_elsewhere(f);
  if (owner >= 0)
    ps::unsupported(owner, f == stdin ? "fscanf() on stdin" : "fscanf");
  return libc(f, format, ap);
}

// scanf reads stdin, which is process 0's.
int __isoc99_vscanf(const char *format, va_list ap) {
  using fn = int (*)(const char *, va_list);
  static const fn libc = next_definition<fn>("__isoc99_vscanf");
  const int owner = ps::owner_elsewhere(stdin);
  if (owner >= 0)
    ps::unsupported(owner, "scanf() on stdin");
  return libc(format, ap);
}

int __isoc99_scanf(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  const int n = __isoc99_vscanf(format, ap);
  va_end(ap);
  return n;
}

int getchar(void) { return fgetc(stdin); }
int getchar_unlocked(void) { return fgetc(stdin); }

int __isoc99_fscanf(FILE *f, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  const int n = __isoc99_vfscanf(f, format, ap);
  va_end(ap);
  return n;
}

int fileno(FILE *f) {
  ITO_LIBC(fileno);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fileno(f) : ps::stand_in_descriptor(owner, f);
}

int fileno_unlocked(FILE *f) {
  ITO_LIBC(fileno_unlocked);
  const int owner = ps::owner_elsewhere(f);
  return owner < 0 ? libc_fileno_unlocked(f)
                   : ps::stand_in_descriptor(owner, f);
}

int setvbuf(FILE *f, char *buf, int mode, size_t size) {
  ITO_LIBC(setvbuf);
  const int owner = ps::owner_elsewhere(f);
  if (owner >= 0)
    ps::unsupported(owner, "setvbuf");
  return libc_setvbuf(f, buf, mode, size);
}

void flockfile(FILE *f) {
  ITO_LIBC(flockfile);
  const int owner = ps::owner_elsewhere(f);
  if (owner >= 0)
    ps::unsupported(owner, "flockfile");
  libc_flockfile(f);
}

} // extern "C"
