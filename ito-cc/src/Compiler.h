//===- Compiler.h - Run clang for ito-cc ------------------------*- C++ -*-===//
//
// Runs the compiler of the toolchain with a command ito-cc built: finds it
// on PATH, passes a command line too long for the system through a
// response file (CMake's expanded ones can be), and redirects its standard
// streams to files when ito-cc feeds or reads them.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CC_COMPILER_H
#define ITO_CC_COMPILER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>

namespace ito::cc {

struct Streams {
  std::optional<std::string> In, Out, Err; ///< files; none: ito-cc's own
};

/// Runs \p Cmd (the compiler first). \p TempFile makes a temporary file
/// for a response file. Returns the compiler's exit status.
llvm::Expected<int>
runCompiler(llvm::ArrayRef<std::string> Cmd, const Streams &S,
            const std::function<llvm::Expected<std::string>(llvm::StringRef)>
                &TempFile);

/// \p Cmd as one line a shell reads back: arguments quoted where needed.
std::string commandLine(llvm::ArrayRef<std::string> Cmd);

} // namespace ito::cc

#endif // ITO_CC_COMPILER_H
