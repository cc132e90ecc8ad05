//===- StackSharingCheck.cpp - A child task reaching its parent's stack ---===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A task that forks may continue in another process, and a child that forks
// in turn may be resumed anywhere: an address in the parent's stack is then
// another process's memory. Reported where the address passes to the child:
// the spawned call's argument, reference parameter, object or callee; the
// cilk_for body's use of an outer array, pointer or variable it writes; the
// capture of a task lambda.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <optional>

using namespace clang;
using namespace ito;
using namespace ito::checks;

namespace {

class StackSharing {
public:
  explicit StackSharing(CheckContext &C) : C(C) {}
  void run();

private:
  void spawn(const TaskEdge &E);
  void cilkFor(const TaskEdge &E);
  void lambda(const TaskLambda &L);
  /// Reports \p Value (a pointer the child gets) if it may point into the
  /// parent's stack. \p Name: how the message names the value, if at all.
  void pointer(FunctionFacts &F, const Expr *Value, StringRef Who,
               SourceLocation At, SourceRange Range, std::string Name);
  /// A struct the child gets a copy of (\p Verb: "receives", "uses",
  /// "captures"): its pointer fields, what they point to, and what the
  /// expression building it wraps with std::ref.
  void record(FunctionFacts &F, const Expr *Value, const VarDecl *V,
              StringRef Who, StringRef Verb = "receives");
  /// Reports \p Stored, what the function stored into memory the child
  /// reaches through a pointer; \p How: "receives 'h', which points to
  /// memory".
  void behind(const Origins &Stored, StringRef Who, SourceLocation At,
              SourceRange Range, const std::string &How);
  /// A parent's stack address stored in file-scope or static data, where
  /// a child can read it.
  void globals(const Body &B);
  void report(const Origins &O, StringRef Who, SourceLocation At,
              SourceRange Range, const std::string &Received,
              ArrayRef<FixItHint> FixIts = {}, const std::string &Also = "");

  CheckContext &C;
  /// The template instantiation being checked, if any.
  const FunctionDecl *Instantiation = nullptr;
  /// The child's code, where it is in the parent's (a cilk_for body, a
  /// lambda): its own stack is not its parent's.
  SourceRange Child;
  /// The edge being checked (null for a task lambda), and its parent.
  const TaskEdge *Edge = nullptr;
  Body Parent;

  /// What the parent stores into memory that \p P reaches, where the child
  /// may see it.
  template <class T> Origins storedBehind(FunctionFacts &F, const T *P) {
    return F.storedBehind(P, [&](const FunctionFacts::Store &S) {
      return C.Sites.mayBeSeenBy(Parent, S.At, Edge);
    });
  }
};

/// The name the message gives a value: 'p' for a variable, nothing else.
std::string nameOf(const Expr *E) {
  if (const VarDecl *V = varOf(E))
    return quoted(V);
  return "";
}

} // namespace

void StackSharing::report(const Origins &O, StringRef Who, SourceLocation At,
                          SourceRange Range, const std::string &Received,
                          ArrayRef<FixItHint> FixIts, const std::string &Also) {
  const Origin *S = O.first(Origin::Stack);
  if (!S)
    return;
  bool Definite = O.definitely(Origin::Stack);
  std::string Text = Who.str() + " " + Received +
                     (Definite ? " " : " that may point to ") + S->What + Also +
                     "; a task may run in another process and cannot reach "
                     "its parent's stack";
  std::vector<Evidence> Notes = S->Chain;
  if (Instantiation) {
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    Instantiation->getNameForDiagnostic(OS, C.Ctx.getPrintingPolicy(),
                                        /*Qualified=*/true);
    Notes.push_back({Instantiation->getPointOfInstantiation(),
                     "in the instantiation of '" + Name + "' required here",
                     {}});
  }
  C.Report.report(Definite ? CheckId::StackSharing : CheckId::MaybeStackSharing,
                  At, Text, Range, Notes, FixIts);
}

void StackSharing::pointer(FunctionFacts &F, const Expr *Value, StringRef Who,
                           SourceLocation At, SourceRange Range,
                           std::string Name) {
  Origins O = F.pointerOrigins(Value);
  if (O.has(Origin::Stack)) {
    // "receives the address of local array 'a'", not "receives 'a', the
    // address of local array 'a'".
    std::string Shown = Name;
    if (const VarDecl *V = varOf(Value); V && V == O.first(Origin::Stack)->Var)
      Shown.clear();
    bool Definite = O.definitely(Origin::Stack);
    std::string Received =
        Shown.empty()
            ? (Definite ? "receives the address of" : "receives a pointer")
            : (Definite ? "receives " + Shown + ", the address of"
                        : "receives " + Shown);
    report(O, Who, At, Range, Received);
  }
  if (Value->getType()->isPointerType())
    behind(storedBehind(F, Value), Who, At, Range,
           Name.empty() ? "receives a pointer to memory"
                        : "receives " + Name + ", which points to memory");
}

void StackSharing::behind(const Origins &All, StringRef Who, SourceLocation At,
                          SourceRange Range, const std::string &How) {
  const SourceManager &SM = C.Ctx.getSourceManager();
  Origins Stored;
  Stored.Other = All.Other;
  for (const Origin &O : All.Found)
    if (O.K != Origin::Stack || !Child.isValid() ||
        SM.isBeforeInTranslationUnit(O.Chain.front().Loc, Child.getBegin()) ||
        SM.isBeforeInTranslationUnit(Child.getEnd(), O.Chain.front().Loc))
      Stored.Found.push_back(O);
  if (Stored.has(Origin::Stack))
    report(Stored, Who, At, Range,
           How + (Stored.definitely(Origin::Stack) ? " holding the address of"
                                                   : " holding a pointer"));
}

/// What a copy or move construction copies; \p E itself otherwise.
static const Expr *copySource(const Expr *E) {
  const Expr *X = skipNoise(E);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(X);
      CE && CE->getNumArgs() == 1 &&
      CE->getConstructor()->isCopyOrMoveConstructor())
    return CE->getArg(0);
  return E;
}

namespace {
/// The std::ref and std::cref calls in an expression (not in lambda bodies).
class RefFinder : public RecursiveASTVisitor<RefFinder> {
public:
  std::vector<const CallExpr *> Refs;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitCallExpr(CallExpr *C) {
    if ((isCallTo(C, "ref", true) || isCallTo(C, "cref", true)) &&
        C->getNumArgs() == 1)
      Refs.push_back(C);
    return true;
  }
};
} // namespace

void StackSharing::record(FunctionFacts &F, const Expr *Value, const VarDecl *V,
                          StringRef Who, StringRef Verb) {
  if (V && V->hasLocalStorage() && !isa<ParmVarDecl>(V))
    if (const RecordDecl *RD = V->getType()->getAsRecordDecl()) {
      for (const FieldDecl *FD : RD->fields()) {
        // An address may also travel as an integer (uintptr_t).
        if (!FD->getType()->isPointerType() && !FD->getType()->isIntegerType())
          continue;
        Origins O = F.fieldValue(V, FD);
        bool Definite = O.definitely(Origin::Stack);
        report(O, Who, Value->getExprLoc(), Value->getSourceRange(),
               Verb.str() + " " + quoted(V) + ", whose field " + quoted(FD) +
                   (Definite ? " holds the address of" : " holds a pointer"));
      }
      behind(storedBehind(F, V), Who, Value->getExprLoc(),
             Value->getSourceRange(),
             Verb.str() + " " + quoted(V) + ", whose fields point to memory");
    }
  RefFinder Finder;
  Finder.TraverseStmt(const_cast<Expr *>(Value));
  for (const CallExpr *Ref : Finder.Refs) {
    if (Ref == skipNoise(Value))
      continue; // reported as the value itself
    report(F.addressOrigins(Ref->getArg(0)), Who, Ref->getExprLoc(),
           Ref->getSourceRange(), "receives a std::ref to");
  }
}

void StackSharing::spawn(const TaskEdge &E) {
  FunctionFacts &F = C.Sites.facts(E.Parent);
  const CallExpr *Call = E.SpawnCall;
  const FunctionDecl *Callee = Call->getDirectCallee();
  unsigned Shift =
      isa<CXXOperatorCallExpr>(Call) && Callee && isa<CXXMethodDecl>(Callee);
  for (unsigned I = 0; I < Call->getNumArgs(); I++) {
    const Expr *Arg = Call->getArg(I);
    if (isa<CXXDefaultArgExpr>(Arg) || (I < Shift))
      continue;
    QualType P;
    if (Callee && I - Shift < Callee->getNumParams())
      P = Callee->getParamDecl(I - Shift)->getType();
    if (!P.isNull() && P->isLValueReferenceType() &&
        !P.getNonReferenceType().isConstQualified()) {
      // The child gets the parent's object itself.
      Origins O = F.addressOrigins(Arg);
      report(O, E.What, Arg->getExprLoc(), Arg->getSourceRange(),
             "binds reference parameter " +
                 quoted(Callee->getParamDecl(I - Shift)) + " of " +
                 quoted(Callee) + " to");
      continue;
    }
    QualType T = Arg->getType();
    if (T->isPointerType() || T->isRecordType() || T->isArrayType() ||
        T->isIntegerType())
      pointer(F, Arg, E.What, Arg->getExprLoc(), Arg->getSourceRange(),
              nameOf(Arg));
    if (T->isRecordType())
      record(F, Arg, varOf(copySource(Arg)), E.What);
  }
  // (obj.*pm)(...) runs on the parent's object; (p->*pm)(...) on *p.
  if (const auto *BO =
          dyn_cast<BinaryOperator>(Call->getCallee()->IgnoreParens());
      BO && (BO->getOpcode() == BO_PtrMemD || BO->getOpcode() == BO_PtrMemI)) {
    const Expr *Obj = BO->getLHS();
    Origins O = BO->getOpcode() == BO_PtrMemI
                    ? F.pointerOrigins(Obj)
                    : (Obj->isLValue() ? F.addressOrigins(Obj) : Origins());
    report(O, E.What, Obj->getExprLoc(), Obj->getSourceRange(),
           "runs a member function (through a pointer to member) on");
  }
  // A callable object: what it was built from (std::bind(f, std::ref(x))).
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
      OC && OC->getOperator() == OO_Call)
    record(F, OC->getArg(0), nullptr, E.What);
  // obj.f(...) runs f on the parent's object; p->f(...) on *p.
  if (const auto *ME =
          dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens())) {
    const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    const Expr *Base = ME->getBase();
    if (MD && !MD->isStatic() &&
        !isa<CXXThisExpr>(Base->IgnoreParenImpCasts())) {
      Origins O = ME->isArrow()
                      ? F.pointerOrigins(Base)
                      : (Base->isLValue() ? F.addressOrigins(Base) : Origins());
      report(O, E.What, Base->getExprLoc(), Base->getSourceRange(),
             "runs " + quoted(MD) + " on");
    }
  }
}

void StackSharing::cilkFor(const TaskEdge &E) {
  FunctionFacts &F = C.Sites.facts(E.Parent);
  // A range-based cilk_for over an array: each iteration's loop variable
  // is (or is copied from) an element of it.
  if (const CXXForRangeStmt *RF = E.For->RangeFor;
      RF && RF->getRangeInit()->getType()->isArrayType())
    report(F.addressOrigins(RF->getRangeInit()), E.What,
           RF->getRangeInit()->getExprLoc(),
           RF->getRangeInit()->getSourceRange(), "iterates over");
  for (const OuterUse &U :
       outerUses(cilkForBody(*E.For), cilkForLoopVar(*E.For))) {
    const VarDecl *V = U.Var;
    QualType T = V->getType();
    if (T->isArrayType()) {
      Origins O = F.varAddress(V);
      report(O, E.What, U.FirstUse->getExprLoc(), U.FirstUse->getSourceRange(),
             "uses");
      continue;
    }
    if (U.FirstWrite && C.Sites.promoted(V))
      continue; // the body reaches the parent's, in global memory
    // A reference's copy names the same object: what the body writes
    // through it is the referent's (reported below if it may be a local).
    if (U.FirstWrite && !T->isReferenceType()) {
      // The body has its own copy of every outer variable: a write is lost.
      std::string Text =
          E.What + (U.WriteIsAddress ? " may write " : " writes ") + quoted(V) +
          ", a variable of the enclosing function; each iteration has its "
          "own copy (it may run in another process), so the parent never "
          "sees the write";
      Evidence Decl{V->getLocation(),
                    quoted(V) + " is declared here, outside the cilk_for",
                    {}};
      C.Report.report(U.WriteIsAddress ? CheckId::MaybeStackSharing
                                       : CheckId::StackSharing,
                      U.FirstWrite->getExprLoc(), Text,
                      U.FirstWrite->getSourceRange(), Decl);
      continue;
    }
    if (T->isPointerType() || T->isReferenceType() || T->isIntegerType()) {
      Origins O = T->isReferenceType() ? F.varAddress(V) : F.varValue(V);
      report(O, E.What, U.FirstUse->getExprLoc(), U.FirstUse->getSourceRange(),
             T->isReferenceType()
                 ? "uses reference " + quoted(V) + " to"
                 : (O.definitely(Origin::Stack)
                        ? "uses " + quoted(V) + ", the address of"
                        : "uses " + quoted(V)));
    }
    if (T->isPointerType())
      behind(storedBehind(F, V), E.What, U.FirstUse->getExprLoc(),
             U.FirstUse->getSourceRange(),
             "uses " + quoted(V) + ", which points to memory");
    else if (T->isRecordType())
      record(F, U.FirstUse, V, E.What, "uses");
  }
}

void StackSharing::lambda(const TaskLambda &TL) {
  const LambdaExpr *L = TL.Lambda;
  FunctionFacts &F = C.Sites.facts(TL.Parent);
  // The fix-it `[&]` -> `[=]`, when the lambda writes none of what it
  // captures (else it needs the reference, or at least `mutable`).
  bool Writes = false;
  for (const OuterUse &U : outerUses(L->getBody(), nullptr))
    Writes |= U.FirstWrite && !U.WriteIsAddress;
  std::optional<SourceLocation> DefaultFirst;
  Origins DefaultOrigins;
  std::vector<std::string> DefaultOthers;
  for (unsigned I = 0; I < L->capture_size(); I++) {
    const LambdaCapture &Cap = *(L->capture_begin() + I);
    const Expr *Init = *(L->capture_init_begin() + I);
    if (!Cap.capturesVariable())
      continue;
    const auto *V = dyn_cast<VarDecl>(Cap.getCapturedVar());
    if (!V)
      continue;
    SourceLocation At = Cap.getLocation();
    if (Cap.getCaptureKind() == LCK_ByRef) {
      Origins O =
          V->isInitCapture() ? F.addressOrigins(V->getInit()) : F.varAddress(V);
      if (Cap.isImplicit() && L->getCaptureDefault() == LCD_ByRef &&
          O.definitely(Origin::Stack)) {
        // What [&] captures is reported once, at its first capture.
        if (!DefaultFirst) {
          DefaultFirst = At;
          DefaultOrigins = std::move(O);
        } else {
          DefaultOthers.push_back(quoted(V));
        }
        continue;
      }
      report(O, TL.Who, At, {},
             "captures by reference" +
                 std::string(Cap.isImplicit() ? " (with [&])" : ""));
    } else if (V->getType()->isPointerType() || V->getType()->isIntegerType() ||
               (V->isInitCapture() && V->getInit() &&
                V->getInit()->getType()->isPointerType())) {
      Origins O = F.varValue(V);
      report(O, TL.Who, At, {},
             O.definitely(Origin::Stack)
                 ? "captures " + quoted(V) + ", the address of"
                 : "captures " + quoted(V));
      if (V->getType()->isPointerType())
        behind(storedBehind(F, V), TL.Who, At, {},
               "captures " + quoted(V) + ", which points to memory");
    } else if (V->getType()->isRecordType() && !V->isInitCapture() && Init) {
      record(F, Init, V, TL.Who, "captures");
    }
  }
  if (!DefaultFirst)
    return;
  std::vector<FixItHint> Fix;
  if (!Writes)
    Fix.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(L->getCaptureDefaultLoc()), "="));
  std::string Also;
  for (size_t I = 0; I < DefaultOthers.size(); I++)
    Also += (I == 0                          ? ", and also "
             : I + 1 == DefaultOthers.size() ? " and "
                                             : ", ") +
            DefaultOthers[I];
  report(DefaultOrigins, TL.Who, *DefaultFirst, {},
         "captures by reference (with [&])", Fix, Also);
}

void StackSharing::run() {
  for (const TaskEdge &E : C.Sites.Edges) {
    if (!E.Parent.Stmt)
      continue;
    Edge = &E;
    Parent = E.Parent;
    switch (E.K) {
    case TaskEdge::Spawn:
      Instantiation = E.Instantiation;
      Child = E.SpawnCall->getSourceRange();
      spawn(E);
      Instantiation = nullptr;
      break;
    case TaskEdge::CilkForBody:
      Child = cilkForBody(*E.For)->getSourceRange();
      cilkFor(E);
      break;
    case TaskEdge::ApiCall: {
      Child = E.Call->getSourceRange();
      FunctionFacts &F = C.Sites.facts(E.Parent);
      // ito_fork(task, fn, &args, size) copies the args struct: what its
      // fields point to is what the child gets.
      if (const auto *Call = dyn_cast<CallExpr>(E.Call);
          Call && isCallTo(Call, "ito_fork") && Call->getNumArgs() >= 3)
        if (const auto *U = dyn_cast<UnaryOperator>(
                skipNoise(Call->getArg(2)->IgnoreParenImpCasts()));
            U && U->getOpcode() == UO_AddrOf)
          record(F, Call->getArg(2), varOf(U->getSubExpr()), E.What);
      for (const Expr *A : E.Args)
        if (A->getType()->isPointerType() || A->getType()->isRecordType() ||
            A->getType()->isIntegerType())
          pointer(F, A, E.What, A->getExprLoc(), A->getSourceRange(),
                  nameOf(A));
      break;
    }
    }
  }
  for (const TaskLambda &L : C.Sites.Lambdas) {
    Child = L.Lambda->getSourceRange();
    Edge = nullptr;
    Parent = L.Parent;
    lambda(L);
  }
}

void checks::checkStackSharing(CheckContext &C) { StackSharing(C).run(); }
