//===- SharedGlobals.cpp - File-scope data the processes share -----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/SharedGlobals.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

/// Whether \p VD is declared in the main file: in its text, or by a macro
/// that begins with the declaration (`CILK_C_REDUCER_OPADD(sum, long, 0);`),
/// before whose name the section attribute goes.
static bool writtenInMainFile(const VarDecl *VD, const SourceManager &SM) {
  SourceLocation Loc = VD->getBeginLoc();
  while (Loc.isMacroID())
    if (!SM.isAtStartOfImmediateMacroExpansion(Loc, &Loc))
      return false;
  return SM.isWrittenInMainFile(Loc);
}

/// A static local of a function of the main file, if one copy can serve
/// every process: initialized with a constant (a dynamic initialization
/// would run once per process, guarded by each process's own flag), with
/// nothing to destroy, and not in an inline function (whose copy may be
/// another object's).
static bool isSharedStaticLocal(const VarDecl *VD, const SourceManager &SM) {
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!FD || FD->isInlined() || FD->isTemplated() ||
      VD->getTLSKind() != VarDecl::TLS_None || VD->isConstexpr() ||
      VD->getType().isConstQualified() || VD->isTemplated() ||
      VD->hasAttr<SectionAttr>() || VD->isImplicit())
    return false;
  const ASTContext &Ctx = VD->getASTContext();
  if (Ctx.getLangOpts().CPlusPlus &&
      ((VD->hasInit() && !VD->hasConstantInitialization()) ||
       VD->needsDestruction(Ctx) != QualType::DK_none))
    return false;
  return writtenInMainFile(VD, SM);
}

bool ito::isSharedOnceStatic(const VarDecl *VD, const SourceManager &SM) {
  const ASTContext &Ctx = VD->getASTContext();
  if (!Ctx.getLangOpts().CPlusPlus || !VD->isStaticLocal() ||
      isSharedStaticLocal(VD, SM) || VD->getTLSKind() != VarDecl::TLS_None ||
      VD->isConstexpr() || VD->hasAttr<SectionAttr>() || VD->isImplicit() ||
      VD->getType()->isReferenceType() || VD->getType()->isArrayType() ||
      VD->getType()->getContainedDeducedType() ||
      !isa_and_nonnull<FunctionDecl>(VD->getParentFunctionOrMethod()))
    return false;
  // Rewritten as written: one variable, in the file's text.
  if (!VD->getBeginLoc().isFileID() || !VD->getEndLoc().isFileID() ||
      !SM.isWrittenInMainFile(VD->getBeginLoc()))
    return false;
  if (const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl())
    if (RD->isLambda() || !RD->getIdentifier())
      return false;
  // A constant is the same in every process (also in an inline function or
  // a template, whose static locals the shared sections do not take).
  const bool Dependent = VD->getType()->isDependentType() ||
                         (VD->hasInit() && VD->getInit()->isValueDependent());
  return Dependent || !VD->getType().isConstQualified() ||
         (VD->hasInit() && !VD->hasConstantInitialization()) ||
         VD->needsDestruction(Ctx) != QualType::DK_none;
}

bool ito::isSharedGlobalDefinition(const VarDecl *VD, const SourceManager &SM) {
  if (VD->isStaticLocal())
    return isSharedStaticLocal(VD, SM);
  if (!VD->hasGlobalStorage() ||
      VD->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
      VD->getTLSKind() != VarDecl::TLS_None || VD->isConstexpr() ||
      VD->getType().isConstQualified() || VD->hasAttr<SectionAttr>() ||
      VD->isImplicit())
    return false;
  // Templated variables (static data members of class templates, variable
  // templates, their partial specializations) are shared through their
  // pattern, whose section each instantiation inherits; an instantiation
  // has no text of its own to rewrite. Explicit specializations have.
  switch (VD->getTemplateSpecializationKind()) {
  case TSK_Undeclared:
  case TSK_ExplicitSpecialization:
    break;
  default:
    return false;
  }
  if (isa<LinkageSpecDecl>(VD->getDeclContext()))
    return false;
  return writtenInMainFile(VD, SM);
}

bool ito::isSharedGlobal(const VarDecl *VD, const SourceManager &SM) {
  // A C tentative definition (`int n;`) is this file's definition too.
  const VarDecl *Def = VD->getDefinition();
  if (!Def)
    Def = VD->getActingDefinition();
  if (Def && Def->getTemplateSpecializationKind() != TSK_Undeclared &&
      Def->getTemplateSpecializationKind() != TSK_ExplicitSpecialization)
    Def = Def->getTemplateInstantiationPattern();
  return Def &&
         (isSharedGlobalDefinition(Def, SM) || isSharedOnceStatic(Def, SM));
}
