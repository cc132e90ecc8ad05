//===- EmitTryBlocks.cpp - Implicit syncs around try blocks ---------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A try block with spawns or syncs of its task block gets the implicit syncs
// of Cilk Plus's exception rules, so that the same handlers catch what they
// catch in the serial elision: the block syncs before the try (what a child
// spawned earlier throws is not this try's) and at the end of the try block
// (what a child spawned inside throws is), and an exception that leaves the
// try block first waits for the block's children, the serially earliest
// exception going on to the handlers:
//
//   try { cilk_spawn f(); g(); } catch (E &e) { ... }
//   ->  __ito_s1.__sync(); try { try { <f, g> } catch (...) {
//         ::ito::cilk::__unwind(__ito_s1); throw; } __ito_s1.__sync(); }
//       catch (E &e) { ... }
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace ito;

namespace {

class TryStatements : public RecursiveASTVisitor<TryStatements> {
public:
  llvm::SmallPtrSet<const CXXTryStmt *, 8> Seen;
  std::vector<const CXXTryStmt *> Tries;
  bool VisitCXXTryStmt(CXXTryStmt *T) {
    if (Seen.insert(T).second)
      Tries.push_back(T);
    return true;
  }
};

} // namespace

void ito::emitTryBlocks(Edits &E, const TranslationPlan &Plan,
                        LanguageEmitter &L,
                        llvm::function_ref<bool(const TaskBlock &)> InMain) {
  if (!E.LangOpts.CPlusPlus || !E.LangOpts.CXXExceptions)
    return;
  TryStatements Finder;
  for (const auto &F : Plan.Functions)
    Finder.TraverseStmt(const_cast<Stmt *>(F->Body));

  auto Before = [&](SourceLocation A, SourceLocation B) {
    return E.SM.isBeforeInTranslationUnit(E.fileLoc(A), E.fileLoc(B));
  };
  auto Within = [&](SourceLocation L, SourceRange R) {
    return !Before(L, R.getBegin()) && !Before(R.getEnd(), L);
  };

  for (const CXXTryStmt *T : Finder.Tries) {
    const CompoundStmt *Try = T->getTryBlock();
    if (!Try->getLBracLoc().isFileID() || !Try->getRBracLoc().isFileID())
      continue; // written by a macro
    // The innermost task block the try statement is in.
    const TaskBlock *Block = nullptr;
    for (const auto &F : Plan.Functions)
      for (const auto &B : F->Blocks)
        if (Within(T->getTryLoc(), B->Body->getSourceRange()) &&
            (!Block ||
             Before(Block->Body->getBeginLoc(), B->Body->getBeginLoc())))
          Block = B.get();
    if (!Block || !Block->hasSpawns())
      continue;
    bool Forks = false;
    std::vector<const SpawnSite *> Earlier;
    for (const SpawnSite *S : Block->Spawns) {
      if (Within(S->Construct->KeywordLoc, Try->getSourceRange()))
        Forks = true;
      if (S->InLoop || Before(S->Construct->KeywordLoc, T->getTryLoc()))
        Earlier.push_back(S);
    }
    for (const SyncPoint &Sync : Plan.Syncs)
      if (Sync.Block == Block &&
          Within(Sync.Construct->KeywordLoc, Try->getSourceRange()))
        Forks = true;
    if (!Forks)
      continue;
    const std::string Home = InMain(*Block) ? HomeCall : "";
    if (std::string Sync = L.syncCode(Earlier); !Sync.empty())
      E.insertBefore(E.fileLoc(T->getTryLoc()), Sync + Home);
    E.insertAfter(Try->getLBracLoc().getLocWithOffset(1),
                  L.unwindGuardBegin(*Block));
    E.insertBefore(Try->getRBracLoc(),
                   L.unwindGuardEnd(*Block) + L.syncCode(*Block) + Home);
  }
}
