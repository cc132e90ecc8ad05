//===- RewriteUtils.cpp - Source text and edits for the emitters ----------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "RewriteUtils.h"
#include "ito/Translate/Reducers.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace ito;

Edits::Edits(ASTContext &Ctx)
    : Ctx(Ctx), SM(Ctx.getSourceManager()), LangOpts(Ctx.getLangOpts()),
      R(Ctx.getSourceManager(), Ctx.getLangOpts()) {}

CharSourceRange Edits::fileRange(SourceRange Range) const {
  CharSourceRange CR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Range), SM, LangOpts);
  if (CR.isValid())
    return CR;
  // A range that starts in one macro expansion and ends in another: take the
  // expansions' file locations.
  SourceLocation B = SM.getExpansionRange(Range.getBegin()).getBegin();
  SourceLocation E = SM.getExpansionRange(Range.getEnd()).getEnd();
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(B, E), SM,
                                  LangOpts);
}

std::string Edits::text(SourceRange Range) const {
  return Lexer::getSourceText(fileRange(Range), SM, LangOpts).str();
}

/// The lines of \p Original, after its first, that are conditional
/// directives (#if, #ifdef, #ifndef, #elif, #else, #endif, with their
/// continuation lines), each at its index in \p Original; other lines empty.
/// Empty if there is none.
static std::vector<std::string> conditionalLines(StringRef Original) {
  llvm::SmallVector<StringRef, 16> Lines;
  Original.split(Lines, '\n');
  std::vector<std::string> Out(Lines.size());
  bool Any = false, Continued = false;
  for (size_t I = 1; I < Lines.size(); I++) {
    StringRef Line = Lines[I].rtrim('\r');
    StringRef T = Line.ltrim(" \t");
    bool Take = Continued;
    if (!Take && T.starts_with("#")) {
      StringRef D = T.drop_front().ltrim(" \t");
      Take = D.starts_with("if") || D.starts_with("el") ||
             D.starts_with("endif");
    }
    if (Take)
      Out[I] = Line.str();
    Any |= Take;
    Continued = Take && Line.ends_with("\\");
  }
  if (!Any)
    Out.clear();
  return Out;
}

void Edits::replace(CharSourceRange Range, StringRef Text) {
  StringRef Original = Lexer::getSourceText(Range, SM, LangOpts);
  std::string WithLines = Text.str();
  size_t Have = Text.count('\n'), Need = Original.count('\n');
  // Conditional directives inside the range (a cilk_for's body between
  // #ifdef and #else, a `#if PAR cilk_for ... #else for ... #endif` header)
  // stay where they were, so that the file's conditionals still pair up;
  // what they enclosed is in Text as far as it was compiled.
  std::vector<std::string> Directives = conditionalLines(Original);
  bool Kept = false;
  for (size_t I = 1; I < Directives.size(); I++) {
    if (!Directives[I].empty() && Text.contains(Directives[I]))
      Directives[I].clear(); // (Text has it: an argument's text)
    Kept |= !Directives[I].empty();
  }
  if (Kept) {
    for (size_t I = 1; I < Directives.size(); I++)
      WithLines += "\n" + Directives[I];
    Have += Directives.size() - 1;
  }
  if (Need > Have)
    WithLines.append(Need - Have, '\n');
  // What another edit inserted at its end stays (a brace that closes a
  // block around the statement this replaces, inserted first).
  Rewriter::RewriteOptions Keep;
  Keep.IncludeInsertsAtEndOfRange = false;
  const int Size = R.getRangeSize(Range, Keep);
  noteEdit(Range.getBegin(),
           Size < 0 ? Range.getEnd() : Range.getBegin().getLocWithOffset(Size));
  if (Size < 0)
    R.ReplaceText(Range, WithLines);
  else
    R.ReplaceText(Range.getBegin(), Size, WithLines);
}

std::string Edits::textBetween(SourceLocation Begin, SourceLocation End) const {
  return Lexer::getSourceText(
             CharSourceRange::getCharRange(fileLoc(Begin), fileLoc(End)), SM,
             LangOpts)
      .str();
}

/// The statement that ends \p S in the source: `if (c) x = 1;` ends with
/// `x = 1;`, whose ';' is not in the if statement's range.
static const Stmt *lastSubstatement(const Stmt *S) {
  while (true) {
    if (const auto *If = dyn_cast<IfStmt>(S))
      S = If->getElse() ? If->getElse() : If->getThen();
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      S = W->getBody();
    else if (const auto *F = dyn_cast<ForStmt>(S))
      S = F->getBody();
    else if (const auto *RF = dyn_cast<CXXForRangeStmt>(S))
      S = RF->getBody();
    else if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      S = Sw->getBody();
    else if (const auto *L = dyn_cast<LabelStmt>(S))
      S = L->getSubStmt();
    else if (const auto *SC = dyn_cast<SwitchCase>(S))
      S = SC->getSubStmt();
    else if (const auto *A = dyn_cast<AttributedStmt>(S))
      S = A->getSubStmt();
    else
      return S;
  }
}

CharSourceRange Edits::statementRange(const Stmt *S) const {
  CharSourceRange R = fileRange(S->getSourceRange());
  const Stmt *Last = lastSubstatement(S);
  if (isa<Expr>(Last) || isa<ReturnStmt>(Last) || isa<BreakStmt>(Last) ||
      isa<ContinueStmt>(Last) || isa<GotoStmt>(Last) || isa<DoStmt>(Last))
    return CharSourceRange::getCharRange(R.getBegin(), afterSemi(Last));
  return R;
}

std::string Edits::exprText(const Expr *X) {
  CharSourceRange CR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(X->getSourceRange()), SM, LangOpts);
  if (CR.isValid())
    return rewrittenText(CR);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  PrintingPolicy Policy(LangOpts);
  X->printPretty(OS, nullptr, Policy);
  return Out;
}

std::string Edits::rewrittenText(SourceRange Range) {
  return rewrittenText(fileRange(Range));
}

std::string Edits::rewrittenText(CharSourceRange Range) {
  if (Range.isValid() && Range.getBegin().isFileID() &&
      Range.getEnd().isFileID()) {
    auto [BeginFile, Begin] = SM.getDecomposedLoc(Range.getBegin());
    auto [EndFile, End] = SM.getDecomposedLoc(Range.getEnd());
    if (Range.isTokenRange())
      End += Lexer::MeasureTokenLength(Range.getEnd(), SM, LangOpts);
    if (BeginFile == EndFile && Begin <= End && !edited(BeginFile, Begin, End))
      return Lexer::getSourceText(Range, SM, LangOpts).str();
  }
  return R.getRewrittenText(Range);
}

void Edits::noteEdit(SourceLocation Begin, SourceLocation End) {
  if (Begin.isInvalid() || End.isInvalid())
    return;
  auto [File, B] = SM.getDecomposedLoc(SM.getFileLoc(Begin));
  auto [EndFile, E] = SM.getDecomposedLoc(SM.getFileLoc(End));
  if (EndFile != File || E < B)
    E = ~0u; // (never expected: then all of the file after Begin)
  std::map<unsigned, unsigned> &Ranges = EditedRanges[File];
  // Merge with the ranges [B, E] overlaps or touches.
  auto I = Ranges.upper_bound(B);
  if (I != Ranges.begin() && std::prev(I)->second + 1ull >= B)
    --I;
  while (I != Ranges.end() && I->first <= E + 1ull) {
    B = std::min(B, I->first);
    E = std::max(E, I->second);
    I = Ranges.erase(I);
  }
  Ranges.emplace(B, E);
}

bool Edits::edited(FileID F, unsigned Begin, unsigned End) const {
  auto It = EditedRanges.find(F);
  if (It == EditedRanges.end())
    return false;
  // The last range that starts at or before End reaches Begin, or none does.
  auto I = It->second.upper_bound(End);
  return I != It->second.begin() && std::prev(I)->second >= Begin;
}

SourceLocation Edits::afterSemi(const Stmt *S) const {
  SourceLocation End = fileRange(S->getSourceRange()).getEnd();
  // End is one past the last token; a ';' may follow (after spaces).
  Token Tok;
  SourceLocation Loc = End;
  if (!Lexer::getRawToken(Loc, Tok, SM, LangOpts, /*IgnoreWhiteSpace=*/true) &&
      Tok.is(tok::semi))
    return Tok.getEndLoc();
  return End;
}

std::pair<std::string, unsigned> Edits::place(SourceLocation Loc) const {
  PresumedLoc P = SM.getPresumedLoc(fileLoc(Loc));
  if (P.isInvalid())
    return {"", 0};
  StringRef Name = P.getFilename();
  // The main file as the user named it, unless a line marker (of a
  // preprocessed file) names another.
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!MainFileName.empty() && Main && Name == Main->getName())
    Name = MainFileName;
  return {Name.str(), P.getLine()};
}

std::string Edits::quotedPlace(SourceLocation Loc) const {
  auto [Name, Line] = place(Loc);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << '"';
  OS.write_escaped(Name);
  OS << ':' << Line << '"';
  return Out;
}

std::string Edits::lineMarker(SourceLocation Loc) const {
  auto [Name, Line] = place(Loc);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "#line " << Line << " \"";
  for (char C : Name) {
    if (C == '"' || C == '\\')
      OS << '\\';
    OS << C;
  }
  OS << "\"\n";
  return Out;
}

SourceLocation Edits::lineStart(SourceLocation Loc) const {
  Loc = fileLoc(Loc);
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(Loc);
  unsigned Col = SM.getColumnNumber(D.first, D.second);
  return Loc.getLocWithOffset(-static_cast<int>(Col - 1));
}

std::string Edits::declare(QualType T, StringRef Name) const {
  PrintingPolicy Policy(LangOpts);
  Policy.SuppressTagKeyword = false;
  Policy.SuppressUnwrittenScope = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  // Fully qualified: the emitted code may stand outside the user's
  // namespaces (and a C++ spawn's state is declared where a using-directive
  // may not reach).
  // A reducer's storage is of its view type (the attribute means nothing
  // in the emitted code).
  if (isReducerType(T))
    T = viewType(T);
  // `auto v = f();`: the type deduced (qualifying the auto type itself
  // would name its namespace twice, std::std::vector; `auto copy = other`
  // deduces auto as auto). `decltype(a + b)` or `__typeof__(x)` (a
  // callee's return type, a generic lambda's `decltype(lo)`): the type
  // itself, as the names it uses mean nothing where the emitted code
  // declares it.
  for (;;) {
    QualType Under;
    if (const auto *D = dyn_cast<DecltypeType>(T.getTypePtr()))
      Under = D->isSugared() ? D->getUnderlyingType() : QualType();
    else if (const auto *O = dyn_cast<TypeOfExprType>(T.getTypePtr()))
      Under = O->isSugared() ? O->getUnderlyingExpr()->getType() : QualType();
    else if (const auto *A = dyn_cast<AutoType>(T.getTypePtr()))
      Under = A->isDeduced() ? A->getDeducedType() : QualType();
    if (Under.isNull())
      break;
    T = Ctx.getQualifiedType(Under.getTypePtr(),
                             T.getLocalQualifiers() +
                                 Under.getLocalQualifiers());
  }
  if (LangOpts.CPlusPlus && !T->isDependentType()) {
    T = TypeName::getFullyQualifiedType(T, Ctx, /*WithGlobalNsPrefix=*/false);
    // A typedef (`Box::value_type`, `Box::value_type *`) takes no `struct`
    // before its class, which only a tag type itself may need (`struct
    // stat`).
    const Type *Named = T.getTypePtr();
    while (!isa<TypedefType, UsingType, ElaboratedType>(Named) &&
           (Named->isPointerType() || Named->isReferenceType() ||
            Named->isArrayType()))
      Named = Named->isArrayType() ? Named->getArrayElementTypeNoTypeQual()
                                   : Named->getPointeeType().getTypePtr();
    if (const auto *El = dyn_cast<ElaboratedType>(Named))
      Named = El->getNamedType().getTypePtr();
    if (isa<TypedefType, UsingType>(Named))
      Policy.SuppressTagKeyword = true;
  }
  T.print(OS, Policy, Name);
  // Deeper inside (`std::vector<decltype(x)>`): the canonical type.
  if (!T->isDependentType() && (StringRef(Out).contains("decltype(") ||
                                StringRef(Out).contains("typeof("))) {
    Out.clear();
    T.getCanonicalType().print(OS, Policy, Name);
  }
  return Out;
}

void Edits::error(SourceLocation Loc, StringRef Message) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  Diags.Report(Loc, Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
      << Message;
  Failed = true;
}

namespace {
/// Whether a statement uses __func__ and the like (outside lambdas, which
/// have their own).
class FunctionNameFinder : public RecursiveASTVisitor<FunctionNameFinder> {
public:
  bool Found = false;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitPredefinedExpr(PredefinedExpr *) {
    Found = true;
    return false;
  }
};

bool usesFunctionName(const Stmt *Body) {
  FunctionNameFinder F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}
} // namespace

std::string ito::functionNameDefines(const FunctionDecl *FD, const Stmt *Body) {
  if (!FD || !usesFunctionName(Body))
    return "";
  auto Quote = [](StringRef Text) {
    std::string Out = "\"";
    for (char C : Text) {
      if (C == '"' || C == '\\')
        Out += '\\';
      Out += C;
    }
    return Out + "\"";
  };
  std::string Name =
      Quote(PredefinedExpr::ComputeName(PredefinedIdentKind::Func, FD));
  std::string D =
      "#define __func__ " + Name + "\n#define __FUNCTION__ " + Name + "\n";
  // A template's pretty name depends on its instantiation: left alone.
  if (!FD->isDependentContext())
    D += "#define __PRETTY_FUNCTION__ " +
         Quote(PredefinedExpr::ComputeName(PredefinedIdentKind::PrettyFunction,
                                           FD)) +
         "\n";
  return D;
}

const MemberExpr *ito::bitFieldReceiver(const SpawnSite &S) {
  if (S.Form != SpawnForm::Assign || !S.Receiver)
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(S.Receiver->IgnoreParens());
  const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  return FD && FD->isBitField() ? ME : nullptr;
}

void ito::dropRegister(Edits &E, const SpawnSite &S) {
  // (An initializer's declaration is rewritten whole, without it.)
  if (S.Form != SpawnForm::Assign || !S.Receiver)
    return;
  const VarDecl *V = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S.Receiver->IgnoreParens()))
    V = dyn_cast<VarDecl>(DRE->getDecl());
  if (!V || V->getStorageClass() != SC_Register ||
      !E.Unregistered.insert(V).second)
    return;
  // The keyword, among the declaration's specifiers: spaces instead (the
  // columns stay).
  SourceLocation Loc = E.fileLoc(V->getBeginLoc());
  SourceLocation End = E.fileLoc(V->getLocation());
  while (Loc.isValid() && E.SM.isBeforeInTranslationUnit(Loc, End)) {
    Token Tok;
    if (Lexer::getRawToken(Loc, Tok, E.SM, E.Ctx.getLangOpts(), true))
      return;
    if (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == "register") {
      E.replace(CharSourceRange::getCharRange(Loc, Tok.getEndLoc()),
                "        ");
      return;
    }
    Loc = Lexer::getLocForEndOfToken(Loc, 0, E.SM, E.Ctx.getLangOpts());
    // Skip whitespace.
    while (Loc.isValid() && isWhitespace(*E.SM.getCharacterData(Loc)))
      Loc = Loc.getLocWithOffset(1);
  }
}

std::string ito::functionNameUndefs(const FunctionDecl *FD, const Stmt *Body) {
  if (!FD || !usesFunctionName(Body))
    return "";
  return "#undef __func__\n#undef __FUNCTION__\n#undef __PRETTY_FUNCTION__\n";
}

bool ito::isBraced(const TaskBlock &B) { return isa<CompoundStmt>(B.Body); }

namespace {
class CaptureFinder : public RecursiveASTVisitor<CaptureFinder> {
public:
  CaptureFinder(const SourceManager &SM, const Stmt *Body, const VarDecl *Var)
      : SM(SM), Body(Body), Var(Var) {}
  bool outside(const Decl *D) const {
    SourceLocation L = D->getLocation();
    SourceRange R = Body->getSourceRange();
    return SM.isBeforeInTranslationUnit(L, R.getBegin()) ||
           SM.isBeforeInTranslationUnit(R.getEnd(), L);
  }
  void noteLocal(const NamedDecl *D, SourceLocation Use) {
    if (D->getDeclContext()->isFunctionOrMethod() && outside(D))
      C.LocalNames.push_back({D, Use});
  }
  bool VisitTypeLoc(TypeLoc TL) {
    if (const TagDecl *T = TL.getType()->getAsTagDecl())
      noteLocal(T, TL.getBeginLoc());
    if (const auto *TT = dyn_cast<TypedefType>(TL.getType().getTypePtr())) {
      // A local typedef of a builtin type is written out as that type.
      const TypedefNameDecl *TD = TT->getDecl();
      QualType Under = TD->getUnderlyingType().getCanonicalType();
      if (TD->getDeclContext()->isFunctionOrMethod() && outside(TD) &&
          !TL.getBeginLoc().isMacroID() && Under->isBuiltinType() &&
          !Under.hasQualifiers())
        C.TypedefUses.push_back({TD, TL.getBeginLoc()});
      else if (const auto *Any = TL.getType()->getAs<TypedefType>())
        noteLocal(Any->getDecl(), TL.getBeginLoc());
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    // Enumerators and static variables of the function, written in the
    // file (not by a macro), can be reached from code moved out of it.
    bool InFile = !DRE->getLocation().isMacroID();
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
      const auto *Enum = cast<NamedDecl>(cast<Decl>(EC->getDeclContext()));
      if (InFile && Enum->getDeclContext()->isFunctionOrMethod() &&
          outside(Enum))
        C.EnumUses.push_back(DRE);
      else
        noteLocal(Enum, DRE->getLocation());
    }
    if (const auto *B = dyn_cast<BindingDecl>(DRE->getDecl())) {
      if (B->getDeclContext()->isFunctionOrMethod() && outside(B)) {
        auto It = llvm::find_if(C.Bindings,
                                [&](const auto &P) { return P.first == B; });
        if (It == C.Bindings.end())
          It = C.Bindings.insert(It, {B, nullptr});
        if (!Read.count(DRE) && !It->second)
          It->second = DRE;
      }
      return true;
    }
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (V && V->isStaticLocal()) {
      if (InFile && outside(V)) {
        C.StaticUses.push_back(DRE);
        if (std::find(C.Statics.begin(), C.Statics.end(), V) == C.Statics.end())
          C.Statics.push_back(V);
      } else {
        noteLocal(V, DRE->getLocation());
      }
    }
    if (!V || V == Var || !V->hasLocalStorage())
      return true;
    SourceLocation L = V->getLocation();
    SourceRange R = Body->getSourceRange();
    bool Inside = !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
                  !SM.isBeforeInTranslationUnit(R.getEnd(), L);
    if (!Inside && std::find(C.Vars.begin(), C.Vars.end(), V) == C.Vars.end())
      C.Vars.push_back(V);
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *) {
    C.This = true;
    return true;
  }
  // (Visited before the name it reads.)
  bool VisitImplicitCastExpr(ImplicitCastExpr *IC) {
    if (IC->getCastKind() == CK_LValueToRValue)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(IC->getSubExpr()->IgnoreParens()))
        Read.insert(DRE);
    return true;
  }
  Captures C;

private:
  const SourceManager &SM;
  const Stmt *Body;
  const VarDecl *Var;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> Read;
};
} // namespace

Captures ito::capturedVariables(Edits &E, const Stmt *Body,
                                const VarDecl *LoopVar) {
  CaptureFinder Finder(E.SM, Body, LoopVar);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return std::move(Finder.C);
}

static const VarDecl *refersTo(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool ito::getLoopShape(Edits &E, const CilkFor &F, LoopShape &Shape) {
  const ForStmt *For = F.For;
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  const VarDecl *V = Init && Init->isSingleDecl()
                         ? dyn_cast<VarDecl>(Init->getSingleDecl())
                         : nullptr;
  auto Fail = [&](SourceLocation Loc, StringRef What) {
    E.error(Loc, "cannot translate this '" + F.Construct->Spelling.str() +
                     "': " + What.str() +
                     "; write it as for (T i = begin; i < end; i += step) "
                     "(or <=, >, >=, !=, ++, --, -=)");
    return false;
  };
  if (!V || !V->getInit())
    return Fail(F.Construct->KeywordLoc, "the loop variable has no start");
  Shape.Var = V;
  Shape.Begin = V->getInit();

  // The condition: v op end, or end op v (flipped).
  const Expr *Cond = For->getCond()->IgnoreParenImpCasts();
  const Expr *LHS = nullptr, *RHS = nullptr;
  BinaryOperatorKind Op;
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
    Op = BO->getOpcode();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Cond);
             OC && OC->getNumArgs() == 2 && OC->isComparisonOp()) {
    LHS = OC->getArg(0);
    RHS = OC->getArg(1);
    Op = BinaryOperator::getOverloadedOpcode(OC->getOperator());
  } else if (const auto *RO = dyn_cast<CXXRewrittenBinaryOperator>(Cond)) {
    // C++20: `it != end` through operator==, `it < end` through <=>.
    CXXRewrittenBinaryOperator::DecomposedForm D = RO->getDecomposedForm();
    LHS = D.LHS;
    RHS = D.RHS;
    Op = D.Opcode;
  } else {
    return Fail(Cond->getBeginLoc(), "the condition is not a comparison");
  }
  bool Flipped = false;
  if (refersTo(LHS) == V) {
    Shape.End = RHS;
  } else if (refersTo(RHS) == V) {
    Shape.End = LHS;
    Flipped = true;
  } else {
    return Fail(Cond->getBeginLoc(),
                "the condition does not compare the loop variable");
  }
  switch (Op) {
  case BO_LT:
    Shape.Cmp = Flipped ? ">" : "<";
    break;
  case BO_LE:
    Shape.Cmp = Flipped ? ">=" : "<=";
    break;
  case BO_GT:
    Shape.Cmp = Flipped ? "<" : ">";
    break;
  case BO_GE:
    Shape.Cmp = Flipped ? "<=" : ">=";
    break;
  case BO_NE:
    Shape.Cmp = "!=";
    break;
  default:
    return Fail(Cond->getBeginLoc(), "the comparison must be <, <=, >, >= or "
                                     "!=");
  }

  // The increment.
  const Expr *Inc = For->getInc()->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc);
      UO && refersTo(UO->getSubExpr()) == V) {
    if (UO->isIncrementOp())
      Shape.Step = "1";
    else if (UO->isDecrementOp())
      Shape.Step = "-1";
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Inc);
             OC && OC->getNumArgs() >= 1 && refersTo(OC->getArg(0)) == V) {
    if (OC->getOperator() == OO_PlusPlus)
      Shape.Step = "1";
    else if (OC->getOperator() == OO_MinusMinus)
      Shape.Step = "-1";
    else if (OC->getNumArgs() == 2 && OC->getOperator() == OO_PlusEqual)
      Shape.Step = "(" + E.exprText(OC->getArg(1)) + ")";
    else if (OC->getNumArgs() == 2 && OC->getOperator() == OO_MinusEqual)
      Shape.Step = "-(" + E.exprText(OC->getArg(1)) + ")";
  } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
             CA && refersTo(CA->getLHS()) == V) {
    std::string S = "(" + E.exprText(CA->getRHS()) + ")";
    if (CA->getOpcode() == BO_AddAssign)
      Shape.Step = S;
    else if (CA->getOpcode() == BO_SubAssign)
      Shape.Step = "-" + S;
  }
  // v = v + s, v = s + v, v = v - s (OpenCilk and Cilk Plus take these).
  const Expr *AssignLHS = nullptr, *Sum = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Inc);
      BO && BO->getOpcode() == BO_Assign) {
    AssignLHS = BO->getLHS();
    Sum = BO->getRHS()->IgnoreParenImpCasts();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Inc);
             OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
    AssignLHS = OC->getArg(0);
    Sum = OC->getArg(1)->IgnoreParenImpCasts();
  }
  if (Shape.Step.empty() && AssignLHS && refersTo(AssignLHS) == V) {
    const Expr *A = nullptr, *B = nullptr;
    BinaryOperatorKind SumOp = BO_Comma;
    if (const auto *BO = dyn_cast<BinaryOperator>(Sum)) {
      A = BO->getLHS();
      B = BO->getRHS();
      SumOp = BO->getOpcode();
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Sum);
               OC && OC->getNumArgs() == 2 &&
               (OC->getOperator() == OO_Plus ||
                OC->getOperator() == OO_Minus)) {
      A = OC->getArg(0);
      B = OC->getArg(1);
      SumOp = OC->getOperator() == OO_Plus ? BO_Add : BO_Sub;
    }
    if (SumOp == BO_Add && A && refersTo(A) == V)
      Shape.Step = "(" + E.exprText(B) + ")";
    else if (SumOp == BO_Add && B && refersTo(B) == V)
      Shape.Step = "(" + E.exprText(A) + ")";
    else if (SumOp == BO_Sub && A && refersTo(A) == V)
      Shape.Step = "-(" + E.exprText(B) + ")";
  }
  if (Shape.Step.empty())
    return Fail(Inc->getBeginLoc(), "the increment must be ++, --, += or -= "
                                    "on the loop variable, or v = v + s, "
                                    "v = s + v or v = v - s");
  return true;
}

std::string ito::tripCount(const LoopShape &S, StringRef B, StringRef End) {
  // In unsigned 64-bit arithmetic for integers (and differences),
  // so that neither the span nor the step added to it overflows the loop
  // variable's type: `u < 0xFFFFFFF0u; u += 0x0FFFFFFFu` runs 16 times.
  // (Pointers and iterators: their difference.)
  const bool Pointer = !S.Var->getType()->isIntegralOrEnumerationType();
  auto Wide = [&](StringRef X) {
    return "(unsigned long long)(" + X.str() + ")";
  };
  const std::string Span =
      Pointer ? "(unsigned long long)((" + End.str() + ") - (" + B.str() + "))"
              : "(" + Wide(End) + " - " + Wide(B) + ")";
  const std::string RSpan =
      Pointer ? "(unsigned long long)((" + B.str() + ") - (" + End.str() + "))"
              : "(" + Wide(B) + " - " + Wide(End) + ")";
  const std::string St = "(unsigned long long)(" + S.Step + ")";
  const std::string NegSt = "(unsigned long long)(-(" + S.Step + "))";
  // `!=` over an unsigned type narrower than 64 bits wraps at its width:
  // `u = 9; u != (unsigned)-1; --u` runs 10 times. (Signed types cannot
  // wrap in a program that is defined.)
  std::string Narrow;
  if (const auto *BT =
          S.Var->getType().getCanonicalType()->getAs<BuiltinType>())
    switch (BT->getKind()) {
    case BuiltinType::UInt:
      Narrow = "unsigned int";
      break;
    case BuiltinType::UShort:
      Narrow = "unsigned short";
      break;
    case BuiltinType::UChar:
    case BuiltinType::Char_U:
      Narrow = "unsigned char";
      break;
    default:
      break;
    }
  auto Wrapped = [&](StringRef From, StringRef To) {
    return "(unsigned long long)(" + Narrow + ")((" + To.str() + ") - (" +
           From.str() + "))";
  };
  // ceil(span / step) without span + step - 1.
  auto Ceil = [](const std::string &Sp, const std::string &Stp) {
    return "(" + Sp + " / " + Stp + " + (" + Sp + " % " + Stp + " != 0))";
  };
  std::string Count;
  if (S.Cmp == "<")
    Count =
        "(" + B.str() + " < " + End.str() + " ? " + Ceil(Span, St) + " : 0)";
  else if (S.Cmp == "<=")
    Count = "(" + B.str() + " <= " + End.str() + " ? " + Span + " / " + St +
            " + 1 : 0)";
  else if (S.Cmp == ">")
    Count = "(" + B.str() + " > " + End.str() + " ? " + Ceil(RSpan, NegSt) +
            " : 0)";
  else if (S.Cmp == ">=")
    Count = "(" + B.str() + " >= " + End.str() + " ? " + RSpan + " / " + NegSt +
            " + 1 : 0)";
  // != : the step's sign is in its text when it is negative (-- or -=).
  else if (!S.Step.empty() && S.Step[0] == '-')
    Count =
        "(" + (Narrow.empty() ? RSpan : Wrapped(End, B)) + " / " + NegSt + ")";
  else
    Count = "(" + (Narrow.empty() ? Span : Wrapped(B, End)) + " / " + St + ")";
  return "(long long)" + Count;
}
