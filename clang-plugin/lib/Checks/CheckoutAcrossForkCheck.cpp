//===- CheckoutAcrossForkCheck.cpp - A checkout open across fork/join -----===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A checkout maps global memory into the process that runs the task, until
// the checkin. If the task forks or joins in between it may go on in another
// process, where the checked-out range is not there (and its writes are not
// written back). Reported at the fork or join, with the checkout in a note.
// Checkouts are ito_checkout/ito_span_checkout/ito::checkout calls, open
// until a checkin of the same address (or span), and the RAII checkout
// objects of ito.hpp, open until the end of their scope. A checkout counts
// as open at a fork or join when some path leads there from the checkout
// without such a checkin or scope end.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

namespace {

/// ito_checkout / ito_span_checkout / ito::checkout (What: "checkout"), or
/// the checkins.
bool isCheckCall(const CallExpr *C, StringRef What) {
  const FunctionDecl *FD = C->getDirectCallee();
  return C->getNumArgs() > 0 &&
         (isItoFunction(FD, ("ito_" + What).str()) ||
          isItoFunction(FD, ("ito_span_" + What).str()) ||
          isItoFunction(FD, What));
}

/// Whether \p T is one of ito's RAII checkout types.
bool isCheckoutObject(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() && RD->getName().contains("checkout") &&
         inIto(RD);
}

class CheckoutFinder : public RecursiveASTVisitor<CheckoutFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  // A lambda's body is a function of its own, checked as one.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  bool VisitCallExpr(CallExpr *C) {
    if (isCheckCall(C, "checkout"))
      Checkouts.push_back(C);
    else if (isCheckCall(C, "checkin"))
      Checkins.push_back(C);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasLocalStorage() && isCheckoutObject(V->getType()))
      Objects.push_back(V);
    return true;
  }

  std::vector<const CallExpr *> Checkouts, Checkins;
  std::vector<const VarDecl *> Objects; ///< RAII checkouts
};

} // namespace

void checks::checkCheckoutAcrossFork(CheckContext &C) {
  const SourceManager &SM = C.Ctx.getSourceManager();
  const LangOptions &LO = C.Ctx.getLangOpts();
  auto Text = [&](const Expr *E) {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO)
        .str();
  };
  for (auto &[B, Points] : C.Sites.Points) {
    if (!C.Sites.isTaskCode(B))
      continue; // SPMD code (main around root_exec) does not move
    CheckoutFinder F;
    F.TraverseStmt(const_cast<Stmt *>(B.Stmt));
    if (F.Checkouts.empty() && F.Objects.empty())
      continue;
    // Fact I: checkout I may be open. RAII objects first, then calls.
    ForkReach &Flow = C.Sites.flow(B);
    unsigned NumObjects = F.Objects.size();
    ForkReach::Problem Open(Flow, NumObjects + F.Checkouts.size());
    std::vector<std::pair<SourceLocation, std::string>> What;
    for (unsigned I = 0; I < NumObjects; I++) {
      const VarDecl *V = F.Objects[I];
      FlowPoint Decl = Flow.declaration(V);
      Open.kill(Decl, I, I + 1, /*Before=*/true);
      Open.gen(Decl, I);
      for (FlowPoint End : Flow.destructions(V))
        Open.kill(End, I, I + 1);
      What.push_back({V->getLocation(), quoted(V)});
    }
    for (unsigned I = 0; I < F.Checkouts.size(); I++) {
      const CallExpr *Out = F.Checkouts[I];
      std::string Addr = Text(Out->getArg(0));
      Open.gen(Flow.end(Out), NumObjects + I);
      for (const CallExpr *In : F.Checkins)
        if (Text(In->getArg(0)) == Addr)
          Open.kill(Flow.end(In), NumObjects + I, NumObjects + I + 1);
      What.push_back({Out->getBeginLoc(), "'" + Addr + "'"});
    }
    Open.solve();
    // Each checkout is reported at the first point (in the source) where
    // it may be open.
    std::vector<bool> Reported(What.size());
    for (const MigrationPoint &P : Points) {
      llvm::BitVector At = Open.before(reachedAt(Flow, P));
      for (unsigned I : At.set_bits()) {
        if (Reported[I])
          continue;
        Reported[I] = true;
        C.Report.report(
            CheckId::CheckoutAcrossFork, P.Range.getBegin(),
            "the checkout of " + What[I].second + " is still open at " +
                P.What +
                "; the task may go on in another process, where the "
                "checked-out memory is not; check it in before and out "
                "again after",
            {}, {{What[I].first, "checked out here", {}}});
      }
    }
  }
}
