//===- TranslateAction.cpp - The ito-translate frontend action ------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/TranslateAction.h"
#include "ito/Translate/CilkConstructs.h"
#include "ito/Translate/CilkPragmas.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessorOptions.h"

using namespace clang;
using namespace ito;

/// The part of \p C to highlight in a diagnostic: all of it, except the body
/// of a cilk_for or cilk_scope.
static SourceRange getHighlightRange(const CilkConstruct &C) {
  if (const auto *For = dyn_cast<ForStmt>(C.Node))
    return {For->getBeginLoc(), For->getRParenLoc()};
  if (const auto *For = dyn_cast<CXXForRangeStmt>(C.Node))
    return {For->getBeginLoc(), For->getRParenLoc()};
  if (const auto *If = dyn_cast<IfStmt>(C.Node))
    return {If->getBeginLoc(), If->getRParenLoc()};
  return C.Node->getSourceRange();
}

namespace {

class TranslateConsumer : public ASTConsumer {
public:
  explicit TranslateConsumer(std::string &Output) : Output(Output) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    if (Diags.hasErrorOccurred())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<CilkConstruct> Constructs = collectCilkConstructs(Ctx);
    if (Constructs.empty()) {
      Output = SM.getBufferData(SM.getMainFileID()).str();
      return;
    }
    unsigned DiagID = Diags.getCustomDiagID(
        DiagnosticsEngine::Error,
        "'%0' is not supported by this version of ito-translate");
    for (const CilkConstruct &C : Constructs) {
      DiagnosticBuilder Diag = Diags.Report(C.KeywordLoc, DiagID);
      Diag << C.Spelling;
      CharSourceRange Range = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(getHighlightRange(C)), SM,
          Ctx.getLangOpts());
      if (Range.isValid())
        Diag << Range;
    }
  }

private:
  std::string &Output;
};

} // namespace

bool TranslateAction::BeginInvocation(CompilerInstance &CI) {
  CI.getPreprocessorOpts().addMacroDef("__ITO_TRANSLATOR__");
  return true;
}

std::unique_ptr<ASTConsumer>
TranslateAction::CreateASTConsumer(CompilerInstance &CI, StringRef) {
  // Grain sizes are recorded for the cilk_for loops they precede; for now the
  // handler only checks the pragmas' syntax.
  addGrainsizePragmaHandler(CI.getPreprocessor());
  return std::make_unique<TranslateConsumer>(Output);
}
