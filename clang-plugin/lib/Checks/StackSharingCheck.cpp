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
  /// A struct the child gets a copy of: its pointer fields, and what the
  /// expression building it wraps with std::ref.
  void record(FunctionFacts &F, const Expr *Value, const VarDecl *V,
              StringRef Who);
  void report(const Origins &O, StringRef Who, SourceLocation At,
              SourceRange Range, const std::string &Received,
              ArrayRef<FixItHint> FixIts = {}, const std::string &Also = "");

  CheckContext &C;
  /// The template instantiation being checked, if any.
  const FunctionDecl *Instantiation = nullptr;
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
  if (!O.has(Origin::Stack))
    return;
  // "receives the address of local array 'a'", not "receives 'a', the
  // address of local array 'a'".
  if (const VarDecl *V = varOf(Value); V && V == O.first(Origin::Stack)->Var)
    Name.clear();
  bool Definite = O.definitely(Origin::Stack);
  std::string Received =
      Name.empty()
          ? (Definite ? "receives the address of" : "receives a pointer")
          : (Definite ? "receives " + Name + ", the address of"
                      : "receives " + Name);
  report(O, Who, At, Range, Received);
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
                          StringRef Who) {
  if (V && V->hasLocalStorage() && !isa<ParmVarDecl>(V))
    if (const RecordDecl *RD = V->getType()->getAsRecordDecl())
      for (const FieldDecl *FD : RD->fields()) {
        if (!FD->getType()->isPointerType())
          continue;
        Origins O = F.fieldValue(V, FD);
        bool Definite = O.definitely(Origin::Stack);
        report(O, Who, Value->getExprLoc(), Value->getSourceRange(),
               "receives " + quoted(V) + ", whose field " + quoted(FD) +
                   (Definite ? " holds the address of" : " holds a pointer"));
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
    if (T->isPointerType() || T->isRecordType() || T->isArrayType())
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
    if (U.FirstWrite) {
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
    if (T->isPointerType() || T->isReferenceType()) {
      Origins O = T->isReferenceType() ? F.varAddress(V) : F.varValue(V);
      report(O, E.What, U.FirstUse->getExprLoc(), U.FirstUse->getSourceRange(),
             T->isReferenceType()
                 ? "uses reference " + quoted(V) + " to"
                 : (O.definitely(Origin::Stack)
                        ? "uses " + quoted(V) + ", the address of"
                        : "uses " + quoted(V)));
    }
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
  for (const LambdaCapture &Cap : L->captures()) {
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
    } else if (V->getType()->isPointerType() ||
               (V->isInitCapture() && V->getInit() &&
                V->getInit()->getType()->isPointerType())) {
      Origins O = F.varValue(V);
      report(O, TL.Who, At, {},
             O.definitely(Origin::Stack)
                 ? "captures " + quoted(V) + ", the address of"
                 : "captures " + quoted(V));
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
    switch (E.K) {
    case TaskEdge::Spawn:
      Instantiation = E.Instantiation;
      spawn(E);
      Instantiation = nullptr;
      break;
    case TaskEdge::CilkForBody:
      cilkFor(E);
      break;
    case TaskEdge::ApiCall: {
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
        if (A->getType()->isPointerType() || A->getType()->isRecordType())
          pointer(F, A, E.What, A->getExprLoc(), A->getSourceRange(),
                  nameOf(A));
      break;
    }
    }
  }
  for (const TaskLambda &L : C.Sites.Lambdas)
    lambda(L);
}

void checks::checkStackSharing(CheckContext &C) { StackSharing(C).run(); }
