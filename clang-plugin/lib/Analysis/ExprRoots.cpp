#include "ito/Translate/ExprRoots.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

const Expr *ito::skipNoise(const Expr *E) {
  while (true) {
    const Expr *Next = E->IgnoreParens();
    if (const auto *C = dyn_cast<ImplicitCastExpr>(Next);
        C &&
        (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueToRValue ||
         C->getCastKind() == CK_UncheckedDerivedToBase ||
         C->getCastKind() == CK_DerivedToBase ||
         C->getCastKind() == CK_ConstructorConversion))
      Next = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *W = dyn_cast<ExprWithCleanups>(Next))
      Next = W->getSubExpr();
    else if (const auto *K = dyn_cast<ConstantExpr>(Next))
      Next = K->getSubExpr();
    else if (const auto *X = dyn_cast<UnaryOperator>(Next);
             X && X->getOpcode() == UO_Extension)
      Next = X->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
}

const VarDecl *ito::varOf(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(skipNoise(E)))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

const VarDecl *ito::rootVar(const Expr *E) {
  while (true) {
    E = skipNoise(E);
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = AS->getBase()->IgnoreParens();
      const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
      if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
        return nullptr;
      E = Decay->getSubExpr();
    } else {
      return varOf(E);
    }
  }
}
