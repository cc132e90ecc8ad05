//===- SharedGlobals.cpp - File-scope data the processes share -----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/SharedGlobals.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

bool ito::isSharedGlobalDefinition(const VarDecl *VD, const SourceManager &SM) {
  if (!VD->hasGlobalStorage() || VD->isStaticLocal() ||
      VD->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
      VD->getTLSKind() != VarDecl::TLS_None || VD->isConstexpr() ||
      VD->getType().isConstQualified() || VD->isInline() || VD->isTemplated() ||
      VD->hasAttr<SectionAttr>() || VD->isImplicit() ||
      VD->getTemplateSpecializationKind() != TSK_Undeclared)
    return false;
  if (isa<LinkageSpecDecl>(VD->getDeclContext()))
    return false;
  SourceLocation Loc = VD->getBeginLoc();
  return Loc.isFileID() && SM.isWrittenInMainFile(Loc);
}

bool ito::isSharedGlobal(const VarDecl *VD, const SourceManager &SM) {
  // A C tentative definition (`int n;`) is this file's definition too.
  const VarDecl *Def = VD->getDefinition();
  if (!Def)
    Def = VD->getActingDefinition();
  return Def && isSharedGlobalDefinition(Def, SM);
}
