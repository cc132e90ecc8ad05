//===- OuterUses.cpp - What a cilk_for body does with outer variables -----===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

namespace {

class OuterUseCollector : public RecursiveASTVisitor<OuterUseCollector> {
public:
  explicit OuterUseCollector(const VarDecl *LoopVar) { Inner.insert(LoopVar); }

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitVarDecl(VarDecl *V) {
    Inner.insert(V);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (OuterUse *U = use(D->getDecl()))
      if (!U->FirstUse)
        U->FirstUse = D;
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      write(B->getLHS(), B, false);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      write(U->getSubExpr(), U, false);
    else if (U->getOpcode() == UO_AddrOf &&
             !U->getSubExpr()->getType().isConstQualified())
      write(U->getSubExpr(), U, true);
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() || C->getOperator() == OO_PlusPlus ||
        C->getOperator() == OO_MinusMinus)
      write(C->getArg(0), C, false);
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const CXXMethodDecl *MD = C->getMethodDecl();
    if (MD && !MD->isConst() && !MD->isStatic())
      if (const auto *ME = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParens());
          ME && !ME->isArrow())
        write(ME->getBase(), C, true);
    return true;
  }

  std::vector<OuterUse> take() {
    std::vector<OuterUse> R;
    for (const VarDecl *V : Order)
      R.push_back(Uses[V]);
    return R;
  }

private:
  OuterUse *use(const Decl *D) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || !V->hasLocalStorage() || Inner.count(V))
      return nullptr;
    auto [It, New] = Uses.try_emplace(V, OuterUse{V});
    if (New)
      Order.push_back(V);
    return &It->second;
  }

  void write(const Expr *LHS, const Expr *At, bool Maybe) {
    const VarDecl *V = rootVar(LHS);
    if (!V)
      return;
    OuterUse *U = use(V);
    if (!U || (U->FirstWrite && !(U->WriteIsAddress && !Maybe)))
      return;
    U->FirstWrite = At;
    U->WriteIsAddress = Maybe;
  }

  llvm::DenseSet<const VarDecl *> Inner;
  llvm::DenseMap<const VarDecl *, OuterUse> Uses;
  std::vector<const VarDecl *> Order;
};

} // namespace

std::vector<OuterUse> checks::outerUses(const Stmt *Own,
                                        const VarDecl *LoopVar) {
  OuterUseCollector C(LoopVar);
  C.TraverseStmt(const_cast<Stmt *>(Own));
  return C.take();
}

const Stmt *checks::cilkForBody(const CilkFor &F) {
  return F.RangeFor ? F.RangeFor->getBody() : F.For->getBody();
}

const VarDecl *checks::cilkForLoopVar(const CilkFor &F) {
  if (F.RangeFor)
    return F.RangeFor->getLoopVariable();
  const Stmt *Init = F.For->getInit();
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init))
    return DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl())
                              : nullptr;
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(Init))
    return varOf(B->getLHS());
  return nullptr;
}
