//===- EmitCxx.cpp - Translate Cilk C++ to C++ over ito/cilk_abi.hpp ------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// In C++ everything stays in place, and on its line:
//
//   x = cilk_spawn f(a, b);
//     -> __ito_s7.__fork(&(x), [__a0 = (a), __a1 = (b)]() mutable {
//          return f(__a0, __a1); });
//   with `ito::cilk::__spawn<T> __ito_s7;` at the start of the task block (one
//   __spawn_list for all the block's spawns, whose nodes live on the stack,
//   when one is in a loop or of a dependent type). The arguments are
//   evaluated in the parent (the lambda's captures), the call runs in the
//   child.
//
//   cilk_for (T i = b; i < e; i += s) body
//     -> { auto __ito_b = (b); auto __ito_e = (e);
//          ito::cilk::__parallel_for(n, grain, [=](long long __lo, long long
//          __hi) mutable { for (...) { T i = __ito_b + __k * s; body } }); }
//
//
// Every name the translation writes is reserved (`__ito_*`, or `__*` in
// namespace ito::cilk): a program's macros (`#define spawn cilk_spawn` in
// Cilk-5 style code) stay in force in the translation and must not change
// it.
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "ito/Translate/Instantiations.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

using namespace clang;
using namespace ito;

namespace {

class CxxEmitter : public LanguageEmitter {
public:
  explicit CxxEmitter(Edits &E) : E(E) {}
  std::string blockDecls(const TaskBlock &B) override;
  std::string syncCode(llvm::ArrayRef<const SpawnSite *> Sites) override;
  using LanguageEmitter::syncCode;
  std::string unwindGuardBegin(const TaskBlock &B) override;
  std::string unwindGuardEnd(const TaskBlock &B) override;
  void spawn(const SpawnSite &S, std::string &Before,
             std::string &After) override;
  void cilkFor(const CilkFor &F, std::string &Before,
               std::string &After) override;

private:
  /// Sites whose state is a node on the stack: in a loop, or of a type the
  /// block's start cannot name.
  static bool needsList(const SpawnSite &S) {
    return S.InLoop || S.Call->getType()->isDependentType() ||
           S.Call->isTypeDependent() || namesLocalClass(S.Call->getType());
  }
  /// Whether \p T is made of a class the function declares (maybe after
  /// the block's start) or a lambda's closure.
  static bool namesLocalClass(clang::QualType T, unsigned Depth = 0) {
    T = T.getNonReferenceType().getCanonicalType();
    while (T->isPointerType() || T->isArrayType())
      T = T->isPointerType()
              ? T->getPointeeType().getCanonicalType()
              : clang::QualType(T->getPointeeOrArrayElementType(), 0)
                    .getCanonicalType();
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || Depth > 3)
      return false;
    if (RD->isLambda() || RD->getDeclContext()->isFunctionOrMethod())
      return true;
    if (const auto *Spec =
            llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(RD))
      for (const clang::TemplateArgument &A : Spec->getTemplateArgs().asArray())
        if (A.getKind() == clang::TemplateArgument::Type &&
            namesLocalClass(A.getAsType(), Depth + 1))
          return true;
    return false;
  }
  /// When one site of a block needs a list, every site of the block forks
  /// on one list, whose sync joins them newest first: the serial order
  /// backwards, which reducers rely on (views are reduced at joins), also
  /// for several spawns in one loop body.
  static bool usesList(const SpawnSite &S) {
    for (const SpawnSite *Other : S.Block->Spawns)
      if (needsList(*Other))
        return true;
    return false;
  }
  static std::string listName(const SpawnSite &S) {
    return id("__ito_l", S.Block->Spawns.front()->Tag);
  }
  std::string lambda(const SpawnSite &S);
  std::string callValueType(const SpawnSite &S, clang::QualType Deduced);
  bool convertsTo(const clang::Expr *Arg, clang::QualType P, std::string &To);
  void rangeFor(const CilkFor &F);
  /// The capture list of a cilk_for body's lambda, after the begin value;
  /// what it needs declared before the loop goes to \p Prelude.
  /// A cilk_for's variable in the task of an iteration, set to \p Value.
  std::string loopVariable(const clang::VarDecl *Var, const std::string &Decl,
                           const std::string &Value);
  std::string captureList(const clang::Stmt *LoopBody,
                          const clang::VarDecl *LoopVar, std::string &Prelude);
  /// Puts Head before the loop's body and Tail after it.
  void placeLoopTask(const CilkFor &F, const clang::Stmt *LoopBody,
                     std::string Head, std::string Tail);

  Edits &E;
  /// What a template's calls are in its instantiations.
  InstantiatedCalls Instantiated{E.Ctx};
};

} // namespace

std::string CxxEmitter::blockDecls(const TaskBlock &B) {
  std::string D;
  if (B.Spawns.empty())
    return D;
  if (usesList(*B.Spawns.front()))
    return "ito::cilk::__spawn_list " + listName(*B.Spawns.front()) + "; ";
  for (const SpawnSite *S : B.Spawns) {
    QualType T = S->Call->getType().getUnqualifiedType();
    D += "ito::cilk::__spawn<" + (T->isVoidType() ? "void" : E.declare(T, "")) +
         "> " + id("__ito_s", S->Tag) + "; ";
  }
  return D;
}

std::string CxxEmitter::syncCode(ArrayRef<const SpawnSite *> Sites) {
  std::string C;
  llvm::SmallPtrSet<const TaskBlock *, 4> ListSynced;
  for (auto It = Sites.rbegin(); It != Sites.rend(); ++It) {
    if (!usesList(**It))
      C += id("__ito_s", (*It)->Tag) + ".__sync(); ";
    else if (ListSynced.insert((*It)->Block).second)
      C += listName(**It) + ".__sync(); ";
  }
  return C;
}

std::string CxxEmitter::unwindGuardBegin(const TaskBlock &B) {
  if (B.Spawns.empty() || !E.LangOpts.CXXExceptions)
    return "";
  return "try { ";
}

std::string CxxEmitter::unwindGuardEnd(const TaskBlock &B) {
  if (B.Spawns.empty() || !E.LangOpts.CXXExceptions)
    return "";
  // The states in the order their spawns come in the block.
  std::string States;
  llvm::SmallPtrSet<const TaskBlock *, 4> Listed;
  for (const SpawnSite *S : B.Spawns) {
    std::string Name;
    if (!usesList(*S))
      Name = id("__ito_s", S->Tag);
    else if (Listed.insert(S->Block).second)
      Name = listName(*S);
    if (!Name.empty())
      States += (States.empty() ? "" : ", ") + Name;
  }
  return "} catch (...) { ::ito::cilk::__unwind(" + States + "); throw; } ";
}

/// A const lvalue reference to an object (not a function, an array or a
/// volatile one): what a temporary may be bound to.
static bool bindsConstObject(const VarDecl *V) {
  const auto *R = V->getType()->getAs<LValueReferenceType>();
  if (!R)
    return false;
  QualType T = R->getPointeeType();
  return T.isConstQualified() && !T.isVolatileQualified() &&
         !T->isFunctionType() && !T->isArrayType() && !T->isDependentType();
}

/// The type of the callee's parameter for argument \p I, if known.
static QualType paramType(const CallExpr *Call, unsigned I) {
  QualType T;
  if (const FunctionDecl *FD = Call->getDirectCallee()) {
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD);
    if (I >= Shift && I - Shift < FD->getNumParams())
      T = FD->getParamDecl(I - Shift)->getType();
  }
  return T;
}

/// Whether argument \p Arg binds const reference parameter type \p P to
/// an object of that very class, with no temporary in between.
static bool bindsConstRefDirectly(QualType P, const Expr *Arg) {
  if (P.isNull() || !P->isLValueReferenceType() || P->isDependentType() ||
      !P.getNonReferenceType().isConstQualified() || Arg->isTypeDependent())
    return false;
  QualType T = P.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  const Expr *Bare = Arg->IgnoreParens();
  while (const auto *IC = dyn_cast<ImplicitCastExpr>(Bare)) {
    if (IC->getCastKind() != CK_NoOp)
      break;
    Bare = IC->getSubExpr()->IgnoreParens();
  }
  return T->isRecordType() && Bare->isGLValue() &&
         Bare->getType().getUnqualifiedType().getCanonicalType() == T;
}

/// Whether argument \p Arg of a by-value parameter of type \p P is
/// converted to it by the call (not an object of that type already), and
/// if so, P as \p To spells it.
bool CxxEmitter::convertsTo(const Expr *Arg, QualType P, std::string &To) {
  if (P.isNull() || P->isReferenceType() || P->isDependentType() ||
      Arg->isTypeDependent())
    return false;
  const Expr *From = Arg;
  while (true) {
    From = From->IgnoreParens();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(From);
        IC && IC->getCastKind() != CK_NoOp &&
        IC->getCastKind() != CK_LValueToRValue) {
      From = IC->getSubExpr();
      // (A null pointer constant, a function's name: converted.)
      if (IC->getCastKind() == CK_NullToPointer ||
          IC->getCastKind() == CK_FunctionToPointerDecay)
        break;
    } else if (const auto *IC = dyn_cast<ImplicitCastExpr>(From)) {
      From = IC->getSubExpr();
    } else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(From)) {
      From = B->getSubExpr();
    } else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(From)) {
      From = M->getSubExpr();
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(From);
               CE && !isa<CXXTemporaryObjectExpr>(CE) &&
               CE->getNumArgs() >= 1 &&
               !CE->getConstructor()->isCopyOrMoveConstructor()) {
      // A converting constructor the call runs: from its argument.
      From = CE->getArg(0);
      break;
    } else {
      break;
    }
  }
  const bool Converted =
      From->getType().getCanonicalType().getUnqualifiedType() !=
      P.getCanonicalType().getUnqualifiedType();
  if (!Converted)
    return false;
  To = E.declare(P.getUnqualifiedType(), "");
  // (A type no code can spell: left to the capture.)
  return !StringRef(To).contains("(lambda") &&
         !StringRef(To).contains("(unnamed") &&
         !StringRef(To).contains("(anonymous");
}

/// The structured bindings that \p E names.
static llvm::SmallVector<const BindingDecl *, 4> bindingsIn(const Expr *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallVector<const BindingDecl *, 4> Found;
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (const auto *B = dyn_cast<BindingDecl>(D->getDecl()))
        Found.push_back(B);
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

std::string CxxEmitter::lambda(const SpawnSite &S) {
  const CallExpr *Call = S.Call;
  std::string Captures, Args, Callee;
  bool Braced = false;
  llvm::SmallPtrSet<const BindingDecl *, 4> Copied;
  auto Capture = [&](const std::string &Name, const Expr *Value, bool Ref) {
    Captures += (Captures.empty() ? "" : ", ") + std::string(Ref ? "&" : "") +
                Name + " = (" + E.exprText(Value) + ")";
  };
  unsigned FirstArg = 0;
  // A member call: a CXXMemberCallExpr, or in a template a CallExpr of a
  // MemberExpr.
  const auto *ME = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  if (MC && !ME && !MC->getMethodDecl()) {
    // (obj.*pm)(args), (p->*pm)(args): the object as for a member call, the
    // member pointer copied.
    const auto *BO =
        dyn_cast<BinaryOperator>(Call->getCallee()->IgnoreParens());
    if (!BO ||
        (BO->getOpcode() != BO_PtrMemD && BO->getOpcode() != BO_PtrMemI)) {
      E.error(S.Construct->KeywordLoc,
              "this call cannot be spawned; spawn a lambda that makes it");
      return "[]() {}";
    }
    const Expr *Obj = BO->getLHS();
    bool Arrow = BO->getOpcode() == BO_PtrMemI;
    Capture("__o", Obj, !Arrow && Obj->isLValue());
    Capture("__pm", BO->getRHS(), false);
    Callee = Arrow ? "(__o->*__pm)" : "(__o.*__pm)";
  }
  // obj.member(...), p->member(...), member(...) on this: the object is
  // this (captured as such), a pointer (copied), or the parent's object
  // itself (by reference; a temporary by value).
  auto MemberCall = [&](const Expr *Obj, bool Implicit, bool Arrow,
                        const std::string &Member) {
    if (Implicit || !Obj || isa<CXXThisExpr>(Obj->IgnoreParenImpCasts())) {
      Captures += Captures.empty() ? "this" : ", this";
      Callee = "this->" + Member;
    } else if (Arrow) {
      // A class with operator-> (a smart pointer, an iterator): the
      // pointer it gives, taken in the parent.
      if (const auto *OC =
              dyn_cast<CXXOperatorCallExpr>(Obj->IgnoreParenImpCasts());
          OC && OC->getOperator() == OO_Arrow && OC->getNumArgs() == 1)
        Captures += std::string(Captures.empty() ? "" : ", ") + "__o = ((" +
                    E.exprText(OC->getArg(0)) + ").operator->())";
      else
        Capture("__o", Obj, false);
      Callee = "__o->" + Member;
    } else {
      Capture("__o", Obj, Obj->isLValue());
      Callee = "__o." + Member;
    }
  };
  const Expr *CalleeExpr = Call->getCallee()->IgnoreParens();
  if (MC && !ME && !MC->getMethodDecl()) {
    // Done above.
  } else if (MC || ME) {
    MemberCall(ME ? ME->getBase() : MC->getImplicitObjectArgument(), false,
               ME && ME->isArrow(),
               ME ? E.text(SourceRange(ME->getMemberLoc(), ME->getEndLoc()))
                  : MC->getMethodDecl()->getNameAsString());
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
             OC && OC->getOperator() == OO_Call) {
    Capture("__f", OC->getArg(0), false);
    Callee = "__f";
    FirstArg = 1;
  } else if (const auto *DM =
                 dyn_cast<CXXDependentScopeMemberExpr>(CalleeExpr)) {
    // A member call in a template, not resolved yet.
    MemberCall(DM->isImplicitAccess() ? nullptr : DM->getBase(),
               DM->isImplicitAccess(), DM->isArrow(),
               E.text(SourceRange(DM->getMemberLoc(), DM->getEndLoc())));
  } else if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(CalleeExpr)) {
    MemberCall(UM->isImplicitAccess() ? nullptr : UM->getBase(),
               UM->isImplicitAccess(), UM->isArrow(),
               E.text(SourceRange(UM->getMemberLoc(), UM->getEndLoc())));
  } else {
    const Expr *C = Call->getCallee()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(C);
    if (DRE && isa<FunctionDecl>(DRE->getDecl())) {
      Callee = E.exprText(Call->getCallee());
    } else if (isa<UnresolvedLookupExpr>(C)) {
      Callee = E.exprText(Call->getCallee());
    } else {
      Capture("__f", Call->getCallee(), false);
      Callee = "__f";
    }
  }
  for (unsigned I = FirstArg; I < Call->getNumArgs(); I++) {
    const Expr *Arg = Call->getArg(I);
    if (isa<CXXDefaultArgExpr>(Arg))
      break;
    std::string Name = "__a" + std::to_string(I - FirstArg);
    QualType P = paramType(Call, I);
    bool Ref = takesByReference(Call, I),
         ConstRef = bindsConstRefDirectly(P, Arg);
    // In a template, the callee's parameters are those of each
    // instantiation, which must agree.
    if (P.isNull()) {
      bool Agree = true;
      Ref = Instantiated.byReference(Call, I, Agree);
      // (Mixed const references are copied: right for both.)
      const auto Calls = Instantiated.of(Call);
      ConstRef = !Calls.empty() && llvm::all_of(Calls, [&](const CallExpr *C) {
        const unsigned J = InstantiatedCalls::argumentIndex(Call, C, I);
        return bindsConstRefDirectly(paramType(C, J), C->getArg(J));
      });
      if (!Agree)
        E.error(Arg->getExprLoc(),
                "cannot translate this spawn: the template's instantiations "
                "take this argument by reference in some and by value in "
                "others; spawn a call that takes it the same way in all");
    }
    // An array bound to a reference parameter: the array itself (a copy
    // would decay to a pointer).
    if (!P.isNull() && P->isReferenceType() &&
        Arg->IgnoreParens()->getType()->isArrayType())
      Ref = true;
    // A braced list (`f({1, 2})`, maybe a std::initializer_list, which only
    // a list makes), or a pack expansion (`f(args...)`, which an init
    // capture cannot name before C++20): written in the child's call, the
    // locals it names copied (a capture default).
    if (std::string Text = E.exprText(Arg);
        StringRef(Text).ltrim().starts_with("{") ||
        isa<PackExpansionExpr>(Arg)) {
      Braced = true;
      Args += (Args.empty() ? "" : ", ") + Text;
      // (C++17 lambdas do not capture structured bindings: copied by name.)
      for (const BindingDecl *B : bindingsIn(Arg))
        if (Copied.insert(B).second)
          Captures += (Captures.empty() ? "" : ", ") + B->getName().str() +
                      " = " + B->getName().str();
      continue;
    }
    if (ConstRef) {
      // The parent's object where every process reaches it, else a copy.
      Captures += (Captures.empty() ? "" : ", ") + Name +
                  " = ::ito::cilk::__share_or_copy(" + E.exprText(Arg) + ")";
      Args += (Args.empty() ? "" : ", ") + Name + ".__get()";
      continue;
    }
    // A by-value parameter that the argument converts to (a null pointer
    // constant to a pointer, an overloaded function's name, a container to
    // a std::span, an lvalue to a std::reference_wrapper): converted here,
    // as the call converts it (a capture alone would keep the argument's
    // own type, which may not convert from an rvalue, or at all).
    if (std::string To; !Ref && convertsTo(Arg, P, To)) {
      Captures += (Captures.empty() ? "" : ", ") + Name + " = static_cast<" +
                  To + ">(" + E.exprText(Arg) + ")";
      Args +=
          (Args.empty() ? "" : ", ") + std::string("std::move(") + Name + ")";
      continue;
    }
    Capture(Name, Arg, Ref);
    // The child's copy goes on as an rvalue where the parameter takes one
    // (by value, T&&), so move-only arguments work.
    bool Move =
        !P.isNull() && !P->isLValueReferenceType() && !P->isDependentType();
    Args +=
        (Args.empty() ? "" : ", ") + (Move ? "std::move(" + Name + ")" : Name);
  }
  if (Braced) {
    // (`=` captures `this` too, which before C++20 it may not name.)
    StringRef List(Captures);
    if (!E.LangOpts.CPlusPlus20 &&
        (List == "this" || List.starts_with("this, ")))
      Captures = List.drop_front(List == "this" ? 4 : 6).str();
    Captures = Captures.empty() ? "=" : "=, " + Captures;
  }
  return "[" + Captures + "]() mutable { return " + Callee + "(" + Args +
         "); }";
}

/// Whether \p E has a lambda expression in it.
static bool containsLambda(const Stmt *S) {
  if (!S)
    return false;
  if (isa<LambdaExpr>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (containsLambda(Child))
      return true;
  return false;
}

/// The type of the spawned call's value, decayed, for the declarations
/// that hold it: `decltype(call)`, as the call's type may not be spellable
/// here (a local class) or come out qualified twice; but before C++20 a
/// lambda may not appear in decltype (`auto v = cilk_spawn [&] {...}();`),
/// so there the deduced type \p Deduced, spelled out, where it can be.
std::string CxxEmitter::callValueType(const SpawnSite &S, QualType Deduced) {
  if (!E.Ctx.getLangOpts().CPlusPlus20 && containsLambda(S.Call) &&
      !Deduced.isNull() && !Deduced->isDependentType() &&
      !namesLocalClass(Deduced))
    return E.declare(Deduced.getNonReferenceType().getUnqualifiedType(), "");
  return "std::decay_t<decltype(" + E.exprText(S.Call) + ")>";
}

void CxxEmitter::spawn(const SpawnSite &S, std::string &, std::string &) {
  std::string Code;
  std::string Recv;
  const bool HasValue = !S.Call->getType()->isVoidType();
  if (S.Form == SpawnForm::Assign && HasValue)
    Recv = "&(" + E.exprText(S.Receiver) + ")";
  if (S.Form == SpawnForm::Init) {
    // "T v = cilk_spawn ..." declares v, assigned at the sync.
    QualType T = S.Var->getType();
    std::string Name = S.Var->getNameAsString();
    QualType Deduced = T.getNonReferenceType();
    if (const AutoType *A = T->getContainedAutoType())
      Deduced = A->isDeduced() ? A->getDeducedType() : QualType();
    if (const auto *D = dyn_cast<DecompositionDecl>(S.Var)) {
      // `auto [a, b] = cilk_spawn f();`: the bindings name the members of
      // an object the sync builds.
      const std::string Var = id("__ito_sv", S.Tag);
      Code += "::ito::cilk::__spawned_var<" + callValueType(S, Deduced) + "> " +
              Var + "; " + (T.isConstQualified() ? "const " : "") + "auto &[";
      for (const BindingDecl *B : D->bindings())
        Code += (B == D->bindings().front() ? "" : ", ") + B->getName().str();
      Code += "] = " + Var + ".__get(); ";
      Recv = "&" + Var;
    } else if (!Deduced.isNull() && Deduced->isRecordType() &&
               !T->isDependentType()) {
      // Of a class: built by the sync (no default constructor or
      // assignment needed), `v` a reference to it.
      const std::string Var = id("__ito_sv", S.Tag);
      if (T->getContainedAutoType()) {
        // As the call's type: a deduced type may not be spellable here (a
        // local class) or come out qualified twice.
        Code += "::ito::cilk::__spawned_var<" + callValueType(S, Deduced) +
                "> " + Var + "; auto &" + Name + " = " + Var + ".__get(); ";
      } else {
        QualType R = Deduced.getUnqualifiedType();
        Code += "::ito::cilk::__spawned_var<" + E.declare(R, "") + "> " + Var +
                "; " + E.declare(E.Ctx.getLValueReferenceType(R), Name) +
                " = " + Var + ".__get(); ";
      }
      Recv = "&" + Var;
    } else if (T->getContainedAutoType())
      Code += callValueType(S, Deduced) + " " + Name + "; ";
    else if (T->isDependentType())
      // As written: the template's own type, whatever the call returns.
      Code +=
          "std::remove_const_t<" +
          E.text(S.Var->getTypeSourceInfo()->getTypeLoc().getSourceRange()) +
          "> " + Name + "; ";
    else
      Code += E.declare(T.getUnqualifiedType(), Name) + "; ";
    if (Recv.empty())
      Recv = "&" + Name;
  }
  // Where the value goes: fork(receiver, child), or for a bit-field, which
  // has no address, fork_member(object, assign, child), and the sync
  // assigns it in the object.
  std::string Method = "__fork", Where = Recv;
  if (const MemberExpr *ME = HasValue ? bitFieldReceiver(S) : nullptr) {
    std::string Obj =
        (ME->isArrow() ? "&*(" : "&(") + E.exprText(ME->getBase()) + ")";
    Method = "__fork_member";
    Where = Obj +
            ", [](void *__o, auto &__v) { static_cast<std::remove_pointer_t<"
            "decltype(" +
            Obj + ")> *>(__o)->" + ME->getMemberDecl()->getNameAsString() +
            " = std::move(__v); }";
  }
  std::string L = lambda(S);
  if (usesList(S)) {
    std::string List = listName(S);
    Code += "{ auto __ito_f = " + L + "; void *__ito_m = " + List +
            ".__spare(" + List + ".__node_size(__ito_f)); " + List + "." +
            Method + "(__ito_m ? __ito_m : __builtin_alloca(" + List +
            ".__node_size(__ito_f)), " + (Where.empty() ? "nullptr" : Where) +
            ", std::move(__ito_f)); }";
  } else {
    Code += id("__ito_s", S.Tag) + "." + Method + "(" +
            (Where.empty() ? "" : Where + ", ") + L + ");";
  }
  E.replace(E.statementRange(S.Statement), Code);
}

void CxxEmitter::cilkFor(const CilkFor &F, std::string &, std::string &) {
  if (F.RangeFor)
    return rangeFor(F);
  LoopShape Shape;
  if (!getLoopShape(E, F, Shape))
    return;
  const TaskBlock &Body = *F.Body;
  std::string LoopVarDecl =
      Shape.Var->getType()->isDependentType() ||
              Shape.Var->getType()->getContainedAutoType()
          ? "auto " + Shape.Var->getNameAsString()
          : E.declare(Shape.Var->getType(), Shape.Var->getNameAsString());
  std::string Prelude;
  std::string CaptureList = captureList(F.For->getBody(), Shape.Var, Prelude);
  // The begin value in the loop variable's type, as in the user's loop.
  QualType VarT = Shape.Var->getType();
  std::string BeginDecl =
      VarT->isDependentType() || VarT->getContainedAutoType()
          ? std::string("auto __ito_b")
          : E.declare(VarT.getUnqualifiedType().getNonReferenceType(),
                      "__ito_b");
  // A step that is not a literal is evaluated once, before the loop, and
  // copied into the tasks (the body may not name what it names).
  std::string Step = Shape.Step;
  StringRef Digits = StringRef(Shape.Step).ltrim("-(").rtrim(")");
  if (Digits.empty() ||
      Digits.find_first_not_of("0123456789") != StringRef::npos) {
    Prelude += "auto __ito_st = (" + Shape.Step + "); ";
    CaptureList += ", __ito_st";
    Step = "__ito_st";
  }
  std::string Head =
      "{ " + Prelude + BeginDecl + " = (" + E.exprText(Shape.Begin) +
      "); auto __ito_e = (" + E.exprText(Shape.End) +
      "); ito::cilk::__parallel_for(" + tripCount(Shape, "__ito_b", "__ito_e") +
      ", " + (F.Grainsize ? "(" + *F.Grainsize + ")" : std::string("0")) +
      ", [" + CaptureList +
      "](long long __lo, long long __hi) mutable { for (long long __k = "
      "__lo; __k < __hi; ++__k) { " +
      loopVariable(Shape.Var, LoopVarDecl, "__ito_b + __k * " + Step) +
      " (void)" + Shape.Var->getNameAsString() + "; { " +
      (isBraced(Body) ? "" : blockDecls(Body) + unwindGuardBegin(Body));
  std::string Tail =
      " " + (isBraced(Body) ? "" : syncCode(Body) + unwindGuardEnd(Body)) +
      "} } }); " + home() + "}";
  placeLoopTask(F, F.For->getBody(), Head, Tail);
}

std::string CxxEmitter::loopVariable(const VarDecl *Var,
                                     const std::string &Decl,
                                     const std::string &Value) {
  // Moved to global memory, in each iteration (its address reaches a task).
  if (E.Promoted && E.Promoted->LoopVars.count(Var))
    return promotedDeclarationCxx(E, *E.Promoted, Var, "(" + Value + ")");
  return Decl + " = " + Value + ";";
}

namespace {

/// A class has a copy constructor that is not deleted (or is no class).
bool copyable(const CXXRecordDecl *RD) {
  if (!RD)
    return true;
  if (!RD->hasDefinition())
    return false;
  for (const CXXConstructorDecl *C : RD->ctors())
    if (C->isCopyConstructor())
      return !C->isDeleted();
  return !RD->defaultedCopyConstructorIsDeleted();
}

} // namespace

std::string CxxEmitter::captureList(const Stmt *LoopBody,
                                    const VarDecl *LoopVar,
                                    std::string &Prelude) {
  // Captures by value, as the tasks may run in other processes; by
  // reference what the translation moved to global memory (which any
  // process reaches), references (by value, a copy of what they refer to
  // would take the body's writes) and arrays, like C's decay to a pointer
  // (what is left on the parent's stack the diagnostics report).
  Captures Used = capturedVariables(E, LoopBody, LoopVar);
  std::string List = "__ito_b";
  for (const VarDecl *V : Used.Vars) {
    std::string Name = V->getNameAsString();
    if (bindsConstObject(V)) {
      // It may be bound to a temporary on the caller's task stack: the
      // loop (its range too) sees the object, or a copy in the heap
      // (shared_view), under the same name.
      Prelude +=
          "::ito::cilk::__shared_view<::std::remove_reference_t<decltype(" +
          Name + ")>> __ito_sv_" + Name + "(" + Name + "); auto &" + Name +
          " = __ito_sv_" + Name + ".__get(); ";
      List += ", &" + Name;
      continue;
    }
    // A function parameter pack, captured as one: `vs...`, or `&vs...` if
    // it is a pack of references.
    QualType T = V->getType();
    const char *Expand = "";
    if (V->isParameterPack()) {
      if (const auto *Pack = T->getAs<PackExpansionType>())
        T = Pack->getPattern();
      Expand = "...";
    }
    List += std::string(", ") +
            (T->isArrayType() || T->isReferenceType() ||
                     (E.Promoted && E.Promoted->promoted(V))
                 ? "&"
                 : "") +
            Name + Expand;
  }
  // A structured binding, read only: its value (an init-capture; a
  // lambda cannot capture it). One the body writes or binds to a reference
  // would stay on the parent's stack.
  for (const auto &[B, Other] : Used.Bindings) {
    // Moved to global memory: the body uses it there.
    if (const auto *D = dyn_cast_or_null<VarDecl>(B->getDecomposedDecl());
        D && E.Promoted && E.Promoted->promoted(D)) {
      List += ", &" + B->getName().str() + " = " + B->getName().str();
      continue;
    }
    // A const one is only read, whatever the body does with it: a copy
    // (`k.size()` of `const auto &[k, v]`).
    const QualType BT = B->getType();
    if (Other && !(BT.isConstQualified() && !BT->isArrayType() &&
                   copyable(BT->getAsCXXRecordDecl()))) {
      E.error(Other->getExprLoc(),
              "cannot translate this cilk_for body: it uses structured "
              "binding '" +
                  B->getName().str() +
                  "' other than by reading its value, and the binding stays "
                  "on the stack of the function, where a task in another "
                  "process cannot reach it; copy it into a variable before "
                  "the loop");
      continue;
    }
    List += ", " + B->getName().str() + " = " + B->getName().str();
  }
  if (Used.This)
    List += ", this";
  return List;
}

void CxxEmitter::placeLoopTask(const CilkFor &F, const Stmt *LoopBody,
                               std::string Head, std::string Tail) {
  // __func__ in the body names the user's function, not the lambda.
  if (std::string D = functionNameDefines(Function, LoopBody); !D.empty()) {
    Head += "\n" + D + E.lineMarker(LoopBody->getBeginLoc());
    Tail += "\n" + functionNameUndefs(Function, LoopBody) +
            E.lineMarker(LoopBody->getEndLoc());
  }
  // The loop's head becomes the head of the task; the body stays on its
  // lines.
  E.replace(CharSourceRange::getCharRange(E.fileLoc(F.Construct->KeywordLoc),
                                          E.fileLoc(LoopBody->getBeginLoc())),
            Head);
  E.insertAfter(E.statementRange(LoopBody).getEnd(), Tail);
}

void CxxEmitter::rangeFor(const CilkFor &F) {
  // cilk_for (decl : range) body, over a random-access range: iteration k
  // binds decl to *(begin + k).
  const CXXForRangeStmt *For = F.RangeFor;
  const TaskBlock &Body = *F.Body;
  const VarDecl *Var = For->getLoopVariable();
  std::string Prelude;
  std::string CaptureList = captureList(For->getBody(), Var, Prelude);
  std::string Decl =
      Var->getType()->isDependentType() ||
              Var->getType()->getContainedAutoType()
          ? E.text(SourceRange(Var->getBeginLoc(), Var->getLocation()))
          : E.declare(Var->getType(), Var->getNameAsString());
  std::string Head =
      "{ " + Prelude + "auto &&__ito_r = (" + E.exprText(For->getRangeInit()) +
      "); auto __ito_b = std::begin(__ito_r); "
      "ito::cilk::__require_random_access(__ito_b); long long __ito_n = "
      "std::end(__ito_r) - __ito_b; ito::cilk::__parallel_for(__ito_n, " +
      (F.Grainsize ? "(" + *F.Grainsize + ")" : std::string("0")) + ", [" +
      CaptureList +
      "](long long __lo, long long __hi) mutable { for (long long __k = "
      "__lo; __k < __hi; ++__k) { " +
      loopVariable(Var, Decl, "*(__ito_b + __k)") + " (void)" +
      Var->getNameAsString() + "; { " +
      (isBraced(Body) ? "" : blockDecls(Body));
  std::string Tail =
      " " + (isBraced(Body) ? "" : syncCode(Body)) + "} } }); " + home() + "}";
  placeLoopTask(F, For->getBody(), Head, Tail);
}

std::unique_ptr<LanguageEmitter> ito::makeCxxEmitter(Edits &E) {
  return std::make_unique<CxxEmitter>(E);
}
