//===- TaskSites.cpp - Where tasks start, and where they may move ---------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#include "TaskSites.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace ito;
using namespace ito::checks;

bool checks::inIto(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && NS->getParent()->getRedeclContext()->isTranslationUnit())
      return NS->getName() == "ito";
  return false;
}

bool checks::isItoFunction(const FunctionDecl *FD, StringRef Name) {
  return FD && FD->getIdentifier() && FD->getName() == Name &&
         (inIto(FD) || (Name.starts_with("ito_") &&
                        FD->getDeclContext()->isTranslationUnit()));
}

bool checks::isTaskApiCall(const Expr *E, std::vector<const Expr *> &Args) {
  Args.clear();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXRecordDecl *RD = CE->getConstructor()->getParent();
    if (!RD->getIdentifier() || RD->getName() != "thread" || !inIto(RD) ||
        CE->getNumArgs() == 0 ||
        CE->getConstructor()->isCopyOrMoveConstructor())
      return false;
    Args.assign(CE->arg_begin(), CE->arg_end());
    return true;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call)
    return false;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  if (isItoFunction(FD, "ito_fork")) {
    // The arguments are copied (args_size bytes); what they point to is
    // the task's to reach.
    return true;
  }
  bool Task = llvm::StringSwitch<bool>(FD->getName())
                  .Cases("fork", "start", "async", "parallel_invoke", true)
                  .Cases("parallel_for", "parallel_reduce", "transform_reduce",
                         "for_each", true)
                  .Default(false);
  if (!Task || !inIto(FD))
    return false;
  unsigned First = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  for (unsigned I = First; I < Call->getNumArgs(); I++)
    Args.push_back(Call->getArg(I));
  return true;
}

const LambdaExpr *checks::lambdaOf(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; Depth++) {
    E = skipNoise(E);
    if (const auto *L = dyn_cast<LambdaExpr>(E))
      return L;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() != 1)
        return nullptr;
      E = CE->getArg(0);
      continue;
    }
    const VarDecl *V = varOf(E);
    if (!V || !V->hasLocalStorage() || !V->getInit())
      return nullptr;
    E = V->getInit();
  }
  return nullptr;
}

bool checks::isJoinApiCall(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call)
    return false;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (isItoFunction(FD, "ito_join"))
    return true;
  if (!FD || !FD->getIdentifier() || !isa<CXXMethodDecl>(FD) || !inIto(FD))
    return false;
  return FD->getName() == "join" || FD->getName() == "get" ||
         FD->getName() == "wait";
}

namespace {

struct CallSite {
  Body Caller;
  const CallExpr *Call;
  const FunctionDecl *Callee; // its definition
};

/// One walk over the translation unit: calls between its functions, and
/// libito's task calls and joins.
class SiteCollector : public RecursiveASTVisitor<SiteCollector> {
public:
  explicit SiteCollector(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(D->getLocation()))
      return true;
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() ||
        SM.isInSystemHeader(FD->getLocation()))
      return RecursiveASTVisitor::TraverseDecl(D);
    Stack.push_back({FD, FD->getBody()});
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    Stack.pop_back();
    return R;
  }

  bool TraverseLambdaExpr(LambdaExpr *L) {
    Stack.push_back({L->getCallOperator(), L->getBody()});
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
    Stack.pop_back();
    return R;
  }

  bool VisitCallExpr(CallExpr *C) {
    visitExpr(C);
    if (Stack.empty())
      return true;
    if (const FunctionDecl *FD = C->getDirectCallee()) {
      const FunctionDecl *Def = nullptr;
      if (FD->getBody(Def) && Def && !SM.isInSystemHeader(Def->getLocation()))
        Calls.push_back({Stack.back(), C, Def});
    }
    if (isJoinApiCall(C))
      Joins.push_back({Stack.back(), C});
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    visitExpr(C);
    return true;
  }

  struct ApiSite {
    Body Caller;
    const Expr *Call;
    std::vector<const Expr *> Args;
  };
  std::vector<CallSite> Calls;
  std::vector<ApiSite> Forks;
  std::vector<std::pair<Body, const Expr *>> Joins;
  /// Functions and lambdas handed to libito to run as tasks (also by
  /// root_exec).
  std::vector<Body> Roots;

private:
  void visitExpr(Expr *E) {
    if (Stack.empty())
      return;
    std::vector<const Expr *> Args;
    bool Task = isTaskApiCall(E, Args);
    bool Root = false;
    if (const auto *C = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = C->getDirectCallee();
          FD && FD->getIdentifier() && inIto(FD) &&
          FD->getName() == "root_exec") {
        Root = true;
        Args.assign(C->arg_begin(), C->arg_end());
      }
    if (!Task && !Root)
      return;
    if (Task)
      Forks.push_back({Stack.back(), E, Args});
    for (const Expr *A : Args) {
      const Expr *X = skipNoise(A);
      if (const auto *L = dyn_cast<LambdaExpr>(X))
        Roots.push_back({L->getCallOperator(), L->getBody()});
      else if (const auto *DRE = dyn_cast<DeclRefExpr>(X->IgnoreImpCasts()))
        if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl())) {
          const FunctionDecl *Def = nullptr;
          if (FD->getBody(Def) && Def)
            Roots.push_back({Def, Def->getBody()});
        }
    }
  }

  const SourceManager &SM;
  std::vector<Body> Stack;
};

} // namespace

TaskSites::TaskSites(ASTContext &Ctx, const TranslationPlan &Plan, bool Promote)
    : Ctx(Ctx), Plan(Plan), Promotion(planPromotion(Ctx, Plan, Promote)) {
  const SourceManager &SM = Ctx.getSourceManager();
  SiteCollector Collector(Ctx);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());

  for (const auto &F : Plan.Functions)
    for (const auto &B : F->Blocks)
      BlockBodies[B.get()] = {F->Function, F->Body};

  // Edges: spawns, cilk_for bodies, libito's task calls.
  for (const auto &S : Plan.Spawns) {
    Edges.push_back({TaskEdge::Spawn,
                     bodyOf(S->Block),
                     S->Construct->KeywordLoc,
                     S.get(),
                     nullptr,
                     nullptr,
                     {},
                     "spawned task"});
    Edges.back().SpawnCall = S->Call;
  }
  addInstantiatedSpawns();
  for (const auto &F : Plan.Fors)
    Edges.push_back({TaskEdge::CilkForBody,
                     bodyOf(F->Body->Parent),
                     F->Construct->KeywordLoc,
                     nullptr,
                     F.get(),
                     nullptr,
                     {},
                     "cilk_for body"});
  for (const auto &A : Collector.Forks)
    Edges.push_back({TaskEdge::ApiCall, A.Caller, A.Call->getBeginLoc(),
                     nullptr, nullptr, A.Call, A.Args, "task"});

  for (const TaskEdge &E : Edges) {
    std::vector<const Expr *> Carried = E.Args;
    if (E.Site) {
      const CallExpr *Call = E.Site->Call;
      Carried.assign(Call->arg_begin(), Call->arg_end());
      Carried.push_back(Call->getCallee());
    }
    for (const Expr *X : Carried)
      if (const LambdaExpr *L = lambdaOf(X))
        Lambdas.push_back({L, E.Parent, E.What});
  }

  // Migration points: every fork and join, and calls to functions that
  // (transitively) fork or join.
  llvm::DenseMap<const Stmt *, std::vector<MigrationPoint>> ByBody;
  llvm::DenseMap<const Stmt *, Body> Bodies;
  auto Add = [&](const Body &B, MigrationPoint P) {
    if (!B.Stmt)
      return;
    Bodies[B.Stmt] = B;
    ByBody[B.Stmt].push_back(std::move(P));
  };
  llvm::DenseSet<const FunctionDecl *> Forking;
  for (const auto &S : Plan.Spawns)
    Add(bodyOf(S->Block), {S->Statement->getSourceRange(), "this cilk_spawn",
                           S->Statement, false});
  for (const SyncPoint &S : Plan.Syncs)
    Add(bodyOf(S.Block), {S.Construct->Node->getSourceRange(), "this cilk_sync",
                          S.Construct->Node, false});
  for (const auto &F : Plan.Fors) {
    const Stmt *Loop = F->For ? static_cast<const Stmt *>(F->For) : F->RangeFor;
    Add(bodyOf(F->Body->Parent),
        {Loop->getSourceRange(), "this cilk_for", Loop, true});
  }
  // The implicit sync at a cilk_scope's end joins the scope's own spawns:
  // where no spawn of it ran, the task has not moved, and where one did, the
  // spawn is a point of its own.
  for (const auto &A : Collector.Forks)
    Add(A.Caller, {A.Call->getSourceRange(), "this fork", A.Call, false});
  for (const auto &J : Collector.Joins)
    Add(J.first, {J.second->getSourceRange(), "this join", J.second, false});
  for (const auto &F : Plan.Functions)
    if (F->Function)
      Forking.insert(F->Function->getCanonicalDecl());
  for (const auto &A : Collector.Forks)
    if (A.Caller.Function)
      Forking.insert(A.Caller.Function->getCanonicalDecl());
  for (const auto &J : Collector.Joins)
    if (J.first.Function)
      Forking.insert(J.first.Function->getCanonicalDecl());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CallSite &C : Collector.Calls)
      if (C.Caller.Function && Forking.count(C.Callee->getCanonicalDecl()) &&
          Forking.insert(C.Caller.Function->getCanonicalDecl()).second)
        Changed = true;
  }
  for (const CallSite &C : Collector.Calls)
    if (Forking.count(C.Callee->getCanonicalDecl()))
      Add(C.Caller, {C.Call->getSourceRange(),
                     "this call to '" + C.Callee->getNameAsString() +
                         "', which forks or joins",
                     C.Call, false});
  for (auto &[Stmt, Ps] : ByBody) {
    std::sort(Ps.begin(), Ps.end(),
              [&](const MigrationPoint &A, const MigrationPoint &B) {
                return SM.isBeforeInTranslationUnit(A.Range.getBegin(),
                                                    B.Range.getBegin());
              });
    Points.push_back({Bodies[Stmt], std::move(Ps)});
  }
  std::sort(Points.begin(), Points.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.first.Stmt->getBeginLoc(),
                                        B.first.Stmt->getBeginLoc());
  });

  // Code that runs in tasks: Cilk functions (and a Cilk program's main, the
  // root task), spawned functions, what libito runs, and what they call.
  std::vector<Body> Work;
  for (const auto &F : Plan.Functions)
    Work.push_back({F->Function, F->Body});
  if (!Plan.Functions.empty())
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (const auto *FD = dyn_cast<FunctionDecl>(D);
          FD && FD->isMain() && FD->doesThisDeclarationHaveABody())
        Work.push_back({FD, FD->getBody()});
  for (const auto &S : Plan.Spawns)
    if (const FunctionDecl *FD = S->Call->getDirectCallee()) {
      const FunctionDecl *Def = nullptr;
      if (FD->getBody(Def) && Def)
        Work.push_back({Def, Def->getBody()});
    }
  for (const Body &B : Collector.Roots)
    Work.push_back(B);
  // Code that forks or joins runs in a task.
  for (const auto &A : Collector.Forks)
    Work.push_back(A.Caller);
  for (const auto &J : Collector.Joins)
    Work.push_back(J.first);
  llvm::DenseMap<const Stmt *, std::vector<const FunctionDecl *>> Callees;
  for (const CallSite &C : Collector.Calls)
    Callees[C.Caller.Stmt].push_back(C.Callee);
  while (!Work.empty()) {
    Body B = Work.back();
    Work.pop_back();
    // libito's own inline code keeps to the rules by construction.
    if (!B.Stmt || !TaskStmts.insert(B.Stmt).second ||
        SM.isInSystemHeader(B.Stmt->getBeginLoc()) ||
        (B.Function && inIto(B.Function)))
      continue;
    TaskCode.push_back(B);
    for (const FunctionDecl *FD : Callees.lookup(B.Stmt))
      Work.push_back({FD, FD->getBody()});
  }
}

namespace {
/// The instantiations of the function templates (and members of class
/// templates) that use Cilk.
class InstantiationFinder : public RecursiveASTVisitor<InstantiationFinder> {
public:
  explicit InstantiationFinder(
      const llvm::DenseSet<const FunctionDecl *> &Patterns)
      : Patterns(Patterns) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isTemplateInstantiation() && FD->hasBody())
      if (const FunctionDecl *P = FD->getTemplateInstantiationPattern();
          P && Patterns.count(P))
        Found.push_back({FD, P});
    return true;
  }
  std::vector<std::pair<const FunctionDecl *, const FunctionDecl *>> Found;

private:
  const llvm::DenseSet<const FunctionDecl *> &Patterns;
};

/// The spawned calls of an instantiated body, by where their spawn is.
class SpawnFinder : public RecursiveASTVisitor<SpawnFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Extension)
      if (const auto *C = dyn_cast<CallExpr>(skipNoise(U->getSubExpr())))
        ByLoc[U->getBeginLoc().getRawEncoding()] = C;
    return true;
  }
  llvm::DenseMap<unsigned, const CallExpr *> ByLoc;
};
} // namespace

void TaskSites::addInstantiatedSpawns() {
  // What depends on a template parameter (a call resolved only then) is
  // checked in each instantiation; reports point at the template, once.
  llvm::DenseSet<const FunctionDecl *> Patterns;
  for (const auto &F : Plan.Functions)
    if (F->Function && F->Function->isTemplated())
      Patterns.insert(F->Function);
  if (Patterns.empty())
    return;
  InstantiationFinder Finder(Patterns);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const auto &[Inst, Pattern] : Finder.Found) {
    SpawnFinder Spawns;
    Spawns.TraverseStmt(Inst->getBody());
    for (const auto &S : Plan.Spawns) {
      if (bodyOf(S->Block).Function != Pattern)
        continue;
      const CallExpr *Call = Spawns.ByLoc.lookup(
          S->Construct->Node->getBeginLoc().getRawEncoding());
      if (!Call)
        continue;
      Edges.push_back({TaskEdge::Spawn,
                       {Inst, Inst->getBody()},
                       S->Construct->KeywordLoc,
                       S.get(),
                       nullptr,
                       nullptr,
                       {},
                       "spawned task"});
      Edges.back().SpawnCall = Call;
      Edges.back().Instantiation = Inst;
    }
  }
}

Body TaskSites::bodyOf(const TaskBlock *Block) const {
  auto It = BlockBodies.find(Block);
  return It == BlockBodies.end() ? Body() : It->second;
}

FunctionFacts &TaskSites::facts(const Body &B) {
  std::unique_ptr<FunctionFacts> &F = Facts[B.Stmt];
  if (!F)
    F = std::make_unique<FunctionFacts>(Ctx, B.Function, B.Stmt, &Promotion);
  return *F;
}

ForkReach &TaskSites::flow(const Body &B) {
  std::unique_ptr<ForkReach> &F = Flows[B.Stmt];
  if (!F) {
    std::vector<const TaskBlock *> Blocks;
    for (const auto &Fn : Plan.Functions)
      if (Fn->Body == B.Stmt)
        for (const auto &Block : Fn->Blocks)
          Blocks.push_back(Block.get());
    F = std::make_unique<ForkReach>(Ctx, B.Function, B.Stmt, Blocks);
  }
  return *F;
}

FlowPoint checks::loopEntry(const ForkReach &Flow, const Stmt *Loop,
                            bool Each) {
  const Stmt *First = nullptr;
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    First = For->getInit() && !Each ? For->getInit() : For->getCond();
  else if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop))
    First = Each               ? Range->getCond()
            : Range->getInit() ? Range->getInit()
                               : Range->getRangeStmt();
  return First ? Flow.at(First) : FlowPoint();
}

FlowPoint checks::reachedAt(const ForkReach &Flow, const MigrationPoint &P) {
  // A cilk_for is reached before any iteration.
  return P.Loop ? loopEntry(Flow, P.Node) : Flow.end(P.Node);
}

std::vector<FlowPoint> checks::leftAt(const ForkReach &Flow,
                                      const MigrationPoint &P) {
  if (P.Loop)
    return Flow.loopExits(P.Node);
  return {Flow.end(P.Node)};
}

/// For one body: which of its stores may come before each of its children
/// starts, and which children may still run at each store.
struct TaskSites::ChildOrder {
  ChildOrder(TaskSites &Sites, const Body &B)
      : Flow(Sites.flow(B)), StoreIndex(storesOf(Sites, B)),
        ChildIndex(childrenOf(Sites, B)), Stored(Flow, StoreIndex.size()),
        Running(Flow, ChildIndex.size()) {
    for (const auto &[At, I] : StoreIndex)
      Stored.gen(Flow.end(At), I);
    Stored.solve();
    for (const auto &[E, I] : ChildIndex) {
      // A spawn runs until a sync of its block (or the block's end); a
      // libito task, as far as this goes, to the end of the body.
      Running.gen(start(*E), I);
      if (E->K != TaskEdge::Spawn)
        continue;
      Running.scope(I, E->Site->Block);
      for (const SyncPoint &S : Sites.Plan.Syncs)
        if (S.Block == E->Site->Block)
          Running.kill(Flow.end(S.Construct->Node), I, I + 1);
    }
    Running.solve();
  }

  static llvm::DenseMap<const Stmt *, unsigned> storesOf(TaskSites &Sites,
                                                         const Body &B) {
    llvm::DenseMap<const Stmt *, unsigned> Index;
    for (const FunctionFacts::Store &S : Sites.facts(B).stores())
      Index.try_emplace(S.At, Index.size());
    return Index;
  }

  static llvm::DenseMap<const TaskEdge *, unsigned> childrenOf(TaskSites &Sites,
                                                               const Body &B) {
    llvm::DenseMap<const TaskEdge *, unsigned> Index;
    for (const TaskEdge &E : Sites.Edges)
      if (E.Parent.Stmt == B.Stmt && !E.Instantiation &&
          E.K != TaskEdge::CilkForBody)
        Index.try_emplace(&E, Index.size());
    return Index;
  }

  FlowPoint start(const TaskEdge &E) const {
    switch (E.K) {
    case TaskEdge::Spawn:
      return Flow.end(E.Site->Statement);
    case TaskEdge::CilkForBody: // each iteration starts at the condition
      return loopEntry(Flow,
                       E.For->For ? static_cast<const Stmt *>(E.For->For)
                                  : E.For->RangeFor,
                       /*Each=*/true);
    case TaskEdge::ApiCall:
      return Flow.end(E.Call);
    }
    return {};
  }

  const ForkReach &Flow;
  llvm::DenseMap<const Stmt *, unsigned> StoreIndex;
  llvm::DenseMap<const TaskEdge *, unsigned> ChildIndex;
  ForkReach::Problem Stored, Running;
};

TaskSites::~TaskSites() = default;

bool TaskSites::mayBeSeenBy(const Body &B, const Stmt *Store,
                            const TaskEdge *E) {
  if (!E || E->Parent.Stmt != B.Stmt || E->Instantiation)
    return true;
  std::unique_ptr<ChildOrder> &O = Orders[B.Stmt];
  if (!O)
    O = std::make_unique<ChildOrder>(*this, B);
  FlowPoint Start = O->start(*E);
  auto S = O->StoreIndex.find(Store);
  if (!Start.valid() || S == O->StoreIndex.end())
    return true;
  if (O->Stored.before(Start).test(S->second))
    return true;
  auto C = O->ChildIndex.find(E);
  return C != O->ChildIndex.end() &&
         O->Running.before(O->Flow.end(Store)).test(C->second);
}
