//===- Emit.cpp - Rewrite a planned Cilk translation unit -----------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// What both languages share: the prologue that includes libito's interface
// and restores the user's line numbers, the order of the edits, and the mark
// that makes the program's main run as the root task.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/Emit.h"
#include "EmitLanguage.h"
#include "ito/Translate/ForkingFunctions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace ito;

/// Whether the loop comes from a macro and its body from one of the macro's
/// arguments.
static bool bodyIsMacroArgument(const SourceManager &SM, const CilkFor &F) {
  const Stmt *Loop = F.For ? static_cast<const Stmt *>(F.For)
                           : static_cast<const Stmt *>(F.RangeFor);
  const Stmt *Body = F.For ? F.For->getBody() : F.RangeFor->getBody();
  SourceLocation K = Loop->getBeginLoc(), B = Body->getBeginLoc();
  return K.isMacroID() && !SM.isMacroArgExpansion(K) && B.isMacroID() &&
         SM.isMacroArgExpansion(B);
}

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

  // Code that runs as main itself, not in one of its cilk_for bodies: after
  // it syncs, main comes back to process 0 (EmitHomecoming.cpp).
  auto InMain = [&](const TaskBlock *B) {
    const CilkFunction *F = FunctionOf.lookup(B);
    if (!F || F->IsLambda || !F->Function || !F->Function->isMain())
      return false;
    for (; B; B = B->Parent)
      if (B->Kind == TaskBlockKind::ForBody)
        return false;
    return true;
  };

  // Edits that insert, or replace keywords only: syncs, block starts and
  // ends, exits, scopes, grain size pragmas.
  for (const SyncPoint &Sync : Plan.Syncs) {
    std::string Code =
        L.syncCode(MayHaveRun(*Sync.Block, Sync.Construct->KeywordLoc));
    if (InMain(Sync.Block))
      Code += HomeCall;
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
      E.insertAfter(CS->getLBracLoc().getLocWithOffset(1),
                    L.blockDecls(*B) + L.unwindGuardBegin(*B));
      E.insertBefore(CS->getRBracLoc(),
                     L.syncCode(*B) +
                         (B->Kind == TaskBlockKind::Scope && InMain(B.get())
                              ? HomeCall
                              : "") +
                         L.unwindGuardEnd(*B));
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
  emitTryBlocks(E, Plan, L, [&](const TaskBlock &B) { return InMain(&B); });
  // The grain sizes are taken; the pragmas would only draw warnings.
  for (const auto &F : Plan.Fors)
    if (F->GrainsizeLoc.isValid() && !F->GrainsizeLoc.isMacroID() &&
        !E.SM.isInSystemHeader(F->GrainsizeLoc))
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
    L.Function = FunctionOf[Block]->Function;
    L.HomeAfter = R.For && InMain(R.For->Body->Parent);
    if (R.Spawn) {
      L.spawn(*R.Spawn, T.first, T.second);
    } else if (bodyIsMacroArgument(E.SM, *R.For)) {
      // The loop comes from a macro and its body from one of the macro's
      // arguments: the body's text sits inside the macro's invocation, which
      // the translation cannot take apart.
      E.error(E.fileLoc(R.For->Construct->KeywordLoc),
              "'" + R.For->Construct->Spelling.str() +
                  "' whose body is an argument of the macro that writes the "
                  "loop cannot be translated; write the loop out, or let the "
                  "macro write only the loop's head (`#define PFOR(i, n) "
                  "cilk_for (int i = 0; i < (n); i++)`) and put the body "
                  "after its use");
    } else {
      L.cilkFor(*R.For, T.first, T.second);
    }
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

bool ito::emitTranslation(ASTContext &Ctx, const TranslationPlan &Plan,
                          const EmitOptions &Options, EmittedTranslation &Out) {
  Edits E(Ctx);
  E.MainFileName = Options.MainFileName;
  const bool CPlusPlus = Ctx.getLangOpts().CPlusPlus;
  const std::string Prologue = CPlusPlus ? "#include <ito/cilk_abi.hpp>\n"
                                         : "#include <ito/cilk_abi.h>\n";
  FileID Main = E.SM.getMainFileID();

  // The files with Cilk code, each once: a header without an include guard
  // that two of its inclusions would each rewrite has no one translation.
  llvm::SetVector<FileID> Files;
  auto Add = [&](SourceLocation Loc) {
    FileID F = E.SM.getFileID(E.fileLoc(Loc));
    if (F.isValid())
      Files.insert(F);
  };
  for (const auto &F : Plan.Functions)
    Add(F->Body->getBeginLoc());
  for (const SyncPoint &S : Plan.Syncs)
    Add(S.Construct->KeywordLoc);
  // Reducers are used through views wherever they are used.
  const ReducerUses Reducers = findReducerUses(Ctx);
  for (const Expr *X : Reducers.Views)
    Add(X->getBeginLoc());
  for (const Expr *X : Reducers.ArrowBases)
    Add(X->getBeginLoc());
  for (const auto &Scope : Reducers.Scopes)
    Add(Scope.second->getBeginLoc());
  for (const TypeAliasTemplateDecl *Alias : Reducers.Aliases)
    Add(Alias->getLocation());
  // The prologue, then back to the user's line 1.
  if (Options.HasCilk && !Options.Preprocessed) {
    SourceLocation Start = E.SM.getLocForStartOfFile(Main);
    E.insertBefore(Start, Prologue + E.lineMarker(Start));
  }
  for (FileID F : Files)
    if (F != Main) {
      SourceLocation Start = E.SM.getLocForStartOfFile(F);
      E.insertBefore(Start, Prologue + E.lineMarker(Start));
    }
  for (CharSourceRange R : Options.Remove) {
    E.replace(R, "");
    Files.insert(E.SM.getFileID(R.getBegin()));
  }

  std::unique_ptr<LanguageEmitter> L =
      CPlusPlus ? makeCxxEmitter(E) : makeCEmitter(E);
  // Also in a source without Cilk code: its functions may hand their
  // locals to what forks in another source.
  // One call graph for what moves off the stack and where main comes home.
  ForkingFunctions Forking(Ctx, Plan);
  PromotionPlan Promotion;
  if (Options.Promote) {
    Promotion = planPromotion(Ctx, Plan, Forking);
    if (Options.HasCilk || !Promotion.Vars.empty() ||
        !Promotion.Allocas.empty() || !Promotion.Literals.empty())
      E.Promoted = &Promotion;
    // The program's headers whose locals move, with no Cilk code of their
    // own, are translated too.
    auto AddHeader = [&](SourceLocation Loc) {
      FileID F = E.SM.getFileID(E.fileLoc(Loc));
      if (F.isInvalid() || F == Main || !Files.insert(F))
        return;
      SourceLocation Start = E.SM.getLocForStartOfFile(F);
      E.insertBefore(Start, Prologue + E.lineMarker(Start));
    };
    for (const auto &[V, Uses] : Promotion.Vars)
      AddHeader(V->getLocation());
    for (const auto &[Call, FD] : Promotion.Allocas)
      AddHeader(Call->getBeginLoc());
    for (const auto &[Literal, Block] : Promotion.Literals)
      AddHeader(Literal->getBeginLoc());
  }
  llvm::DenseMap<const FileEntry *, FileID> Seen;
  for (FileID F : Files) {
    OptionalFileEntryRef Entry = E.SM.getFileEntryRefForID(F);
    if (!Entry)
      continue;
    auto [It, New] = Seen.insert({&Entry->getFileEntry(), F});
    if (!New) {
      E.error(E.SM.getIncludeLoc(F),
              "this includes '" + Entry->getName().str() +
                  "' again, and ito translates it (it has Cilk code, or locals "
                  "that move off the stack): a header must be translated "
                  "once, so it needs an include guard or #pragma once");
      return false;
    }
  }

  // Not preprocessed with libito's interface (ito-cc -E adds it only to
  // sources with Cilk code): added if the translation uses it.
  bool WithPrologue = false;
  auto NeedPrologue = [&] {
    if (Options.HasCilk || WithPrologue)
      return;
    WithPrologue = true;
    SourceLocation Start = E.SM.getLocForStartOfFile(Main);
    E.insertBefore(Start, Prologue + E.lineMarker(Start));
  };
  if (E.Promoted || !Reducers.empty())
    NeedPrologue();
  // First: a promoted local's initializer and a spawn's arguments are
  // taken with these edits made.
  // Before any edit that rewrites a declaration around them.
  if (Options.Preprocessed)
    removeReducerKeywords(E);
  if (!Options.Translated)
    emitHomecoming(E, Plan, Forking);
  if (E.Promoted)
    emitPromotion(E, Promotion);
  emitReducers(E, Reducers);
  bool OK = emitPlan(E, Plan, *L);
  // Also in a source without Cilk code: tasks of the program's other
  // sources may use its file-scope data (shared only in a Cilk program).
  if (emitSharedGlobals(E))
    NeedPrologue();
  if (!Options.Translated) {
    emitSyncSites(E);
    emitExternWrites(E);
  }
  // Marks the program as a Cilk program: its main, wherever it is, then runs
  // as the root task (libito's __wrap_main; ito-cc links with
  // --wrap=main).
  if (Options.HasCilk) {
    const std::string Linkage = CPlusPlus ? "extern \"C\" " : "";
    std::string Marks = "\n" + Linkage +
                        "__attribute__((weak)) const char __ito_cilk_program = "
                        "1;\n";
    // Where the program finds ito-run when started with CILK_NWORKERS.
    if (!Options.Launcher.empty()) {
      std::string Quoted;
      for (char C : Options.Launcher) {
        if (C == '\\' || C == '"')
          Quoted += '\\';
        Quoted += C;
      }
      Marks += Linkage +
               "__attribute__((weak)) const char __ito_launcher[] = "
               "\"" +
               Quoted + "\";\n";
    }
    E.insertAfter(E.SM.getLocForEndOfFile(Main), Marks);
  }
  if (!OK || E.failed())
    return false;
  auto Text = [&](FileID F) {
    std::string Output;
    llvm::raw_string_ostream OS(Output);
    if (const RewriteBuffer *Buf = E.R.getRewriteBufferFor(F))
      Buf->write(OS);
    else
      OS << E.SM.getBufferData(F);
    return Output;
  };
  Out.Main = Text(Main);
  Out.Headers.clear();
  for (FileID F : Files)
    if (F != Main)
      if (OptionalFileEntryRef Entry = E.SM.getFileEntryRefForID(F))
        Out.Headers.push_back({Entry->getName().str(), Text(F)});
  return true;
}
