//===- Reporter.h - Diagnostics of the migration checks ---------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CHECKS_REPORTER_H
#define ITO_CHECKS_REPORTER_H

#include "ito/Checks/CheckOptions.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseSet.h"
#include <string>
#include <vector>

namespace ito::checks {

/// One step of the evidence behind a diagnostic: a note.
struct Evidence {
  clang::SourceLocation Loc;
  std::string Text;
  clang::SourceRange Range;
};

/// Emits the diagnostics of the checks at each check's level, with the
/// check's flag in the message (as clang shows it), once per check and
/// location, and never in system headers.
class Reporter {
public:
  Reporter(clang::DiagnosticsEngine &Diags, const clang::SourceManager &SM,
           const CheckOptions &Options)
      : Diags(Diags), SM(SM), Options(Options) {}

  bool enabled(CheckId Id) const { return Options.mayReport(Id); }

  ~Reporter() { flush(); }

  /// Reports \p Text at \p Loc, then \p Notes in order (all at once, in
  /// source order, by flush()). Returns whether it will be reported.
  bool report(CheckId Id, clang::SourceLocation Loc, llvm::StringRef Text,
              clang::SourceRange Range = {},
              llvm::ArrayRef<Evidence> Notes = {},
              llvm::ArrayRef<clang::FixItHint> FixIts = {});

  /// Emits what was reported, in source order.
  void flush();

private:
  struct Pending {
    CheckLevel Level;
    const char *Flag;
    clang::SourceLocation Loc;
    std::string Text;
    clang::SourceRange Range;
    std::vector<Evidence> Notes;
    std::vector<clang::FixItHint> FixIts;
  };
  std::vector<Pending> Queue;
  clang::DiagnosticsEngine &Diags;
  const clang::SourceManager &SM;
  const CheckOptions &Options;
  llvm::DenseSet<std::pair<unsigned, unsigned>> Reported;
};

/// The name of \p D as a diagnostic shows it: 'x'.
std::string quoted(const clang::NamedDecl *D);

} // namespace ito::checks

#endif // ITO_CHECKS_REPORTER_H
