//===- Instantiations.cpp - A template's calls, as instantiated -----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/Instantiations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace ito;

bool ito::takesByReference(const CallExpr *Call, unsigned I) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return false;
  const unsigned Shift =
      isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD);
  if (I < Shift || I - Shift >= FD->getNumParams())
    return false;
  QualType T = FD->getParamDecl(I - Shift)->getType();
  return T->isLValueReferenceType() &&
         !T.getNonReferenceType().isConstQualified();
}

unsigned InstantiatedCalls::argumentIndex(const CallExpr *Call,
                                          const CallExpr *Inst, unsigned I) {
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(Inst);
  return Op && Op->getOperator() == OO_Call && !isa<CXXOperatorCallExpr>(Call)
             ? I + 1
             : I;
}

SmallVector<const CallExpr *, 2> InstantiatedCalls::of(const CallExpr *Call) {
  if (!Calls) {
    struct Finder : RecursiveASTVisitor<Finder> {
      llvm::DenseMap<unsigned, SmallVector<const CallExpr *, 2>> Found;
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitCallExpr(CallExpr *C) {
        if (C->getDirectCallee() && !C->isTypeDependent())
          Found[C->getExprLoc().getRawEncoding()].push_back(C);
        return true;
      }
      // A generic lambda's instantiations (not visited with its body).
      bool VisitLambdaExpr(LambdaExpr *L) {
        if (const FunctionTemplateDecl *T = L->getDependentCallOperator())
          for (const FunctionDecl *FD : T->specializations())
            if (FD->getBody())
              TraverseStmt(FD->getBody());
        return true;
      }
    } F;
    F.TraverseDecl(Ctx.getTranslationUnitDecl());
    Calls = std::move(F.Found);
  }
  SmallVector<const CallExpr *, 2> Out;
  auto It = Calls->find(Call->getExprLoc().getRawEncoding());
  if (It != Calls->end())
    for (const CallExpr *C : It->second)
      // (Calls that begin at the same token, as `std::forward<F>(f)(a)`
      // and its callee `std::forward<F>(f)`: the one that ends where
      // Call does.)
      if (C != Call && C->getNumArgs() >= Call->getNumArgs() &&
          C->getEndLoc() == Call->getEndLoc())
        Out.push_back(C);
  return Out;
}

bool InstantiatedCalls::byReference(const CallExpr *Call, unsigned I,
                                    bool &Agree) {
  unsigned Refs = 0, All = 0;
  for (const CallExpr *C : of(Call)) {
    All++;
    Refs += takesByReference(C, argumentIndex(Call, C, I));
  }
  Agree = Refs == 0 || Refs == All;
  return All && Refs == All;
}
