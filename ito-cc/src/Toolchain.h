//===- Toolchain.h - Where ito-cc finds clang, libito and MPI ---*- C++ -*-===//
//
// ito-cc finds libito and its headers relative to its own location
// (<prefix>/bin/ito-cc, <prefix>/lib/libito.a, <prefix>/include), which holds
// in the build tree and in an installation alike. Clang and MPI are the ones
// the project was configured with; ITO_CLANG / ITO_CLANGXX override the
// compiler, as MPICH_CC does for mpicc.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CC_TOOLCHAIN_H
#define ITO_CC_TOOLCHAIN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ito::cc {

enum class Language { C, CXX };

struct Toolchain {
  Language Lang = Language::C;
  std::string Compiler;    // clang-19 or clang++-19
  std::string IncludeDir;  // <prefix>/include
  std::string LibDir;      // <prefix>/lib
  std::string PassPlugin;  // <prefix>/lib/ito-passes.so (GlobalAtomics.cpp)
  std::string ResourceDir; // clang's builtin headers, for the translator
  std::vector<std::string> CompileFlags; // added before the user's flags
  std::vector<std::string> LinkFlags;    // added after the user's flags
};

// Whether the driver invoked as \p Name (ito-c++, ito-cxx) is the C++ one.
bool isCXXDriver(llvm::StringRef Name);

// Argv0 is how ito-cc was invoked (ito-cc or ito-c++), MainAddr an address
// inside the program, used to find its own path.
llvm::Expected<Toolchain> findToolchain(const char *Argv0, void *MainAddr);

} // namespace ito::cc

#endif // ITO_CC_TOOLCHAIN_H
