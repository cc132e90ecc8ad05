//===- DiagnosticPragmas.h - #pragma clang diagnostic for ito ---*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// `#pragma clang diagnostic ignored "-Wito-stack-sharing"` (and `warning`,
// `error`, `fatal`, `push`, `pop`, the `GCC diagnostic` spelling and
// `_Pragma`) set the level of ito's checks for the code after them, as for
// clang's own warnings. Clang 19 cannot put a plugin's diagnostics in a
// warning group, so it does not know the -Wito-* names: these pragmas are
// recorded here while the file is preprocessed, the Reporter gives each
// diagnostic the level they give its location, and clang's "unknown warning
// group" warning is kept quiet for them.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CHECKS_DIAGNOSTICPRAGMAS_H
#define ITO_CHECKS_DIAGNOSTICPRAGMAS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace ito {

class DiagnosticPragmas {
public:
  enum class Kind { Push, Pop, Ignored, Warning, Error };
  struct Pragma {
    Kind K;
    /// Where it takes effect (a file location).
    clang::SourceLocation Loc;
    /// The group without -W for Ignored, Warning and Error: "ito",
    /// "ito-stack-sharing" or "everything".
    std::string Group;
  };

  /// Records the diagnostic pragmas that \p PP meets from now on.
  static std::shared_ptr<DiagnosticPragmas> attach(clang::Preprocessor &PP);

  /// Every push and pop, and the pragmas that name ito's groups, in the
  /// order of the translation unit.
  llvm::ArrayRef<Pragma> pragmas() const { return Pragmas; }

  /// The `#pragma` lines and `_Pragma` operators written in files that name
  /// ito's groups: a compiler that does not know ito's checks would warn
  /// about them, so the translation takes them out.
  llvm::ArrayRef<clang::CharSourceRange> itoPragmaRanges() const {
    return ItoRanges;
  }

  /// Whether \p Group (as in Pragma::Group) names the check \p CheckName
  /// ("ito-local-heap").
  static bool names(llvm::StringRef Group, llvm::StringRef CheckName);

private:
  friend class DiagnosticPragmaRecorder;
  std::vector<Pragma> Pragmas;
  std::vector<clang::CharSourceRange> ItoRanges;
};

} // namespace ito

#endif // ITO_CHECKS_DIAGNOSTICPRAGMAS_H
