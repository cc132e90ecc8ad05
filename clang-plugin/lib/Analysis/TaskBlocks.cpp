//===- TaskBlocks.cpp - The task structure of Cilk functions --------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/TaskBlocks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using namespace clang;
using namespace ito;

/// Looks through what the compiler adds around an expression: implicit
/// conversions, temporaries, cleanups, parentheses. (Not IgnoreParens: it
/// also skips __extension__, which is what a spawn is.)
static const Expr *stripImplicit(const Expr *E) {
  while (true) {
    const Expr *Next = E->IgnoreImplicit();
    if (const auto *PE = dyn_cast<ParenExpr>(Next))
      Next = PE->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
}

namespace {

class Planner {
public:
  Planner(ASTContext &Ctx, ArrayRef<CilkConstruct> Constructs,
          ArrayRef<GrainsizePragma> Pragmas)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Ctx.getDiagnostics()),
        Constructs(Constructs), Pragmas(Pragmas) {
    for (const CilkConstruct &C : Constructs)
      ConstructOf[C.Node] = &C;
  }

  TranslationPlan run();

private:
  struct JumpTarget {
    const Stmt *S;
    bool IsLoop;
    TaskBlock *Block; // the task block the target statement is in
    bool IsCilkFor;
  };

  void error(SourceLocation Loc, StringRef Message, SourceRange Range = {}) {
    unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
    auto D = Diags.Report(Loc, ID);
    D << Message;
    if (Range.isValid())
      D << Range;
  }

  const CilkConstruct *constructOf(const Stmt *S, CilkConstructKind Kind) {
    auto It = ConstructOf.find(S);
    return It != ConstructOf.end() && It->second->Kind == Kind ? It->second
                                                               : nullptr;
  }

  /// The spawn \p E is, also through the conversion that makes the
  /// receiver's type of the call's (`std::string s = cilk_spawn name();`
  /// of a `const char *`: a converting constructor or conversion function
  /// that the receiver's assignment or initialization runs).
  const CilkConstruct *asSpawn(const Expr *E) {
    while (E) {
      E = stripImplicit(E);
      if (const CilkConstruct *C = constructOf(E, CilkConstructKind::Spawn))
        return C;
      if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
          CE && !isa<CXXTemporaryObjectExpr>(CE) && CE->getNumArgs() >= 1 &&
          llvm::all_of(llvm::drop_begin(CE->arguments()),
                       [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
        E = CE->getArg(0);
      else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
               MC && isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
        E = MC->getImplicitObjectArgument();
      else
        return nullptr;
    }
    return nullptr;
  }

  void planFunction(const Decl *D, const FunctionDecl *FD, const Stmt *Body,
                    bool IsLambda);
  TaskBlock *newBlock(TaskBlockKind Kind, const Stmt *Body, TaskBlock *Parent,
                      const CilkConstruct *Construct);
  void walk(const Stmt *S, bool StatementPosition);
  void walkChildren(const Stmt *S) {
    for (const Stmt *Child : S->children())
      walk(Child, false);
  }
  bool planSpawnStatement(const Stmt *S);
  void planSpawn(const CilkConstruct *Spawn, const Stmt *Statement,
                 SpawnForm Form, const Expr *Receiver, const VarDecl *Var);
  void planCilkFor(const CilkConstruct *C, const ForStmt *For,
                   const CXXForRangeStmt *RangeFor);
  void planScope(const CilkConstruct *C, const IfStmt *If);
  void checkRandomAccess(const CilkConstruct *C, const CXXForRangeStmt *For);
  void planLoop(const Stmt *Loop, const Stmt *Body);
  void planJump(const Stmt *Jump, const JumpTarget *Target, bool IsBreak);
  void planGoto(const Stmt *Goto, const Stmt *LabelStmt);
  bool contains(const Stmt *Outer, const Stmt *Inner) const {
    SourceRange O = Outer->getSourceRange(), I = Inner->getSourceRange();
    return !SM.isBeforeInTranslationUnit(I.getBegin(), O.getBegin()) &&
           !SM.isBeforeInTranslationUnit(O.getEnd(), I.getEnd());
  }
  void attachGrainsizes();
  /// Sets the Tag of every spawn and cilk_for.
  void nameSites();
  std::string filePrefix(FileID File);

  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticsEngine &Diags;
  ArrayRef<CilkConstruct> Constructs;
  ArrayRef<GrainsizePragma> Pragmas;
  llvm::DenseMap<const Stmt *, const CilkConstruct *> ConstructOf;
  llvm::DenseSet<const CilkConstruct *> Planned;
  TranslationPlan Plan;

  // The walk through one function.
  CilkFunction *Fn = nullptr;
  TaskBlock *Block = nullptr;
  unsigned LoopDepth = 0;
  unsigned FunctionLoopDepth = 0; // loops around here, in any task block
  const Stmt *Compound = nullptr; // the braces around the current statement
  bool HasGoto = false;           // the function jumps with goto
  std::vector<JumpTarget> Targets;
};

} // namespace

TaskBlock *Planner::newBlock(TaskBlockKind Kind, const Stmt *Body,
                             TaskBlock *Parent,
                             const CilkConstruct *Construct) {
  auto B = std::make_unique<TaskBlock>();
  B->Kind = Kind;
  B->Body = Body;
  B->Parent = Parent;
  B->Construct = Construct;
  Fn->Blocks.push_back(std::move(B));
  return Fn->Blocks.back().get();
}

void Planner::planFunction(const Decl *D, const FunctionDecl *FD,
                           const Stmt *Body, bool IsLambda) {
  auto F = std::make_unique<CilkFunction>();
  F->Decl = D;
  F->Function = FD;
  F->Body = Body;
  F->IsLambda = IsLambda;
  Fn = F.get();
  Plan.Functions.push_back(std::move(F));
  Block = newBlock(TaskBlockKind::Function, Body, nullptr, nullptr);
  LoopDepth = 0;
  FunctionLoopDepth = 0;
  HasGoto = false;
  Targets.clear();
  walk(Body, true);
  // A goto may run a spawn again before its sync, as a loop would.
  if (HasGoto)
    for (const auto &B : Fn->Blocks)
      for (SpawnSite *Site : B->Spawns)
        Site->InLoop = true;
}

void Planner::planSpawn(const CilkConstruct *Spawn, const Stmt *Statement,
                        SpawnForm Form, const Expr *Receiver,
                        const VarDecl *Var) {
  const auto *UO = cast<UnaryOperator>(Spawn->Node);
  const auto *Call = dyn_cast<CallExpr>(stripImplicit(UO->getSubExpr()));
  Planned.insert(Spawn);
  if (!Call) {
    error(Spawn->KeywordLoc,
          "'" + Spawn->Spelling.str() + "' must be followed by a call",
          UO->getSubExpr()->getSourceRange());
    return;
  }
  // (A value of any size: one larger than a join holds waits in the
  // program's heap, C++'s in ito::cilk::spawn, C's in the runtime's join.)
  auto S = std::make_unique<SpawnSite>();
  S->Id = Plan.Spawns.size() + 1;
  S->Construct = Spawn;
  S->Call = Call;
  S->Statement = Statement;
  S->Form = Form;
  S->Receiver = Receiver;
  S->Var = Var;
  S->Block = Block;
  S->InLoop = LoopDepth > 0;
  S->VarInBlockScope = Var && Compound == Block->Body;
  Block->Spawns.push_back(S.get());
  Plan.Spawns.push_back(std::move(S));
  // The arguments may hold other constructs (all ill-formed but lambdas'):
  // walk them for the diagnostics.
  walkChildren(Call);
}

/// Recognizes the three statements a spawn may stand in.
bool Planner::planSpawnStatement(const Stmt *S) {
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    if (!DS->isSingleDecl())
      return false;
    const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (!VD || !VD->hasInit())
      return false;
    if (const CilkConstruct *Spawn = asSpawn(VD->getInit())) {
      planSpawn(Spawn, S, SpawnForm::Init, nullptr, VD);
      return true;
    }
    return false;
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  E = stripImplicit(E);
  if (const CilkConstruct *Spawn = asSpawn(E)) {
    planSpawn(Spawn, S, SpawnForm::Statement, nullptr, nullptr);
    return true;
  }
  const Expr *LHS = nullptr, *RHS = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Assign) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
             OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
    LHS = OC->getArg(0);
    RHS = OC->getArg(1);
  }
  if (const CilkConstruct *Spawn = asSpawn(RHS)) {
    planSpawn(Spawn, S, SpawnForm::Assign, LHS, nullptr);
    walk(LHS, false);
    return true;
  }
  return false;
}

void Planner::walk(const Stmt *S, bool StatementPosition) {
  if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
    return; // lambdas are functions of their own

  if (StatementPosition && planSpawnStatement(S))
    return;

  if (const CilkConstruct *Sync = constructOf(S, CilkConstructKind::Sync)) {
    Planned.insert(Sync);
    if (!StatementPosition)
      error(Sync->KeywordLoc,
            "'" + Sync->Spelling.str() + "' must be a statement of its own");
    else
      Plan.Syncs.push_back({Sync, Block});
    return;
  }
  if (const CilkConstruct *For = constructOf(S, CilkConstructKind::For)) {
    Planned.insert(For);
    if (const auto *FS = dyn_cast<ForStmt>(S))
      planCilkFor(For, FS, nullptr);
    else
      planCilkFor(For, nullptr, cast<CXXForRangeStmt>(S));
    return;
  }
  if (const CilkConstruct *Scope = constructOf(S, CilkConstructKind::Scope)) {
    Planned.insert(Scope);
    planScope(Scope, cast<IfStmt>(S));
    return;
  }

  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass: {
    const Stmt *Saved = Compound;
    for (const Stmt *Child : S->children()) {
      Compound = S;
      walk(Child, true);
    }
    Compound = Saved;
    return;
  }
  case Stmt::IfStmtClass: {
    const auto *If = cast<IfStmt>(S);
    walk(If->getInit(), true);
    walk(If->getConditionVariableDeclStmt(), false);
    walk(If->getCond(), false);
    walk(If->getThen(), true);
    walk(If->getElse(), true);
    return;
  }
  case Stmt::ForStmtClass: {
    const auto *For = cast<ForStmt>(S);
    walk(For->getInit(), false);
    walk(For->getCond(), false);
    walk(For->getInc(), false);
    planLoop(S, For->getBody());
    return;
  }
  case Stmt::WhileStmtClass: {
    const auto *While = cast<WhileStmt>(S);
    walk(While->getCond(), false);
    planLoop(S, While->getBody());
    return;
  }
  case Stmt::DoStmtClass: {
    const auto *Do = cast<DoStmt>(S);
    planLoop(S, Do->getBody());
    walk(Do->getCond(), false);
    return;
  }
  case Stmt::CXXForRangeStmtClass: {
    const auto *For = cast<CXXForRangeStmt>(S);
    walk(For->getRangeInit(), false);
    planLoop(S, For->getBody());
    return;
  }
  case Stmt::SwitchStmtClass: {
    const auto *Switch = cast<SwitchStmt>(S);
    walk(Switch->getInit(), true);
    walk(Switch->getCond(), false);
    Targets.push_back({S, false, Block, false});
    walk(Switch->getBody(), true);
    Targets.pop_back();
    return;
  }
  case Stmt::CaseStmtClass: {
    const auto *Case = cast<CaseStmt>(S);
    walk(Case->getLHS(), false);
    walk(Case->getRHS(), false);
    walk(Case->getSubStmt(), true);
    return;
  }
  case Stmt::DefaultStmtClass:
    walk(cast<DefaultStmt>(S)->getSubStmt(), true);
    return;
  case Stmt::LabelStmtClass:
    walk(cast<LabelStmt>(S)->getSubStmt(), true);
    return;
  case Stmt::AttributedStmtClass:
    walk(cast<AttributedStmt>(S)->getSubStmt(), true);
    return;
  case Stmt::ReturnStmtClass: {
    ExitPoint Exit;
    Exit.Jump = S;
    Exit.InLoop = FunctionLoopDepth > 0;
    for (TaskBlock *B = Block; B; B = B->Parent) {
      if (B->Kind == TaskBlockKind::ForBody) {
        error(S->getBeginLoc(), "cannot return from the body of a '" +
                                    B->Construct->Spelling.str() + "'");
        return;
      }
      Exit.Blocks.push_back(B);
    }
    Plan.Exits.push_back(std::move(Exit));
    walkChildren(S);
    return;
  }
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass: {
    const bool IsBreak = isa<BreakStmt>(S);
    const JumpTarget *Target = nullptr;
    for (auto It = Targets.rbegin(); It != Targets.rend(); ++It)
      if (IsBreak || It->IsLoop) {
        Target = &*It;
        break;
      }
    planJump(S, Target, IsBreak);
    return;
  }
  case Stmt::GotoStmtClass:
    HasGoto = true;
    planGoto(S, cast<GotoStmt>(S)->getLabel()->getStmt());
    return;
  case Stmt::IndirectGotoStmtClass:
    HasGoto = true;
    if (Block->Kind != TaskBlockKind::Function)
      error(S->getBeginLoc(), "a computed goto inside a cilk_scope or "
                              "cilk_for body is not supported");
    walkChildren(S);
    return;
  default:
    walkChildren(S);
    return;
  }
}

void Planner::planLoop(const Stmt *Loop, const Stmt *Body) {
  Targets.push_back({Loop, true, Block, false});
  LoopDepth++;
  FunctionLoopDepth++;
  walk(Body, true);
  FunctionLoopDepth--;
  LoopDepth--;
  Targets.pop_back();
}

void Planner::planJump(const Stmt *Jump, const JumpTarget *Target,
                       bool IsBreak) {
  if (!Target)
    return; // clang has reported it
  if (IsBreak && Target->IsCilkFor) {
    error(Jump->getBeginLoc(), "cannot break out of a 'cilk_for'");
    return;
  }
  ExitPoint Exit;
  Exit.Jump = Jump;
  Exit.InLoop = true; // break and continue are in loops (or switches)
  for (TaskBlock *B = Block; B && B != Target->Block; B = B->Parent)
    Exit.Blocks.push_back(B);
  if (!Exit.Blocks.empty())
    Plan.Exits.push_back(std::move(Exit));
}

void Planner::planGoto(const Stmt *Goto, const Stmt *LabelStmt) {
  for (TaskBlock *B = Block; B && B->Kind != TaskBlockKind::Function;
       B = B->Parent) {
    if (contains(B->Body, LabelStmt))
      return;
    // The keyword as the user spelled it (cilk_for or _Cilk_for, ...).
    std::string Keyword = "'" + B->Construct->Spelling.str() + "'";
    error(Goto->getBeginLoc(),
          B->Kind == TaskBlockKind::ForBody
              ? "cannot jump out of the body of a " + Keyword
              : "a goto out of a " + Keyword +
                    " is not supported; leave it with break, continue or "
                    "return");
    return;
  }
}

void Planner::planCilkFor(const CilkConstruct *C, const ForStmt *For,
                          const CXXForRangeStmt *RangeFor) {
  const Stmt *Loop = For ? static_cast<const Stmt *>(For) : RangeFor;
  const Stmt *LoopBody = For ? For->getBody() : RangeFor->getBody();
  if (For) {
    const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
    if (!Init || !Init->isSingleDecl() || !isa<VarDecl>(Init->getSingleDecl()))
      error(C->KeywordLoc, "the loop variable of a '" + C->Spelling.str() +
                               "' must be declared in its initialization, as "
                               "in cilk_for (int i = 0; i < n; ++i)");
    if (!For->getCond() || !For->getInc())
      error(C->KeywordLoc,
            "a '" + C->Spelling.str() + "' needs a condition and an increment");
    walk(For->getInit(), false);
    walk(For->getCond(), false);
    walk(For->getInc(), false);
  } else {
    walk(RangeFor->getRangeInit(), false);
    checkRandomAccess(C, RangeFor);
  }

  auto F = std::make_unique<CilkFor>();
  F->Id = Plan.Fors.size() + 1;
  F->Construct = C;
  F->For = For;
  F->RangeFor = RangeFor;
  TaskBlock *Outer = Block;
  F->Body = newBlock(TaskBlockKind::ForBody, LoopBody, Outer, C);
  Plan.Fors.push_back(std::move(F));

  // Each iteration is a task block of its own.
  unsigned SavedDepth = LoopDepth;
  Targets.push_back({Loop, true, Outer, true});
  Block = Plan.Fors.back()->Body;
  LoopDepth = 0;
  FunctionLoopDepth++;
  walk(LoopBody, true);
  FunctionLoopDepth--;
  Block = Outer;
  LoopDepth = SavedDepth;
  Targets.pop_back();
}

/// A range-based cilk_for splits its range by index: its iterators must be
/// random access. Tells so at the keyword when the iterator type says its
/// category (templates are checked when instantiated, in ito/cilk_abi.hpp).
void Planner::checkRandomAccess(const CilkConstruct *C,
                                const CXXForRangeStmt *For) {
  const auto *BeginDS = dyn_cast_or_null<DeclStmt>(For->getBeginStmt());
  const auto *Begin =
      BeginDS ? dyn_cast<VarDecl>(BeginDS->getSingleDecl()) : nullptr;
  if (!Begin || Begin->getType()->isDependentType() ||
      Begin->getType()->isPointerType())
    return;
  const CXXRecordDecl *It = Begin->getType()->getAsCXXRecordDecl();
  if (!It)
    return;
  for (const NamedDecl *D : It->lookup(&Ctx.Idents.get("iterator_category"))) {
    const auto *TD = dyn_cast<TypedefNameDecl>(D);
    if (!TD)
      continue;
    const CXXRecordDecl *Tag = TD->getUnderlyingType()->getAsCXXRecordDecl();
    if (!Tag)
      return;
    for (const CXXRecordDecl *R = Tag; R;) {
      StringRef Name = R->getName();
      if (Name == "random_access_iterator_tag" ||
          Name == "contiguous_iterator_tag")
        return;
      R = R->getNumBases() ? R->bases_begin()->getType()->getAsCXXRecordDecl()
                           : nullptr;
    }
    error(C->KeywordLoc,
          "a range-based '" + C->Spelling.str() +
              "' needs a random-access range (its iterations are split by "
              "index), and this range's iterators are " +
              Tag->getName().str() +
              "; loop over a vector, an array or indices instead",
          For->getRangeInit()->getSourceRange());
    return;
  }
}

void Planner::planScope(const CilkConstruct *C, const IfStmt *If) {
  Plan.Scopes.push_back(C);
  TaskBlock *Outer = Block;
  unsigned SavedDepth = LoopDepth;
  Block = newBlock(TaskBlockKind::Scope, If->getThen(), Outer, C);
  LoopDepth = 0;
  walk(If->getThen(), true);
  Block = Outer;
  LoopDepth = SavedDepth;
}

void Planner::attachGrainsizes() {
  // A pragma belongs to the first cilk_for after it.
  size_t Next = 0;
  for (auto &F : Plan.Fors) {
    SourceLocation ForLoc = F->Construct->KeywordLoc;
    while (Next < Pragmas.size() &&
           SM.isBeforeInTranslationUnit(Pragmas[Next].Loc, ForLoc)) {
      F->Grainsize = Pragmas[Next].Expr;
      F->GrainsizeLoc = Pragmas[Next].Loc;
      Next++;
    }
  }
}

TranslationPlan Planner::run() {
  // Every function body (and lambda body) that holds a construct, once.
  llvm::DenseSet<const Stmt *> Bodies;
  for (const CilkConstruct &C : Constructs) {
    DynTypedNode Node = DynTypedNode::create(*C.Node);
    while (true) {
      auto Parents = Ctx.getParents(Node);
      if (Parents.empty())
        break;
      Node = Parents[0];
      if (const auto *Lambda = Node.get<LambdaExpr>()) {
        if (Bodies.insert(Lambda->getBody()).second)
          planFunction(Lambda->getLambdaClass(), Lambda->getCallOperator(),
                       Lambda->getBody(), true);
        break;
      }
      if (const auto *FD = Node.get<FunctionDecl>()) {
        if (FD->hasBody() && Bodies.insert(FD->getBody()).second)
          planFunction(FD, FD, FD->getBody(), false);
        break;
      }
    }
  }
  // Function bodies are planned in source order of their first construct;
  // keep the plan in source order too.
  llvm::sort(Plan.Functions, [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A->Body->getBeginLoc(),
                                        B->Body->getBeginLoc());
  });

  for (const CilkConstruct &C : Constructs) {
    if (Planned.count(&C))
      continue;
    switch (C.Kind) {
    case CilkConstructKind::Spawn:
      error(C.KeywordLoc,
            "'" + C.Spelling.str() +
                "' can only be a whole statement, the right side of an "
                "assignment statement, or the initializer of a variable",
            C.Node->getSourceRange());
      break;
    case CilkConstructKind::Sync:
      error(C.KeywordLoc,
            "'" + C.Spelling.str() + "' can only be used inside a function");
      break;
    default:
      error(C.KeywordLoc,
            "'" + C.Spelling.str() + "' can only be used inside a function");
      break;
    }
  }
  attachGrainsizes();
  nameSites();
  return std::move(Plan);
}

std::string Planner::filePrefix(FileID File) {
  if (File == SM.getMainFileID())
    return "";
  std::string Prefix = "_";
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  for (char C : llvm::sys::path::filename(Entry ? Entry->getName() : ""))
    Prefix += isalnum(static_cast<unsigned char>(C)) ? C : '_';
  uint64_t Hash = llvm::xxh3_64bits(SM.getBufferData(File));
  llvm::raw_string_ostream OS(Prefix);
  OS << "_" << llvm::format_hex_no_prefix(Hash & 0xffffff, 6) << "_";
  return Prefix;
}

void Planner::nameSites() {
  // Each kind is numbered per file, in the order of the file, whatever
  // order the sites were planned in.
  auto NameAll = [&](auto &Sites) {
    std::vector<decltype(Sites.front().get())> Order;
    for (const auto &S : Sites)
      Order.push_back(S.get());
    llvm::sort(Order, [&](const auto *A, const auto *B) {
      return SM.isBeforeInTranslationUnit(A->Construct->KeywordLoc,
                                          B->Construct->KeywordLoc);
    });
    llvm::DenseMap<FileID, std::pair<std::string, unsigned>> Counters;
    for (auto *S : Order) {
      FileID File = SM.getFileID(SM.getFileLoc(S->Construct->KeywordLoc));
      auto It = Counters.find(File);
      if (It == Counters.end())
        It = Counters.insert({File, {filePrefix(File), 0}}).first;
      S->Tag = It->second.first + std::to_string(++It->second.second);
    }
  };
  NameAll(Plan.Spawns);
  NameAll(Plan.Fors);
}

TranslationPlan ito::planTranslation(ASTContext &Ctx,
                                     ArrayRef<CilkConstruct> Constructs,
                                     ArrayRef<GrainsizePragma> Pragmas) {
  return Planner(Ctx, Constructs, Pragmas).run();
}
