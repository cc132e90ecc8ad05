//===- Toolchain.cpp - Where ito-cc finds clang, libito and MPI -----------===//

#include "Toolchain.h"

#include "Config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

namespace ito::cc {

static std::vector<std::string> splitList(StringRef List) {
  SmallVector<StringRef, 8> Parts;
  List.split(Parts, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  return {Parts.begin(), Parts.end()};
}

bool isCXXDriver(StringRef Name) {
  Name = sys::path::filename(Name);
  return Name.contains("++") || Name.contains("cxx");
}

Expected<Toolchain> findToolchain(const char *Argv0, void *MainAddr) {
  Toolchain TC;
  TC.Lang = isCXXDriver(Argv0) ? Language::CXX : Language::C;

  const char *Override =
      std::getenv(TC.Lang == Language::CXX ? "ITO_CLANGXX" : "ITO_CLANG");
  TC.Compiler = Override && *Override
                    ? Override
                    : (TC.Lang == Language::CXX ? ITO_CLANGXX : ITO_CLANG);

  std::string Exe = sys::fs::getMainExecutable(Argv0, MainAddr);
  SmallString<256> Prefix(sys::path::parent_path(sys::path::parent_path(Exe)));
  SmallString<256> Include(Prefix), Lib(Prefix), Header, Archive;
  sys::path::append(Include, "include");
  sys::path::append(Lib, "lib");
  Header = Include;
  sys::path::append(Header, "ito", "ito.h");
  Archive = Lib;
  sys::path::append(Archive, "libito.a");
  if (!sys::fs::exists(Header) || !sys::fs::exists(Archive))
    return createStringError(
        inconvertibleErrorCode(),
        "cannot find libito next to %s (looked for %s and %s); reinstall ito "
        "or rebuild it",
        Exe.c_str(), Header.c_str(), Archive.c_str());
  TC.IncludeDir = std::string(Include);
  TC.ResourceDir = ITO_CLANG_RESOURCE_DIR;
  TC.LibDir = std::string(Lib);
  SmallString<256> Passes(Lib);
  sys::path::append(Passes, "ito-passes.so");
  if (!sys::fs::exists(Passes))
    return createStringError(inconvertibleErrorCode(),
                             "cannot find %s next to libito; reinstall ito or "
                             "rebuild it",
                             Passes.c_str());
  TC.PassPlugin = std::string(Passes);

  // ito's headers come first so that its <cilk/cilk.h> wins over any other.
  TC.CompileFlags.push_back("-I" + TC.IncludeDir);
  for (const std::string &Dir : splitList(ITO_MPI_INCLUDE_DIRS))
    TC.CompileFlags.push_back("-I" + Dir);
  for (const std::string &Def : splitList(ITO_MPI_DEFINITIONS))
    TC.CompileFlags.push_back("-D" + Def);
  // The C library's stream functions as calls, not inline (getline,
  // getc_unlocked, putc_unlocked...): libito does them on behalf of the
  // process that opened the stream, and an inline one would use this
  // process's descriptor. (Its -O0 meaning; nothing else changes.)
  TC.CompileFlags.push_back("-D__NO_INLINE__");
  // A program of ito is threaded (it links with -pthread), and a compile
  // that links says so to the preprocessor too (_REENTRANT): the
  // translator's parse and the compile of its translation must see the
  // same declarations (struct timespec under -std=c99) as that compile.
  TC.CompileFlags.push_back("-pthread");
  // A sanitizer build of ito (cmake -DITO_SANITIZE=...): libito is
  // instrumented and needs the sanitizers' runtimes in every program. Fake
  // frames for stack-use-after-return cannot move between processes
  // (CommandLine.cpp).
  if (StringRef Sanitizers = ITO_SANITIZE; !Sanitizers.empty()) {
    TC.CompileFlags.push_back("-fsanitize=" + Sanitizers.str());
    TC.LinkFlags.push_back("-fsanitize=" + Sanitizers.str());
    if (Sanitizers.contains("address"))
      TC.CompileFlags.push_back("-fsanitize-address-use-after-return=never");
  }

  // A Cilk program's main runs as the root task (libito's __wrap_main).
  TC.LinkFlags.push_back("-Wl,--wrap=main");
  // Its _Exit, _exit and quick_exit end the whole job (libito's c_exit).
  TC.LinkFlags.push_back("-Wl,--wrap=_Exit,--wrap=_exit,--wrap=quick_exit");
  // Its changes of the floating-point environment reach the processes that
  // steal its continuations (libito's c_fenv), even with its own -lm
  // before libito.
  TC.LinkFlags.push_back("-Wl,--wrap=fesetround,--wrap=fesetenv,"
                         "--wrap=feupdateenv,--wrap=fesetmode,"
                         "--wrap=feenableexcept,--wrap=fedisableexcept");
  // Its private mappings in the program's heap (libito's c_mmap); the
  // libraries' own stay the kernel's.
  TC.LinkFlags.push_back(
      "-Wl,--wrap=mmap,--wrap=mmap64,--wrap=munmap,--wrap=mremap");
  // Its file-scope data in sections of their own (ito-globals.ld), which
  // libito shares between its processes.
  SmallString<256> Script(Lib);
  sys::path::append(Script, "ito-globals.ld");
  TC.LinkFlags.push_back("-Wl,-T," + std::string(Script));
  TC.LinkFlags.push_back("-L" + TC.LibDir);
  TC.LinkFlags.push_back("-lito");
  for (const std::string &L :
       splitList(TC.Lang == Language::CXX ? ITO_MPI_CXX_LIBRARIES
                                          : ITO_MPI_C_LIBRARIES))
    TC.LinkFlags.push_back(L);
  // libito is C++; a C program links its C++ runtime explicitly.
  for (const char *L : {"-lstdc++", "-lm", "-pthread", "-lrt"})
    TC.LinkFlags.push_back(L);
  return TC;
}

} // namespace ito::cc
