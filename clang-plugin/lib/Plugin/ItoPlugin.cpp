//===- ItoPlugin.cpp - The migration checks in a stock clang --------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
//   clang -fplugin=<ito>/lib/ito-plugin.so [-fplugin-arg-ito--Wno-ito-x] ...
//
// Runs ito's checks before clang compiles the file as usual (a Cilk file
// compiles to its serial elision), so code can be ported with the compiler
// it is built with. The plugin puts ito's <cilk/cilk.h> on the include path
// and has it mark the keywords for the checks. -Wito-* options work as
// compiler flags (clang warns that it does not know them) or as plugin
// arguments.
//
//===----------------------------------------------------------------------===//

#include "ito/Checks/CheckOptions.h"
#include "ito/Checks/DiagnosticPragmas.h"
#include "ito/Checks/MigrationChecks.h"
#include "ito/Translate/CilkConstructs.h"
#include "ito/Translate/CilkPragmas.h"
#include "ito/Translate/TaskBlocks.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Path.h"
#include <dlfcn.h>

using namespace clang;
using namespace ito;

namespace {

class CheckConsumer : public ASTConsumer {
public:
  CheckConsumer(const CheckOptions &Options, GrainsizePragmaHandler &Pragmas,
                std::shared_ptr<DiagnosticPragmas> DiagPragmas)
      : Options(Options), Pragmas(Pragmas),
        DiagPragmas(std::move(DiagPragmas)) {
    this->Options.setPragmas(this->DiagPragmas.get());
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    std::vector<CilkConstruct> Constructs = collectCilkConstructs(Ctx);
    TranslationPlan Plan =
        planTranslation(Ctx, Constructs, Pragmas.getPragmas());
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    runMigrationChecks(Ctx, Plan, Options);
  }

private:
  // A copy: clang destroys the plugin's action once it made the consumer.
  CheckOptions Options;
  GrainsizePragmaHandler &Pragmas;
  // #pragma clang diagnostic ... "-Wito-*".
  std::shared_ptr<DiagnosticPragmas> DiagPragmas;
};

/// The directory of ito's headers: <prefix>/include, next to the lib/
/// directory the plugin is in.
std::string includeDir() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&includeDir), &Info) || !Info.dli_fname)
    return "";
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(Info.dli_fname)));
  llvm::sys::path::append(Dir, "include");
  return std::string(Dir);
}

class ItoPluginAction : public PluginASTAction {
protected:
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    std::vector<std::string> Unknown;
    Options =
        CheckOptions::fromDiagnosticOptions(CI.getDiagnosticOpts(), &Unknown);
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (const std::string &A : Args) {
      StringRef Arg(A);
      if (Arg == "-w")
        Options.setIgnoreWarnings(true);
      else if (Options.applyFeatureOption(Arg))
        continue;
      else if (!Arg.consume_front("-W") || !Options.applyWarningOption(Arg))
        Unknown.push_back(A);
    }
    for (const std::string &U : Unknown)
      Diags.Report(Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "unknown ito option '%0'; the checks are -Wito-stack-sharing, "
          "-Wito-maybe-stack-sharing, -Wito-this-capture, "
          "-Wito-checkout-across-fork, -Wito-static-write and "
          "-Wito-receiver-race (each also as -Wno-..., -Werror=...), the "
          "remark -Rito-promotion"))
          << U;
    // Still run: the errors stop the compile, and <cilk/cilk.h> is found.
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    Preprocessor &PP = CI.getPreprocessor();
    // <cilk/cilk.h> marks the keywords for the checks; the file still
    // compiles to its serial elision.
    PP.setPredefines(PP.getPredefines() + "#define __ITO_TRANSLATOR__ 1\n");
    std::string Dir = includeDir();
    if (auto D = CI.getFileManager().getOptionalDirectoryRef(Dir))
      PP.getHeaderSearchInfo().AddSearchPath(
          DirectoryLookup(*D, SrcMgr::C_System, /*isFramework=*/false),
          /*isAngled=*/true);
    GrainsizePragmaHandler &Pragmas = addGrainsizePragmaHandler(PP);
    return std::make_unique<CheckConsumer>(Options, Pragmas,
                                           DiagnosticPragmas::attach(PP));
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  CheckOptions Options;
};

} // namespace

static FrontendPluginRegistry::Add<ItoPluginAction>
    X("ito", "report Cilk and libito code that breaks once tasks migrate "
             "between processes");
