//===- StackPromotion.cpp - Stack data moved to global memory ------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/StackPromotion.h"
#include "ito/Translate/TaskBlocks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace ito;

bool ito::isAllocaCall(const CallExpr *C) {
  switch (C->getBuiltinCallee()) {
  case Builtin::BI__builtin_alloca:
  case Builtin::BI__builtin_alloca_uninitialized:
  case Builtin::BI__builtin_alloca_with_align:
  case Builtin::BI__builtin_alloca_with_align_uninitialized:
  case Builtin::BIalloca:
  case Builtin::BI_alloca:
    return true;
  default:
    break;
  }
  // A declaration of alloca of the program's own, as the C library's.
  const FunctionDecl *FD = C->getDirectCallee();
  return FD && FD->getIdentifier() && FD->getName() == "alloca" &&
         FD->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

namespace {

/// The variable whose storage an address-of operand names: `x`, `x.f`,
/// `x[i]` (x an array), `(x)`.
const VarDecl *storageOf(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
      continue;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        return nullptr;
      E = AS->getBase();
      continue;
    }
    return nullptr;
  }
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(PromotionPlan &P, const FunctionDecl *FD, const SourceManager &SM,
            const LangOptions &LO)
      : P(P), FD(FD), SM(SM), LO(LO) {}

  bool VisitDeclStmt(DeclStmt *S) {
    for (Decl *D : S->decls())
      if (auto *V = dyn_cast<VarDecl>(D))
        if (V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
          Declared.insert(V);
          DeclOf[V] = S;
          if (!S->isSingleDecl() || S->getBeginLoc().isMacroID() ||
              V->getStorageClass() == SC_Register)
            Excluded.insert(V);
          if (V->getType()->isArrayType())
            Wanted.insert(V);
        }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = storageOf(U->getSubExpr()))
        Wanted.insert(V);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl())) {
      Uses[V].push_back(E);
      if (E->getLocation().isMacroID())
        Excluded.insert(V);
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    // alloca(n), also as glibc's macro for __builtin_alloca: the whole
    // call is replaced, from its text in the file.
    if (isAllocaCall(C) && C->getNumArgs() == 1 &&
        Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(C->getSourceRange()), SM, LO)
            .isValid())
      P.Allocas[C] = FD;
    return true;
  }

  void finish() {
    for (const VarDecl *V : Wanted)
      if (Declared.count(V) && !Excluded.count(V) && spellable(V)) {
        P.Vars[V] = Uses[V];
        P.Decls[V] = DeclOf[V];
      }
  }

private:
  PromotionPlan &P;
  const FunctionDecl *FD;
  const SourceManager &SM;
  const LangOptions &LO;
  /// The promoted declaration names the type in a typedef: not a type
  /// without a name, nor a constant with an initializer that is not a
  /// brace list (it is copied in from a compound literal).
  static bool spellable(const VarDecl *V) {
    QualType T = V->getType();
    // A variable-length array of variable-length arrays: the body of a
    // cilk_for could not name its type.
    if (const auto *A = dyn_cast<ArrayType>(T.getCanonicalType()))
      if (A->getElementType()->isVariablyModifiedType())
        return false;
    const Type *Base = T->getBaseElementTypeUnsafe();
    if (const TagDecl *Tag = Base->getAsTagDecl())
      if (!Tag->getIdentifier() && !Tag->getTypedefNameForAnonDecl())
        return false;
    if (V->hasInit() && !T->isArrayType() && T.isConstQualified() &&
        !isa<InitListExpr>(V->getInit()->IgnoreImplicit()))
      return false;
    return !V->getType()->isReferenceType();
  }

  llvm::DenseSet<const VarDecl *> Declared, Wanted, Excluded;
  llvm::DenseMap<const VarDecl *, const DeclStmt *> DeclOf;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>>
      Uses;
};

} // namespace

PromotionPlan ito::planPromotion(ASTContext &Ctx, const TranslationPlan &Plan) {
  PromotionPlan P;
  if (Ctx.getLangOpts().CPlusPlus)
    return P;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const auto &F : Plan.Functions) {
    if (F->IsLambda || !F->Function || !F->Body ||
        !SM.getFileLoc(F->Body->getBeginLoc()).isValid())
      continue;
    Collector C(P, F->Function, SM, Ctx.getLangOpts());
    C.TraverseStmt(const_cast<Stmt *>(F->Body));
    C.finish();
  }
  return P;
}
