//===- TranslateAction.cpp - The ito-translate frontend action ------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/TranslateAction.h"
#include "ito/Checks/DiagnosticPragmas.h"
#include "ito/Checks/MigrationChecks.h"
#include "ito/Translate/CilkConstructs.h"
#include "ito/Translate/CilkMacros.h"
#include "ito/Translate/CilkPragmas.h"
#include "ito/Translate/Emit.h"
#include "ito/Translate/SpawnedStatements.h"
#include "ito/Translate/TaskBlocks.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Sarif.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/SARIFDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace ito;

namespace {

/// The ito-run next to this translator (ito-cc or ito-translate), if any.
std::string launcherPath() {
  static int Anchor;
  std::string Self = llvm::sys::fs::getMainExecutable(nullptr, &Anchor);
  if (Self.empty())
    return std::string();
  llvm::SmallString<256> Path(llvm::sys::path::parent_path(Self));
  llvm::sys::path::append(Path, "ito-run");
  return llvm::sys::fs::can_execute(Path) ? std::string(Path) : std::string();
}

} // namespace

namespace {

/// Whether the translation unit declares libito's translation interface
/// (ito/cilk_abi.h, and in C++ ito/cilk_abi.hpp).
bool declaresCilkAbi(ASTContext &Ctx) {
  const TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  if (!Ctx.getLangOpts().CPlusPlus)
    return !TU->lookup(&Ctx.Idents.get("ito_abi_fork")).empty();
  for (const NamedDecl *D : TU->lookup(&Ctx.Idents.get("ito")))
    if (const auto *NS = dyn_cast<NamespaceDecl>(D))
      if (!NS->lookup(&Ctx.Idents.get("cilk")).empty())
        return true;
  return false;
}

/// Whether the translation unit declares libito's own API (ito.h or
/// ito.hpp): a program written against libito, not a Cilk program.
bool declaresItoApi(ASTContext &Ctx) {
  const TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  return !TU->lookup(&Ctx.Idents.get("ito_init")).empty() ||
         !TU->lookup(&Ctx.Idents.get("ito")).empty();
}

/// Whether the keywords were made to vanish (<cilk/cilk_stub.h>, or
/// -Dcilk_spawn= on the command line): the serial elision of a Cilk
/// program, whose main runs once, as the root task, even with no keyword
/// left to translate.
bool asksForSerialElision(Preprocessor &PP) {
  const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo("cilk_spawn"));
  return MI && MI->getNumTokens() == 0;
}

/// The source includes one of the Cilk headers (their guards are
/// ITO_CILK_*_H): with its main, a Cilk program even with no Cilk keyword
/// in it, such as one that only asks __cilkrts_get_nworkers() or only uses
/// a reducer; its main runs once, as the root task.
bool includesCilkHeader(Preprocessor &PP) {
  const SourceManager &SM = PP.getSourceManager();
  for (const auto &M : PP.macros()) {
    StringRef Name = M.first->getName();
    if (!Name.starts_with("ITO_CILK_") || !Name.ends_with("_H"))
      continue;
    // Included by the program, not by a system header of a library.
    const MacroInfo *MI = PP.getMacroInfo(M.first);
    SourceLocation Include =
        MI ? SM.getIncludeLoc(SM.getFileID(MI->getDefinitionLoc()))
           : SourceLocation();
    if (Include.isValid() && !SM.isInSystemHeader(Include))
      return true;
  }
  return false;
}

bool definesMain(ASTContext &Ctx) {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (FD->isMain() && FD->isThisDeclarationADefinition())
        return true;
  return false;
}

class TranslateConsumer : public ASTConsumer {
public:
  TranslateConsumer(TranslateResult &Result, GrainsizePragmaHandler &Pragmas,
                    std::shared_ptr<DiagnosticPragmas> DiagPragmas,
                    StringRef MainFileName, const CheckOptions &Checks,
                    bool Preprocessed, bool OnlyCheck, Preprocessor &PP)
      : PP(PP), Result(Result), Pragmas(Pragmas),
        DiagPragmas(std::move(DiagPragmas)), MainFileName(MainFileName),
        Checks(Checks), Preprocessed(Preprocessed), OnlyCheck(OnlyCheck) {
    this->Checks.setPragmas(this->DiagPragmas.get());
    // (Fix-its go into the files as they are.)
    if (!Preprocessed && !OnlyCheck)
      Macros = std::make_unique<CilkMacroExpansions>(PP);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    if (Diags.hasErrorOccurred())
      return;
    if (Macros && Macros->needed()) {
      // Translated on a second parse, with those macros written out.
      Result.ExpandedMain = Macros->expandedMainFile();
      Result.HasCilk = true;
      return;
    }
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<CilkConstruct> Constructs = collectCilkConstructs(Ctx);
    Result.HasCilk = !Constructs.empty();
    if (Preprocessed && Result.HasCilk && !declaresCilkAbi(Ctx)) {
      Diags.Report(Constructs.front().KeywordLoc,
                   Diags.getCustomDiagID(
                       DiagnosticsEngine::Error,
                       "'%0' in a preprocessed file that lacks libito's "
                       "interface; preprocess Cilk sources with ito-cc -E, "
                       "which keeps the keywords and adds it"))
          << Constructs.front().Spelling;
      return;
    }
    TranslationPlan Plan =
        planTranslation(Ctx, Constructs, Pragmas.getPragmas());
    if (Diags.hasErrorOccurred())
      return;
    // Hand-written libito code is checked too.
    runMigrationChecks(Ctx, Plan, Checks);
    if (Diags.hasErrorOccurred() || OnlyCheck)
      return;
    EmitOptions Options;
    Options.MainFileName = MainFileName.str();
    Options.HasCilk =
        Result.HasCilk || (!Preprocessed &&
                           (asksForSerialElision(PP) ||
                            (includesCilkHeader(PP) && definesMain(Ctx))) &&
                           !declaresItoApi(Ctx) && !declaresCilkAbi(Ctx));
    Options.Preprocessed = Preprocessed;
    // Hand-written libito code manages its own memory.
    Options.Translated = !Result.HasCilk && declaresCilkAbi(Ctx);
    Options.Promote = Checks.promote() && !Options.Translated &&
                      (Result.HasCilk || !declaresItoApi(Ctx));
    Options.Remove = DiagPragmas->itoPragmaRanges();
    Options.Launcher = launcherPath();
    // A source without Cilk code changes only if it defines file-scope data
    // (which the program's tasks in other sources may read).
    EmittedTranslation T;
    if (!emitTranslation(Ctx, Plan, Options, T))
      return;
    if (!Options.HasCilk && T.Headers.empty() &&
        T.Main == SM.getBufferData(SM.getMainFileID())) {
      Result.Output = std::move(T.Main);
      return;
    }
    Result.Output = std::move(T.Main);
    Result.Rewritten = true;
    for (EmittedTranslation::Header &H : T.Headers)
      Result.Headers.push_back({std::move(H.Path), std::move(H.Text)});
  }

private:
  Preprocessor &PP;
  TranslateResult &Result;
  GrainsizePragmaHandler &Pragmas;
  std::shared_ptr<DiagnosticPragmas> DiagPragmas;
  StringRef MainFileName;
  CheckOptions Checks;
  bool Preprocessed;
  bool OnlyCheck;
  std::unique_ptr<CilkMacroExpansions> Macros;
};

/// Fix-its go into the files themselves, as many as can be made.
class InPlaceFixIts : public FixItOptions {
public:
  InPlaceFixIts() {
    InPlace = true;
    FixWhatYouCan = true;
  }
  std::string RewriteFilename(const std::string &Filename, int &FD) override {
    FD = -1;
    return Filename;
  }
};

} // namespace

TranslateAction::~TranslateAction() = default;

bool TranslateAction::BeginInvocation(CompilerInstance &CI) {
  // A tool makes the source manager before the action begins, so clang does
  // not give the SARIF printer it made from the options
  // (-fdiagnostics-format=sarif) its document writer, and the printer
  // would crash: give it one.
  if (CI.getDiagnosticOpts().getFormat() == DiagnosticOptions::SARIF &&
      CI.hasSourceManager() && CI.getDiagnostics().ownsClient()) {
    auto &Printer =
        static_cast<SARIFDiagnosticPrinter &>(CI.getDiagnosticClient());
    if (!Printer.hasSarifWriter())
      Printer.setSarifWriter(
          std::make_unique<SarifDocumentWriter>(CI.getSourceManager()));
  }
  CI.getPreprocessorOpts().addMacroDef("__ITO_TRANSLATOR__");
  if (getCurrentInput().isPreprocessed() && !KeywordsHeader.empty())
    CI.getPreprocessorOpts().Includes.push_back(KeywordsHeader);
  // `cilk_spawn { ... }`: the main file as the parse should read it
  // (SpawnedStatements.h). (Fix-its go into the files as they are.)
  if (!ApplyFixIts && getCurrentInput().isFile()) {
    StringRef Path = getCurrentInput().getFile();
    if (auto Buffer = CI.getFileManager().getBufferForFile(Path)) {
      std::string Text;
      if (rewriteSpawnedStatements((*Buffer)->getBuffer(), CI.getLangOpts(),
                                   Text))
        CI.getPreprocessorOpts().addRemappedFile(
            Path, llvm::MemoryBuffer::getMemBufferCopy(Text, Path).release());
    }
  }
  return true;
}

bool TranslateAction::BeginSourceFileAction(CompilerInstance &CI) {
  if (ApplyFixIts) {
    FixItOpts = std::make_unique<InPlaceFixIts>();
    FixIts = std::make_unique<FixItRewriter>(CI.getDiagnostics(),
                                             CI.getSourceManager(),
                                             CI.getLangOpts(), FixItOpts.get());
  }
  return true;
}

void TranslateAction::EndSourceFileAction() {
  if (FixIts) {
    FixIts->WriteFixedFiles();
    FixIts.reset();
  }
}

std::unique_ptr<ASTConsumer>
TranslateAction::CreateASTConsumer(CompilerInstance &CI, StringRef) {
  Preprocessor &PP = CI.getPreprocessor();
  // Grain sizes are recorded for the cilk_for loops they precede.
  GrainsizePragmaHandler &Pragmas = addGrainsizePragmaHandler(PP);
  if (!Checks) {
    OwnChecks = CheckOptions::fromDiagnosticOptions(CI.getDiagnosticOpts());
    Checks = &OwnChecks;
  }
  return std::make_unique<TranslateConsumer>(
      Result, Pragmas, DiagnosticPragmas::attach(PP), MainFileName, *Checks,
      getCurrentInput().isPreprocessed(), ApplyFixIts, PP);
}
