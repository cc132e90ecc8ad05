//===- EmitPromotion.cpp - Stack data moved to global memory -------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Rewrites the locals and alloca calls of a PromotionPlan. In C, a local
//
//   T v[N] = init;
//
// becomes storage in the program's heap, freed when its scope ends, and
// every use of v the dereference of a pointer to it:
//
//   typedef T __ito_t_v[N]; void *__ito_h_v __attribute__((cleanup(
//   ito_unpromote))) = ito_promote(sizeof(__ito_t_v), align); __ito_t_v
//   *const __ito_p_v = (__ito_t_v *)__ito_h_v; __builtin_memcpy(...init...);
//   ... (*__ito_p_v) ...
//
// In C++, v becomes a reference to an object built in the heap with the
// initializer as written, which its holder destroys and frees at the end
// of the scope; the uses stay as they are:
//
//   typedef T __ito_t_v[N]; ::ito::cilk::__promoted<__ito_t_v, align>
//   __ito_h_v; __ito_t_v &v = __ito_h_v.__hold(::new (__ito_h_v.__memory())
//   __ito_t_v init);
//
// A declaration of several variables becomes one declaration each. An
// alloca call allocates in the heap, on a list that a variable at the start
// of the function frees when it returns.
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "ito/Translate/StackPromotion.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace ito;

namespace {

std::string promotedName(const char *Prefix, const VarDecl *V) {
  // (A structured binding's hidden variable: by its first binding.)
  if (const auto *D = dyn_cast<DecompositionDecl>(V))
    if (!D->bindings().empty())
      return std::string(Prefix) + D->bindings().front()->getName().str();
  return std::string(Prefix) + V->getName().str();
}

/// `typedef T Name;` for the type of \p V: a variable-length array's length
/// as written (with the edits made to it: it may use promoted locals).
std::string typedefOf(Edits &E, const VarDecl *V, const std::string &Name) {
  // A parameter of a dependent type (a generic lambda's `auto x`): the
  // type of the renamed parameter.
  if (isa<ParmVarDecl>(V) && V->getType()->isDependentType())
    return "typedef decltype(" + promotedName("__ito_param_", V) + ") " + Name +
           ";";
  if (const auto *VLA =
          E.Ctx.getAsVariableArrayType(V->getType().getCanonicalType()))
    if (const Expr *Size = VLA->getSizeExpr())
      return "typedef " +
             E.declare(VLA->getElementType(),
                       Name + "[" + E.rewrittenText(Size->getSourceRange()) +
                           "]") +
             ";";
  return "typedef " + E.declare(V->getType(), Name) + ";";
}

/// The initializer of \p V as written after its declarator (" = x", "(a)",
/// "{a}"), with the edits made to it; empty if it has none.
std::string initializer(Edits &E, const VarDecl *V) {
  std::optional<CharSourceRange> R = writtenInitializer(V, E.Ctx);
  if (!R || R->isInvalid())
    return "";
  return E.rewrittenText(*R);
}

/// C: \p Typedef (of __ito_t_<v>), then storage for \p V in the heap,
/// freed at the end of its scope, and __ito_p_<v> pointing to it.
std::string storageC(Edits &E, const VarDecl *V, const std::string &Typedef) {
  const std::string T = promotedName("__ito_t_", V),
                    H = promotedName("__ito_h_", V),
                    P = promotedName("__ito_p_", V);
  return Typedef + " void *" + H +
         " __attribute__((cleanup(ito_unpromote))) = ito_promote(sizeof(" + T +
         "), " + std::to_string(E.Ctx.getDeclAlign(V).getQuantity()) + "); " +
         T + " *const " + P + " = (" + T + " *)" + H + ";";
}

/// \p V's declaration in C; \p From: the parameter it is initialized
/// from, if it stands for one.
std::string declarationC(Edits &E, const VarDecl *V,
                         const std::string &From = "") {
  const std::string T = promotedName("__ito_t_", V),
                    P = promotedName("__ito_p_", V);
  std::string Out = storageC(E, V, typedefOf(E, V, T));
  if (!From.empty())
    return Out + " *" + P + " = " + From + ";";
  if (const Expr *Init = V->getInit()) {
    const Expr *Bare = Init->IgnoreImplicit();
    std::string Text = E.rewrittenText(Init->getSourceRange());
    const bool List = isa<InitListExpr>(Bare);
    if (V->getType()->isArrayType())
      Out += " __builtin_memcpy((void *)*" + P + ", (" + T + ")" +
             (List ? Text : "{" + Text + "}") + ", sizeof(" + T + "));";
    else if (List)
      Out += " __builtin_memcpy((void *)" + P + ", &(" + T + ")" + Text +
             ", sizeof(" + T + "));";
    else
      Out += " *" + P + " = " + Text + ";";
  }
  return Out;
}

/// A copy of \p V, which a macro declares, promoted right after the
/// declaration (C): of the type __typeof__ names, an anonymous struct too.
std::string copyC(Edits &E, const VarDecl *V) {
  const std::string Name = V->getNameAsString(),
                    T = promotedName("__ito_t_", V),
                    P = promotedName("__ito_p_", V);
  return " " + storageC(E, V, "typedef __typeof__(" + Name + ") " + T + ";") +
         " __builtin_memcpy((void *)" + P + ", &" + Name + ", sizeof(" + T +
         "));";
}

/// Whether \p V's initializer is a braced list (as a macro may write it).
bool isListInitialization(const VarDecl *V) {
  const Expr *Init = V->getInit();
  if (!Init)
    return false;
  Init = Init->IgnoreImplicit();
  if (const auto *C = dyn_cast<CXXConstructExpr>(Init))
    return C->isListInitialization();
  return isa<InitListExpr>(Init);
}

/// Whether \p E holds a lambda with Cilk code (a std::function's
/// initializer), whose edits are inside \p E.
bool holdsCilkLambda(const Expr *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false, InLambda = false;
    bool TraverseLambdaExpr(LambdaExpr *L) {
      const bool Was = InLambda;
      InLambda = true;
      RecursiveASTVisitor::TraverseLambdaExpr(L);
      InLambda = Was;
      return !Found;
    }
    bool VisitCallExpr(CallExpr *C) {
      // cilk_sync is a call of __ito_cilk_sync, cilk_spawn an __extension__.
      if (const FunctionDecl *FD = C->getDirectCallee())
        Found |= InLambda && FD->getName() == "__ito_cilk_sync";
      return !Found;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      Found |= InLambda && U->getOpcode() == UO_Extension;
      return !Found;
    }
    bool VisitForStmt(ForStmt *F) {
      Found |= InLambda && F->getForLoc().isMacroID();
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

} // namespace

std::string ito::placementInitializer(Edits &E, const VarDecl *V) {
  // `= x` is `(x)`, or `{x}` for an array (a string literal).
  std::string Init = initializer(E, V);
  StringRef Written = StringRef(Init).trim();
  if (Written.consume_front("=")) {
    Written = Written.trim();
    // A braced list, also one a macro writes (`= ATOMIC_FLAG_INIT`).
    if (Written.starts_with("{"))
      return Written.str();
    if (isListInitialization(V))
      return " " + Written.str();
    if (V->getType()->isArrayType())
      return "{" + Written.str() + "}";
    return "(" + Written.str() + ")";
  }
  return Init;
}

std::string ito::promotedDeclarationCxx(Edits &E, const PromotionPlan &Plan,
                                        const VarDecl *V,
                                        const std::string &Value) {
  const std::string T = promotedName("__ito_t_", V),
                    H = promotedName("__ito_h_", V),
                    Name = V->getNameAsString();
  // A value given, as is.
  std::string Init = Value.empty() ? placementInitializer(E, V) : Value;
  std::string Align = V->getType()->isDependentType()
                          ? "alignof(" + T + ")"
                          : std::to_string(E.Ctx.getDeclAlign(V).getQuantity());
  std::string Typedef = typedefOf(E, V, T), Declared = T + " &" + Name;
  // A reference that extends a temporary's life: the temporary, of its
  // own type, is promoted; the reference keeps its type if an lvalue one.
  if (auto It = Plan.Extended.find(V); It != Plan.Extended.end()) {
    Typedef = "typedef " + E.declare(It->second, T) + ";";
    Align = std::to_string(E.Ctx.getTypeAlignInChars(It->second).getQuantity());
    if (V->getType()->isLValueReferenceType())
      Declared = E.declare(V->getType(), Name);
  }
  return Typedef + " ::ito::cilk::__promoted<" + T + ", " + Align + "> " + H +
         "; " + Declared + " = " + H + ".__hold(::new (" + H + ".__memory()) " +
         T + Init + ");";
}

namespace {

std::string declarationCxx(Edits &E, const PromotionPlan &Plan,
                           const VarDecl *V, const std::string &From = "") {
  // A parameter's value moved in.
  return ito::promotedDeclarationCxx(
      E, Plan, V,
      From.empty() ? ""
                   : "(static_cast<" + promotedName("__ito_t_", V) + " &&>(" +
                         From + "))");
}

/// `T v = init;` as a promoted declaration around its initializer, which
/// stays in place; false if the declaration is not of that form. The
/// reference is bound before the object is built in its storage: the
/// lambda may capture the variable itself (`sum = [&] { ... sum(...) ...
/// }`), and a reference captured in its own initializer is bound to
/// nothing.
bool emitAroundInitializer(Edits &E, const PromotionPlan &Plan,
                           const DeclStmt *S, const VarDecl *V) {
  // Up to the `=` (the initializer's own edits, such as a homecoming around
  // a call, begin where it does).
  std::optional<Token> Eq =
      Lexer::findNextToken(E.fileLoc(V->getLocation()), E.SM, E.LangOpts);
  if (!Eq || !Eq->is(tok::equal))
    return false;
  const std::string Marker = "\x01", T = promotedName("__ito_t_", V),
                    H = promotedName("__ito_h_", V);
  std::string Whole =
      ito::promotedDeclarationCxx(E, Plan, V, "(" + Marker + ")");
  const std::string Hold = " = " + H + ".__hold(";
  if (size_t At = Whole.find(Hold); At != std::string::npos)
    Whole.replace(At, Hold.size(),
                  " = *static_cast<" + T + " *>(" + H + ".__memory()); (void)" +
                      H + ".__hold(");
  const size_t At = Whole.find(Marker);
  CharSourceRange Init = E.fileRange(V->getInit()->getSourceRange());
  E.replace(CharSourceRange::getCharRange(E.fileLoc(S->getBeginLoc()),
                                          Eq->getEndLoc()),
            Whole.substr(0, At));
  // (The declaration's own `;` stays.)
  E.insertAfter(
      Init.getEnd(),
      Whole.substr(At + Marker.size(), Whole.size() - At - Marker.size() - 1));
  return true;
}

/// A variable that stays where it was, declared on its own.
std::string declarationAsIs(Edits &E, const VarDecl *V) {
  std::string Out;
  if (V->getStorageClass() == SC_Register)
    Out += "register ";
  return Out + E.declare(V->getType(), V->getNameAsString()) +
         initializer(E, V) + ";";
}

/// C: each compound literal whose address may reach a child is copied
/// into storage in the heap, held by a slot declared at the start of its
/// block (the same object each time the literal is evaluated there):
///
///   (*(__typeof__(T) *)ito_promote_literal(&__ito_cl_N, &(T){...},
///                                          sizeof(T), align))
void emitLiterals(Edits &E, const PromotionPlan &Plan) {
  std::vector<std::pair<const CompoundLiteralExpr *, const CompoundStmt *>>
      Literals(Plan.Literals.begin(), Plan.Literals.end());
  // Inner literals first (they start later): an outer one's text then
  // carries their edits. Numbered in that order, for the same output each
  // time.
  llvm::sort(Literals, [&](const auto &A, const auto &B) {
    return E.SM.isBeforeInTranslationUnit(B.first->getBeginLoc(),
                                          A.first->getBeginLoc());
  });
  unsigned N = 0;
  for (const auto &[L, Block] : Literals) {
    const std::string Slot = "__ito_cl_" + std::to_string(N++),
                      Type = E.declare(L->getType(), ""),
                      Text = E.rewrittenText(L->getSourceRange());
    E.replace(E.fileRange(L->getSourceRange()),
              "(*(__typeof__(" + Type + ") *)ito_promote_literal(&" + Slot +
                  ", &" + Text + ", sizeof(" + Type + "), " +
                  std::to_string(
                      E.Ctx.getTypeAlignInChars(L->getType()).getQuantity()) +
                  "))");
    E.insertAfter(Block->getLBracLoc().getLocWithOffset(1),
                  " void *" + Slot +
                      " __attribute__((cleanup(ito_unpromote))) = 0;");
  }
}

} // namespace

void ito::emitPromotion(Edits &E, const PromotionPlan &Plan) {
  const bool CPlusPlus = E.LangOpts.CPlusPlus;
  // C: uses first, so that the declarations' initializers carry them.
  // A use spelled as a macro's argument is rewritten where it is spelled,
  // once however often the macro expands it.
  if (!CPlusPlus) {
    llvm::DenseSet<unsigned> Done;
    for (const auto &[V, Uses] : Plan.Vars)
      for (const DeclRefExpr *U : Uses) {
        SourceLocation L = E.SM.getSpellingLoc(U->getLocation());
        if (Done.insert(L.getRawEncoding()).second)
          E.replace(CharSourceRange::getTokenRange(L),
                    "(*" + promotedName("__ito_p_", V) + ")");
      }
  }
  emitLiterals(E, Plan);
  // C++: `decltype(v)` keeps naming v's declared type (once where a macro
  // argument spells it; not in a macro's body).
  llvm::DenseSet<unsigned> DecltypesDone;
  for (const auto &[V, Ranges] : Plan.Decltypes) {
    if (Plan.Extended.count(V))
      continue;
    for (SourceRange R : Ranges) {
      SourceLocation Begin = E.SM.getSpellingLoc(R.getBegin()),
                     End = E.SM.getSpellingLoc(R.getEnd());
      if ((R.getBegin().isMacroID() &&
           !E.SM.isMacroArgExpansion(R.getBegin())) ||
          !DecltypesDone.insert(Begin.getRawEncoding()).second)
        continue;
      E.insertBefore(Begin, " ::ito::cilk::__declared_t<");
      E.insertAfter(Lexer::getLocForEndOfToken(End, 0, E.SM, E.LangOpts), ">");
    }
  }
  // C++: `return v;` moves from v, as C++ does from a local (v is a
  // reference to its storage now, which it would copy).
  for (const auto &[V, Refs] : Plan.Returned) {
    if (Plan.Extended.count(V) || Plan.LoopVars.count(V))
      continue;
    const std::string Name = V->getNameAsString();
    for (const DeclRefExpr *Ref : Refs)
      E.replace(CharSourceRange::getTokenRange(Ref->getLocation()),
                "::ito::cilk::__moved(" + Name + ")");
  }
  for (const auto &[Key, Range] : Plan.Temporaries) {
    CharSourceRange R = E.fileRange(Range);
    E.insertBefore(R.getBegin(), "::ito::cilk::__global_temporary(");
    E.insertAfter(R.getEnd(), ").__get()");
  }
  llvm::DenseSet<const FunctionDecl *> WithList;
  for (const auto &[Call, FD] : Plan.Allocas) {
    E.replace(E.fileRange(Call->getSourceRange()),
              "ito_promote_alloca(&__ito_allocas, " +
                  E.exprText(Call->getArg(0)) + ")");
    if (WithList.insert(FD).second) {
      const auto *Body = cast<CompoundStmt>(FD->getBody());
      E.insertAfter(Body->getLBracLoc().getLocWithOffset(1),
                    " void *__ito_allocas "
                    "__attribute__((cleanup(ito_unpromote_allocas))) = 0;");
    }
  }
  // A parameter: renamed, and a local of its name declared first thing.
  for (const auto &[V, FD] : Plan.Params) {
    const std::string From = promotedName("__ito_param_", V);
    E.replace(CharSourceRange::getTokenRange(V->getLocation()), From);
    if (auto It = Plan.InitializerUses.find(V);
        It != Plan.InitializerUses.end())
      for (const DeclRefExpr *Ref : It->second)
        E.replace(CharSourceRange::getTokenRange(Ref->getLocation()), From);
    E.insertAfter(
        cast<CompoundStmt>(FD->getBody())->getLBracLoc().getLocWithOffset(1),
        " " + (CPlusPlus ? declarationCxx(E, Plan, V, From)
                         : declarationC(E, V, From)));
  }
  // Last: their initializers may hold the edits above. Each declaration
  // statement once, in its variables' order.
  llvm::DenseSet<const DeclStmt *> Done;
  for (const auto &[V, S] : Plan.Decls) {
    if (!Done.insert(S).second)
      continue;
    if (Plan.Copied.count(V)) {
      E.insertAfter(E.statementRange(S).getEnd(), copyC(E, V));
      continue;
    }
    // A range-based for's variable: the loop binds a reference, and the
    // variable is declared from it in a block around the body.
    if (const CXXForRangeStmt *For = Plan.RangeVars.lookup(S)) {
      const auto *Var = cast<VarDecl>(*S->decl_begin());
      const std::string Bound = promotedName("__ito_rv_", Var);
      E.replace(
          E.fileRange(SourceRange(Var->getBeginLoc(), Var->getLocation())),
          "auto &&" + Bound);
      E.insertBefore(E.fileLoc(For->getBody()->getBeginLoc()),
                     "{ " +
                         ito::promotedDeclarationCxx(E, Plan, Var,
                                                     "(static_cast<decltype(" +
                                                         Bound + ") &&>(" +
                                                         Bound + "))") +
                         " ");
      E.insertAfter(E.statementRange(For->getBody()).getEnd(), " }");
      continue;
    }
    // Of a type no declaration names: rewritten around its initializer,
    // which stays as written (a lambda's body may hold Cilk code that
    // other edits rewrite).
    if (Plan.Emplaced.count(V)) {
      const std::string H = promotedName("__ito_h_", V);
      const bool Const = V->getType().getNonReferenceType().isConstQualified();
      CharSourceRange Init = E.fileRange(V->getInit()->getSourceRange());
      std::string Name = V->getNameAsString();
      if (const auto *D = dyn_cast<DecompositionDecl>(V)) {
        // Structured bindings, of the promoted object.
        Name = "[";
        for (const BindingDecl *B : D->bindings())
          Name += (Name.size() > 1 ? ", " : "") + B->getName().str();
        Name += "]";
      }
      E.replace(CharSourceRange::getCharRange(E.fileLoc(S->getBeginLoc()),
                                              Init.getBegin()),
                "::ito::cilk::__promoted_any " + H + "; " +
                    (Const ? "const auto &" : "auto &") + Name + " = " + H +
                    ".__emplace(");
      E.insertAfter(Init.getEnd(), ")");
      continue;
    }
    // C++, `T v = init;` where init holds a lambda with Cilk code:
    // rewritten around the initializer, which stays as written (other edits
    // rewrite the lambda's body: a std::function that spawns itself).
    if (CPlusPlus && S->isSingleDecl() && V->getInit() &&
        V->getInitStyle() == VarDecl::CInit && !V->getType()->isArrayType() &&
        !Plan.Extended.count(V) && !Plan.Hoisted.count(S) &&
        holdsCilkLambda(V->getInit()) && emitAroundInitializer(E, Plan, S, V))
      continue;
    std::string Text;
    for (const Decl *D : S->decls()) {
      const auto *Var = cast<VarDecl>(D);
      Text += Text.empty() ? "" : " ";
      Text += !Plan.promoted(Var) ? declarationAsIs(E, Var)
              : CPlusPlus         ? declarationCxx(E, Plan, Var)
                                  : declarationC(E, Var);
    }
    // The first statement of a for, if or switch: declared in a block
    // around the statement.
    if (const Stmt *Head = Plan.Hoisted.lookup(S)) {
      E.replace(E.fileRange(S->getSourceRange()),
                isa<ForStmt>(Head) ? ";" : "");
      E.insertBefore(E.fileLoc(Head->getBeginLoc()), "{ " + Text + " ");
      E.insertAfter(E.statementRange(Head).getEnd(), " }");
      continue;
    }
    E.replace(E.statementRange(S), Text);
  }
  // C: a name that macros of the program use is a macro for the promoted
  // storage, from the declaration to the end of its block.
  for (const auto &[V, BlockEnd] : Plan.NamedByMacro) {
    const std::string Name = V->getNameAsString();
    SourceLocation After = E.statementRange(Plan.Decls.lookup(V)).getEnd();
    E.insertAfter(After, "\n#define " + Name + " (*" +
                             promotedName("__ito_p_", V) + ")\n" +
                             E.lineMarker(After));
    E.insertBefore(BlockEnd,
                   "\n#undef " + Name + "\n" + E.lineMarker(BlockEnd));
  }
}
