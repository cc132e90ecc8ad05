//===- PassPlugin.cpp - ito-passes.so, the passes ito-cc adds -------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// GlobalAtomics runs at the start of the pipeline, before inlining, at every
// -O level; RangeFetches just before the vectorizer, on loops in their final
// shape; LeafPolls at its end, after the vectorizer. SharedGlobalsRecord and
// DerivedGlobals bracket the pipeline.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

bool ito::isRuntimeFunction(const Function &F) {
  StringRef N = F.getName();
  return N.starts_with("ito_") || N.starts_with("_ZN3ito") ||
         N.starts_with("_ZNK3ito");
}

bool ito::isRealCall(const Instruction &I) {
  const auto *C = dyn_cast<CallBase>(&I);
  if (!C || isa<IntrinsicInst>(C) || C->isInlineAsm())
    return false;
  // An atomic or volatile access between nodes (GlobalAtomics), which
  // serves requests while it waits and never forks.
  const Function *F = C->getCalledFunction();
  return !F || !F->getName().starts_with("__ito_atomic_");
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "ito-passes", "1", [](PassBuilder &PB) {
            PB.registerPipelineStartEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) {
                  MPM.addPass(ito::ObjectMarkPass());
                  MPM.addPass(ito::SharedGlobalsRecordPass());
                  MPM.addPass(ito::GlobalAtomicsPass());
                  MPM.addPass(createModuleToFunctionPassAdaptor(
                      ito::ProgramLoopsPass()));
                });
            PB.registerVectorizerStartEPCallback(
                [](FunctionPassManager &FPM, OptimizationLevel) {
                  FPM.addPass(ito::RangeFetchesPass());
                });
            PB.registerOptimizerLastEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) {
                  MPM.addPass(ito::LeafPollsPass());
                  MPM.addPass(ito::DerivedGlobalsPass());
                });
          }};
}
