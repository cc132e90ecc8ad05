//===- Reducers.cpp - Reducer types and their operations ------------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/Reducers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace ito;

namespace {

bool isReducerAttributed(const AttributedType *A) {
  return A && A->getAttrKind() == attr::AnnotateType;
}

/// The alias template a type names, if it is an alias specialization.
const TypeAliasTemplateDecl *aliasOf(const TemplateSpecializationType *TST) {
  if (!TST || !TST->isTypeAlias())
    return nullptr;
  return dyn_cast_or_null<TypeAliasTemplateDecl>(
      TST->getTemplateName().getAsTemplateDecl());
}

/// \p TL without the sugar that does not change what it names.
TypeLoc skipSugar(TypeLoc TL) {
  for (;;) {
    if (auto Q = TL.getAs<QualifiedTypeLoc>())
      TL = Q.getUnqualifiedLoc();
    else if (auto P = TL.getAs<ParenTypeLoc>())
      TL = P.getInnerLoc();
    else if (auto E = TL.getAs<ElaboratedTypeLoc>())
      TL = E.getNamedTypeLoc();
    else if (auto M = TL.getAs<MacroQualifiedTypeLoc>())
      TL = M.getInnerLoc();
    else
      return TL;
  }
}

/// The source text of an argument of the attribute, as written inside
/// cilk_reducer( ... ): the operand of the cast the keyword adds.
std::string argumentText(ASTContext &Ctx, const Expr *Arg) {
  // The argument is a constant expression around the keyword's cast.
  const Expr *X = Arg->IgnoreImplicit()->IgnoreParens();
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(X))
    X = Cast->getSubExpr()->IgnoreParenImpCasts();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = X->getSourceRange();
  CharSourceRange Spelled = CharSourceRange::getTokenRange(
      SM.getSpellingLoc(R.getBegin()), SM.getSpellingLoc(R.getEnd()));
  return Lexer::getSourceText(Spelled, SM, Ctx.getLangOpts()).str();
}

/// The reducer attribute at the top of \p TL, if there is one.
const AnnotateTypeAttr *attributeAt(TypeLoc TL) {
  TL = skipSugar(TL);
  if (auto A = TL.getAs<AttributedTypeLoc>())
    if (const auto *Attr = dyn_cast_or_null<AnnotateTypeAttr>(A.getAttr()))
      if (Attr->getAnnotation() == "ito_reducer" &&
          (Attr->args_size() == 2 || Attr->args_size() == 1))
        return Attr;
  return nullptr;
}

/// C: the attribute's two arguments; C++: the two arguments of the call
/// that converts them (<cilk/ito_keywords.h>).
bool fromAttribute(ASTContext &Ctx, const AnnotateTypeAttr *A,
                   ReducerOps &Out) {
  auto Args = A->args_begin();
  const Expr *Identity = Args[0], *Reduce = nullptr;
  if (A->args_size() == 2) {
    Reduce = Args[1];
  } else {
    const auto *Call = dyn_cast<CallExpr>(Args[0]->IgnoreImplicit());
    if (!Call || Call->getNumArgs() != 2)
      return false;
    Identity = Call->getArg(0);
    Reduce = Call->getArg(1);
  }
  Out.Identity = argumentText(Ctx, Identity);
  Out.Reduce = argumentText(Ctx, Reduce);
  return !Out.Identity.empty() && !Out.Reduce.empty();
}

std::string printedArgs(ASTContext &Ctx, const TemplateSpecializationType *T) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressUnwrittenScope = true;
  Policy.FullyQualifiedName = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printTemplateArgumentList(OS, T->template_arguments(), Policy);
  return Out;
}

std::string qualifiedScope(const NamedDecl *D) {
  std::string Out;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (NS->isAnonymousNamespace() || NS->isInline())
        continue;
      Out = NS->getName().str() + "::" + Out;
    } else if (const auto *R = dyn_cast<RecordDecl>(DC)) {
      Out = R->getName().str() + "::" + Out;
    }
  return "::" + Out;
}

/// The operations named by the sugar of \p T (typedefs, aliases), without
/// looking at a declaration.
enum class Found { No, Yes, Direct };
Found fromSugar(ASTContext &Ctx, QualType T, ReducerOps &Out) {
  for (int Steps = 0; Steps < 64 && !T.isNull(); Steps++) {
    if (const auto *TT = T->getAs<TypedefType>();
        TT && T->getTypeClass() == Type::Typedef) {
      if (const TypeSourceInfo *TSI = TT->getDecl()->getTypeSourceInfo())
        if (const AnnotateTypeAttr *A = attributeAt(TSI->getTypeLoc()))
          return fromAttribute(Ctx, A, Out) ? Found::Yes : Found::No;
    }
    if (T->getTypeClass() == Type::TemplateSpecialization) {
      const auto *TST = cast<TemplateSpecializationType>(T.getTypePtr());
      if (const TypeAliasTemplateDecl *Alias = aliasOf(TST))
        if (isReducerAlias(Ctx, Alias)) {
          Out.Companion = qualifiedScope(Alias) +
                          reducerCompanionName(Alias->getName()) +
                          printedArgs(Ctx, TST);
          return Found::Yes;
        }
    }
    if (T->getTypeClass() == Type::Attributed &&
        isReducerAttributed(cast<AttributedType>(T.getTypePtr())))
      return Found::Direct;
    QualType Next = T.getSingleStepDesugaredType(Ctx);
    if (Next == T)
      break;
    T = Next;
  }
  return Found::No;
}

/// Where the type of \p E is written: the declaration it names, through
/// dereferences and subscripts.
TypeLoc writtenTypeOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  auto Declared = [](const DeclaratorDecl *D) -> TypeLoc {
    const TypeSourceInfo *TSI = D ? D->getTypeSourceInfo() : nullptr;
    if (!TSI)
      return TypeLoc();
    TypeLoc TL = skipSugar(TSI->getTypeLoc());
    if (auto R = TL.getAs<ReferenceTypeLoc>())
      TL = R.getPointeeLoc();
    return TL;
  };
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return Declared(dyn_cast<DeclaratorDecl>(DRE->getDecl()));
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return Declared(dyn_cast<DeclaratorDecl>(ME->getMemberDecl()));
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref) {
    TypeLoc TL = skipSugar(writtenTypeOf(UO->getSubExpr()));
    if (auto P = TL.getAs<PointerTypeLoc>())
      return P.getPointeeLoc();
    if (auto A = TL.getAs<ArrayTypeLoc>())
      return A.getElementLoc();
    return TypeLoc();
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    TypeLoc TL = skipSugar(writtenTypeOf(AS->getBase()));
    if (auto A = TL.getAs<ArrayTypeLoc>())
      return A.getElementLoc();
    if (auto P = TL.getAs<PointerTypeLoc>())
      return P.getPointeeLoc();
    return TypeLoc();
  }
  return TypeLoc();
}

} // namespace

bool ito::isReducerType(QualType T) {
  for (int Steps = 0; Steps < 64 && !T.isNull(); Steps++) {
    if (const auto *A = dyn_cast<AttributedType>(T.getTypePtr());
        A && isReducerAttributed(A))
      return true;
    if (const auto *TST = dyn_cast<TemplateSpecializationType>(T.getTypePtr()))
      if (const TypeAliasTemplateDecl *Alias = aliasOf(TST))
        if (const TypeSourceInfo *TSI =
                Alias->getTemplatedDecl()->getTypeSourceInfo())
          if (attributeAt(TSI->getTypeLoc()))
            return true;
    QualType Next = T->getLocallyUnqualifiedSingleStepDesugaredType();
    if (Next.getTypePtr() == T.getTypePtr())
      return false;
    T = Next;
  }
  return false;
}

/// In a template, `cilk::opadd_reducer<T>` is only its canonical type
/// (`type-parameter-0-0`, which no code can spell): the view type is then
/// the alias's pattern, if that is one of its parameters, as the use
/// writes it (`T`).
static QualType dependentAliasView(QualType T) {
  const auto *TST = T->getAs<TemplateSpecializationType>();
  if (!TST || !TST->isTypeAlias() || !T->isDependentType())
    return QualType();
  const auto *TD = dyn_cast_or_null<TypeAliasTemplateDecl>(
      TST->getTemplateName().getAsTemplateDecl());
  if (!TD)
    return QualType();
  QualType Pattern = TD->getTemplatedDecl()->getUnderlyingType();
  while (const auto *A = dyn_cast<AttributedType>(Pattern.getTypePtr()))
    Pattern = A->getModifiedType();
  const auto *P = dyn_cast<TemplateTypeParmType>(Pattern.getTypePtr());
  ArrayRef<TemplateArgument> Args = TST->template_arguments();
  if (!P || P->getIndex() >= Args.size() ||
      Args[P->getIndex()].getKind() != TemplateArgument::Type)
    return QualType();
  return Args[P->getIndex()].getAsType().withFastQualifiers(
      T.getLocalFastQualifiers());
}

QualType ito::viewType(QualType T) {
  if (!T.isNull() && isReducerType(T))
    if (QualType V = dependentAliasView(T); !V.isNull())
      return V;
  while (!T.isNull() && isReducerType(T)) {
    if (const auto *A = dyn_cast<AttributedType>(T.getTypePtr());
        A && isReducerAttributed(A))
      return A->getModifiedType().withFastQualifiers(
          T.getLocalFastQualifiers());
    QualType Next = T->getLocallyUnqualifiedSingleStepDesugaredType();
    if (Next.getTypePtr() == T.getTypePtr())
      break;
    T = Next.withFastQualifiers(T.getLocalFastQualifiers());
  }
  return T;
}

namespace {

/// The operations of a reducer of type \p T, whose type is written at
/// \p Written (a declaration's type, maybe null).
bool opsOf(ASTContext &Ctx, QualType T, TypeLoc Written, ReducerOps &Out,
           std::string &Why) {
  switch (fromSugar(Ctx, T, Out)) {
  case Found::Yes:
    return true;
  case Found::No:
    Why = "its type names no reducer operations";
    return false;
  case Found::Direct:
    break;
  }
  if (!Written.isNull()) {
    if (const AnnotateTypeAttr *A = attributeAt(Written))
      if (fromAttribute(Ctx, A, Out))
        return true;
    // The written type may itself be a typedef or an alias.
    if (fromSugar(Ctx, Written.getType(), Out) == Found::Yes)
      return true;
  }
  Why = "the reducer's type is not written where this names it (give the "
        "reducer type a name with typedef)";
  return false;
}

} // namespace

bool ito::reducerOps(ASTContext &Ctx, const Expr *E, ReducerOps &Out,
                     std::string &Why) {
  return opsOf(Ctx, E->getType(), writtenTypeOf(E), Out, Why);
}

bool ito::reducerOpsThrough(ASTContext &Ctx, const Expr *Pointer,
                            ReducerOps &Out, std::string &Why) {
  TypeLoc Written = skipSugar(writtenTypeOf(Pointer));
  if (auto P = Written.getAs<PointerTypeLoc>())
    Written = P.getPointeeLoc();
  else
    Written = TypeLoc();
  return opsOf(Ctx, Pointer->getType()->getPointeeType(), Written, Out, Why);
}

bool ito::reducerOps(ASTContext &Ctx, const ValueDecl *D, ReducerOps &Out,
                     std::string &Why) {
  const auto *DD = dyn_cast<DeclaratorDecl>(D);
  const TypeSourceInfo *TSI = DD ? DD->getTypeSourceInfo() : nullptr;
  return opsOf(Ctx, D->getType(), TSI ? TSI->getTypeLoc() : TypeLoc(), Out,
               Why);
}

bool ito::isReducerAlias(ASTContext &Ctx, const TypeAliasTemplateDecl *Alias,
                         std::string *Identity, std::string *Reduce) {
  const TypeSourceInfo *TSI = Alias->getTemplatedDecl()->getTypeSourceInfo();
  const AnnotateTypeAttr *A = TSI ? attributeAt(TSI->getTypeLoc()) : nullptr;
  if (!A)
    return false;
  ReducerOps Ops;
  if (!fromAttribute(Ctx, A, Ops))
    return false;
  if (Identity)
    *Identity = Ops.Identity;
  if (Reduce)
    *Reduce = Ops.Reduce;
  return true;
}

std::string ito::reducerCompanionName(StringRef Alias) {
  return "__ito_reducer_" + Alias.str();
}
