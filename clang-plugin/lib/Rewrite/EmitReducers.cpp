//===- EmitReducers.cpp - Reducer uses through the strand's view ----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Every use of a reducer becomes the running strand's view of it:
//
//   C:    (*({ __auto_type __ito_p = &(sum); (__typeof__(*__ito_p) *)
//         ito_abi_view((void *)__ito_p, sizeof *__ito_p, zero, plus); }))
//   C++:  ::ito::cilk::view(sum, zero<long>, plus<long>)
//         ::ito::cilk::view<::cilk::__ito_reducer_opadd_reducer<long>>(sum)
//
// except where the reducer itself is meant: its address (`&sum`, a pointer
// to a reducer), a reference to a reducer bound to it, sizeof. A local
// reducer's scope registers it, so that in a strand that is not the
// leftmost the variable is its own view:
//
//   C:    void *__ito_r_sum __attribute__((cleanup(
//         ito_abi_reducer_unregister))) = ito_abi_reducer_register(...);
//   C++:  ::ito::cilk::reducer_scope __ito_r_sum(sum, ...);
//
// A reducer alias template of the translated source gets its companion,
// the struct whose identity and reduce the C++ uses name.
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "ito/Translate/Reducers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace ito;

namespace {

class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  UseFinder(ASTContext &Ctx, ReducerUses &Out) : Ctx(Ctx), Out(Out) {}

  bool VisitTypeAliasTemplateDecl(TypeAliasTemplateDecl *D) {
    if (inUserCode(D->getLocation()) && isReducerAlias(Ctx, D) &&
        !hasCompanion(D))
      Out.Aliases.push_back(D);
    return true;
  }

  bool VisitDeclStmt(DeclStmt *DS) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
            isReducerType(V->getType()) && inUserCode(V->getLocation()))
          Out.Scopes.push_back({V, DS});
    return true;
  }

  bool VisitMemberExpr(MemberExpr *ME) {
    const Expr *Base = ME->getBase();
    if (ME->isArrow() && Base->getType()->isPointerType() &&
        isReducerType(Base->getType()->getPointeeType()) &&
        inUserCode(ME->getBeginLoc()))
      Out.ArrowBases.push_back(Base);
    return true;
  }

  bool VisitExpr(Expr *X) {
    if (!X->isGLValue() || !isReducerType(X->getType()) ||
        !inUserCode(X->getBeginLoc()))
      return true;
    if (!isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr, CallExpr>(X)) {
      const auto *UO = dyn_cast<UnaryOperator>(X);
      if (!UO || UO->getOpcode() != UO_Deref)
        return true;
    }
    if (!meansTheReducer(X))
      Out.Views.push_back(X);
    return true;
  }

private:
  bool inUserCode(SourceLocation Loc) const {
    const SourceManager &SM = Ctx.getSourceManager();
    return Loc.isValid() && !SM.isInSystemHeader(SM.getFileLoc(Loc));
  }

  bool hasCompanion(const TypeAliasTemplateDecl *D) const {
    IdentifierInfo &Name = Ctx.Idents.get(reducerCompanionName(D->getName()));
    return !D->getDeclContext()->lookup(DeclarationName(&Name)).empty();
  }

  /// Whether \p T is a reference to a reducer.
  static bool isReducerReference(QualType T) {
    const auto *R = T->getAs<ReferenceType>();
    return R && isReducerType(R->getPointeeType());
  }

  /// The node \p X stands in, above parentheses and no-op casts.
  DynTypedNode parentOf(const Expr *X, const Expr *&Child) {
    Child = X;
    for (;;) {
      auto Parents = Ctx.getParents(*Child);
      if (Parents.empty())
        return DynTypedNode();
      const auto *P = Parents[0].get<Expr>();
      if (P && (isa<ParenExpr>(P) ||
                (isa<ImplicitCastExpr>(P) &&
                 cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp))) {
        Child = P;
        continue;
      }
      return Parents[0];
    }
  }

  static bool isReducerPointer(QualType T) {
    const auto *P = T.isNull() ? nullptr : T->getAs<PointerType>();
    return P && isReducerType(P->getPointeeType());
  }

  /// The type the value of \p X goes to, where that is known: a
  /// parameter, a variable, the left side of an assignment, a cast.
  QualType destinationType(const Expr *X) {
    const Expr *Child = nullptr;
    DynTypedNode P = parentOf(X, Child);
    if (const auto *Cast = P.get<CastExpr>())
      return Cast->getType();
    if (const auto *V = P.get<VarDecl>())
      return V->getType();
    if (const auto *BO = P.get<BinaryOperator>())
      return BO->isAssignmentOp() && BO->getRHS() == Child
                 ? BO->getLHS()->getType()
                 : QualType();
    if (const auto *Call = P.get<CallExpr>()) {
      const FunctionProtoType *Proto = protoOf(Call);
      for (unsigned I = 0; I < Call->getNumArgs(); I++)
        if (Call->getArg(I) == Child && Proto && I < Proto->getNumParams())
          return Proto->getParamType(I);
    }
    return QualType();
  }

  static const FunctionProtoType *protoOf(const CallExpr *Call) {
    if (const FunctionDecl *FD = Call->getDirectCallee())
      return FD->getType()->getAs<FunctionProtoType>();
    QualType CT = Call->getCallee()->getType();
    if (CT.isNull())
      return nullptr;
    if (const auto *PT = CT->getAs<PointerType>())
      CT = PT->getPointeeType();
    return CT->getAs<FunctionProtoType>();
  }

  /// Where the reducer itself is meant, not the strand's view.
  bool meansTheReducer(const Expr *X) {
    const Expr *Child = nullptr;
    DynTypedNode P = parentOf(X, Child);
    if (const auto *UO = P.get<UnaryOperator>()) {
      if (UO->getOpcode() != UO_AddrOf)
        return false;
      // &r is the reducer's address where it goes to a pointer to a
      // reducer (or nowhere known); to a pointer to its view type, it is
      // the address of the strand's view.
      QualType To = destinationType(UO);
      return To.isNull() || !To->isPointerType() || isReducerPointer(To);
    }
    if (P.get<UnaryExprOrTypeTraitExpr>())
      return true;
    if (const auto *V = P.get<VarDecl>())
      return isReducerReference(V->getType());
    if (P.get<ReturnStmt>()) {
      for (auto Up = Ctx.getParents(*P.get<ReturnStmt>()); !Up.empty();
           Up = Ctx.getParents(Up[0])) {
        if (const auto *FD = Up[0].get<FunctionDecl>())
          return isReducerReference(FD->getReturnType());
        if (const auto *L = Up[0].get<LambdaExpr>())
          return isReducerReference(L->getCallOperator()->getReturnType());
      }
      return false;
    }
    if (const auto *Call = P.get<CallExpr>()) {
      const FunctionProtoType *Proto = protoOf(Call);
      unsigned Shift =
          isa<CXXOperatorCallExpr>(Call) &&
                  isa_and_nonnull<CXXMethodDecl>(Call->getDirectCallee())
              ? 1
              : 0;
      for (unsigned I = 0; I < Call->getNumArgs(); I++)
        if (Call->getArg(I) == Child && Proto && I >= Shift &&
            I - Shift < Proto->getNumParams())
          return isReducerReference(Proto->getParamType(I - Shift));
      return false;
    }
    if (const auto *Construct = P.get<CXXConstructExpr>()) {
      const CXXConstructorDecl *CD = Construct->getConstructor();
      for (unsigned I = 0; I < Construct->getNumArgs(); I++)
        if (Construct->getArg(I) == Child && CD && I < CD->getNumParams())
          return isReducerReference(CD->getParamDecl(I)->getType());
    }
    return false;
  }

  ASTContext &Ctx;
  ReducerUses &Out;
};

/// The file range of \p X for wrapping: the text of the expression, also
/// when it is a macro's argument; invalid inside a macro's body.
CharSourceRange wrapRange(Edits &E, const Expr *X) {
  SourceLocation B = X->getBeginLoc(), End = X->getEndLoc();
  if (B.isMacroID() || End.isMacroID()) {
    if (!E.SM.isMacroArgExpansion(B) || !E.SM.isMacroArgExpansion(End))
      return CharSourceRange();
    B = E.SM.getSpellingLoc(B);
    End = E.SM.getSpellingLoc(End);
  }
  return CharSourceRange::getTokenRange(B, End);
}

/// `, identity, reduce` after the reducer in a C++ call.
std::string operationsArgs(const ReducerOps &Ops) {
  return ", " + Ops.Identity + ", " + Ops.Reduce;
}

} // namespace

ReducerUses ito::findReducerUses(ASTContext &Ctx) {
  ReducerUses Out;
  UseFinder(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

void ito::emitReducers(Edits &E, const ReducerUses &Uses) {
  const bool CPlusPlus = E.LangOpts.CPlusPlus;
  for (const TypeAliasTemplateDecl *Alias : Uses.Aliases) {
    std::string Identity, Reduce;
    isReducerAlias(E.Ctx, Alias, &Identity, &Reduce);
    const TemplateParameterList *Params = Alias->getTemplateParameters();
    SourceLocation Semi = Lexer::findLocationAfterToken(
        E.SM.getExpansionRange(Alias->getEndLoc()).getEnd(), tok::semi, E.SM,
        E.LangOpts,
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (Semi.isInvalid()) {
      E.error(Alias->getLocation(),
              "cannot find the end of this reducer alias template");
      continue;
    }
    E.insertAfter(
        Semi, " template " +
                  E.text(SourceRange(Params->getLAngleLoc(),
                                     Params->getRAngleLoc())) +
                  " struct " + reducerCompanionName(Alias->getName()) +
                  " { static constexpr void (*identity)(void *) = " + Identity +
                  "; static constexpr void (*reduce)(void *, "
                  "void *) = " +
                  Reduce + "; };");
  }
  // A view where the reducer is used; for `p->n`, the base `p` becomes the
  // address of the strand's view.
  auto EmitView = [&](const Expr *X, bool Through) {
    ReducerOps Ops;
    std::string Why;
    if (!(Through ? reducerOpsThrough(E.Ctx, X, Ops, Why)
                  : reducerOps(E.Ctx, X, Ops, Why))) {
      E.error(X->getExprLoc(), "cannot tell which reducer this is: " + Why);
      return;
    }
    CharSourceRange R = wrapRange(E, X);
    if (R.isInvalid()) {
      E.error(X->getExprLoc(),
              "a reducer used in the body of a macro: its view cannot be "
              "taken there; use it outside the macro or pass it as an "
              "argument");
      return;
    }
    if (!CPlusPlus) {
      // Around the text, which promotion may have replaced already (C moves
      // a cilk_for body by its rewritten text, with what is inserted in it).
      // No macro: a preprocessed source's translation has none.
      E.insertBefore(R.getBegin(), Through ? "({ __auto_type __ito_p = ("
                                           : "(*({ __auto_type __ito_p = &(");
      E.insertAfter(Lexer::getLocForEndOfToken(R.getEnd(), 0, E.SM, E.LangOpts),
                    "); (__typeof__(*__ito_p) *)ito_abi_view((void *)__ito_p, "
                    "sizeof *__ito_p, (ito_reducer_identity_fn)(" +
                        Ops.Identity + "), (ito_reducer_reduce_fn)(" +
                        Ops.Reduce + ")); })" + (Through ? "" : ")"));
      return;
    }
    // C++: one replacement, so that code moved later (a cilk_for body into
    // a lambda) takes the whole of it.
    const std::string Text = E.rewrittenText(R);
    const std::string Reducer = Through ? "*(" + Text + ")" : Text;
    std::string View =
        Ops.Companion.empty()
            ? "::ito::cilk::__view(" + Reducer + operationsArgs(Ops) + ")"
            : "::ito::cilk::__view<" + Ops.Companion + ">(" + Reducer + ")";
    E.replace(R, Through ? "__builtin_addressof(" + View + ")" : View);
  };
  for (const Expr *X : Uses.Views)
    EmitView(X, /*Through=*/false);
  for (const Expr *X : Uses.ArrowBases)
    EmitView(X, /*Through=*/true);
  for (const auto &[V, DS] : Uses.Scopes) {
    ReducerOps Ops;
    std::string Why;
    if (!reducerOps(E.Ctx, V, Ops, Why)) {
      E.error(V->getLocation(), "cannot tell which reducer this is: " + Why);
      continue;
    }
    const std::string Name = V->getNameAsString();
    const std::string Holder = "__ito_r_" + Name;
    std::string Text;
    if (CPlusPlus) {
      Text = " ::ito::cilk::__reducer_scope " + Holder + "(" + Name;
      Text += Ops.Companion.empty() ? operationsArgs(Ops)
                                    : ", " + Ops.Companion + "::identity, " +
                                          Ops.Companion + "::reduce";
      Text += ");";
    } else {
      const std::string Var = E.Promoted && E.Promoted->promoted(V)
                                  ? "(*__ito_p_" + Name + ")"
                                  : Name;
      Text = " void *" + Holder +
             " __attribute__((cleanup(ito_abi_reducer_unregister))) = "
             "ito_abi_reducer_register((void *)&" +
             Var + ", sizeof " + Var + ", (ito_reducer_identity_fn)(" +
             Ops.Identity + "), (ito_reducer_reduce_fn)(" + Ops.Reduce + "));";
    }
    E.insertAfter(E.afterSemi(DS), Text);
  }
}

void ito::removeReducerKeywords(Edits &E) {
  const FileID Main = E.SM.getMainFileID();
  const llvm::StringRef Buffer = E.SM.getBufferData(Main);
  Lexer Raw(E.SM.getLocForStartOfFile(Main), E.LangOpts, Buffer.begin(),
            Buffer.begin(), Buffer.end());
  Token Tok;
  while (!Raw.LexFromRawLexer(Tok)) {
    if (!Tok.is(tok::raw_identifier) ||
        Tok.getRawIdentifier() != "_Hyperobject")
      continue;
    const SourceLocation Begin = Tok.getLocation();
    if (Raw.LexFromRawLexer(Tok) || !Tok.is(tok::l_paren))
      continue;
    int Depth = 1;
    while (Depth > 0 && !Raw.LexFromRawLexer(Tok))
      Depth += Tok.is(tok::l_paren) ? 1 : Tok.is(tok::r_paren) ? -1 : 0;
    if (Depth == 0)
      E.replace(CharSourceRange::getCharRange(Begin, Tok.getEndLoc()), "");
  }
}
