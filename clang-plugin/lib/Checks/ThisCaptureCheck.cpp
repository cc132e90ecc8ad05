//===- ThisCaptureCheck.cpp - A task lambda capturing `this` --------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A lambda that captures `this` reaches the object through its address,
// wherever the object lives: without promotion (-fno-ito-promote), often on
// a parent's stack. `[*this]` (C++17) gives the task its own copy. (With
// promotion such objects move off the stack: the check does not run.)
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

namespace {

/// Whether a lambda body assigns a member of the object: then `[*this]`
/// (a const copy) does not compile, and no fix-it is offered.
class MemberWriteFinder : public RecursiveASTVisitor<MemberWriteFinder> {
public:
  bool Found = false;
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      check(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      check(U->getSubExpr());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    if (const CXXMethodDecl *MD = C->getMethodDecl(); MD && !MD->isConst())
      check(C->getImplicitObjectArgument());
    return true;
  }
  // A member's non-const operator: `grid_[k] = v`, `names_ += s`.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee()))
      if (!MD->isConst() && !MD->isStatic() && C->getNumArgs() > 0)
        check(C->getArg(0));
    return true;
  }

private:
  void check(const Expr *E) {
    while (E) {
      E = skipNoise(E);
      if (isa<CXXThisExpr>(E)) {
        Found = true;
        return;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(E))
        E = ME->getBase();
      else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
        E = AS->getBase();
      else
        return;
    }
  }
};

} // namespace

void checks::checkThisCapture(CheckContext &C) {
  for (const TaskLambda &TL : C.Sites.Lambdas) {
    const LambdaExpr *L = TL.Lambda;
    for (const LambdaCapture &Cap : L->captures()) {
      if (!Cap.capturesThis() || Cap.getCaptureKind() == LCK_StarThis)
        continue;
      MemberWriteFinder Writes;
      Writes.TraverseStmt(L->getBody());
      std::vector<FixItHint> Fix;
      if (!Writes.Found) {
        if (!Cap.isImplicit())
          Fix.push_back(FixItHint::CreateInsertion(Cap.getLocation(), "*"));
        else if (L->getCaptureDefault() != LCD_None)
          Fix.push_back(FixItHint::CreateInsertion(
              L->getCaptureDefaultLoc().getLocWithOffset(1), ", *this"));
      }
      C.Report.report(CheckId::ThisCapture, Cap.getLocation(),
                      TL.Who + " captures 'this'; the object it points to may "
                               "be on a parent's stack, out of reach of a task "
                               "that migrates",
                      {}, {}, Fix);
    }
  }
}
