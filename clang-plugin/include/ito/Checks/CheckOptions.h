//===- CheckOptions.h - The migration checks and their -W flags -*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Each check has a -Wito-<name> flag. Clang cannot attach flags to the
// diagnostics of a plugin, so the checks read the warning options
// themselves, with clang's meaning: -Wito-x, -Wno-ito-x, -Werror=ito-x,
// -Wno-error=ito-x, -Werror, -Wno-error, -w; and -Wito / -Wno-ito for all;
// and `#pragma clang diagnostic` in the source (DiagnosticPragmas). A
// remark is off unless -R<name> turns it on (-Rito-promotion).
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CHECKS_CHECKOPTIONS_H
#define ITO_CHECKS_CHECKOPTIONS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class DiagnosticOptions;
class SourceManager;
} // namespace clang

namespace ito {

class DiagnosticPragmas;

enum class CheckId {
  StackSharing,       ///< a task reaches another task's stack (definite)
  MaybeStackSharing,  ///< ... through a pointer that may point there
  ThisCapture,        ///< a task lambda captures `this`
  LocalHeap,          ///< retired: the heap is global memory
  CheckoutAcrossFork, ///< a checkout open across fork/join
  StaticWrite,        ///< file-scope/static/thread_local data in a task
  ReceiverRace,       ///< a spawn's receiver used before the sync
  Promotion,          ///< remark: a local moved off the stack
};

struct CheckInfo {
  CheckId Id;
  const char *Name; ///< the flag without -W: "ito-stack-sharing"
  bool ErrorByDefault;
  bool Remark = false; ///< a remark, off unless -R<name>
};

/// Every check, in the order of CheckId.
llvm::ArrayRef<CheckInfo> allChecks();

enum class CheckLevel { Ignored, Remark, Warning, Error };

class CheckOptions {
public:
  CheckOptions();

  /// Applies one warning option as spelled after "-W" ("ito-local-heap",
  /// "no-error=ito-static-write", "error", ...). Options that are not about
  /// ito's checks are ignored. Returns false for an "ito-" name that is no
  /// check of ito's.
  bool applyWarningOption(llvm::StringRef Option);
  /// -fno-ito-promote: locals stay on the stack (the translation moves
  /// none off it, and the checks report every one a child may reach).
  bool promote() const { return Promote; }
  /// Applies -fito-promote / -fno-ito-promote and the remarks'
  /// -R[no-]ito-<name>; false for anything else.
  bool applyFeatureOption(llvm::StringRef Arg);
  /// -w: warnings are not reported (errors still are).
  void setIgnoreWarnings(bool Ignore) { IgnoreWarnings = Ignore; }

  /// From the -W options and -w of a compiler invocation. Unknown ito-
  /// names are returned in \p Unknown.
  static CheckOptions
  fromDiagnosticOptions(const clang::DiagnosticOptions &Opts,
                        std::vector<std::string> *Unknown = nullptr);

  /// From compiler arguments ("-Wno-ito-x", "-Werror", "-w", ...), in
  /// order. Unknown -Wito- options are returned in \p Unknown.
  static CheckOptions
  fromArguments(llvm::ArrayRef<std::string> Args,
                std::vector<std::string> *Unknown = nullptr);

  /// Whether \p Arg (a command-line argument, "-Wno-ito-x") is a warning
  /// option of ito's checks: drivers take those out before running clang,
  /// which does not know them.
  static bool isCheckFlag(llvm::StringRef Arg);

  /// The level of \p Id from the command line.
  CheckLevel level(CheckId Id) const;
  /// The level of \p Id for a diagnostic at \p Loc: the command line's, as
  /// the diagnostic pragmas before \p Loc change it.
  CheckLevel level(CheckId Id, clang::SourceLocation Loc,
                   const clang::SourceManager &SM) const;
  /// Whether \p Id may be reported somewhere: enabled on the command line
  /// or by a pragma.
  bool mayReport(CheckId Id) const;

  /// The diagnostic pragmas of the translation unit (null: none).
  void setPragmas(const DiagnosticPragmas *P) { Pragmas = P; }

private:
  bool Promote = true;
  struct State {
    bool Enabled = true;
    bool ErrorByDefault = false;
    bool Error = false;   ///< -Werror=ito-x
    bool NoError = false; ///< -Wno-error=ito-x
  };
  std::vector<State> States;
  bool WarningsAsErrors = false;
  bool IgnoreWarnings = false;
  const DiagnosticPragmas *Pragmas = nullptr;
};

} // namespace ito

#endif // ITO_CHECKS_CHECKOPTIONS_H
