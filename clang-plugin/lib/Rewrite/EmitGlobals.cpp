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

using namespace clang;

void ito::emitSharedGlobals(Edits &E) {
  // One attribute per declaration: the declarators of `int a = 1, b;` share
  // their first location; any initializer puts them all in ito_globals.
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    llvm::DenseMap<unsigned, bool> Initialized;
    llvm::SmallVector<SourceLocation, 16> Order;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    bool VisitVarDecl(VarDecl *VD) {
      if (!isSharedGlobalDefinition(VD, SM))
        return true;
      SourceLocation Begin = VD->getBeginLoc();
      auto [It, New] = Initialized.insert({Begin.getRawEncoding(), false});
      if (New)
        Order.push_back(Begin);
      It->second |= VD->hasInit() && !isa<ImplicitValueInitExpr>(VD->getInit());
      return true;
    }
  } F(E.SM);
  // File and namespace scope, static data members, static locals.
  for (Decl *D : E.Ctx.getTranslationUnitDecl()->decls())
    if (E.SM.isWrittenInMainFile(E.SM.getExpansionLoc(D->getLocation())))
      F.TraverseDecl(D);
  for (SourceLocation Begin : F.Order)
    E.insertBefore(Begin, F.Initialized[Begin.getRawEncoding()]
                              ? "__attribute__((section(\"ito_globals\"))) "
                              : "__attribute__((section(\"ito_zglobals\"))) ");
}
