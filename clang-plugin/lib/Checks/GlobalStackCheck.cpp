//===- GlobalStackCheck.cpp - A parent's stack reached through globals ----===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A task that stores an address in its own stack into a file-scope or
// static variable hands that address to every child that reads the
// variable, and a child may run in another process, where the parent's
// stack is not (-Wito-stack-sharing). Reported at the store when a child of
// the function, or of a function of this file that it calls, reads the
// variable (the read is in a note), and as -Wito-maybe-stack-sharing when
// only a pointer that may point there is stored or a child's code is not in
// this file.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

namespace {

/// One body's references to a variable and the functions of this file it
/// calls.
class CodeWalk : public RecursiveASTVisitor<CodeWalk> {
public:
  CodeWalk(const SourceManager &SM, const VarDecl *V) : SM(SM), V(V) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (V && !Read && D->getDecl()->getCanonicalDecl() == V)
      Read = D;
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Def = nullptr;
    if (const FunctionDecl *FD = C->getDirectCallee();
        FD && FD->getBody(Def) && Def &&
        !SM.isInSystemHeader(Def->getLocation()))
      Callees.push_back(Def->getBody());
    return true;
  }

  const DeclRefExpr *Read = nullptr;
  std::vector<const Stmt *> Callees;

private:
  const SourceManager &SM;
  const VarDecl *V;
};

/// Walks \p Code and what it calls in this file, once each (\p Seen): the
/// first reference to \p V (if any) found there.
const DeclRefExpr *walk(const SourceManager &SM, const Stmt *Code,
                        const VarDecl *V,
                        llvm::SmallPtrSetImpl<const Stmt *> &Seen) {
  std::vector<const Stmt *> Work{Code};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S || !Seen.insert(S).second)
      continue;
    CodeWalk W(SM, V);
    W.TraverseStmt(const_cast<Stmt *>(S));
    if (W.Read)
      return W.Read;
    Work.insert(Work.end(), W.Callees.begin(), W.Callees.end());
  }
  return nullptr;
}

/// The code a child runs, or null if it is not in this file.
std::vector<const Stmt *> childCode(const TaskEdge &E) {
  auto Def = [](const FunctionDecl *FD) -> const Stmt * {
    const FunctionDecl *D = nullptr;
    return FD && FD->getBody(D) && D ? D->getBody() : nullptr;
  };
  switch (E.K) {
  case TaskEdge::Spawn:
    return {Def(E.SpawnCall->getDirectCallee())};
  case TaskEdge::CilkForBody:
    return {cilkForBody(*E.For)};
  case TaskEdge::ApiCall:
    break;
  }
  std::vector<const Stmt *> Code;
  for (const Expr *A : E.Args) {
    if (const LambdaExpr *L = lambdaOf(A))
      Code.push_back(L->getBody());
    else if (const auto *D =
                 dyn_cast<DeclRefExpr>(skipNoise(A)->IgnoreImpCasts()))
      if (const auto *FD = dyn_cast<FunctionDecl>(D->getDecl()))
        Code.push_back(Def(FD));
  }
  if (Code.empty())
    Code.push_back(nullptr);
  return Code;
}

std::string kindOf(const VarDecl *V) {
  return V->isStaticLocal()        ? "static local variable "
         : V->isStaticDataMember() ? "static data member "
                                   : "file-scope variable ";
}

} // namespace

void checks::checkGlobalStack(CheckContext &C) {
  const SourceManager &SM = C.Ctx.getSourceManager();
  for (const auto &[B, Points] : C.Sites.Points) {
    FunctionFacts &F = C.Sites.facts(B);
    llvm::SmallPtrSet<const Stmt *, 16> Runs;
    for (const FunctionFacts::Store &S : F.stores()) {
      if (!S.Var)
        continue;
      Origins O = F.pointerOrigins(S.Value);
      const Origin *Stack = O.first(Origin::Stack);
      if (!Stack)
        continue;
      // The children of this body and of what it calls in this file.
      if (Runs.empty())
        walk(SM, B.Stmt, nullptr, Runs);
      const DeclRefExpr *Read = nullptr;
      const TaskEdge *Reader = nullptr, *Unknown = nullptr;
      llvm::SmallPtrSet<const Stmt *, 16> Seen;
      for (const TaskEdge &E : C.Sites.Edges) {
        if (Read || !Runs.count(E.Parent.Stmt))
          continue;
        // A child joined before the store is made does not see it.
        if (!C.Sites.mayBeSeenBy(B, S.At, &E))
          continue;
        for (const Stmt *Code : childCode(E)) {
          if (!Code) {
            Unknown = Unknown ? Unknown : &E;
          } else if ((Read = walk(SM, Code, S.Var->getCanonicalDecl(), Seen))) {
            Reader = &E;
            break;
          }
        }
      }
      if (!Reader && !Unknown)
        continue;
      const TaskEdge &E = Reader ? *Reader : *Unknown;
      bool Definite = Reader && O.definitely(Origin::Stack);
      std::vector<Evidence> Notes = Stack->Chain;
      if (Reader)
        Notes.push_back({Read->getLocation(),
                         quoted(S.Var) + " is read here, in the " + E.What,
                         {}});
      Notes.push_back({E.Loc,
                       Reader ? "the " + E.What + " starts here"
                              : "the " + E.What +
                                    " starts here; its code is not in this "
                                    "file",
                       {}});
      C.Report.report(
          Definite ? CheckId::StackSharing : CheckId::MaybeStackSharing, S.Loc,
          kindOf(S.Var) + quoted(S.Var) + " gets " +
              (O.definitely(Origin::Stack) ? "the address of "
                                           : "a pointer that may point to ") +
              Stack->What + ", which a " + E.What +
              (Reader ? " reads" : " may read") +
              "; a task may run in another process and cannot reach its "
              "parent's stack",
          S.Value->getSourceRange(), Notes);
    }
  }
}
