//===- ReceiverRaceCheck.cpp - A receiver used before its sync ------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// `x = cilk_spawn f();` writes x when the sync joins f: reading x, taking
// its address or writing it while the spawn is pending races with the child
// in any Cilk. A use races only if some path leads from the spawn to it
// without a sync: an explicit cilk_sync of the spawn's task block, the end
// of that block (a cilk_scope or cilk_for body), or a return (which syncs
// first, so `return x;` is fine). Exclusive branches, loops and gotos are
// followed as they run, over the body's CFG.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

namespace {

struct Receiver {
  const SpawnSite *Site;
  const VarDecl *Var;
};

/// The receivers of one body's spawns: which of them may be pending at each
/// use.
void checkBody(CheckContext &C, const Body &B, ArrayRef<Receiver> Spawns) {
  const SourceManager &SM = C.Ctx.getSourceManager();
  ForkReach &Flow = C.Sites.flow(B);
  FunctionFacts &F = C.Sites.facts(B);
  ForkReach::Problem Pending(Flow, Spawns.size());
  for (unsigned I = 0; I < Spawns.size(); I++) {
    const Receiver &R = Spawns[I];
    Pending.gen(Flow.end(R.Site->Statement), I);
    Pending.scope(I, R.Site->Block);
    // Each pass over a declaration makes a new variable.
    for (unsigned J = 0; J < Spawns.size(); J++)
      if (Spawns[J].Var == R.Var)
        Pending.kill(Flow.declaration(R.Var), J, J + 1, /*Before=*/true);
  }
  for (const SyncPoint &S : C.Sites.Plan.Syncs)
    for (unsigned I = 0; I < Spawns.size(); I++)
      if (Spawns[I].Site->Block == S.Block)
        Pending.kill(Flow.end(S.Construct->Node), I, I + 1);
  Pending.solve();

  // A return syncs the blocks it leaves before it evaluates its value.
  std::vector<const ExitPoint *> Returns;
  for (const ExitPoint &X : C.Sites.Plan.Exits)
    if (isa<ReturnStmt>(X.Jump) && !X.Blocks.empty() &&
        C.Sites.bodyOf(X.Blocks.front()).Stmt == B.Stmt)
      Returns.push_back(&X);
  auto SyncedByReturn = [&](const DeclRefExpr *Use, const TaskBlock *Block) {
    for (const ExitPoint *X : Returns)
      if (Flow.contains(X->Jump, Use) && llvm::is_contained(X->Blocks, Block))
        return true;
    return false;
  };

  for (unsigned I = 0; I < Spawns.size(); I++) {
    const Receiver &R = Spawns[I];
    for (const DeclRefExpr *Use : F.uses(R.Var)) {
      if (!Pending.before(Flow.at(Use)).test(I) ||
          SyncedByReturn(Use, R.Site->Block))
        continue;
      std::vector<Evidence> Notes;
      Notes.push_back({R.Site->Construct->KeywordLoc,
                       quoted(R.Var) + " receives the value of this cilk_spawn",
                       {}});
      // The block's first sync after the spawn, where the value is there.
      SourceLocation From = R.Site->Statement->getEndLoc();
      for (const SyncPoint &S : C.Sites.Plan.Syncs)
        if (S.Block == R.Site->Block &&
            SM.isBeforeInTranslationUnit(From, S.Construct->KeywordLoc)) {
          Notes.push_back({S.Construct->KeywordLoc,
                           "the value is there after this cilk_sync",
                           {}});
          break;
        }
      C.Report.report(CheckId::ReceiverRace, Use->getLocation(),
                      "receiver " + quoted(R.Var) +
                          " is used before the sync that waits for its "
                          "cilk_spawn; the child may still be writing it "
                          "(a determinacy race)",
                      Use->getSourceRange(), Notes);
      break;
    }
  }
}

} // namespace

void checks::checkReceiverRace(CheckContext &C) {
  llvm::MapVector<const Stmt *, std::pair<Body, std::vector<Receiver>>> Bodies;
  for (const auto &S : C.Sites.Plan.Spawns) {
    const VarDecl *V = nullptr;
    if (S->Form == SpawnForm::Init)
      V = S->Var;
    else if (S->Form == SpawnForm::Assign)
      V = varOf(S->Receiver);
    Body B = C.Sites.bodyOf(S->Block);
    if (!V || !B.Stmt)
      continue;
    auto &Entry = Bodies[B.Stmt];
    Entry.first = B;
    Entry.second.push_back({S.get(), V});
  }
  for (auto &[Stmt, Entry] : Bodies)
    checkBody(C, Entry.first, Entry.second);
}
