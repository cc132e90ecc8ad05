//===- RangeFetches.cpp - Fetch a loop's data before the loop -------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Between nodes, a task's first touch of each block of another node's data
// faults, and the fault handler fetches the block (with a read-ahead that
// grows along a stream). A loop over an array knows before it starts which
// addresses it will touch: this pass computes, with scalar evolution, the
// range of addresses of each load and store in a loop nest, and announces
// the ranges before the nest runs:
//
//   if (__ito_fetch_ranges) {
//     ito_fetch_range(lo, hi - lo, /*write=*/0 or 1);
//     ...
//   }
//
// libito fetches the part of each range that is another node's in one round
// of messages and holds it as the faults would (memory/fault_access.cpp),
// so the loop runs without faulting. Only a hint: what a range leaves out
// (past the cache's share for one fetch, a pointer the pass cannot follow)
// faults as before, and on one node the nest pays one load and branch.
//
// The ranges are computed for the outermost loop around an access that
// calls nothing: a call may fork, and a fork's fence drops what was
// fetched, so a range is announced no further out than the last call.
// Accesses whose address is not an affine function of the loops' counters,
// or in a loop whose trip count is not computable before it, are left to
// the faults; so are the stack's, which never fault.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;
using ito::isRuntimeFunction;

namespace {

/// At most this many ranges before one loop nest; the rest fault.
constexpr unsigned MaxRangesPerNest = 8;

/// A range of addresses [Lo, Hi) that a nest reads, or writes.
struct Range {
  const SCEV *Lo;
  const SCEV *Hi;
  bool Write;
};

bool callsSomething(const Loop &L) {
  return any_of(L.blocks(), [](const BasicBlock *B) {
    return any_of(*B, ito::isRealCall);
  });
}

class RangeFetches {
public:
  RangeFetches(Module &M, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE)
      : M(M), Ctx(M.getContext()), LI(LI), DT(DT), SE(SE) {}

  bool run() {
    bool Changed = false;
    for (Loop *Top : LI) {
      // The nests to announce: the outermost loops that call nothing.
      SmallVector<Loop *, 8> Work{Top};
      while (!Work.empty()) {
        Loop *L = Work.pop_back_val();
        if (callsSomething(*L)) {
          append_range(Work, L->getSubLoops());
          continue;
        }
        SmallVector<Instruction *, 16> Accesses;
        for (BasicBlock *B : L->blocks())
          for (Instruction &I : *B)
            if (isa<LoadInst>(I) || isa<StoreInst>(I))
              Accesses.push_back(&I);
        Changed |= announce(*L, Accesses);
      }
    }
    return Changed;
  }

private:
  /// The least and the greatest value of \p S over the iterations of the
  /// loops in \p Nest, as expressions invariant in it; false if they are not
  /// known.
  bool bounds(const SCEV *S, const Loop &Nest, const SCEV *&Lo, const SCEV *&Hi,
              unsigned Depth = 0) {
    if (SE.isLoopInvariant(S, &Nest)) {
      Lo = Hi = S;
      return true;
    }
    const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
    if (!AR || !AR->isAffine() || !Nest.contains(AR->getLoop()) || Depth > 4)
      return false;
    const SCEV *Step = AR->getStepRecurrence(SE);
    const SCEV *Trips = SE.getBackedgeTakenCount(AR->getLoop());
    if (isa<SCEVCouldNotCompute>(Trips) || !SE.isLoopInvariant(Step, &Nest))
      return false;
    const SCEV *StartLo, *StartHi, *TripsLo, *TripsHi;
    if (!bounds(AR->getStart(), Nest, StartLo, StartHi, Depth + 1) ||
        !bounds(Trips, Nest, TripsLo, TripsHi, Depth + 1))
      return false;
    Type *T = StartLo->getType();
    if (T->isPointerTy())
      T = SE.getEffectiveSCEVType(T);
    const SCEV *Walk = SE.getMulExpr(SE.getTruncateOrZeroExtend(Step, T),
                                     SE.getTruncateOrZeroExtend(TripsHi, T));
    if (SE.isKnownNonNegative(Step)) {
      Lo = StartLo;
      Hi = SE.getAddExpr(StartHi, Walk);
    } else if (SE.isKnownNonPositive(Step)) {
      Lo = SE.getAddExpr(StartLo, Walk);
      Hi = StartHi;
    } else {
      // A step of unknown sign (a row of n elements, n unsigned): the ends
      // are the first and the last iteration, whichever is lower.
      Lo = SE.getUMinExpr(StartLo, SE.getAddExpr(StartLo, Walk));
      Hi = SE.getUMaxExpr(StartHi, SE.getAddExpr(StartHi, Walk));
    }
    return true;
  }

  /// The range a load or store \p I touches over the whole of \p Nest.
  std::optional<Range> rangeOf(Instruction &I, const Loop &Nest) {
    Value *Ptr;
    Type *Ty;
    bool Write;
    if (auto *LD = dyn_cast<LoadInst>(&I)) {
      if (!LD->isSimple())
        return std::nullopt;
      Ptr = LD->getPointerOperand();
      Ty = LD->getType();
      Write = false;
    } else if (auto *ST = dyn_cast<StoreInst>(&I)) {
      if (!ST->isSimple())
        return std::nullopt;
      Ptr = ST->getPointerOperand();
      Ty = ST->getValueOperand()->getType();
      Write = true;
    } else {
      return std::nullopt;
    }
    // The stack never faults; nor does what does not move in the nest.
    if (isa<AllocaInst>(getUnderlyingObject(Ptr)))
      return std::nullopt;
    const SCEV *S = SE.getSCEV(Ptr);
    if (SE.isLoopInvariant(S, &Nest))
      return std::nullopt;
    const SCEV *Lo, *Hi;
    if (!bounds(S, Nest, Lo, Hi) || !Lo->getType()->isPointerTy() ||
        !Hi->getType()->isPointerTy())
      return std::nullopt;
    const uint64_t Size = M.getDataLayout().getTypeStoreSize(Ty);
    Hi = SE.getAddExpr(
        Hi, SE.getConstant(SE.getEffectiveSCEVType(Hi->getType()), Size));
    return Range{Lo, Hi, Write};
  }

  /// Whether \p A - \p B is a constant \p D of at most a page. The ends
  /// of a range with a step of unknown sign are a umin and a umax, which
  /// scalar evolution does not subtract: two such are that far apart when
  /// each pair of their operands is, and so are two sums whose min/max terms
  /// are and whose other terms are a constant apart.
  bool near(const SCEV *A, const SCEV *B, int64_t &D, unsigned Depth = 0) {
    if (const auto *C = dyn_cast<SCEVConstant>(SE.getMinusSCEV(A, B))) {
      if (C->getAPInt().abs().ugt(4096))
        return false;
      D = C->getAPInt().getSExtValue();
      return true;
    }
    if (Depth > 3)
      return false;
    const auto *MA = dyn_cast<SCEVMinMaxExpr>(A);
    const auto *MB = dyn_cast<SCEVMinMaxExpr>(B);
    if (MA && MB) {
      if (MA->getSCEVType() != MB->getSCEVType() ||
          MA->getNumOperands() != MB->getNumOperands())
        return false;
      for (unsigned I = 0; I < MA->getNumOperands(); I++) {
        int64_t DI;
        if (!near(MA->getOperand(I), MB->getOperand(I), DI, Depth + 1) ||
            (I > 0 && DI != D))
          return false;
        D = DI;
      }
      return true;
    }
    // A sum with one min/max term: the term, and the sum of the others.
    auto Split = [&](const SCEV *S, const SCEV *&Term, const SCEV *&Rest) {
      const auto *Add = dyn_cast<SCEVAddExpr>(S);
      if (!Add)
        return false;
      SmallVector<const SCEV *, 4> Others;
      Term = nullptr;
      for (const SCEV *Op : Add->operands()) {
        if (isa<SCEVMinMaxExpr>(Op) && !Term)
          Term = Op;
        else
          Others.push_back(Op);
      }
      if (!Term)
        return false;
      Rest = Others.empty() ? SE.getZero(S->getType()) : SE.getAddExpr(Others);
      return true;
    };
    const SCEV *TA, *RA, *TB, *RB;
    if (!Split(A, TA, RA) || !Split(B, TB, RB))
      return false;
    int64_t DT, DR;
    if (!near(TA, TB, DT, Depth + 1) || !near(RA, RB, DR, Depth + 1))
      return false;
    D = DT + DR;
    return D >= -4096 && D <= 4096;
  }

  /// Adds \p R to \p Ranges: a range there that ends or starts a constant
  /// distance from where R does (a[i - 1], a[i], a[i + 1]; a row's first
  /// element and the loop over the rest of it) overlaps it, and grows to
  /// hold it.
  void addRange(SmallVectorImpl<Range> &Ranges, Range R) {
    for (Range &Q : Ranges) {
      int64_t DLo, DHi;
      const bool NearLo = near(R.Lo, Q.Lo, DLo);
      const bool NearHi = near(R.Hi, Q.Hi, DHi);
      if (!NearLo && !NearHi)
        continue;
      if (!NearLo)
        Q.Lo = SE.getUMinExpr(Q.Lo, R.Lo);
      else if (DLo < 0)
        Q.Lo = R.Lo;
      if (!NearHi)
        Q.Hi = SE.getUMaxExpr(Q.Hi, R.Hi);
      else if (DHi > 0)
        Q.Hi = R.Hi;
      Q.Write |= R.Write;
      return;
    }
    Ranges.push_back(R);
  }

  /// Announces before \p Nest the ranges of those of \p Accesses (its loads
  /// and stores) that it can bound; the others, before the loops inside it
  /// that hold them, if those can.
  bool announce(Loop &Nest, ArrayRef<Instruction *> Accesses) {
    // (Loops get their preheaders from LoopSimplify at the vectorizer,
    // after this pass: a loop alone in its function has none yet.)
    bool Changed = false;
    BasicBlock *Pre = Nest.getLoopPreheader();
    if (!Pre && (Pre = InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr,
                                              /*PreserveLCSSA=*/false)))
      Changed = true;
    SCEVExpander Expander(SE, M.getDataLayout(), "ito.range");
    Instruction *At = Pre ? Pre->getTerminator() : nullptr;
    SmallVector<Range, MaxRangesPerNest> Ranges;
    SmallVector<Instruction *, 16> Inner;
    for (Instruction *I : Accesses) {
      std::optional<Range> R;
      if (At)
        R = rangeOf(*I, Nest);
      if (R && Expander.isSafeToExpandAt(R->Lo, At) &&
          Expander.isSafeToExpandAt(R->Hi, At))
        addRange(Ranges, *R);
      else if (LI.getLoopFor(I->getParent()) != &Nest)
        Inner.push_back(I);
    }
    for (Loop *Sub : Nest.getSubLoops()) {
      SmallVector<Instruction *, 16> Its;
      for (Instruction *I : Inner)
        if (Sub->contains(I))
          Its.push_back(I);
      if (!Its.empty())
        Changed |= announce(*Sub, Its);
    }
    if (Ranges.empty())
      return Changed;
    if (Ranges.size() > MaxRangesPerNest)
      Ranges.resize(MaxRangesPerNest);

    if (!Flag) {
      Flag = M.getOrInsertGlobal("__ito_fetch_ranges", Type::getInt8Ty(Ctx));
      Type *Ptr = PointerType::getUnqual(Ctx);
      Type *I64 = Type::getInt64Ty(Ctx);
      Fetch = M.getOrInsertFunction(
          "ito_fetch_range",
          FunctionType::get(Type::getVoidTy(Ctx),
                            {Ptr, I64, Type::getInt32Ty(Ctx)}, false));
      if (auto *Fn = dyn_cast<Function>(Fetch.getCallee())) {
        // It changes no byte of the program's memory, only where its
        // copies are: loads and stores around it may move as before.
        Fn->setDoesNotThrow();
        Fn->setWillReturn();
        Fn->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
      }
    }
    IRBuilder<> IRB(At);
    Value *On = IRB.CreateICmpNE(IRB.CreateLoad(Type::getInt8Ty(Ctx), Flag),
                                 IRB.getInt8(0));
    DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
    Instruction *Then = SplitBlockAndInsertIfThen(
        On, At, /*Unreachable=*/false,
        MDBuilder(Ctx).createBranchWeights(1, 1 << 10), &DTU, &LI);
    Expander.setInsertPoint(Then);
    IRBuilder<> Call(Then);
    for (const Range &R : Ranges) {
      Value *Lo = Expander.expandCodeFor(R.Lo, R.Lo->getType(), Then);
      Value *Hi = Expander.expandCodeFor(R.Hi, R.Hi->getType(), Then);
      Value *N = Call.CreatePtrDiff(Call.getInt8Ty(), Hi, Lo);
      Call.CreateCall(Fetch, {Lo, N, Call.getInt32(R.Write)});
    }
    return true;
  }

  Module &M;
  LLVMContext &Ctx;
  LoopInfo &LI;
  DominatorTree &DT;
  ScalarEvolution &SE;
  Constant *Flag = nullptr;
  FunctionCallee Fetch;
};

} // namespace

PreservedAnalyses ito::RangeFetchesPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || isRuntimeFunction(F))
    return PreservedAnalyses::all();
  RangeFetches Pass(*F.getParent(), FAM.getResult<LoopAnalysis>(F),
                    FAM.getResult<DominatorTreeAnalysis>(F),
                    FAM.getResult<ScalarEvolutionAnalysis>(F));
  if (!Pass.run())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  return PA;
}
