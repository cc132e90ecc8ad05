//===- TranslateAction.cpp - The ito-translate frontend action ------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/TranslateAction.h"
#include "ito/Checks/MigrationChecks.h"
#include "ito/Translate/CilkConstructs.h"
#include "ito/Translate/CilkPragmas.h"
#include "ito/Translate/Emit.h"
#include "ito/Translate/TaskBlocks.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessorOptions.h"

using namespace clang;
using namespace ito;

namespace {

class TranslateConsumer : public ASTConsumer {
public:
  TranslateConsumer(TranslateResult &Result, GrainsizePragmaHandler &Pragmas,
                    StringRef MainFileName, const CheckOptions &Checks)
      : Result(Result), Pragmas(Pragmas), MainFileName(MainFileName),
        Checks(Checks) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    if (Diags.hasErrorOccurred())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<CilkConstruct> Constructs = collectCilkConstructs(Ctx);
    Result.HasCilk = !Constructs.empty();
    // Only the main file is rewritten.
    unsigned InHeader = Diags.getCustomDiagID(
        DiagnosticsEngine::Error,
        "'%0' in a header is not translated; move the function that uses it "
        "to a source file (ito translates one source file at a time)");
    for (const CilkConstruct &C : Constructs)
      if (!SM.isInMainFile(C.KeywordLoc))
        Diags.Report(C.KeywordLoc, InHeader) << C.Spelling;
    if (Diags.hasErrorOccurred())
      return;
    TranslationPlan Plan =
        planTranslation(Ctx, Constructs, Pragmas.getPragmas());
    if (Diags.hasErrorOccurred())
      return;
    // Hand-written libito code is checked too.
    runMigrationChecks(Ctx, Plan, Checks);
    if (Diags.hasErrorOccurred())
      return;
    if (!Result.HasCilk) {
      Result.Output = SM.getBufferData(SM.getMainFileID()).str();
      return;
    }
    emitTranslation(Ctx, Plan, Result.Output, MainFileName);
  }

private:
  TranslateResult &Result;
  GrainsizePragmaHandler &Pragmas;
  StringRef MainFileName;
  const CheckOptions &Checks;
};

} // namespace

bool TranslateAction::BeginInvocation(CompilerInstance &CI) {
  CI.getPreprocessorOpts().addMacroDef("__ITO_TRANSLATOR__");
  return true;
}

std::unique_ptr<ASTConsumer>
TranslateAction::CreateASTConsumer(CompilerInstance &CI, StringRef) {
  // Grain sizes are recorded for the cilk_for loops they precede.
  GrainsizePragmaHandler &Pragmas =
      addGrainsizePragmaHandler(CI.getPreprocessor());
  if (!Checks) {
    OwnChecks = CheckOptions::fromDiagnosticOptions(CI.getDiagnosticOpts());
    Checks = &OwnChecks;
  }
  return std::make_unique<TranslateConsumer>(Result, Pragmas, MainFileName,
                                             *Checks);
}
