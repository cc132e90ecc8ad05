//===- TranslateAction.h - The ito-translate frontend action ----*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_TRANSLATEACTION_H
#define ITO_TRANSLATE_TRANSLATEACTION_H

#include "clang/Frontend/FrontendAction.h"
#include <string>

namespace ito {

/// Translates the main file of a Cilk translation unit.
///
/// Parses with __ITO_TRANSLATOR__ defined, so that <cilk/cilk.h> expands the
/// Cilk keywords to constructs the analysis recognizes. A file without Cilk
/// constructs translates to itself, byte for byte. This version translates no
/// Cilk construct yet: it reports an error at each one and produces nothing.
class TranslateAction : public clang::ASTFrontendAction {
public:
  /// On success, the translated main file is stored in \p Output.
  explicit TranslateAction(std::string &Output) : Output(Output) {}

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override;
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override;

private:
  std::string &Output;
};

} // namespace ito

#endif // ITO_TRANSLATE_TRANSLATEACTION_H
