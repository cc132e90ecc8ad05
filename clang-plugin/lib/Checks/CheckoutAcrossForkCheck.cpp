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
// Checkouts are ito_checkout/ito_span_checkout/ito::checkout calls, matched
// to the first checkin of the same address (or span) after them, and the
// RAII checkout objects of ito.hpp, open until the end of their scope.
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

struct Open {
  SourceLocation Begin, End;
  SourceLocation At;
  std::string Name;
};

class CheckoutFinder : public RecursiveASTVisitor<CheckoutFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitCallExpr(CallExpr *C) {
    if (isCheckCall(C, "checkout"))
      Checkouts.push_back(C);
    else if (isCheckCall(C, "checkin"))
      Checkins.push_back(C);
    return true;
  }
  // The innermost block, where a RAII checkout ends. (Walked by hand: the
  // parent map of a whole translation unit costs more than all the checks.)
  bool TraverseCompoundStmt(CompoundStmt *S) {
    Blocks.push_back(S);
    bool R = RecursiveASTVisitor::TraverseCompoundStmt(S);
    Blocks.pop_back();
    return R;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (!V->hasLocalStorage() || !isCheckoutObject(V->getType()) ||
        Blocks.empty())
      return true;
    // Open until the end of the enclosing block.
    Objects.push_back({V->getLocation(), Blocks.back()->getEndLoc(),
                       V->getLocation(), quoted(V)});
    return true;
  }

  std::vector<const CallExpr *> Checkouts, Checkins;
  std::vector<Open> Objects;

private:
  std::vector<const CompoundStmt *> Blocks;
};

} // namespace

void checks::checkCheckoutAcrossFork(CheckContext &C) {
  const SourceManager &SM = C.Ctx.getSourceManager();
  const LangOptions &LO = C.Ctx.getLangOpts();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
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
    std::vector<Open> Opens = F.Objects;
    for (const CallExpr *Out : F.Checkouts) {
      std::string Addr = Text(Out->getArg(0));
      SourceLocation End = B.Stmt->getEndLoc();
      for (const CallExpr *In : F.Checkins)
        if (Before(Out->getEndLoc(), In->getBeginLoc()) &&
            Text(In->getArg(0)) == Addr && Before(In->getBeginLoc(), End))
          End = In->getBeginLoc();
      Opens.push_back(
          {Out->getEndLoc(), End, Out->getBeginLoc(), "'" + Addr + "'"});
    }
    for (const Open &O : Opens)
      for (const MigrationPoint &P : Points) {
        if (!Before(O.Begin, P.Range.getBegin()) ||
            !Before(P.Range.getBegin(), O.End))
          continue;
        C.Report.report(
            CheckId::CheckoutAcrossFork, P.Range.getBegin(),
            "the checkout of " + O.Name + " is still open at " + P.What +
                "; the task may go on in another process, where the "
                "checked-out memory is not; check it in before and out "
                "again after",
            {}, {{O.At, "checked out here", {}}});
        break;
      }
  }
}
