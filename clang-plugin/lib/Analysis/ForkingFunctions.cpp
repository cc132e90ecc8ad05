//===- ForkingFunctions.cpp - Functions whose callees may fork ------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/ForkingFunctions.h"
#include "ito/Translate/TaskBlocks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ito;

namespace {

bool inSystemHeader(const Decl *D, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

/// A function's calls: the callees it names, and whether it makes a call
/// whose callee cannot be known. Lambda bodies count as the function's own
/// (it may hand the lambda to anything that calls it).
class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  CallFinder(ForkingFunctions::Node &N, const SourceManager &SM)
      : N(N), SM(SM) {}

  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *FD = C->getDirectCallee()) {
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
      // A virtual call may reach any override.
      if (MD && MD->isVirtual() && !MD->hasAttr<FinalAttr>() && MC &&
          !isQualified(MC) && !inSystemHeader(MD, SM))
        N.Forks = true;
      else
        N.Callees.push_back(FD);
      return true;
    }
    const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
    if (const auto *UL = dyn_cast<UnresolvedLookupExpr>(Callee)) {
      // Not resolved yet (in a template): any candidate may be the one.
      for (const NamedDecl *D : UL->decls()) {
        const Decl *Under = D->getUnderlyingDecl();
        if (const auto *FT = dyn_cast<FunctionTemplateDecl>(Under))
          Under = FT->getTemplatedDecl();
        if (const auto *FD = dyn_cast<FunctionDecl>(Under))
          N.Callees.push_back(FD);
        else
          N.Forks = true;
      }
      if (UL->getNumDecls() == 0)
        N.Forks = true;
      return true;
    }
    if (isa<CXXPseudoDestructorExpr>(Callee))
      return true;
    N.Forks = true; // through a pointer, or a member of a dependent type
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    N.Callees.push_back(C->getConstructor());
    return true;
  }
  bool shouldVisitLambdaBody() const { return true; }

private:
  static bool isQualified(const CXXMemberCallExpr *MC) {
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    return ME && ME->hasQualifier();
  }
  ForkingFunctions::Node &N;
  const SourceManager &SM;
};

class DefinitionFinder : public RecursiveASTVisitor<DefinitionFinder> {
public:
  explicit DefinitionFinder(llvm::SmallVectorImpl<const FunctionDecl *> &Out)
      : Out(Out) {}
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody())
      Out.push_back(FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    Out.push_back(L->getCallOperator());
    return true;
  }

private:
  llvm::SmallVectorImpl<const FunctionDecl *> &Out;
};

} // namespace

const FunctionDecl *ForkingFunctions::key(const FunctionDecl *FD) const {
  // An instantiation is its template's pattern.
  while (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
    if (P == FD)
      break;
    else
      FD = P;
  return FD->getCanonicalDecl();
}

ForkingFunctions::ForkingFunctions(ASTContext &Ctx, const TranslationPlan &Plan)
    : Ctx(Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallVector<const FunctionDecl *, 64> Definitions;
  {
    DefinitionFinder Finder(Definitions);
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (!inSystemHeader(D, SM))
        Finder.TraverseDecl(D);
  }
  for (const FunctionDecl *FD : Definitions) {
    Node &N = Nodes[key(FD)];
    N.Definition = FD;
    CallFinder Finder(N, SM);
    Finder.TraverseStmt(FD->getBody());
  }
  for (const auto &F : Plan.Functions)
    if (F->Function)
      Nodes[key(F->Function)].Forks = true;

  // Callers of what may fork may fork: to a fixed point.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (auto &[FD, N] : Nodes)
      if (!N.Forks)
        for (const FunctionDecl *Callee : N.Callees)
          if (mayFork(Callee)) {
            N.Forks = Changed = true;
            break;
          }
  }
}

bool ForkingFunctions::mayFork(const FunctionDecl *FD) const {
  if (!FD)
    return true;
  auto It = Nodes.find(key(FD));
  if (It != Nodes.end())
    return It->second.Forks;
  // No body here: defined elsewhere, unless the compiler provides it.
  const SourceManager &SM = Ctx.getSourceManager();
  return !FD->isImplicit() && !FD->getBuiltinID() && !inSystemHeader(FD, SM);
}

bool ForkingFunctions::mayFork(const CallExpr *Call) const {
  Node N;
  CallFinder(N, Ctx.getSourceManager())
      .VisitCallExpr(const_cast<CallExpr *>(Call));
  if (N.Forks)
    return true;
  for (const FunctionDecl *FD : N.Callees)
    if (mayFork(FD))
      return true;
  return false;
}

llvm::SmallVector<const FunctionDecl *, 16> ForkingFunctions::forking() const {
  llvm::SmallVector<const FunctionDecl *, 16> Out;
  for (const auto &[FD, N] : Nodes)
    if (N.Forks && N.Definition)
      Out.push_back(N.Definition);
  // In source order, so that the output does not depend on pointers.
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(Out, [&](const FunctionDecl *A, const FunctionDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  return Out;
}
