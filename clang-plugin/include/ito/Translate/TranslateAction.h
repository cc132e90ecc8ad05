//===- TranslateAction.h - The ito-translate frontend action ----*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_TRANSLATEACTION_H
#define ITO_TRANSLATE_TRANSLATEACTION_H

#include "ito/Checks/CheckOptions.h"
#include "clang/Frontend/FrontendAction.h"
#include <string>

namespace ito {

/// What translating one file gave.
struct TranslateResult {
  std::string Output;   ///< the translated main file
  bool HasCilk = false; ///< false: Output is the file itself, byte for byte
};

/// Translates the main file of a Cilk translation unit.
///
/// Parses with __ITO_TRANSLATOR__ defined, so that <cilk/cilk.h> expands the
/// Cilk keywords to constructs the analysis recognizes. A file without Cilk
/// constructs translates to itself, byte for byte. Ill-formed Cilk is
/// reported as errors, and then there is no output.
class TranslateAction : public clang::ASTFrontendAction {
public:
  /// \p MainFileName: how #line markers name the file (the path as the
  /// user wrote it); empty: as clang opened it.
  /// \p Checks: the levels of the migration checks; null: from the
  /// invocation's -W options.
  explicit TranslateAction(TranslateResult &Result,
                           std::string MainFileName = "",
                           const CheckOptions *Checks = nullptr)
      : Result(Result), MainFileName(std::move(MainFileName)), Checks(Checks) {}

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override;
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override;

private:
  TranslateResult &Result;
  std::string MainFileName;
  const CheckOptions *Checks;
  CheckOptions OwnChecks;
};

} // namespace ito

#endif // ITO_TRANSLATE_TRANSLATEACTION_H
