//===- Translate.h - Translate the Cilk sources of a command ----*- C++ -*-===//
//
// Runs ito's translator in process on each source input that uses Cilk, and
// points the clang command at the translations: same file names, in a
// temporary directory, with the original directory searched for "..."
// includes, and dependency files rewritten to name the original sources.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CC_TRANSLATE_H
#define ITO_CC_TRANSLATE_H

#include "CommandLine.h"
#include "Toolchain.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ito::cc {

class Translation {
public:
  ~Translation(); // removes the temporary directory

  /// Translates the sources of \p CL; rewrites \p ClangArgs to compile the
  /// translations. Errors in the user's code are printed as clang
  /// diagnostics, and make this fail with an empty message.
  llvm::Error run(const CommandLine &CL, const Toolchain &TC,
                  std::vector<std::string> &ClangArgs);

  /// After a successful compile: dependency files name the original
  /// sources, not their translations.
  void fixDependencyFiles(const CommandLine &CL);

  bool translatedAny() const { return !Translated.empty(); }

private:
  std::string TempDir;
  struct File {
    std::string Original, Translated;
  };
  std::vector<File> Translated;
};

} // namespace ito::cc

#endif // ITO_CC_TRANSLATE_H
