//===- StackPromotion.cpp - Stack data moved to global memory ------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/StackPromotion.h"
#include "ito/Translate/ForkingFunctions.h"
#include "ito/Translate/Instantiations.h"
#include "ito/Translate/Reducers.h"
#include "ito/Translate/TaskBlocks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/ScopeExit.h"

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

bool inItoNamespace(const Decl *D);
bool inProgramFile(const SourceManager &SM, SourceLocation Loc);

/// The reducers of <cilk/...> (namespace cilk).
bool inCilkNamespace(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier() && NS->getName() == "cilk")
        return true;
  return false;
}

/// The variable whose storage an lvalue names: `x`, `x.f`, `x[i]` (x an
/// array), `(x)`, `(Base &)x`.
const VarDecl *storageOf(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
      switch (IC->getCastKind()) {
      case CK_NoOp:
      case CK_DerivedToBase:
      case CK_UncheckedDerivedToBase:
      case CK_ArrayToPointerDecay:
        E = IC->getSubExpr();
        continue;
      default:
        return nullptr;
      }
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      // A structured binding names part of its hidden variable.
      if (const auto *B = dyn_cast<BindingDecl>(DRE->getDecl()))
        return dyn_cast_or_null<VarDecl>(B->getDecomposedDecl());
      return dyn_cast<VarDecl>(DRE->getDecl());
    }
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

/// Whether values of type \p T are addresses: pointers, and views, classes
/// made of pointers and numbers only (iterators, spans, string_views).
/// Not a std::string or another class that holds what it points to: a
/// call that returns one by value makes a new object.
bool isAddress(QualType T, unsigned Depth = 0) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isPointerType())
    return true;
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 3)
    return false;
  bool Pointer = false;
  auto part = [&](QualType F) {
    F = F.getCanonicalType();
    if (F->isReferenceType() || isAddress(F, Depth + 1)) {
      Pointer = true;
      return true;
    }
    const auto *Empty = F->getAsCXXRecordDecl();
    return F->isIntegralOrEnumerationType() ||
           (Empty && Empty->hasDefinition() && Empty->isEmpty());
  };
  for (const FieldDecl *F : RD->fields())
    if (!part(F->getType()))
      return false;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!part(B.getType()))
      return false;
  return Pointer;
}

/// The types that a value of type \p T may point to: T's for T & and T *,
/// and for a class what its pointer fields point to (an iterator's
/// element).
void pointees(QualType T, llvm::SmallVectorImpl<QualType> &Out,
              unsigned Depth = 0) {
  T = T.getCanonicalType();
  if (T->isReferenceType() || T->isPointerType()) {
    Out.push_back(T->getPointeeType().getCanonicalType().getUnqualifiedType());
    return;
  }
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 3)
    return;
  for (const FieldDecl *F : RD->fields())
    pointees(F->getType(), Out, Depth + 1);
  for (const CXXBaseSpecifier &B : RD->bases())
    pointees(B.getType(), Out, Depth + 1);
}

/// Whether an object of type \p O holds, in itself and not through a
/// pointer, an object of type \p P: a member, an element of a member
/// array, a part of one, or anything in an array of bytes. A std::array
/// holds its elements and a short std::string its characters; a
/// std::vector or a span only points to theirs.
bool holdsInline(QualType O, QualType P, unsigned Depth = 0) {
  O = O.getCanonicalType().getUnqualifiedType();
  if (O->isDependentType() || P->isDependentType())
    return true;
  if (O == P)
    return true;
  // An array of bytes holds whatever is built in it (std::string's short
  // buffer, aligned storage).
  if (const ArrayType *A = O->getAsArrayTypeUnsafe())
    return A->getElementType()->isCharType() ||
           A->getElementType()->isSpecificBuiltinType(BuiltinType::UChar) ||
           A->getElementType()->isStdByteType() ||
           holdsInline(A->getElementType(), P, Depth + 1);
  const auto *RD = O->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 4)
    return false;
  for (const FieldDecl *F : RD->fields())
    if (!F->getType()->isReferenceType() && !F->getType()->isPointerType() &&
        holdsInline(F->getType(), P, Depth + 1))
      return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (holdsInline(B.getType(), P, Depth + 1))
      return true;
  return false;
}

/// The local that an expression may point into, as far as the function's
/// text shows: storageOf's variable, or, through a call that returns a
/// reference, a pointer or an object holding one, the variable that its
/// object, a reference argument or an address argument names (res[i] of a
/// std::array, arr.data(), std::get<0>(t), *opt, obj.slot()), or through a
/// range-based for's hidden variables, its range. C++ hands a callee its
/// object and reference arguments without an `&`, so the address of a
/// local comes out of calls that the program never writes one for.
const VarDecl *addressHolder(const ASTContext &Ctx, const Expr *E,
                             unsigned Depth = 0) {
  if (Depth > 6)
    return nullptr;
  if (const VarDecl *V = storageOf(E)) {
    // `auto &&__range1 = res;`, `auto __begin1 = __range1.begin();`
    if (V->isImplicit() && V->hasLocalStorage() && V->getInit())
      if (const VarDecl *From = addressHolder(Ctx, V->getInit(), Depth + 1))
        return From;
    return V;
  }
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf)
      return addressHolder(Ctx, U->getSubExpr(), Depth + 1);
    // `*__begin1` of a range-based for.
    if (U->getOpcode() == UO_Deref)
      if (const VarDecl *It = storageOf(U->getSubExpr()->IgnoreParenImpCasts());
          It && It->isImplicit())
        return addressHolder(Ctx, U->getSubExpr()->IgnoreParenImpCasts(),
                             Depth + 1);
    return nullptr;
  }
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return addressHolder(Ctx, M->getSubExpr(), Depth + 1);
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return addressHolder(Ctx, B->getSubExpr(), Depth + 1);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // A copy of an iterator or a view.
    if (CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      return addressHolder(Ctx, CE->getArg(0), Depth + 1);
    return nullptr;
  }
  const auto *C = dyn_cast<CallExpr>(E);
  if (!C || !C->getCalleeDecl())
    return nullptr;
  const QualType R = C->getCallReturnType(Ctx);
  if (!R->isReferenceType() && !isAddress(R))
    return nullptr;
  // The result may point into an argument that holds what it points to
  // (res[i] into a std::array; not v[i] into a std::vector's heap).
  llvm::SmallVector<QualType, 4> To;
  pointees(R, To);
  auto into = [&](const Expr *A, bool ByAddress) -> const VarDecl * {
    QualType Object = A->getType();
    if (ByAddress) {
      if (!Object->isPointerType())
        return nullptr;
      Object = Object->getPointeeType();
    }
    if (llvm::none_of(To, [&](QualType P) { return holdsInline(Object, P); }))
      return nullptr;
    return addressHolder(Ctx, A, Depth + 1);
  };
  const auto *Callee = dyn_cast<FunctionDecl>(C->getCalleeDecl());
  unsigned Shift = 0;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    if (ME && !ME->isArrow())
      if (const VarDecl *V = into(ME->getBase(), false))
        return V;
  } else if (isa<CXXOperatorCallExpr>(C) &&
             isa_and_nonnull<CXXMethodDecl>(Callee)) {
    if (const VarDecl *V = into(C->getArg(0), false))
      return V;
    Shift = 1;
  }
  for (unsigned I = Shift; I < C->getNumArgs(); I++) {
    const Expr *A = C->getArg(I);
    const bool ByReference =
        Callee && I - Shift < Callee->getNumParams() &&
        Callee->getParamDecl(I - Shift)->getType()->isReferenceType();
    if (ByReference || A->getType()->isPointerType())
      if (const VarDecl *V = into(A, !ByReference))
        return V;
  }
  return nullptr;
}

/// Whether \p S, after the statement \p After of the same compound
/// statement, holds a label a jump could reach from before \p After.
class LabelFinder : public RecursiveASTVisitor<LabelFinder> {
public:
  bool Found = false;
  bool VisitLabelStmt(LabelStmt *) { return !(Found = true); }
  bool VisitSwitchCase(SwitchCase *) { return !(Found = true); }
  // A nested switch's own cases jump within it.
  bool TraverseSwitchStmt(SwitchStmt *S) {
    LabelFinder Inner;
    Inner.TraverseStmt(S->getBody());
    return true;
  }
};

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(PromotionPlan &P, const FunctionDecl *FD, const Stmt *Body,
            ASTContext &Ctx, const ForkingFunctions &Forking,
            const llvm::DenseSet<const Stmt *> &ForBodies,
            const llvm::DenseSet<const CallExpr *> &Spawned,
            const llvm::DenseSet<const VarDecl *> &SpawnVars, bool Move,
            InstantiatedCalls &Instantiated)
      : P(P), FD(FD), Move(Move), Ctx(Ctx), SM(Ctx.getSourceManager()),
        LO(Ctx.getLangOpts()), Forking(Forking), Instantiated(Instantiated),
        ForBodies(ForBodies), Spawned(Spawned), SpawnVars(SpawnVars),
        Parents(const_cast<Stmt *>(Body)) {}

  bool VisitDeclStmt(DeclStmt *S) {
    bool OnlyVars = llvm::all_of(S->decls(), [&](const Decl *D) {
      return isa<VarDecl>(D) &&
             (!isa<DecompositionDecl>(D) || S->isSingleDecl()) &&
             !SpawnVars.count(cast<VarDecl>(D));
    });
    const bool ByMacro = S->getBeginLoc().isMacroID();
    // A declaration of one variable that a macro writes, or that defines
    // the variable's struct too (`struct { long n; } c;`, as
    // CILK_C_REDUCER_OPADD does, or `CILK_C_DECLARE_REDUCER(long) c = ...;`
    // where a macro spells the struct), stays as written: in C a copy is
    // promoted.
    const bool Copy =
        !LO.CPlusPlus &&
        llvm::count_if(S->decls(),
                       [](const Decl *D) { return isa<VarDecl>(D); }) == 1 &&
        llvm::all_of(
            S->decls(),
            [](const Decl *D) { return isa<VarDecl>(D) || isa<TagDecl>(D); }) &&
        (ByMacro ? wholeMacroStatement(S) || !OnlyVars : !OnlyVars);
    const Place Where = placeOf(S);
    for (Decl *D : S->decls())
      if (auto *V = dyn_cast<VarDecl>(D))
        if (V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
          Declared.insert(V);
          DeclOf[V] = S;
          PlaceOf[V] = Where;
          if (Copy)
            MacroDeclared.insert(V);
          if ((!OnlyVars && !Copy) || (ByMacro && !Copy) ||
              V->getStorageClass() == SC_Register || Where == Place::None ||
              ((Where == Place::RangeVar || Where == Place::LoopVar) &&
               !S->isSingleDecl()))
            Excluded.insert(V);
        }
    return true;
  }
  /// Where a declaration is, for its rewrite: in a block; the first
  /// statement of a for, if or switch (the statement is wrapped in a block
  /// that declares it first); a range-based for's variable (declared again
  /// in a block around the body); a cilk_for's variable (declared in the
  /// task of each iteration); elsewhere, a condition's variable (not
  /// moved).
  enum class Place { Block, Hoisted, RangeVar, LoopVar, None };
  Place placeOf(const DeclStmt *S) {
    const Stmt *Up = Parents.getParent(S);
    if (isa_and_nonnull<CompoundStmt>(Up))
      return Place::Block;
    const Stmt *Head = nullptr, *Body = nullptr;
    Place Kind = Place::Hoisted;
    if (const auto *F = dyn_cast_or_null<ForStmt>(Up); F && F->getInit() == S) {
      Head = F;
      Body = F->getBody();
    } else if (const auto *I = dyn_cast_or_null<IfStmt>(Up);
               I && I->getInit() == S) {
      Head = I;
    } else if (const auto *W = dyn_cast_or_null<SwitchStmt>(Up);
               W && W->getInit() == S) {
      Head = W;
    } else if (const auto *R = dyn_cast_or_null<CXXForRangeStmt>(Up);
               R && R->getLoopVarStmt() == S) {
      Head = R;
      Body = R->getBody();
      Kind = Place::RangeVar;
    } else {
      return Place::None;
    }
    if (Body && ForBodies.count(Body))
      return LO.CPlusPlus ? Place::LoopVar : Place::None;
    // The block around it is written in the file, and no label in it can
    // be jumped to from outside, over the declaration.
    if (!Head->getBeginLoc().isFileID() || !Head->getEndLoc().isFileID() ||
        !S->getBeginLoc().isFileID() || !S->getEndLoc().isFileID())
      return Place::None;
    LabelFinder Labels;
    Labels.TraverseStmt(const_cast<Stmt *>(Head));
    if (Labels.Found)
      return Place::None;
    if (Kind == Place::RangeVar)
      P.RangeVars[S] = cast<CXXForRangeStmt>(Head);
    else
      P.Hoisted[S] = Head;
    return Kind;
  }
  // An address of a local (`&x`, an array decaying to a pointer) reaches a
  // child unless it is only indexed or dereferenced on the spot, or handed
  // to a callee that cannot fork and does no more with it.
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = LO.CPlusPlus ? addressHolder(Ctx, U->getSubExpr())
                                          : storageOf(U->getSubExpr()))
        if (!usedOnTheSpot(U)) {
          wantVar(V, U->getExprLoc(), "its address is taken here");
          noteForkingCall(V, U);
        }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_ArrayToPointerDecay)
      if (const VarDecl *V = storageOf(C->getSubExpr()))
        if (!usedOnTheSpot(C)) {
          wantVar(V, C->getExprLoc(),
                  "it is used here as a pointer to its first element");
          noteForkingCall(V, C);
        }
    return true;
  }
  // C: a compound literal lives in its block, on the stack: one whose
  // address may reach a child is copied into storage in the heap, a slot
  // of the block (Rewrite/EmitPromotion).
  bool VisitCompoundLiteralExpr(CompoundLiteralExpr *L) {
    if (LO.CPlusPlus || L->isFileScope())
      return true;
    const Stmt *Up = Parents.getParentIgnoreParens(L);
    const Expr *Address = nullptr;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Up);
        U && U->getOpcode() == UO_AddrOf)
      Address = U;
    else if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(Up);
             C && C->getCastKind() == CK_ArrayToPointerDecay)
      Address = C;
    if (!Address || usedOnTheSpot(Address))
      return true;
    std::string WhyNot;
    const CompoundStmt *Block = literalBlock(L, WhyNot);
    if (Block && Move) {
      P.Literals[L] = Block;
      return true;
    }
    if (!Move)
      WhyNot = "-fno-ito-promote keeps it on the stack";
    // Reported if a function that may fork (not spawned) gets it.
    const CallExpr *Call = callTaking(Address);
    const auto *Callee =
        Call ? dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl()) : nullptr;
    if (Call && !Spawned.count(Call) && Callee && Callee->hasBody() &&
        Forking.mayFork(Callee))
      P.UnmovedLiterals.push_back(
          {L,
           {{Address->getExprLoc(), "'" + Callee->getNameAsString() +
                                        "', which may fork, gets its "
                                        "address here"},
            WhyNot}});
    return true;
  }
  /// The block whose slot holds \p L's storage: the innermost around it,
  /// if the literal is written in the file, its type has a name, and no
  /// label in the block can be jumped to over the slot's declaration.
  const CompoundStmt *literalBlock(const CompoundLiteralExpr *L,
                                   std::string &WhyNot) {
    WhyNot = "a macro writes it";
    if (!Lexer::makeFileCharRange(
             CharSourceRange::getTokenRange(L->getSourceRange()), SM, LO)
             .isValid())
      return nullptr;
    WhyNot = "its type has no name";
    if (const TagDecl *Tag =
            L->getType()->getBaseElementTypeUnsafe()->getAsTagDecl())
      if (!Tag->getIdentifier() && !Tag->getTypedefNameForAnonDecl())
        return nullptr;
    WhyNot = "it is not in a block of its own";
    const Stmt *S = L;
    while ((S = Parents.getParent(S)) && !isa<CompoundStmt>(S))
      if (ForBodies.count(S))
        return nullptr; // a cilk_for body without braces
    const auto *Block = cast_or_null<CompoundStmt>(S);
    if (!Block || !Block->getLBracLoc().isFileID())
      return nullptr;
    WhyNot = "a label in its block could jump over its storage";
    LabelFinder Labels;
    for (const Stmt *Child : Block->body())
      Labels.TraverseStmt(const_cast<Stmt *>(Child));
    return Labels.Found ? nullptr : Block;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (const auto *B = dyn_cast<BindingDecl>(E->getDecl()))
      V = dyn_cast_or_null<VarDecl>(B->getDecomposedDecl());
    if (!V)
      return true;
    Uses[V].push_back(E);
    // A use the program wrote as a macro's argument (`atomic_fetch_add(&n,
    // 1)`, `MAX(a, b)`) is rewritten where it is spelled. One a macro's
    // body writes (`#define AT(i, j) grid[(i) * N + (j)]`) cannot be: in
    // C++ the name stays the variable's (a reference), in C it becomes a
    // macro for the promoted storage over the variable's scope, if nothing
    // else there is spelled so (macroNameSafe).
    SourceLocation L = E->getLocation();
    if (L.isMacroID() &&
        (!SM.isMacroArgExpansion(L) || !SM.getSpellingLoc(L).isFileID()))
      MacroUsed.insert(V);
    // An array in a template, where a dependent use has no decay yet.
    if (V->getType()->isArrayType() && V->hasLocalStorage()) {
      const Stmt *Up = Parents.getParentIgnoreParens(E);
      if (!Up ||
          (!isa<ImplicitCastExpr>(Up) && !isa<UnaryExprOrTypeTraitExpr>(Up) &&
           !isa<MemberExpr>(Up) &&
           !(isa<ArraySubscriptExpr>(Up) &&
             cast<ArraySubscriptExpr>(Up)->getBase()->IgnoreParens() == E)))
        wantVar(V, E->getLocation(), "it is used here");
    }
    if (inChildLoopBody(E, V) && !onlyRead(E))
      wantVar(V, E->getLocation(),
              "the cilk_for body uses it here, not only reading its value");
    // A reducer's views are found by its address: the body must use the
    // variable itself, never a copy (even a body that only reads a member
    // of the view, a pointer it writes through).
    else if (inChildLoopBody(E, V) && isReducerType(V->getType()))
      wantVar(V, E->getLocation(),
              "the cilk_for body uses this reducer here, whose views are "
              "found by its address");
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
    if (!LO.CPlusPlus)
      return true;
    // A call that makes an address into a local (arr.data(), v.begin(),
    // buf.ptr()) whose value goes further than a use on the spot.
    if (C->isPRValue() && isAddress(C->getType()) && !usedOnTheSpot(C)) {
      if (const VarDecl *V = addressHolder(Ctx, C);
          V && V->hasLocalStorage() && !V->getType()->isReferenceType())
        wantVar(V, C->getExprLoc(),
                "a call makes an address into it here, which goes further");
      // Each local it takes by non-const reference, when it makes an
      // object of references (`std::tie(a, b)`, `std::forward_as_tuple`).
      if (const FunctionDecl *Callee = C->getDirectCallee();
          Callee && !C->getType()->isPointerType())
        for (unsigned I = 0; I < C->getNumArgs() && I < Callee->getNumParams();
             I++)
          if (bindsMutableReference(Callee->getParamDecl(I)->getType()))
            want(C->getArg(I), "a call makes a reference to it here, which "
                               "goes further");
    }
    // C++ hands objects to callees by reference, without an `&`: an
    // argument bound to a reference parameter, the object of a member
    // call, when the callee may fork or the call is spawned.
    if (!Spawned.count(C) && !Forking.mayFork(C)) {
      // A callee that keeps the address of what it takes by reference
      // (`void set_ctx(Ctx &c) { g_ctx = &c; }`).
      if (const FunctionDecl *Callee = C->getDirectCallee())
        if (const FunctionDecl *Def = Callee->getDefinition();
            Def && Def->getBody() && !isa<CXXMethodDecl>(Def) &&
            !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
          for (unsigned I = 0; I < C->getNumArgs() && I < Def->getNumParams();
               I++)
            if (Def->getParamDecl(I)->getType()->isReferenceType() &&
                keepsAddress(Def, Def->getParamDecl(I)))
              want(C->getArg(I),
                   "'" + Def->getNameAsString() + "' keeps its address");
      return true;
    }
    // A lambda in a variable, handed to the call: what it captures by
    // reference goes to the call's tasks.
    if (!Spawned.count(C))
      for (const Expr *A : C->arguments())
        if (const VarDecl *Holder = storageOf(A))
          if (const LambdaExpr *L = HeldLambda.lookup(Holder))
            for (const LambdaCapture &LC : L->captures())
              if (LC.capturesVariable() && LC.getCaptureKind() == LCK_ByRef)
                if (const auto *V = dyn_cast<VarDecl>(LC.getCapturedVar()))
                  noteForkingCall(
                      V, A, C,
                      "gets a lambda that captures it by reference here");
    const FunctionDecl *Callee = C->getDirectCallee();
    unsigned Shift = 0;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
      if (const auto *ME =
              dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
        if (!ME->isArrow())
          want(ME->getBase(), callReason(C, "runs on it"));
    } else if (isa<CXXOperatorCallExpr>(C) &&
               isa_and_nonnull<CXXMethodDecl>(Callee)) {
      // (A lambda's tasks do not use its closure: what they take from it
      // is copied when they are made.)
      const auto *RD = C->getArg(0)->getType()->getAsCXXRecordDecl();
      if (!RD || !RD->isLambda())
        want(C->getArg(0), callReason(C, "runs on it"));
      Shift = 1;
    }
    // (A spawn copies or moves its arguments itself: Rewrite/EmitCxx.)
    TemporariesStay = Spawned.count(C) != 0;
    auto Restore = llvm::make_scope_exit([&] { TemporariesStay = false; });
    for (unsigned I = Shift; I < C->getNumArgs(); I++) {
      if (Callee && I - Shift < Callee->getNumParams()) {
        QualType T = Callee->getParamDecl(I - Shift)->getType();
        // A spawn copies what a const reference parameter takes (Rewrite/
        // EmitCxx) if a copy is as good as the object: a small value with
        // nothing mutable, and a callee that does not fork (it may hand the
        // reference on). Else the object moves: a copy would lose writes to
        // mutable members, copy a whole container at each spawn, or not
        // compile.
        if (T->isLValueReferenceType() &&
            T.getNonReferenceType().isConstQualified() && Spawned.count(C) &&
            !Forking.mayFork(C) && copiesAsWell(C->getArg(I)->getType()))
          continue;
        if (T->isReferenceType()) {
          want(C->getArg(I), callReason(C, "takes it by reference"));
          if (!Spawned.count(C) && !T.getNonReferenceType().isConstQualified())
            if (const VarDecl *V = storageOf(C->getArg(I)))
              noteForkingCall(V, C->getArg(I), C);
        }
      } else if (!Callee) {
        // In a template: bound by the callees of its instantiations that
        // take it by reference (EmitCxx captures it so). Else, an unknown
        // callee: any glvalue may be bound.
        bool Agree = true;
        if (!(C->isTypeDependent() || C->getCallee()->isTypeDependent()) ||
            Instantiated.byReference(C, I, Agree) || !Agree)
          want(C->getArg(I), callReason(C, "may take it by reference"));
      }
    }
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    const CallExpr *Call = callTaking(L);
    // In a template, `[&]` captures what the body names only once it is
    // instantiated: every local of the function that the body names may be
    // captured by reference.
    if (L->getCaptureDefault() == LCD_ByRef &&
        L->getCallOperator()->isDependentContext()) {
      struct Names : RecursiveASTVisitor<Names> {
        llvm::SmallVector<const DeclRefExpr *, 8> Found;
        bool VisitDeclRefExpr(DeclRefExpr *E) {
          Found.push_back(E);
          return true;
        }
      } N;
      N.TraverseStmt(L->getBody());
      for (const DeclRefExpr *E : N.Found) {
        const auto *V = dyn_cast<VarDecl>(E->getDecl());
        if (const auto *B = dyn_cast<BindingDecl>(E->getDecl()))
          V = dyn_cast_or_null<VarDecl>(B->getDecomposedDecl());
        if (V && V->hasLocalStorage() && V->getDeclContext() == FD)
          wantVar(V, E->getLocation(),
                  "a lambda may capture it by reference here");
      }
    }
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar())) {
          wantVar(
              V, C.getLocation().isValid() ? C.getLocation() : L->getBeginLoc(),
              "a lambda captures it by reference here");
          if (Call && !Call->getType()->isDependentType())
            noteForkingCall(V, L, Call,
                            "gets a lambda that captures it by reference here");
        }
    return true;
  }
  /// The call that \p E is an argument of, as is or converted (an
  /// address through casts, a lambda to a std::function).
  const CallExpr *callTaking(const Expr *E) {
    const Stmt *S = E, *Up = Parents.getParent(S);
    while (Up &&
           (isa<ParenExpr>(Up) || isa<ImplicitCastExpr>(Up) ||
            isa<MaterializeTemporaryExpr>(Up) ||
            isa<CXXBindTemporaryExpr>(Up) || isa<CXXFunctionalCastExpr>(Up) ||
            (isa<CXXConstructExpr>(Up) &&
             cast<CXXConstructExpr>(Up)->getNumArgs() == 1))) {
      S = Up;
      Up = Parents.getParent(S);
    }
    const auto *Call = dyn_cast_or_null<CallExpr>(Up);
    if (!Call || llvm::find(Call->arguments(), S) == Call->arg_end())
      return nullptr;
    return Call;
  }
  /// The lambda that \p Init (a variable's initializer) holds, as is or
  /// converted.
  static const LambdaExpr *heldLambda(const Expr *Init) {
    while (Init) {
      Init = Init->IgnoreImplicit()->IgnoreParens();
      if (const auto *L = dyn_cast<LambdaExpr>(Init))
        return L;
      if (const auto *C = dyn_cast<CXXConstructExpr>(Init);
          C && C->getNumArgs() == 1)
        Init = C->getArg(0);
      else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(Init))
        Init = F->getSubExpr();
      else
        return nullptr;
    }
    return nullptr;
  }
  // A constructor that may fork hands its children `this`, and what it
  // takes by reference. One that does not may keep what it takes by
  // reference in the object (`Acc acc(total);`, a std::span of a
  // std::array, std::reference_wrapper, a tuple of references), which then
  // goes wherever the object goes: the object's class holds a reference or
  // a pointer, and the argument is bound to a non-const reference.
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (LO.CPlusPlus && Ctor && !Forking.mayFork(Ctor) &&
        !Ctor->isCopyOrMoveConstructor() && holdsAddress(C->getType())) {
      for (unsigned I = 0; I < C->getNumArgs() && I < Ctor->getNumParams(); I++)
        if (bindsMutableReference(Ctor->getParamDecl(I)->getType()))
          want(C->getArg(I), "an object built here keeps a reference to it");
      return true;
    }
    if (!LO.CPlusPlus || !Ctor || !Forking.mayFork(Ctor))
      return true;
    const std::string Why = "the constructor of '" +
                            Ctor->getParent()->getNameAsString() +
                            "', which may fork, ";
    for (unsigned I = 0; I < C->getNumArgs() && I < Ctor->getNumParams(); I++)
      if (Ctor->getParamDecl(I)->getType()->isReferenceType())
        want(C->getArg(I), Why + "takes it by reference here");
    if (const auto *V = dyn_cast_or_null<VarDecl>(ConstructedVar.lookup(C)))
      wantVar(V, C->getBeginLoc(), Why + "runs on it here");
    return true;
  }
  // An aggregate whose reference member is bound to a local
  // (`RefHolder h{count};`): the local goes where the object goes.
  bool VisitInitListExpr(InitListExpr *L) {
    if (!LO.CPlusPlus || !L->isSemanticForm())
      return true;
    const auto *RD = L->getType()->getAsRecordDecl();
    if (!RD || RD->isUnion())
      return true;
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (I >= L->getNumInits())
        break;
      if (bindsMutableReference(F->getType()))
        want(L->getInit(I), "a reference member of an object built here is "
                            "bound to it");
      I++;
    }
    return true;
  }
  static bool bindsMutableReference(QualType T) {
    return T->isLValueReferenceType() &&
           !T.getNonReferenceType().isConstQualified();
  }
  /// Whether an object of type \p T holds a reference or a pointer, in
  /// itself or in a member.
  static bool holdsAddress(QualType T, unsigned Depth = 0) {
    T = T.getCanonicalType();
    if (T->isReferenceType() || T->isPointerType())
      return true;
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || Depth > 8)
      return false;
    for (const FieldDecl *F : RD->fields())
      if (holdsAddress(F->getType(), Depth + 1))
        return true;
    for (const CXXBaseSpecifier &B : RD->bases())
      if (holdsAddress(B.getType(), Depth + 1))
        return true;
    return false;
  }
  // `decltype(v)`, not `decltype((v))`: v's declared type.
  bool VisitDecltypeTypeLoc(DecltypeTypeLoc TL) {
    if (const auto *E =
            dyn_cast<DeclRefExpr>(TL.getTypePtr()->getUnderlyingExpr()))
      if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
        if (!V->getType()->isReferenceType())
          Decltypes[V].push_back(TL.getSourceRange());
    return true;
  }

  // `return v;` (also `return (v);`) of a local or parameter of the
  // function that returns, which C++ moves from.
  bool VisitReturnStmt(ReturnStmt *S) {
    if (!LO.CPlusPlus)
      return true;
    const Expr *E = S->getRetValue();
    while (E) {
      E = E->IgnoreImplicit()->IgnoreParens();
      const auto *C = dyn_cast<CXXConstructExpr>(E);
      if (!C || C->getNumArgs() == 0 || isa<CXXTemporaryObjectExpr>(C))
        break;
      E = C->getArg(0);
    }
    const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
    if (!Ref || Ref->refersToEnclosingVariableOrCapture() ||
        Ref->getLocation().isMacroID())
      return true;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    // (A reducer is returned through its view, as the reducers' rewriting
    // spells it.)
    if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType() ||
        V->getType().isVolatileQualified() || isReducerType(V->getType()))
      return true;
    const auto *Fn = dyn_cast<FunctionDecl>(V->getDeclContext());
    if (!Fn || Fn->getDeclaredReturnType()->isReferenceType())
      return true;
    Returned[V].push_back(Ref);
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (const Expr *Init = V->getInit()) {
      if (const auto *C = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()))
        ConstructedVar[C] = V;
      if (LO.CPlusPlus && V->hasLocalStorage())
        if (const LambdaExpr *L = heldLambda(Init))
          HeldLambda[V] = L;
    }
    // A reference bound to a local (not the implicit one of a range-based
    // for): where the reference goes, the local goes.
    if (V->getType()->isReferenceType() && !V->isImplicit() && V->getInit())
      want(V->getInit(),
           "reference '" + V->getNameAsString() + "' is bound to it here");
    return true;
  }

  void finish() {
    if (Move)
      promote();
    // What reaches a function that may fork (whose tasks the checks do not
    // follow) but stays on the stack: for the checks to report.
    for (const auto &[V, Call] : ForkCalls) {
      if (P.Vars.count(V) || !Call.Known)
        continue;
      std::string Why =
          !Move ? "-fno-ito-promote keeps locals on the stack"
          : V->getStorageClass() == SC_Register ? "it is declared 'register'"
          : MacroUsed.count(V) ? "a macro's body names it, and its name "
                                 "means something else in its block too"
          : LO.CPlusPlus && V->getType()->isVariablyModifiedType()
              ? "C++ has no variable-length arrays to move"
          : !Declared.count(V) ? "it is a parameter that stays in place"
          : Excluded.count(V)  ? "its declaration cannot be rewritten"
          : !spellable(V) ? "its type cannot be written where it would move"
                          : "a label or case after its declaration could "
                            "jump over it";
      P.Unmoved[V] = {Call.Where, Why};
    }
  }

  void promote() {
    for (const VarDecl *V : Wanted)
      if (Declared.count(V) && !Excluded.count(V) &&
          (MacroDeclared.count(V) ? copyable(V) : spellable(V)) &&
          (PlaceOf[V] != Place::Block || !labelAfter(DeclOf[V])) &&
          (LO.CPlusPlus || !MacroUsed.count(V) || macroNameSafe(V))) {
        P.Vars[V] = Uses[V];
        if (auto It = Decltypes.find(V); It != Decltypes.end())
          P.Decltypes[V] = It->second;
        if (auto It = Returned.find(V); It != Returned.end())
          P.Returned[V] = It->second;
        if (PlaceOf[V] == Place::LoopVar)
          P.LoopVars.insert(V);
        else
          P.Decls[V] = DeclOf[V];
        if (unnamedType(V))
          P.Emplaced.insert(V);
        if (std::optional<QualType> T = extendedTemporary(V))
          P.Extended[V] = *T;
        P.Why[V] = Reasons[V];
        if (MacroDeclared.count(V))
          P.Copied.insert(V);
      }
    // A variable of a class that a spawn assigns is a reference to the
    // object the sync builds too (Rewrite/EmitCxx).
    auto SpawnedObject = [&](const VarDecl *V) {
      return SpawnVars.count(V) && !isa<DecompositionDecl>(V) &&
             !V->getType()->isDependentType() && V->getType()->isRecordType();
    };
    for (const auto &[V, Refs] : Returned)
      if (SpawnedObject(V))
        P.Returned[V] = Refs;
    for (const auto &[V, Ranges] : Decltypes)
      if (SpawnedObject(V))
        P.Decltypes[V] = Ranges;
    for (const ParmVarDecl *V : FD->parameters()) {
      llvm::SmallVector<const DeclRefExpr *, 2> InitRefs;
      if (Wanted.count(V) && !Excluded.count(V) && promotableParams() &&
          spellable(V) && (LO.CPlusPlus || !MacroUsed.count(V)) &&
          initializerReads(V, InitRefs)) {
        P.Vars[V] = Uses[V];
        if (!InitRefs.empty())
          P.InitializerUses[V] = InitRefs;
        if (auto It = Decltypes.find(V); It != Decltypes.end())
          P.Decltypes[V] = It->second;
        if (auto It = Returned.find(V); It != Returned.end())
          P.Returned[V] = It->second;
        P.Params[V] = FD;
        P.Why[V] = Reasons[V];
      }
    }
  }

  bool shouldVisitLambdaBody() const { return true; }
  // A braced initializer's semantic form, the one the parent map holds:
  // it has the conversions (`struct ctx c = {acc, 8};` decays acc to a
  // pointer), which C++'s syntactic form does not.
  bool TraverseInitListExpr(InitListExpr *S,
                            DataRecursionQueue *Queue = nullptr) {
    return TraverseSynOrSemInitListExpr(
        S->isSemanticForm() ? S : S->getSemanticForm(), Queue);
  }

  /// C: whether \p V's name, from the end of its declaration to the end of
  /// its block, is spelled only where it names V (so that a macro of that
  /// name, for the promoted storage, changes nothing else: not a member, a
  /// label or another variable of an inner block). Records the block's end.
  bool macroNameSafe(const VarDecl *V) {
    const DeclStmt *S = DeclOf[V];
    const auto *Block = dyn_cast_or_null<CompoundStmt>(Parents.getParent(S));
    if (!Block || !V->getIdentifier())
      return false;
    SourceLocation From = SM.getExpansionRange(S->getEndLoc()).getEnd(),
                   To = Block->getRBracLoc();
    if (!From.isFileID() || !To.isFileID() ||
        SM.getFileID(From) != SM.getFileID(To))
      return false;
    llvm::DenseSet<unsigned> Spelled;
    for (const DeclRefExpr *U : Uses[V])
      Spelled.insert(SM.getSpellingLoc(U->getLocation()).getRawEncoding());
    FileID F = SM.getFileID(From);
    StringRef Buffer = SM.getBufferData(F);
    const unsigned End = SM.getFileOffset(To);
    Lexer Raw(SM.getLocForStartOfFile(F), LO, Buffer.begin(),
              Buffer.begin() + SM.getFileOffset(From), Buffer.end());
    Token T;
    bool AtEnd = false;
    while (!AtEnd) {
      AtEnd = Raw.LexFromRawLexer(T);
      if (SM.getFileOffset(T.getLocation()) >= End)
        break;
      if (T.is(tok::raw_identifier) && T.getRawIdentifier() == V->getName() &&
          !Spelled.count(T.getLocation().getRawEncoding()))
        return false;
    }
    P.NamedByMacro[V] = To;
    return true;
  }

private:
  /// Whether the address \p E is only dereferenced or indexed where it is
  /// made, or passed to a callee that cannot fork (not spawned) and only
  /// dereferences or indexes its parameter.
  bool usedOnTheSpot(const Expr *E) {
    const Stmt *S = E;
    const Stmt *Up = Parents.getParent(S);
    while (Up &&
           (isa<ParenExpr>(Up) ||
            (isa<ImplicitCastExpr>(Up) &&
             (cast<ImplicitCastExpr>(Up)->getCastKind() == CK_NoOp ||
              cast<ImplicitCastExpr>(Up)->getCastKind() == CK_BitCast ||
              cast<ImplicitCastExpr>(Up)->getCastKind() == CK_DerivedToBase ||
              cast<ImplicitCastExpr>(Up)->getCastKind() ==
                  CK_UncheckedDerivedToBase)))) {
      S = Up;
      Up = Parents.getParent(S);
    }
    if (!Up)
      return false;
    if (consumedAsPointer(cast<Expr>(S), Up))
      return true;
    const auto *Call = dyn_cast<CallExpr>(Up);
    if (!Call || Spawned.count(Call) || isa<CXXMemberCallExpr>(Call))
      return false;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Forking.mayFork(Callee))
      return false;
    unsigned I = 0;
    while (I < Call->getNumArgs() && Call->getArg(I) != S)
      I++;
    if (I == Call->getNumArgs())
      return false;
    if (Callee->getBuiltinID() ||
        SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
      return true; // the C library does not keep what it is lent
    const FunctionDecl *Def = Callee->getDefinition();
    if (!Def || I >= Def->getNumParams() || !Def->getBody())
      return false;
    return !escapes(Def, Def->getParamDecl(I));
  }
  /// Whether the pointer value \p E is dereferenced, indexed, compared, or
  /// offset and then so used, by \p Up.
  static bool consumedAsPointer(const Expr *E, const Stmt *Up) {
    if (const auto *U = dyn_cast<UnaryOperator>(Up))
      return U->getOpcode() == UO_Deref;
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(Up))
      return A->getBase()->IgnoreParens() == E;
    if (const auto *M = dyn_cast<MemberExpr>(Up))
      return M->isArrow();
    if (const auto *B = dyn_cast<BinaryOperator>(Up))
      return B->isComparisonOp();
    return false;
  }
  /// The places where the body of \p Def names \p P.
  static llvm::SmallVector<const DeclRefExpr *, 8>
  usesOf(const FunctionDecl *Def, const ParmVarDecl *P) {
    struct Finder : RecursiveASTVisitor<Finder> {
      const ParmVarDecl *P;
      llvm::SmallVector<const DeclRefExpr *, 8> Found;
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        if (E->getDecl() == P)
          Found.push_back(E);
        return true;
      }
    } F;
    F.P = P;
    F.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
    return F.Found;
  }
  /// Whether the pointer value \p S, offset any number of times, is then
  /// consumed as a pointer (consumedAsPointer).
  static bool consumedOnTheSpot(ParentMap &Map, const Stmt *S) {
    const Stmt *Up = Map.getParentIgnoreParens(S);
    while (const auto *B = dyn_cast_or_null<BinaryOperator>(Up)) {
      if (!B->isAdditiveOp())
        break;
      S = B;
      Up = Map.getParentIgnoreParens(S);
    }
    return Up && consumedAsPointer(cast<Expr>(S), Up);
  }
  /// Whether the function lets parameter \p P (a pointer) go anywhere but
  /// through dereferences, indexing and comparisons (pointer steps such as
  /// `p++` or `p + i` included, if what they make is so used).
  bool escapes(const FunctionDecl *Def, const ParmVarDecl *P) {
    auto [It, New] = Escapes.try_emplace(P, true);
    if (!New)
      return It->second;
    ParentMap Map(const_cast<Stmt *>(Def->getBody()));
    bool Escape = false;
    for (const DeclRefExpr *Use : usesOf(Def, P)) {
      const Stmt *S = Use, *Up = Map.getParentIgnoreParens(S);
      // p++, --p, p += k: the parameter itself moves.
      if (const auto *U = dyn_cast_or_null<UnaryOperator>(Up);
          U && U->isIncrementDecrementOp()) {
        S = U;
        Up = Map.getParentIgnoreParens(S);
        if (!Up || isa<CompoundStmt>(Up) || isa<ForStmt>(Up))
          continue;
      } else if (const auto *B = dyn_cast_or_null<CompoundAssignOperator>(Up);
                 B && B->getLHS()->IgnoreParens() == Use) {
        continue;
      } else if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Up);
                 IC && IC->getCastKind() == CK_LValueToRValue) {
        S = IC;
        Up = Map.getParentIgnoreParens(S);
      } else {
        Escape = true;
        break;
      }
      if (!consumedOnTheSpot(Map, S)) {
        Escape = true;
        break;
      }
    }
    Escapes[P] = Escape;
    return Escape;
  }

  /// Whether \p Up names a part of the object \p S names: a member, an
  /// element, a base.
  static bool partOf(const Stmt *Up, const Stmt *S) {
    if (const auto *ME = dyn_cast<MemberExpr>(Up))
      return !ME->isArrow();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Up))
      return AS->getBase()->IgnoreParenImpCasts() ==
             cast<Expr>(S)->IgnoreParenImpCasts();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(Up))
      return IC->getCastKind() == CK_NoOp ||
             IC->getCastKind() == CK_DerivedToBase ||
             IC->getCastKind() == CK_UncheckedDerivedToBase;
    return false;
  }
  /// Whether the function lets the address of what its reference
  /// parameter \p P names (or of a part of it) go anywhere but through
  /// dereferences, indexing and comparisons on the spot.
  bool keepsAddress(const FunctionDecl *Def, const ParmVarDecl *P) {
    auto [It, New] = KeepsAddress.try_emplace(P, true);
    if (!New)
      return It->second;
    ParentMap Map(const_cast<Stmt *>(Def->getBody()));
    bool Keeps = false;
    for (const DeclRefExpr *Use : usesOf(Def, P)) {
      // Up through the parts of the object (c.hits, c.hits[1]) to where
      // an address of it is made, if one is.
      const Stmt *S = Use, *Up = Map.getParentIgnoreParens(S);
      while (Up && partOf(Up, S)) {
        S = Up;
        Up = Map.getParentIgnoreParens(S);
      }
      const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Up);
      const auto *U = dyn_cast_or_null<UnaryOperator>(Up);
      if (!(IC && IC->getCastKind() == CK_ArrayToPointerDecay) &&
          !(U && U->getOpcode() == UO_AddrOf))
        continue;
      if (!consumedOnTheSpot(Map, Up)) {
        Keeps = true;
        break;
      }
    }
    KeepsAddress[P] = Keeps;
    return Keeps;
  }

  /// A constructor's member initializers that name \p V, if each only
  /// reads its value (they run before the body, and read the renamed
  /// parameter); false if one keeps its address or binds a reference.
  bool initializerReads(const ParmVarDecl *V,
                        llvm::SmallVectorImpl<const DeclRefExpr *> &Refs) {
    const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD);
    if (!Ctor)
      return true;
    struct Finder : RecursiveASTVisitor<Finder> {
      const ParmVarDecl *V;
      llvm::SmallVector<const DeclRefExpr *, 2> Found;
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        if (E->getDecl() == V)
          Found.push_back(E);
        return true;
      }
    };
    for (const CXXCtorInitializer *I : Ctor->inits()) {
      if (!I->isWritten() || !I->getInit())
        continue;
      Finder F;
      F.V = V;
      F.TraverseStmt(const_cast<Expr *>(I->getInit()));
      ParentMap Map(const_cast<Expr *>(I->getInit()));
      for (const DeclRefExpr *Ref : F.Found) {
        const Stmt *Up = Ref;
        do
          Up = Map.getParent(Up);
        while (isa_and_nonnull<ParenExpr>(Up));
        const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Up);
        const auto *Copy = dyn_cast_or_null<CXXConstructExpr>(Up);
        if (!(Cast && Cast->getCastKind() == CK_LValueToRValue) &&
            !(Copy && Copy->getConstructor()->isCopyOrMoveConstructor()) &&
            !(Ref->getType()->isDependentType()))
          return false;
        if (!Ref->getLocation().isFileID())
          return false;
        Refs.push_back(Ref);
      }
    }
    return true;
  }

  /// Whether the function's parameters can be renamed, a local of each
  /// name declared at the start of its body (a constructor's member
  /// initializers then read the renamed parameter: initializerReads).
  bool promotableParams() {
    if (!isa_and_nonnull<CompoundStmt>(FD->getBody()) || FD->isVariadic() ||
        !FD->hasWrittenPrototype() || // K&R C names them twice
        !FD->getBeginLoc().isFileID() ||
        !FD->getBody()->getBeginLoc().isFileID())
      return false;
    // A parameter's type may name another: int n, double a[n].
    for (const ParmVarDecl *V : FD->parameters())
      if (V->getOriginalType()->isVariablyModifiedType() ||
          !V->getIdentifier() || V->getLocation().isMacroID())
        return false;
    return true;
  }
  /// The arguments of a spawned call: its temporaries stay.
  bool TemporariesStay = false;
  void want(const Expr *E, const std::string &Why) {
    // Either of a conditional's lvalues (`inc(sel ? b : c)`); the last of
    // a comma.
    const Expr *Bare = E->IgnoreParens();
    if (const auto *CO = dyn_cast<ConditionalOperator>(Bare);
        CO && CO->isGLValue()) {
      want(CO->getTrueExpr(), Why);
      want(CO->getFalseExpr(), Why);
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(Bare);
        BO && BO->getOpcode() == BO_Comma && BO->isGLValue()) {
      want(BO->getRHS(), Why);
      return;
    }
    // A temporary of class type, for the full expression: it goes to the
    // heap instead (`tabulate(n, [&](long i) { ... })` into `const F &`).
    if (LO.CPlusPlus && !TemporariesStay) {
      const Expr *Inner = Bare;
      while (const auto *C = dyn_cast<ImplicitCastExpr>(Inner))
        Inner = C->getSubExpr()->IgnoreParens();
      if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Inner);
          MT && !MT->getExtendingDecl() && MT->getType()->isRecordType() &&
          !MT->getType()->isDependentType()) {
        const Expr *Written = MT->getSubExpr()->IgnoreImplicit();
        // Only where the text is the object's own expression: not a value
        // that converts to it (`"ab"` into a `const std::string &`, an
        // implicit constructor), nor a braced list without a type.
        const bool Own =
            !isa<InitListExpr, CXXStdInitializerListExpr, CXXDefaultArgExpr>(
                Written) &&
            (!isa<CXXConstructExpr>(Written) ||
             isa<CXXTemporaryObjectExpr>(Written)) &&
            Ctx.hasSameUnqualifiedType(Written->getType(), MT->getType());
        CharSourceRange R = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(Written->getSourceRange()), SM, LO);
        if (R.isValid() && Own)
          P.Temporaries[R.getBegin().getRawEncoding()] =
              Written->getSourceRange();
        return;
      }
    }
    if (E->isGLValue() || E->getType()->isArrayType() ||
        isa<ImplicitCastExpr>(E->IgnoreParens())) {
      const VarDecl *V = storageOf(E);
      if (!V && LO.CPlusPlus)
        V = addressHolder(Ctx, E);
      if (V)
        wantVar(V, E->getExprLoc(), Why);
    }
  }
  void wantVar(const VarDecl *V, SourceLocation Loc, std::string Why) {
    // A pack of references (`Vs &...vs`) is references: their objects are
    // elsewhere.
    if (const auto *Pack = V->getType()->getAs<PackExpansionType>())
      if (Pack->getPattern()->isReferenceType())
        return;
    if (Wanted.insert(V).second)
      Reasons[V] = {Loc, std::move(Why)};
  }
  /// \p V's address, \p E, is an argument of a call (\p Call, else E's
  /// parent) of a function that may fork, not spawned: remembered for
  /// the checks if V stays on the stack.
  void noteForkingCall(const VarDecl *V, const Expr *E,
                       const CallExpr *Call = nullptr,
                       const char *How = "gets its address here") {
    if (!Call)
      Call = callTaking(E);
    if (!Call || Spawned.count(Call) || !Forking.mayFork(Call) ||
        ForkCalls.count(V) || !V->hasLocalStorage() ||
        (V->getType()->isReferenceType() && !extendedTemporary(V)) ||
        isReducerType(V->getType()))
      return;
    // The program's own functions: libito's API (and its Cilk headers)
    // hands the caller's storage to tasks knowingly, the C and C++
    // libraries do not fork.
    const auto *FD = dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
    if (FD && (inItoNamespace(FD) || inCilkNamespace(FD) ||
               SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())) ||
               (FD->getIdentifier() && FD->getName().starts_with("ito_"))))
      return;
    std::string Callee = FD ? "'" + FD->getNameAsString() + "'" : "a function";
    // Known to fork: its body is here. (A function of another source, as
    // likely to parse options as to fork, is not reported.)
    const bool Known = FD && FD->hasBody() && Forking.mayFork(FD);
    ForkCalls[V] = {{E->getExprLoc(), Callee + ", which may fork, " + How},
                    Known};
  }
  std::string callReason(const CallExpr *C, const char *What) {
    std::string Callee = "the callee";
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(C->getCalleeDecl()))
      Callee = "'" + FD->getNameAsString() + "'";
    return Spawned.count(C)
               ? "the spawned call of " + Callee + " " + What + " here"
               : Callee + ", which may fork, " + What + " here";
  }
  /// Whether \p S is one macro's expansion (and the `;` after it): the
  /// statement stays as written, and a copy of its variable is promoted.
  bool wholeMacroStatement(const DeclStmt *S) {
    SourceLocation B = S->getBeginLoc(), E = S->getEndLoc();
    if (!Lexer::isAtStartOfMacroExpansion(B, SM, LO))
      return false;
    if (E.isFileID())
      return SM.getExpansionRange(B).getEnd() ==
             SM.getExpansionRange((*std::prev(S->decl_end()))->getEndLoc())
                 .getEnd();
    return Lexer::isAtEndOfMacroExpansion(E, SM, LO) &&
           SM.getExpansionRange(B).getAsRange() ==
               SM.getExpansionRange(E).getAsRange();
  }
  /// C: a copy made after the macro's declaration, of the type __typeof__
  /// names (an anonymous struct too); not an array of unknown length.
  bool copyable(const VarDecl *V) {
    QualType T = V->getType();
    return !T->isVariablyModifiedType() && !T.isConstQualified() &&
           !T->isIncompleteType();
  }
  /// Whether a copy of a \p T stands for the object behind a const
  /// reference: trivially copyable, nothing mutable, at most 256 bytes.
  bool copiesAsWell(QualType T) {
    T = T.getNonReferenceType();
    if (T->isIncompleteType() || T->isArrayType() || T->isDependentType() ||
        !T.isTriviallyCopyableType(Ctx))
      return false;
    if (const auto *RD = T->getAsCXXRecordDecl())
      if (RD->hasMutableFields())
        return false;
    return Ctx.getTypeSizeInChars(T).getQuantity() <= 256;
  }
  /// Whether a label after \p S in its block could jump over it.
  bool labelAfter(const DeclStmt *S) {
    const auto *Block = dyn_cast_or_null<CompoundStmt>(Parents.getParent(S));
    if (!Block)
      return true;
    bool After = false;
    LabelFinder Finder;
    for (const Stmt *Sibling : Block->body()) {
      if (After)
        Finder.TraverseStmt(const_cast<Stmt *>(Sibling));
      After = After || Sibling == S;
    }
    return Finder.Found;
  }
  /// Whether \p E is in the body of a cilk_for that \p V is declared
  /// outside of: each iteration is a task that may run in another process.
  bool inChildLoopBody(const Expr *E, const VarDecl *V) {
    if (ForBodies.empty() || !V->hasLocalStorage())
      return false;
    for (const Stmt *S = E; S; S = Parents.getParent(S))
      if (ForBodies.count(S)) {
        // The loop's own variable: each iteration's task has its own.
        if (const Stmt *Loop = Parents.getParent(S))
          if (const auto *DS = dyn_cast_or_null<DeclStmt>(DeclOf.lookup(V));
              DS && Parents.getParent(DS) == Loop)
            continue;
        SourceRange R = S->getSourceRange();
        SourceLocation L = V->getLocation();
        if (SM.isBeforeInTranslationUnit(L, R.getBegin()) ||
            SM.isBeforeInTranslationUnit(R.getEnd(), L))
          return true;
      }
    return false;
  }
  /// Whether \p E (a variable, a field of it, an element) is only read.
  bool onlyRead(const Expr *E) {
    const Stmt *S = E;
    while (const Stmt *Up = Parents.getParent(S)) {
      if (isa<ParenExpr>(Up) ||
          (isa<MemberExpr>(Up) && !cast<MemberExpr>(Up)->isArrow())) {
        S = Up;
        continue;
      }
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(Up))
        return IC->getCastKind() == CK_LValueToRValue;
      if (isa<UnaryExprOrTypeTraitExpr>(Up))
        return true;
      // In a template, a dependent expression has no casts yet: a pointer
      // indexed or dereferenced, an operand of arithmetic, is read.
      const QualType T = cast<Expr>(S)->getType();
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Up))
        return AS->getBase() == S && T->isPointerType();
      if (const auto *U = dyn_cast<UnaryOperator>(Up))
        return U->getOpcode() == UO_Deref && T->isPointerType();
      if (const auto *B = dyn_cast<BinaryOperator>(Up))
        return !B->isAssignmentOp() && !B->isCompoundAssignmentOp() &&
               (T->isPointerType() || T->isArithmeticType() ||
                T->isDependentType());
      return false;
    }
    return false;
  }
  /// The promoted declaration names the type in a typedef: not a type
  /// without a name, nor, in C, a constant with an initializer that is not
  /// a brace list (it is copied in from a compound literal).
  bool spellable(const VarDecl *V) {
    QualType T = V->getType();
    // (One declaration cannot hold a pack of objects.)
    if (V->isParameterPack())
      return false;
    if (unnamedType(V))
      return !T->isDependentType();
    if (std::optional<QualType> Temp = extendedTemporary(V))
      T = *Temp;
    else if (T->isReferenceType())
      return false;
    if (const auto *A = dyn_cast<ArrayType>(T.getCanonicalType()))
      // C++: a variable-length array of variable-length arrays (C's are
      // promoted, their lengths travelling with the pointer).
      if (LO.CPlusPlus && A->getElementType()->isVariablyModifiedType())
        return false;
    const Type *Base = T->getBaseElementTypeUnsafe();
    if (const TagDecl *Tag = Base->getAsTagDecl())
      if (!Tag->getIdentifier() && !Tag->getTypedefNameForAnonDecl())
        return false;
    if (!LO.CPlusPlus)
      return !(V->hasInit() && !T->isArrayType() && T.isConstQualified() &&
               !isa<InitListExpr>(V->getInit()->IgnoreImplicit()));
    // C++: a reference to the object, built by placement new with the
    // initializer as written.
    // A constant stays one: `const int n = 8; int a[n];`.
    if (V->isConstexpr() || V->isUsableInConstantExpressions(Ctx))
      return false;
    // A generic lambda's `auto` parameter: its type has no name but
    // decltype's (of the renamed parameter); a local, none.
    if (const auto *P = V->getType()->getAs<TemplateTypeParmType>())
      if (P->getDecl() && P->getDecl()->isImplicit())
        return isa<ParmVarDecl>(V);
    if (T->isVariablyModifiedType() || T->isUndeducedType() ||
        isa<DependentNameType>(Base) ||
        isa<DependentTemplateSpecializationType>(Base))
      return false;
    // `auto v = *p;` in a template: `auto` deduced from a dependent type
    // cannot be the type of a typedef.
    if (T->getContainedDeducedType() && T->isDependentType())
      return false;
    if (const auto *RD = Base->getAsCXXRecordDecl())
      if (RD->isLambda())
        return false;
    return isa<ParmVarDecl>(V) || PlaceOf.lookup(V) == Place::RangeVar ||
           PlaceOf.lookup(V) == Place::LoopVar ||
           initializerText(V).has_value();
  }

  /// C++: the type of the temporary that reference \p V extends the life
  /// of (`const Cfg &c = make();`): the temporary is what moves.
  std::optional<QualType> extendedTemporary(const VarDecl *V) {
    if (!LO.CPlusPlus || !V->getType()->isReferenceType() || !V->getInit() ||
        isa<ParmVarDecl>(V))
      return std::nullopt;
    const Expr *E = V->getInit();
    if (const auto *F = dyn_cast<FullExpr>(E))
      E = F->getSubExpr();
    while (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
      if (IC->getCastKind() != CK_NoOp &&
          IC->getCastKind() != CK_DerivedToBase &&
          IC->getCastKind() != CK_UncheckedDerivedToBase)
        return std::nullopt;
      E = IC->getSubExpr();
    }
    const auto *M = dyn_cast<MaterializeTemporaryExpr>(E);
    if (!M || M->getExtendingDecl() != V || M->getType()->isArrayType())
      return std::nullopt;
    return M->getType();
  }
  /// C++: whether \p V's type is one no declaration can name (a lambda's
  /// closure, an unnamed class) and its initializer `= value`: the value
  /// is moved into storage of its own type (ito::cilk::__promoted_any).
  bool unnamedType(const VarDecl *V) {
    if (!LO.CPlusPlus)
      return false;
    QualType T = V->getType();
    if (std::optional<QualType> Temp = extendedTemporary(V))
      T = *Temp;
    else if (T->isReferenceType())
      return false;
    // (A structured binding's hidden variable has no name either; not an
    // array: the value moves in whole.)
    const auto *RD = T->getAsCXXRecordDecl();
    if (isa<DecompositionDecl>(V)) {
      if (T->isArrayType() || T->isDependentType())
        return false;
    } else if (!RD || !(RD->isLambda() || (!RD->getIdentifier() &&
                                           !RD->getTypedefNameForAnonDecl()))) {
      return false;
    }
    // Rewritten in place (its initializer may hold Cilk code, a lambda's
    // body): one variable, declared in a block.
    const DeclStmt *S = DeclOf.lookup(V);
    if (!S || !S->isSingleDecl() || PlaceOf.lookup(V) != Place::Block ||
        !Lexer::makeFileCharRange(
             CharSourceRange::getTokenRange(V->getInit()->getSourceRange()), SM,
             LO)
             .isValid())
      return false;
    if (const auto *D = dyn_cast<DecompositionDecl>(V)) {
      // `auto [a, b] = value`: after the last name, `] =`.
      if (D->bindings().empty())
        return false;
      CharSourceRange Between = CharSourceRange::getCharRange(
          Lexer::getLocForEndOfToken(D->bindings().back()->getLocation(), 0, SM,
                                     LO),
          SM.getExpansionLoc(V->getInit()->getBeginLoc()));
      StringRef Text = Lexer::getSourceText(Between, SM, LO);
      return Text.ltrim().consume_front("]") && Text.contains('=');
    }
    std::optional<CharSourceRange> R = initializerText(V);
    return R && R->isValid() &&
           Lexer::getSourceText(*R, SM, LO).ltrim().starts_with("=");
  }

  std::optional<CharSourceRange> initializerText(const VarDecl *V) {
    return writtenInitializer(V, Ctx);
  }

  PromotionPlan &P;
  const FunctionDecl *FD;
  const bool Move;
  ASTContext &Ctx;
  const SourceManager &SM;
  const LangOptions &LO;
  const ForkingFunctions &Forking;
  InstantiatedCalls &Instantiated;
  const llvm::DenseSet<const Stmt *> &ForBodies;
  const llvm::DenseSet<const CallExpr *> &Spawned;
  /// Declared by `T x = cilk_spawn f();`, which the spawn rewrites.
  const llvm::DenseSet<const VarDecl *> &SpawnVars;
  ParentMap Parents;
  llvm::DenseMap<const ParmVarDecl *, bool> Escapes, KeepsAddress;
  /// The variable each constructor call initializes.
  llvm::DenseMap<const CXXConstructExpr *, const VarDecl *> ConstructedVar;
  llvm::DenseMap<const VarDecl *, PromotionPlan::Reason> Reasons;
  llvm::DenseSet<const VarDecl *> Declared, Wanted, Excluded, MacroDeclared,
      MacroUsed;
  struct ForkCall {
    PromotionPlan::Reason Where;
    bool Known; // the callee's body forks
  };
  llvm::DenseMap<const VarDecl *, ForkCall> ForkCalls;
  llvm::DenseMap<const VarDecl *, const DeclStmt *> DeclOf;
  llvm::DenseMap<const VarDecl *, Place> PlaceOf;
  /// Locals that hold a lambda (or a std::function made from one).
  llvm::DenseMap<const VarDecl *, const LambdaExpr *> HeldLambda;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>>
      Uses;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<SourceRange, 1>> Decltypes;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 1>>
      Returned;
};

/// A function ito may rewrite: written in the main file or in a header of
/// the program's own, where its locals may reach what forks as well (a
/// helper that hands a local array to a parallel fill), not in a system
/// header nor in one of ito's headers (their guards are ITO_*).
bool inProgramFile(const SourceManager &SM, SourceLocation Loc) {
  Loc = SM.getFileLoc(Loc);
  if (Loc.isInvalid())
    return false;
  if (SM.isWrittenInMainFile(Loc))
    return true;
  if (SM.isInSystemHeader(Loc))
    return false;
  FileID F = SM.getFileID(Loc);
  if (!SM.getFileEntryRefForID(F))
    return false; // a macro scratch buffer, the command line
  StringRef Text = SM.getBufferData(F);
  // The guard: the first directive.
  size_t Hash = Text.find('#');
  return Hash == StringRef::npos ||
         !Text.substr(Hash).starts_with("#ifndef ITO_");
}

/// ito's own code (its headers, seen as the user's in preprocessed input).
bool inItoNamespace(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier() && NS->getName() == "ito" &&
          NS->getParent()->getRedeclContext()->isTranslationUnit())
        return true;
  return false;
}

} // namespace

std::optional<CharSourceRange> ito::writtenInitializer(const VarDecl *V,
                                                       const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation End = V->getLocation();
  if (TypeSourceInfo *TSI = V->getTypeSourceInfo()) {
    SourceLocation TypeEnd = TSI->getTypeLoc().getEndLoc();
    if (TypeEnd.isValid() && SM.isBeforeInTranslationUnit(End, TypeEnd))
      End = TypeEnd;
  }
  SourceLocation To = V->getEndLoc();
  // An initializer that ends in a macro the program wrote after the
  // declarator (`= ATOMIC_FLAG_INIT`): as written, the macro's name.
  if (!End.isMacroID() && To.isMacroID()) {
    CharSourceRange Exp = SM.getExpansionRange(To);
    if (Exp.getBegin().isFileID() &&
        SM.isBeforeInTranslationUnit(End, Exp.getBegin()))
      To = Exp.getEnd();
  }
  if (End.isMacroID() || To.isMacroID())
    return std::nullopt;
  if (!SM.isBeforeInTranslationUnit(End, To))
    return CharSourceRange();
  CharSourceRange R =
      CharSourceRange::getCharRange(Lexer::getLocForEndOfToken(End, 0, SM, LO),
                                    Lexer::getLocForEndOfToken(To, 0, SM, LO));
  StringRef Text = Lexer::getSourceText(R, SM, LO).ltrim();
  if (Text.empty())
    return CharSourceRange();
  if (Text.starts_with("=") || Text.starts_with("(") || Text.starts_with("{"))
    return R;
  return std::nullopt;
}

bool PromotionPlan::promoted(const VarDecl *V) const {
  if (Vars.count(V))
    return true;
  // A local of a template's instantiation, by its place in the template.
  const auto *FD = dyn_cast_or_null<FunctionDecl>(V->getDeclContext());
  return FD && FD->isTemplateInstantiation() && V->hasLocalStorage() &&
         VarLocations.count(V->getLocation().getRawEncoding());
}

PromotionPlan ito::planPromotion(ASTContext &Ctx, const TranslationPlan &Plan,
                                 bool Move) {
  return planPromotion(Ctx, Plan, ForkingFunctions(Ctx, Plan), Move);
}

PromotionPlan ito::planPromotion(ASTContext &Ctx, const TranslationPlan &Plan,
                                 const ForkingFunctions &Forking, bool Move) {
  PromotionPlan P;
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::DenseSet<const Stmt *> ForBodies;
  for (const auto &F : Plan.Fors)
    ForBodies.insert(F->For ? F->For->getBody() : F->RangeFor->getBody());
  llvm::DenseSet<const CallExpr *> Spawned;
  llvm::DenseSet<const VarDecl *> SpawnVars;
  for (const auto &S : Plan.Spawns) {
    Spawned.insert(S->Call);
    if (S->Var)
      SpawnVars.insert(S->Var);
  }
  // The functions to look at: those with Cilk code, and those of the main
  // file that may fork through what they call.
  llvm::SmallVector<const FunctionDecl *, 16> Functions;
  llvm::DenseSet<const FunctionDecl *> Seen;
  for (const auto &F : Plan.Functions) {
    if (!F->IsLambda && F->Function && F->Body &&
        SM.getFileLoc(F->Body->getBeginLoc()).isValid() &&
        Seen.insert(F->Function).second)
      Functions.push_back(F->Function);
    // A lambda's Cilk code is its function's too: what the lambda captures
    // by reference is the function's (a recursive std::function that
    // spawns itself, a lambda a cilk_for calls).
    const FunctionDecl *FD = F->Function;
    while (FD && isa<CXXMethodDecl>(FD) &&
           cast<CXXMethodDecl>(FD)->getParent()->isLambda())
      FD = dyn_cast<FunctionDecl>(
          cast<CXXMethodDecl>(FD)->getParent()->getDeclContext());
    if (FD && FD != F->Function && FD->getBody() &&
        inProgramFile(SM, FD->getBeginLoc()) && FD->getBeginLoc().isFileID() &&
        !inItoNamespace(FD) && Seen.insert(FD).second)
      Functions.push_back(FD);
  }
  for (const FunctionDecl *FD : Forking.forking())
    if (!isa<CXXMethodDecl>(FD) ||
        !cast<CXXMethodDecl>(FD)->getParent()->isLambda())
      if (FD->getBody() && inProgramFile(SM, FD->getBeginLoc()) &&
          !inItoNamespace(FD) && FD->getBeginLoc().isFileID() &&
          Seen.insert(FD).second)
        Functions.push_back(FD);
  InstantiatedCalls Instantiated(Ctx);
  for (const FunctionDecl *FD : Functions) {
    Collector C(P, FD, FD->getBody(), Ctx, Forking, ForBodies, Spawned,
                SpawnVars, Move, Instantiated);
    C.TraverseStmt(FD->getBody());
    C.finish();
  }
  if (!Move)
    P.Allocas.clear();
  for (const auto &[V, Uses] : P.Vars)
    if (V->getDeclContext()->isDependentContext())
      P.VarLocations.insert(V->getLocation().getRawEncoding());
  return P;
}
