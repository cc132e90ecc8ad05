//===- LeafPolls.cpp - Polls in the program's long-running serial code ----===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Between nodes a victim answers a thief when it polls, and it polls at its
// forks: a task that runs a long serial leaf (a sequential quicksort of 16K
// elements, a block of matrix rows) keeps every thief waiting until it
// forks again, a millisecond and more. This pass puts a countdown on the
// paths that make a leaf long, and a call into libito when it runs out
// (ito_sched_loop_poll, which serves requests and sets the next countdown
// from the clock):
//
//   - the header of every loop right around innermost loops (one count per
//     run of an innermost loop), and of every loop that holds a call;
//   - every innermost loop with no loop around it in its function (the
//     whole of a coarse task may be such a loop), counted in a register
//     and taken 64 iterations at a time, unless it is known to be short;
//   - the entry of every function that calls itself, and of every function
//     whose address is taken (qsort's comparison function: a leaf that
//     calls qsort spends its time there).
//
// The translation's own functions (__ito_*: a spawned call's entry, a
// cilk_for body) get no count at their entry, which libito calls through a
// pointer once per task or leaf; their loops are counted as any other.
//
// Other innermost loops without calls are left alone: a poll there would
// cost most per iteration; the loop around them counts instead. Loops further
// out count no more often than the ones inside them. Code that forks polls at
// its forks already (a loop that forks, a recursive function that does), and
// libito's own inline code is skipped, but not the program's loops inlined
// into it (a spawned lambda's leaf inlined into libito's task entry): those
// carry a loop property, ito.program_loop, that ProgramLoopsPass gives every
// loop of the program's functions before inlining. In a job on one
// node the countdown starts so high that it never runs out: one decrement
// per outer iteration or recursive call.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;
using ito::isRealCall;
using ito::isRuntimeFunction;

namespace {

const char *const ProgramLoop = "ito.program_loop";

bool isFork(const CallBase &C) {
  const Function *F = C.getCalledFunction();
  // ito_abi_fork: C's fork, not inlined at -O0.
  return F &&
         (F->getName() == "ito_uat_fork" ||
          F->getName() == "ito_uat_fork_passing" ||
          F->getName() == "ito_abi_fork" || F->getName() == "ito_sched_poll");
}

class LeafPolls {
public:
  explicit LeafPolls(Module &M) : M(M), Ctx(M.getContext()) {}

  bool run(FunctionAnalysisManager &FAM) {
    bool Changed = false;
    for (Function &F : M) {
      if (F.isDeclaration())
        continue;
      const bool Runtime = isRuntimeFunction(F);
      // Each site with the count it adds, and for a loop without calls
      // the loop (counted in a register, added every LoopStride).
      SmallVector<Site, 8> Sites;
      LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
      ScalarEvolution *SE = nullptr;
      for (Loop *L : LI.getLoopsInPreorder()) {
        if (Runtime && !findStringMetadataForLoop(L, ProgramLoop))
          continue;
        if (any_of(L->blocks(), forksIn))
          continue;
        if (any_of(L->blocks(), callsSomething)) {
          Sites.push_back({L->getHeader(), nullptr, 1});
        } else if (!L->isInnermost()) {
          if (all_of(L->getSubLoops(),
                     [](const Loop *S) { return S->isInnermost(); }))
            Sites.push_back({L->getHeader(), L, LoopStride});
        } else if (!L->getParentLoop()) {
          // An innermost loop with no loop around it in its function: a
          // task's whole leaf may be this loop. Counted unless it is known
          // to be short.
          if (!SE)
            SE = &FAM.getResult<ScalarEvolutionAnalysis>(F);
          const unsigned Max = SE->getSmallConstantMaxTripCount(L);
          if (Max == 0 || Max > ShortLoop)
            Sites.push_back({L->getHeader(), L, InnermostStride});
        }
      }
      if (!Runtime &&
          (callsItself(F) || (F.hasAddressTaken() && !translated(F))) &&
          none_of(F, [](BasicBlock &B) { return forksIn(&B); }))
        Sites.push_back({&F.getEntryBlock(), nullptr, 1});
      for (const Site &S : Sites)
        insertPoll(*S.Block, S.CountedLoop, S.Step);
      if (!Sites.empty()) {
        FAM.invalidate(F, PreservedAnalyses::none());
        Changed = true;
      }
    }
    return Changed;
  }

private:
  static bool forksIn(const BasicBlock *B) {
    return any_of(*B, [](const Instruction &I) {
      const auto *C = dyn_cast<CallBase>(&I);
      return C && isFork(*C);
    });
  }
  static bool callsSomething(const BasicBlock *B) {
    return any_of(*B, isRealCall);
  }
  /// The translation's own functions (__ito_e1 for a spawned call, the
  /// body of a cilk_for), called through pointers by libito.
  static bool translated(const Function &F) {
    return F.getName().starts_with("__ito_");
  }
  static bool callsItself(const Function &F) {
    for (const BasicBlock &B : F)
      for (const Instruction &I : B)
        if (const auto *C = dyn_cast<CallBase>(&I);
            C && C->getCalledFunction() == &F)
          return true;
    return false;
  }

  /// Where a count goes: a block, and for a loop without calls the loop,
  /// whose iterations are counted in a register and taken Step at a time.
  struct Site {
    BasicBlock *Block;
    Loop *CountedLoop;
    uint64_t Step;
  };

  /// At the start of \p B:
  ///   if (--ito_sched_loop_countdown <= 0) ito_sched_loop_poll();
  /// For the header of a loop \p L without calls, whose iterations may be
  /// a few cycles (an innermost loop of four vector iterations), the
  /// iterations are counted in a register and the countdown is taken
  /// \p Step at a time, so that most iterations add no load and store of
  /// memory.
  void insertPoll(BasicBlock &B, Loop *L, uint64_t Step) {
    Type *I64 = Type::getInt64Ty(Ctx);
    if (!Countdown) {
      Countdown = M.getOrInsertGlobal("ito_sched_loop_countdown", I64);
      Poll = M.getOrInsertFunction("ito_sched_loop_poll",
                                   FunctionType::get(Type::getVoidTy(Ctx),
                                                     /*isVarArg=*/false));
    }
    // In the entry block, after the allocas, which stay static.
    BasicBlock::iterator At = B.getFirstInsertionPt();
    while (isa<AllocaInst>(*At))
      ++At;
    if (L) {
      IRBuilder<> Head(&B, B.begin());
      PHINode *Count = Head.CreatePHI(I64, pred_size(&B));
      IRBuilder<> IRB(&*At);
      Value *Next = IRB.CreateAdd(Count, ConstantInt::get(I64, 1));
      for (BasicBlock *Pred : predecessors(&B))
        Count->addIncoming(L->contains(Pred) ? Next : ConstantInt::get(I64, 0),
                           Pred);
      Value *Due =
          IRB.CreateICmpEQ(IRB.CreateAnd(Next, ConstantInt::get(I64, Step - 1)),
                           ConstantInt::get(I64, 0));
      At = SplitBlockAndInsertIfThen(Due, IRB.GetInsertPoint(),
                                     /*Unreachable=*/false)
               ->getIterator();
    }
    IRBuilder<> IRB(&*At);
    Value *Left = IRB.CreateSub(IRB.CreateLoad(I64, Countdown),
                                ConstantInt::get(I64, Step));
    IRB.CreateStore(Left, Countdown);
    Value *Out = IRB.CreateICmpSLE(Left, ConstantInt::get(I64, 0));
    Instruction *Then = SplitBlockAndInsertIfThen(
        Out, IRB.GetInsertPoint(), /*Unreachable=*/false,
        MDBuilder(Ctx).createBranchWeights(1, 1 << 20));
    IRBuilder<>(Then).CreateCall(Poll);
  }

  static constexpr uint64_t LoopStride = 8;       // a power of 2
  static constexpr uint64_t InnermostStride = 64; // a power of 2
  // An innermost loop of at most this many iterations is not counted.
  static constexpr unsigned ShortLoop = 1024;
  Module &M;
  LLVMContext &Ctx;
  Constant *Countdown = nullptr;
  FunctionCallee Poll;
};

} // namespace

PreservedAnalyses ito::ProgramLoopsPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || isRuntimeFunction(F))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Loop *L : FAM.getResult<LoopAnalysis>(F).getLoopsInPreorder())
    if (L->getLoopLatch()) {
      addStringMetadataToLoop(L, ProgramLoop);
      Changed = true;
    }
  return Changed ? PreservedAnalyses::allInSet<CFGAnalyses>()
                 : PreservedAnalyses::all();
}

PreservedAnalyses ito::LeafPollsPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  return LeafPolls(M).run(FAM) ? PreservedAnalyses::none()
                               : PreservedAnalyses::all();
}
