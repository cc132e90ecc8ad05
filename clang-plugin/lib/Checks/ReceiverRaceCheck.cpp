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

/// One body's spawns with a receiver, its syncs and its returns.
struct BodyPlan {
  Body B;
  std::vector<Receiver> Spawns;
  std::vector<const SyncPoint *> Syncs;
  std::vector<const ExitPoint *> Returns;
};

/// The receivers of one body's spawns: which of them may be pending at each
/// use.
void checkBody(CheckContext &C, const BodyPlan &Plan) {
  const SourceManager &SM = C.Ctx.getSourceManager();
  const Body &B = Plan.B;
  ArrayRef<Receiver> Spawns = Plan.Spawns;
  FunctionFacts &F = C.Sites.facts(B);

  // A return syncs the blocks it leaves before it evaluates its value, so a
  // use in it never races. Where every use is in one, no CFG is needed.
  auto InReturn = [&](const DeclRefExpr *Use, const TaskBlock *Block) {
    SourceLocation L = Use->getLocation();
    for (const ExitPoint *X : Plan.Returns)
      if (!SM.isBeforeInTranslationUnit(L, X->Jump->getBeginLoc()) &&
          !SM.isBeforeInTranslationUnit(X->Jump->getEndLoc(), L) &&
          llvm::is_contained(X->Blocks, Block))
        return true;
    return false;
  };
  std::vector<std::vector<const DeclRefExpr *>> Uses(Spawns.size());
  bool Any = false;
  for (unsigned I = 0; I < Spawns.size(); I++)
    for (const DeclRefExpr *Use : F.uses(Spawns[I].Var))
      if (!InReturn(Use, Spawns[I].Site->Block)) {
        Uses[I].push_back(Use);
        Any = true;
      }
  if (!Any)
    return;

  ForkReach &Flow = C.Sites.flow(B);
  ForkReach::Problem Pending(Flow, Spawns.size());
  for (unsigned I = 0; I < Spawns.size(); I++) {
    const Receiver &R = Spawns[I];
    // Each pass over a declaration makes a new variable.
    Pending.kill(Flow.declaration(R.Var), I, I + 1, /*Before=*/true);
    Pending.gen(Flow.end(R.Site->Statement), I);
    Pending.scope(I, R.Site->Block);
  }
  for (const SyncPoint *S : Plan.Syncs)
    for (unsigned I = 0; I < Spawns.size(); I++)
      if (Spawns[I].Site->Block == S->Block)
        Pending.kill(Flow.end(S->Construct->Node), I, I + 1);
  Pending.solve();

  for (unsigned I = 0; I < Spawns.size(); I++) {
    const Receiver &R = Spawns[I];
    for (const DeclRefExpr *Use : Uses[I]) {
      if (!Pending.before(Flow.at(Use)).test(I))
        continue;
      std::vector<Evidence> Notes;
      Notes.push_back({R.Site->Construct->KeywordLoc,
                       quoted(R.Var) + " receives the value of this cilk_spawn",
                       {}});
      // The block's first sync after the spawn, where the value is there.
      SourceLocation From = R.Site->Statement->getEndLoc();
      for (const SyncPoint *S : Plan.Syncs)
        if (S->Block == R.Site->Block &&
            SM.isBeforeInTranslationUnit(From, S->Construct->KeywordLoc)) {
          Notes.push_back({S->Construct->KeywordLoc,
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
  llvm::MapVector<const Stmt *, BodyPlan> Bodies;
  for (const auto &S : C.Sites.Plan.Spawns) {
    const VarDecl *V = nullptr;
    if (S->Form == SpawnForm::Init)
      V = S->Var;
    else if (S->Form == SpawnForm::Assign)
      V = varOf(S->Receiver);
    Body B = C.Sites.bodyOf(S->Block);
    if (!V || !B.Stmt)
      continue;
    BodyPlan &P = Bodies[B.Stmt];
    P.B = B;
    P.Spawns.push_back({S.get(), V});
  }
  if (Bodies.empty())
    return;
  for (const SyncPoint &S : C.Sites.Plan.Syncs)
    if (auto It = Bodies.find(C.Sites.bodyOf(S.Block).Stmt); It != Bodies.end())
      It->second.Syncs.push_back(&S);
  for (const ExitPoint &X : C.Sites.Plan.Exits)
    if (isa<ReturnStmt>(X.Jump) && !X.Blocks.empty())
      if (auto It = Bodies.find(C.Sites.bodyOf(X.Blocks.front()).Stmt);
          It != Bodies.end())
        It->second.Returns.push_back(&X);
  for (auto &[Stmt, P] : Bodies)
    checkBody(C, P);
}
