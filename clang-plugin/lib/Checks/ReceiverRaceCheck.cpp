//===- ReceiverRaceCheck.cpp - A receiver used before its sync ------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// `x = cilk_spawn f();` writes x when the sync joins f: reading x, taking
// its address or writing it in between races with the child in any Cilk.
// (A return syncs first, so `return x;` is fine.)
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

void checks::checkReceiverRace(CheckContext &C) {
  const SourceManager &SM = C.Ctx.getSourceManager();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  for (const auto &S : C.Sites.Plan.Spawns) {
    const VarDecl *V = nullptr;
    if (S->Form == SpawnForm::Init)
      V = S->Var;
    else if (S->Form == SpawnForm::Assign)
      V = varOf(S->Receiver);
    if (!V)
      continue;
    SourceLocation From = S->Statement->getEndLoc();
    // The window ends at the block's first sync after the spawn, or at the
    // block's end.
    SourceLocation To = S->Block->Body->getEndLoc();
    SourceLocation SyncLoc;
    for (const SyncPoint &P : C.Sites.Plan.Syncs)
      if (P.Block == S->Block && Before(From, P.Construct->KeywordLoc) &&
          Before(P.Construct->KeywordLoc, To)) {
        To = P.Construct->KeywordLoc;
        SyncLoc = To;
      }
    Body B = C.Sites.bodyOf(S->Block);
    if (!B.Stmt)
      continue;
    for (const DeclRefExpr *Use : C.Sites.facts(B).uses(V)) {
      SourceLocation L = Use->getLocation();
      if (!Before(From, L) || !Before(L, To))
        continue;
      bool InReturn = false;
      for (const ExitPoint &X : C.Sites.Plan.Exits)
        if (!Before(L, X.Jump->getBeginLoc()) &&
            !Before(X.Jump->getEndLoc(), L))
          InReturn = true;
      if (InReturn)
        continue;
      std::vector<Evidence> Notes;
      Notes.push_back({S->Construct->KeywordLoc,
                       quoted(V) + " receives the value of this cilk_spawn",
                       {}});
      if (SyncLoc.isValid())
        Notes.push_back(
            {SyncLoc, "the value is there after this cilk_sync", {}});
      C.Report.report(CheckId::ReceiverRace, L,
                      "receiver " + quoted(V) +
                          " is used before the sync that waits for its "
                          "cilk_spawn; the child may still be writing it "
                          "(a determinacy race)",
                      Use->getSourceRange(), Notes);
      break;
    }
  }
}
