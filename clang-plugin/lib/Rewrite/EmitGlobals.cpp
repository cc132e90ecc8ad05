//===- EmitGlobals.cpp - File-scope data of a Cilk program, shared -------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// The variables a Cilk source defines at file or namespace scope
// (isSharedGlobalDefinition) go into the sections that libito shares
// between the program's processes: ito_globals when the declaration has an
// initializer, ito_zglobals (no file space) when none of its declarators
// has one. The attribute goes before the declaration's specifiers, so it
// covers every declarator of it. Static locals that a constant initializes
// go there too.
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "ito/Translate/SharedGlobals.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>

using namespace clang;

void ito::emitSharedGlobals(Edits &E) {
  // One attribute per declaration: the declarators of `int a = 1, b;` share
  // their first location; any initializer puts them all in ito_globals.
  llvm::DenseMap<unsigned, bool> Initialized;
  llvm::SmallVector<SourceLocation, 16> Order;
  for (const Decl *D : E.Ctx.getTranslationUnitDecl()->decls()) {
    llvm::SmallVector<const Decl *, 8> Work{D};
    while (!Work.empty()) {
      const Decl *Cur = Work.pop_back_val();
      if (const auto *NS = dyn_cast<NamespaceDecl>(Cur)) {
        for (const Decl *In : NS->decls())
          Work.push_back(In);
        continue;
      }
      const auto *VD = dyn_cast<VarDecl>(Cur);
      if (!VD || !isSharedGlobalDefinition(VD, E.SM))
        continue;
      SourceLocation Begin = VD->getBeginLoc();
      auto [It, New] = Initialized.insert({Begin.getRawEncoding(), false});
      if (New)
        Order.push_back(Begin);
      It->second |= VD->hasInit() && !isa<ImplicitValueInitExpr>(VD->getInit());
    }
  }
  // The static locals of the functions.
  struct StaticLocals : RecursiveASTVisitor<StaticLocals> {
    std::function<void(const VarDecl *)> Found;
    bool VisitVarDecl(VarDecl *VD) {
      if (VD->isStaticLocal())
        Found(VD);
      return true;
    }
  } Locals;
  Locals.Found = [&](const VarDecl *VD) {
    if (!isSharedGlobalDefinition(VD, E.SM))
      return;
    SourceLocation Begin = VD->getBeginLoc();
    auto [It, New] = Initialized.insert({Begin.getRawEncoding(), false});
    if (New)
      Order.push_back(Begin);
    It->second |= VD->hasInit() && !isa<ImplicitValueInitExpr>(VD->getInit());
  };
  for (Decl *D : E.Ctx.getTranslationUnitDecl()->decls())
    if (E.SM.isWrittenInMainFile(E.SM.getExpansionLoc(D->getLocation())))
      Locals.TraverseDecl(D);
  for (SourceLocation Begin : Order)
    E.insertBefore(Begin, Initialized[Begin.getRawEncoding()]
                              ? "__attribute__((section(\"ito_globals\"))) "
                              : "__attribute__((section(\"ito_zglobals\"))) ");
}
