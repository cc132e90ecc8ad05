//===- Emit.cpp - Rewrite a planned Cilk translation unit -----------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// What both languages share: the prologue that includes libito's interface
// and restores the user's line numbers, and main. A Cilk program's main runs
// as the root task: it is renamed, and a new main starts the runtime on
// every process and runs the old one through ito_abi_main.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/Emit.h"
#include "EmitLanguage.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace ito;

bool ito::emitPlan(Edits &E, const TranslationPlan &Plan, LanguageEmitter &L) {
  llvm::DenseMap<const TaskBlock *, const CilkFunction *> FunctionOf;
  for (const auto &F : Plan.Functions)
    for (const auto &B : F->Blocks)
      FunctionOf[B.get()] = F.get();
  // Per function: file-scope code that goes before it, and after it.
  llvm::DenseMap<const CilkFunction *, std::pair<std::string, std::string>>
      Around;

  // Only the spawns of a block that may have run by \p At: a site that
  // runs once per block instance, if it comes before (a later one, even in
  // a loop around \p At, runs after); a site in a loop, always.
  auto MayHaveRun = [&](const TaskBlock &B, SourceLocation At) {
    std::vector<const SpawnSite *> Sites;
    for (const SpawnSite *S : B.Spawns)
      if (S->InLoop ||
          E.SM.isBeforeInTranslationUnit(S->Construct->KeywordLoc, At))
        Sites.push_back(S);
    return Sites;
  };

  // Edits that insert, or replace keywords only: syncs, block starts and
  // ends, exits, scopes, grain size pragmas.
  for (const SyncPoint &Sync : Plan.Syncs) {
    std::string Code =
        L.syncCode(MayHaveRun(*Sync.Block, Sync.Construct->KeywordLoc));
    E.replace(E.fileRange(Sync.Construct->Node->getSourceRange()),
              Code.empty() ? "(void)0" : "do { " + Code + "} while (0)");
  }
  for (const auto &F : Plan.Functions)
    for (const auto &B : F->Blocks) {
      if (!B->hasSpawns())
        continue;
      // A cilk_for body without braces gets its frame where it goes
      // (cilkFor).
      if (!isBraced(*B) && B->Kind == TaskBlockKind::ForBody)
        continue;
      if (!isBraced(*B)) {
        E.error(B->Construct->KeywordLoc,
                "the body of a 'cilk_scope' must be a block in braces");
        continue;
      }
      const auto *CS = cast<CompoundStmt>(B->Body);
      E.insertAfter(CS->getLBracLoc().getLocWithOffset(1), L.blockDecls(*B));
      E.insertBefore(CS->getRBracLoc(), L.syncCode(*B));
    }
  for (const ExitPoint &Exit : Plan.Exits) {
    SourceLocation At = E.fileLoc(Exit.Jump->getBeginLoc());
    std::string Code;
    for (const TaskBlock *B : Exit.Blocks)
      Code += L.syncCode(MayHaveRun(*B, At));
    if (Code.empty())
      continue;
    E.insertBefore(E.fileRange(Exit.Jump->getSourceRange()).getBegin(),
                   "{ " + Code);
    E.insertAfter(E.afterSemi(Exit.Jump), " }");
  }
  // The grain sizes are taken; the pragmas would only draw warnings.
  for (const auto &F : Plan.Fors)
    if (F->GrainsizeLoc.isValid() && E.SM.isInMainFile(F->GrainsizeLoc) &&
        !F->GrainsizeLoc.isMacroID())
      E.insertBefore(F->GrainsizeLoc, "// ");
  for (const CilkConstruct *Scope : Plan.Scopes) {
    const auto *If = cast<IfStmt>(Scope->Node);
    E.replace(E.fileRange(SourceRange(If->getBeginLoc(), If->getRParenLoc())),
              "");
  }

  // Edits that replace whole statements, innermost first (last in the
  // source first), so that each takes the text of what it contains with
  // its edits made: spawns (whose arguments may hold lambdas with Cilk) and
  // cilk_for loops (whose bodies do).
  struct Replacement {
    SourceLocation Loc;
    const SpawnSite *Spawn;
    const CilkFor *For;
  };
  std::vector<Replacement> Order;
  for (const auto &S : Plan.Spawns)
    Order.push_back({E.fileLoc(S->Construct->KeywordLoc), S.get(), nullptr});
  for (const auto &F : Plan.Fors)
    Order.push_back({E.fileLoc(F->Construct->KeywordLoc), nullptr, F.get()});
  llvm::sort(Order, [&](const Replacement &A, const Replacement &B) {
    return E.SM.isBeforeInTranslationUnit(B.Loc, A.Loc);
  });
  for (const Replacement &R : Order) {
    const TaskBlock *Block = R.Spawn ? R.Spawn->Block : R.For->Body;
    auto &T = Around[FunctionOf[Block]];
    if (R.Spawn)
      L.spawn(*R.Spawn, T.first, T.second);
    else
      L.cilkFor(*R.For, T.first, T.second);
  }

  for (const auto &F : Plan.Functions) {
    auto It = Around.find(F.get());
    if (It == Around.end() ||
        (It->second.first.empty() && It->second.second.empty()))
      continue;
    SourceLocation Begin = E.lineStart(F->Decl->getBeginLoc());
    E.insertBefore(Begin, It->second.first + E.lineMarker(Begin));
    SourceLocation End = E.fileLoc(F->Body->getEndLoc());
    E.insertAfter(End.getLocWithOffset(1),
                  "\n" + It->second.second + E.lineMarker(End));
  }
  return !E.failed();
}

/// The user's main in the main file, if it is defined there.
static const FunctionDecl *findMain(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD && FD->isMain() && FD->doesThisDeclarationHaveABody() &&
        SM.isInMainFile(SM.getFileLoc(FD->getLocation())))
      return FD;
  }
  return nullptr;
}

/// Renames main and appends the main that runs it as the root task.
static void wrapMain(Edits &E, const FunctionDecl *Main) {
  const bool CPlusPlus = E.LangOpts.CPlusPlus;
  E.replace(CharSourceRange::getTokenRange(E.fileLoc(Main->getLocation())),
            "__ito_user_main");
  // main may end without a return; the renamed function may not.
  const auto *Body = cast<CompoundStmt>(Main->getBody());
  if (!Main->getReturnType()->isVoidType())
    E.insertBefore(Body->getRBracLoc(), "return 0; ");

  std::string Args;
  switch (Main->getNumParams()) {
  case 0:
    break;
  case 1:
    Args = "argc";
    break;
  case 2:
    Args = "argc, argv";
    break;
  default:
    Args = "argc, argv, environ";
    break;
  }
  std::string Call = "__ito_user_main(" + Args + ")";
  std::string Tail = "\n";
  if (Main->getNumParams() > 2)
    Tail += CPlusPlus ? "extern \"C\" char **environ;\n"
                      : "extern char **environ;\n";
  Tail += "static int __ito_main_task(int argc, char **argv) {\n"
          "  (void)argc; (void)argv;\n";
  Tail += Main->getReturnType()->isVoidType()
              ? "  " + Call + ";\n  return 0;\n}\n"
              : "  return " + Call + ";\n}\n";
  Tail += "int main(int argc, char **argv) {\n"
          "  return ito_abi_main(argc, argv, __ito_main_task);\n}\n";
  E.insertAfter(E.SM.getLocForEndOfFile(E.SM.getMainFileID()), Tail);
}

bool ito::emitTranslation(ASTContext &Ctx, const TranslationPlan &Plan,
                          std::string &Output, StringRef MainFileName) {
  Edits E(Ctx);
  E.MainFileName = MainFileName.str();
  const bool CPlusPlus = Ctx.getLangOpts().CPlusPlus;
  FileID Main = E.SM.getMainFileID();
  SourceLocation Start = E.SM.getLocForStartOfFile(Main);
  // The prologue, then back to the user's line 1.
  E.insertBefore(Start, std::string(CPlusPlus ? "#include <ito/cilk_abi.hpp>\n"
                                              : "#include <ito/cilk_abi.h>\n") +
                            E.lineMarker(Start));
  std::unique_ptr<LanguageEmitter> L =
      CPlusPlus ? makeCxxEmitter(E) : makeCEmitter(E);
  bool OK = emitPlan(E, Plan, *L);
  if (const FunctionDecl *MainFn = findMain(Ctx))
    wrapMain(E, MainFn);
  if (!OK || E.failed())
    return false;
  Output.clear();
  llvm::raw_string_ostream OS(Output);
  if (const RewriteBuffer *Buf = E.R.getRewriteBufferFor(Main))
    Buf->write(OS);
  else
    OS << E.SM.getBufferData(Main);
  return true;
}
