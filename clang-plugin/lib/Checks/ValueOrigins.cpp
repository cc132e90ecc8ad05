//===- ValueOrigins.cpp - Where a pointer may point -----------------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ValueOrigins.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

bool Origins::has(Origin::Kind K) const { return first(K) != nullptr; }

bool Origins::definitely(Origin::Kind K) const {
  if (Other || Found.empty())
    return false;
  for (const Origin &O : Found)
    if (O.K != K)
      return false;
  return true;
}

const Origin *Origins::first(Origin::Kind K) const {
  for (const Origin &O : Found)
    if (O.K == K)
      return &O;
  return nullptr;
}

void Origins::add(Origins O) {
  Other |= O.Other;
  for (Origin &X : O.Found)
    Found.push_back(std::move(X));
}

static Origins other() {
  Origins O;
  O.Other = true;
  return O;
}

const Expr *checks::accessRoot(const Expr *E) {
  while (true) {
    E = skipNoise(E);
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && U->getOpcode() == UO_Deref)
      E = U->getSubExpr();
    else if (const auto *C = dyn_cast<CastExpr>(E);
             C &&
             (C->getCastKind() == CK_ArrayToPointerDecay ||
              C->getCastKind() == CK_BitCast || C->getCastKind() == CK_NoOp))
      E = C->getSubExpr();
    else
      return E;
  }
}

bool checks::isCallTo(const CallExpr *Call, StringRef Name, bool Std) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier() || FD->getName() != Name)
    return false;
  return !Std || FD->isInStdNamespace();
}

namespace ito::checks {

/// Gathers the facts of FunctionFacts in one walk over the body (nested
/// lambdas included: they share the variables).
class FactsCollector : public RecursiveASTVisitor<FactsCollector> {
public:
  explicit FactsCollector(FunctionFacts &F) : F(F) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasLocalStorage() && !isa<ParmVarDecl>(V))
      F.Locals.push_back(V);
    if (const Expr *Init = V->getInit()) {
      F.Defs[V].push_back({Init, V->getLocation()});
      if (const auto *IL = dyn_cast<InitListExpr>(skipNoise(Init)))
        fieldInits(V, IL);
    }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    const Expr *L = B->getLHS()->IgnoreParens();
    if (B->getOpcode() == BO_Assign && mayHoldAddress(B->getType())) {
      // Memory other than the function's own locals: remembered with the
      // pointer or variable it is reached by.
      const VarDecl *R = rootVar(L);
      if (!R)
        F.Stores.push_back(
            {nullptr, accessRoot(L), B->getRHS(), B->getOperatorLoc(), B});
      else if (!R->hasLocalStorage())
        F.Stores.push_back({R, L, B->getRHS(), B->getOperatorLoc(), B});
    }
    if (const VarDecl *V = varOf(L)) {
      if (B->getOpcode() == BO_Assign)
        F.Defs[V].push_back({B->getRHS(), B->getOperatorLoc()});
      return true;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(L); ME && !ME->isArrow())
      if (const VarDecl *V = varOf(ME->getBase()))
        if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          F.FieldDefs[{V, FD}].push_back(
              {B->getOpcode() == BO_Assign ? B->getRHS() : nullptr,
               B->getOperatorLoc()});
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    // s = t on a struct: its fields are whatever t's were.
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2)
      if (const VarDecl *V = varOf(C->getArg(0)))
        F.WholeAssigned.insert(V);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf && !CopiedArgs.count(U))
      if (const VarDecl *V = varOf(U->getSubExpr()))
        F.Escaping.insert(V);
    return true;
  }

  bool VisitCallExpr(CallExpr *C) {
    // A variable bound to a non-const reference parameter may be changed.
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD)
      return true;
    // ito_fork copies its argument block: its address does not escape.
    if (isCallTo(C, "ito_fork") && C->getNumArgs() >= 3)
      if (const auto *U =
              dyn_cast<UnaryOperator>(C->getArg(2)->IgnoreParenImpCasts()))
        CopiedArgs.insert(U);
    unsigned Shift = isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(FD);
    for (unsigned I = Shift; I < C->getNumArgs(); I++) {
      if (I - Shift >= FD->getNumParams())
        break;
      QualType P = FD->getParamDecl(I - Shift)->getType();
      if (P->isReferenceType() && !P.getNonReferenceType().isConstQualified())
        if (const VarDecl *V = varOf(C->getArg(I)))
          F.Escaping.insert(V);
    }
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          F.Escaping.insert(V);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      F.Uses[V].push_back(D);
    return true;
  }

private:
  static bool mayHoldAddress(QualType T) {
    return T->isPointerType() || T->isIntegerType();
  }

  void fieldInits(const VarDecl *V, const InitListExpr *IL) {
    if (IL->isSyntacticForm() && IL->getSemanticForm())
      IL = IL->getSemanticForm();
    const RecordDecl *RD = IL->getType()->getAsRecordDecl();
    if (!RD || RD->isUnion())
      return;
    unsigned I = 0;
    for (const FieldDecl *FD : RD->fields()) {
      if (I >= IL->getNumInits())
        break;
      F.FieldDefs[{V, FD}].push_back({IL->getInit(I++), V->getLocation()});
    }
  }

  FunctionFacts &F;
  llvm::DenseSet<const UnaryOperator *> CopiedArgs;
};

} // namespace ito::checks

FunctionFacts::FunctionFacts(ASTContext &Ctx, const FunctionDecl *FD,
                             const Stmt *Body, const PromotionPlan *Promoted)
    : Ctx(Ctx), Function(FD), Body(Body), Promoted(Promoted) {
  FactsCollector(*this).TraverseStmt(const_cast<Stmt *>(Body));
}

const std::vector<FunctionFacts::Def> &
FunctionFacts::defs(const VarDecl *V) const {
  static const std::vector<Def> None;
  auto It = Defs.find(V);
  return It == Defs.end() ? None : It->second;
}

const std::vector<FunctionFacts::Def> &
FunctionFacts::fieldDefs(const VarDecl *V, const FieldDecl *F) const {
  static const std::vector<Def> None;
  auto It = FieldDefs.find({V, F});
  return It == FieldDefs.end() ? None : It->second;
}

const std::vector<const DeclRefExpr *> &
FunctionFacts::uses(const VarDecl *V) const {
  static const std::vector<const DeclRefExpr *> None;
  auto It = Uses.find(V);
  return It == Uses.end() ? None : It->second;
}

std::string FunctionFacts::owner() const {
  if (!Function)
    return "the function";
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Function);
      MD && MD->getParent()->isLambda())
    return "the lambda";
  return "'" + Function->getNameAsString() + "'";
}

Origin FunctionFacts::storage(Origin::Kind K, std::string What,
                              const VarDecl *V, SourceLocation Loc,
                              std::string Note, const Expr *Site) {
  Origin O{K, std::move(What), V, Site, {}};
  O.Chain.push_back({Loc, std::move(Note), {}});
  return O;
}

static bool isHeapAllocation(const CallExpr *C) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  StringRef N = FD->getName();
  if (!FD->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
      !FD->isInStdNamespace())
    return false;
  return N == "malloc" || N == "calloc" || N == "realloc" ||
         N == "aligned_alloc" || N == "strdup" || N == "strndup" ||
         N == "memalign" || N == "valloc" || N == "reallocarray";
}

bool FunctionFacts::ownsHeap(QualType T) const {
  T = T.getNonReferenceType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  return N == "vector" || N == "basic_string" || N == "deque" || N == "list" ||
         N == "forward_list" || N == "map" || N == "set" || N == "multimap" ||
         N == "multiset" || N == "unordered_map" || N == "unordered_set" ||
         N == "unordered_multimap" || N == "unordered_multiset" ||
         N == "unique_ptr" || N == "shared_ptr" || N == "function" ||
         N == "valarray";
}

Origins FunctionFacts::pointerOrigins(const Expr *E) {
  E = E->IgnoreParens();
  // An array that decays (in a template, before any decay is written).
  if (E->getType()->isArrayType() && E->isGLValue())
    return addressOrigins(E);
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return addressOrigins(C->getSubExpr());
    case CK_LValueToRValue:
      return valueOf(C->getSubExpr());
    case CK_IntegralToPointer: // an address through an integer keeps its
    case CK_PointerToIntegral: // origin (a number that never was one
                               // points nowhere we know: other)
    case CK_IntegralCast:
    case CK_NoOp:
      return pointerOrigins(C->getSubExpr());
    case CK_NullToPointer:
    case CK_NullToMemberPointer:
    case CK_FunctionToPointerDecay:
      return other();
    default:
      // Other conversions to a number (to bool, to floating point) lose
      // the address.
      if (!C->getType()->isPointerType() && !C->getType()->isRecordType() &&
          !C->getType()->isReferenceType())
        return other();
      return pointerOrigins(C->getSubExpr());
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_AddrOf:
      return addressOrigins(U->getSubExpr());
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      return valueOf(U->getSubExpr());
    case UO_Extension:
    case UO_Not: // ~(uintptr_t)31: a mask of an address
    case UO_Plus:
      return pointerOrigins(U->getSubExpr());
    default:
      return other();
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    const Expr *L = B->getLHS(), *R = B->getRHS();
    switch (B->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      if (L->getType()->isPointerType() && R->getType()->isPointerType())
        return other(); // a distance, not an address
      if (L->getType()->isPointerType())
        return pointerOrigins(L);
      if (R->getType()->isPointerType())
        return pointerOrigins(R);
      [[fallthrough]];
    case BO_And:
    case BO_Or:
    case BO_Xor:
      if (B->getType()->isIntegerType())
        return integerOrigins(L, R);
      return other();
    case BO_Assign:
    case BO_Comma:
      return pointerOrigins(R);
    case BO_AddAssign:
    case BO_SubAssign:
    case BO_AndAssign:
    case BO_OrAssign:
    case BO_XorAssign:
      return valueOf(L);
    default:
      return other();
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Origins O = pointerOrigins(CO->getTrueExpr());
    O.add(pointerOrigins(CO->getFalseExpr()));
    return O;
  }
  if (const auto *BC = dyn_cast<BinaryConditionalOperator>(E)) {
    Origins O = pointerOrigins(BC->getCommon());
    O.add(pointerOrigins(BC->getFalseExpr()));
    return O;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (isAllocaCall(Call) && Promoted && Promoted->promoted(Call))
      return {{storage(Origin::Heap,
                       "memory that " + owner() +
                           " allocated with alloca, moved to global memory",
                       nullptr, Call->getBeginLoc(),
                       "allocated here, in global memory", Call)},
              false};
    if (isAllocaCall(Call))
      return {{storage(Origin::Stack,
                       "memory that " + owner() +
                           " allocated on its stack with alloca",
                       nullptr, Call->getBeginLoc(),
                       "allocated here, on the stack of " + owner(), Call)},
              false};
    if (isHeapAllocation(Call))
      return {{storage(Origin::Heap,
                       "memory that " + owner() + " allocated with " +
                           Call->getDirectCallee()->getNameAsString() +
                           " in its own process",
                       nullptr, Call->getBeginLoc(),
                       "allocated here, in the heap of this process", Call)},
              false};
    if ((isCallTo(Call, "ref", true) || isCallTo(Call, "cref", true) ||
         isCallTo(Call, "addressof", true)) &&
        Call->getNumArgs() == 1)
      return addressOrigins(Call->getArg(0));
    return other();
  }
  if (const auto *N = dyn_cast<CXXNewExpr>(E))
    return {{storage(Origin::Heap,
                     "memory that " + owner() +
                         " allocated with new in its own process",
                     nullptr, N->getBeginLoc(),
                     "allocated here, in the heap of this process", N)},
            false};
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // A copy of a pointer-like object (std::reference_wrapper).
    if (CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      return pointerOrigins(CE->getArg(0));
    return other();
  }
  if (isa<MaterializeTemporaryExpr, CXXBindTemporaryExpr, ExprWithCleanups,
          ConstantExpr>(E))
    return pointerOrigins(skipNoise(E));
  if (E->isGLValue())
    return valueOf(E);
  return other();
}

/// An address in integer arithmetic (`(uintptr_t)p + 31`, `u & ~31`) is
/// where it came from; the other operand is an offset or a mask.
Origins FunctionFacts::integerOrigins(const Expr *L, const Expr *R) {
  Origins A = pointerOrigins(L), B = pointerOrigins(R);
  if (B.Found.empty())
    return A;
  if (A.Found.empty())
    return B;
  A.add(std::move(B));
  return A;
}

Origins FunctionFacts::fromDefs(const VarDecl *V, const std::vector<Def> &Ds,
                                StringRef Name) {
  Origins O;
  if (Ds.empty())
    return other();
  // A value that depends on itself (p = p + 1) adds nothing to the others.
  if (!Visiting.insert(V).second)
    return O;
  for (const Def &D : Ds) {
    if (!D.Value) {
      O.Other = true;
      continue;
    }
    Origins Part = pointerOrigins(D.Value);
    for (Origin &X : Part.Found)
      X.Chain.push_back(
          {D.Loc,
           (Name + " gets " + (X.K == Origin::Stack ? "that address" : "it") +
            " here")
               .str(),
           D.Value->getSourceRange()});
    O.add(std::move(Part));
  }
  Visiting.erase(V);
  return O;
}

Origins FunctionFacts::valueOf(const Expr *LValue) {
  LValue = skipNoise(LValue);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(LValue)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    return V ? varValue(V) : other();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(LValue); ME && !ME->isArrow()) {
    const VarDecl *V = varOf(ME->getBase());
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!V || !FD)
      return other();
    return fieldValue(V, FD);
  }
  return other();
}

Origins FunctionFacts::varValue(const VarDecl *V) {
  if (V->getType()->isReferenceType()) {
    if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit())
      return valueOf(V->getInit());
    return other();
  }
  if (V->isInitCapture() && V->getInit())
    return pointerOrigins(V->getInit());
  if (isa<ParmVarDecl>(V))
    return other();
  // A file-scope or static variable, or one whose address escapes, also
  // holds what is stored elsewhere; what this function stores is known.
  Origins O = fromDefs(V, defs(V), quoted(V));
  O.Other |= !V->hasLocalStorage() || escapes(V);
  return O;
}

Origins FunctionFacts::fieldValue(const VarDecl *V, const FieldDecl *FD) {
  if (!V->hasLocalStorage() || isa<ParmVarDecl>(V))
    return other();
  Origins O =
      fromDefs(V, fieldDefs(V, FD),
               "'" + V->getNameAsString() + "." + FD->getNameAsString() + "'");
  O.Other |= escapes(V) || WholeAssigned.count(V);
  return O;
}

void FunctionFacts::addKeys(const Expr *P, Keys &K) {
  if (const VarDecl *V = rootVar(P))
    K.insert(V);
  for (const Origin &O : pointerOrigins(P).Found)
    K.insert(O.Var ? static_cast<const void *>(O.Var) : O.Site);
}

void FunctionFacts::addKeys(const VarDecl *V, Keys &K) {
  K.insert(V);
  auto Add = [&](const Origins &Os) {
    for (const Origin &O : Os.Found)
      K.insert(O.Var ? static_cast<const void *>(O.Var) : O.Site);
  };
  if (V->getType()->isPointerType())
    Add(varValue(V));
  else if (const RecordDecl *RD = V->getType()->getAsRecordDecl())
    for (const FieldDecl *FD : RD->fields())
      if (FD->getType()->isPointerType())
        Add(fieldValue(V, FD));
}

Origins FunctionFacts::storedBehind(const Expr *P, StoreFilter Seen) {
  Keys K;
  addKeys(P, K);
  return storedBehind(K, Seen);
}

Origins FunctionFacts::storedBehind(const VarDecl *V, StoreFilter Seen) {
  Keys K;
  addKeys(V, K);
  return storedBehind(K, Seen);
}

Origins FunctionFacts::storedBehind(const Keys &K, StoreFilter Seen) {
  Origins Found;
  StoreKeys.resize(Stores.size());
  for (size_t I = 0; I < Stores.size(); I++) {
    const Store &S = Stores[I];
    if (S.Var)
      continue;
    if (StoreKeys[I].empty()) {
      addKeys(S.Root, StoreKeys[I]);
      StoreKeys[I].insert(nullptr); // asked
    }
    if (llvm::none_of(StoreKeys[I],
                      [&](const void *X) { return X && K.count(X); }))
      continue;
    Origins O = pointerOrigins(S.Value);
    if (!O.has(Origin::Stack) || !Seen(S))
      continue;
    const VarDecl *Through = varOf(S.Root);
    for (Origin &X : O.Found)
      X.Chain.push_back(
          {S.Loc,
           "stored here, in memory that " +
               (Through ? quoted(Through) : std::string("this pointer")) +
               " points to",
           S.Value->getSourceRange()});
    Found.add(std::move(O));
  }
  return Found;
}

Origins FunctionFacts::varAddress(const VarDecl *V) {
  if (V->getType()->isReferenceType()) {
    if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit())
      return addressOrigins(V->getInit());
    return other();
  }
  if (!V->hasLocalStorage())
    return other();
  if (Promoted && Promoted->promoted(V))
    return {{storage(Origin::Heap,
                     quoted(V) + " of " + owner() + ", moved to global memory",
                     V, V->getLocation(),
                     quoted(V) + " is declared here, moved to global memory")},
            false};
  std::string Kind = V->getType()->isVariableArrayType()
                         ? "variable-length array"
                     : V->getType()->isArrayType() ? "local array"
                     : isa<ParmVarDecl>(V)         ? "parameter"
                                                   : "local variable";
  return {
      {storage(Origin::Stack, Kind + " " + quoted(V) + " of " + owner(), V,
               V->getLocation(),
               quoted(V) + " is declared here, on the stack of " + owner())},
      false};
}

Origins FunctionFacts::addressOrigins(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    return V ? varAddress(V) : other();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? pointerOrigins(ME->getBase())
                         : addressOrigins(ME->getBase());
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return pointerOrigins(AS->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return pointerOrigins(U->getSubExpr());
  if (const auto *CL = dyn_cast<CompoundLiteralExpr>(E)) {
    if (CL->isFileScope())
      return other();
    if (Promoted && Promoted->promoted(CL))
      return {{storage(Origin::Heap,
                       "a compound literal of " + owner() +
                           ", moved to global memory",
                       nullptr, CL->getBeginLoc(),
                       "the compound literal is created here, in global "
                       "memory",
                       CL)},
              false};
    return {
        {storage(Origin::Stack, "a compound literal on the stack of " + owner(),
                 nullptr, CL->getBeginLoc(),
                 "the compound literal is created here, on the stack of " +
                     owner(),
                 CL)},
        false};
  }
  if (const auto *C = dyn_cast<CastExpr>(E))
    return addressOrigins(C->getSubExpr());
  if (isa<MaterializeTemporaryExpr, ExprWithCleanups, ConstantExpr>(E))
    return addressOrigins(skipNoise(E));
  return other();
}
