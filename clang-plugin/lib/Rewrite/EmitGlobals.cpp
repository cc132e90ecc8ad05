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
// covers every declarator of it. A declaration of scalars only (numbers,
// pointers, enums) goes into ito_gscalars or ito_zscalars instead, each
// variable 16 bytes aligned, so that libito can write each one back whole.
// Static locals that a constant initializes go there too, and so do templated
// variables: their instantiations inherit the attribute. A C++ static local
// that a dynamic initializer sets becomes a reference to one object for the
// job, built once in storage there:
//
//   __attribute__((section("ito_zglobals"))) static
//   ::ito::cilk::__shared_static<T> __ito_ss_v; static T &v =
//   __ito_ss_v.__get([&](void *__ito_m) { ::new (__ito_m) T init; });
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "ito/Translate/SharedGlobals.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

bool ito::emitSharedGlobals(Edits &E) {
  // One attribute per declaration: the declarators of `int a = 1, b;` share
  // their first location; any initializer puts them all in ito_globals.
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    llvm::DenseMap<unsigned, bool> Initialized, Scalars;
    llvm::SmallVector<SourceLocation, 16> Order;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    bool VisitVarDecl(VarDecl *VD) {
      if (!isSharedGlobalDefinition(VD, SM))
        return true;
      // (After a template head: template <class T> T X<T>::v;)
      SourceLocation Begin = VD->getInnerLocStart();
      auto [It, New] = Initialized.insert({Begin.getRawEncoding(), false});
      if (New)
        Order.push_back(Begin);
      It->second |= VD->hasInit() && !isa<ImplicitValueInitExpr>(VD->getInit());
      auto [S, NewS] = Scalars.insert({Begin.getRawEncoding(), true});
      S->second &= isScalar(VD);
      Templated |= VD->isTemplated();
      // Clang merges an explicit specialization of a static data member
      // before it sees its initializer, takes it for a declaration and
      // warns that the section comes late (-Wsection); it does not.
      if (VD->isStaticDataMember() &&
          VD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
        Quiet.push_back({Begin, VD->getLocation()});
      return true;
    }
    /// A variable whose bytes are one value that a store writes at once.
    bool isScalar(const VarDecl *VD) const {
      QualType T = VD->getType();
      if (VD->isTemplated() || T->isDependentType() ||
          !(T->isScalarType() || T->isAnyComplexType()) ||
          T->isMemberPointerType())
        return false;
      const uint64_t Size = VD->getASTContext().getTypeSize(T) / 8;
      return Size > 1 && Size <= 16;
    }
    bool VisitDeclStmt(DeclStmt *S) {
      if (S->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(S->getSingleDecl()))
          if (isSharedOnceStatic(VD, SM))
            Once.push_back({VD, S});
      return true;
    }
    std::vector<std::pair<const VarDecl *, const DeclStmt *>> Once;
    bool Templated = false;
    std::vector<std::pair<SourceLocation, SourceLocation>> Quiet;
  } F(E.SM);
  // File and namespace scope, static data members, static locals.
  for (Decl *D : E.Ctx.getTranslationUnitDecl()->decls())
    if (E.SM.isWrittenInMainFile(E.SM.getExpansionLoc(D->getLocation())))
      F.TraverseDecl(D);
  for (const auto &[VD, S] : F.Once) {
    const std::string Name = VD->getNameAsString(), T = "__ito_t_" + Name,
                      Storage = "__ito_ss_" + Name;
    E.replace(E.statementRange(S),
              "typedef " + E.declare(VD->getType(), T) +
                  "; __attribute__((section(\"ito_zglobals\"))) static "
                  "::ito::cilk::__shared_static<" +
                  T + "> " + Storage + "; static " + T + " &" + Name + " = " +
                  Storage + ".__get([&](void *__ito_m) { ::new (__ito_m) " + T +
                  placementInitializer(E, VD) + "; });");
  }
  for (const auto &[Begin, Name] : F.Quiet) {
    E.insertBefore(Begin,
                   "_Pragma(\"clang diagnostic push\") "
                   "_Pragma(\"clang diagnostic ignored \\\"-Wsection\\\"\") ");
    E.insertAfter(
        Lexer::getLocForEndOfToken(Name, 0, E.SM, E.Ctx.getLangOpts()),
        " _Pragma(\"clang diagnostic pop\")");
  }
  for (SourceLocation Begin : F.Order) {
    const bool Initialized = F.Initialized[Begin.getRawEncoding()];
    if (F.Scalars[Begin.getRawEncoding()])
      E.insertBefore(Begin, Initialized ? "__attribute__((section("
                                          "\"ito_gscalars\"), aligned(16))) "
                                        : "__attribute__((section("
                                          "\"ito_zscalars\"), aligned(16))) ");
    else
      E.insertBefore(
          Begin, Initialized ? "__attribute__((section(\"ito_globals\"))) "
                             : "__attribute__((section(\"ito_zglobals\"))) ");
  }
  // Both want the prologue: the once-statics its interface, the templated
  // definitions its section anchors (ito/cilk_abi.hpp).
  return !F.Once.empty() || F.Templated;
}
