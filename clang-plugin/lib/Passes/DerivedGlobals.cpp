//===- DerivedGlobals.cpp - Globals the optimizer derives stay shared -----===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// The program's file-scope data is shared by the processes because the
// translation places it in ito's sections (Rewrite/EmitGlobals.cpp). LLVM's
// global optimizer may make new globals out of such a variable: a pointer
// stored once with a small malloc (`static long *res; res = malloc(1600);`)
// becomes the allocation itself as a global, `res.body`, and a flag that
// says whether it was stored, `res.init`, both without a section. Each
// process would then have its own copy of what the program shares, and the
// tasks of other processes would write theirs: a wrong answer, silently.
// (Its other transformations, which split a struct or shrink a variable to
// a bool, copy the section.)
//
// So the names of the globals in ito's sections are recorded at the start
// of the pipeline (named metadata ito.shared_globals), and at its end each
// global without a section that one of them became goes into ito's
// sections: a scalar into ito_zscalars or ito_gscalars (a 16-byte slot of
// its own, whose stores are whole), anything else into ito_zglobals or
// ito_globals, by its initial value.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace {

constexpr const char *RecordName = "ito.shared_globals";

bool isShared(const GlobalVariable &GV) {
  return GV.hasSection() && GV.getSection().starts_with("ito_");
}

/// The global \p Name was made from, by the suffix the optimizer gives it.
StringRef derivedFrom(StringRef Name) {
  for (StringRef Suffix : {".body", ".init"})
    if (Name.ends_with(Suffix))
      return Name.drop_back(Suffix.size());
  return {};
}

} // namespace

PreservedAnalyses ito::SharedGlobalsRecordPass::run(Module &M,
                                                    ModuleAnalysisManager &) {
  NamedMDNode *Record = nullptr;
  for (const GlobalVariable &GV : M.globals())
    if (isShared(GV) && !GV.isDeclaration() && GV.hasLocalLinkage()) {
      if (!Record)
        Record = M.getOrInsertNamedMetadata(RecordName);
      Record->addOperand(MDNode::get(
          M.getContext(), MDString::get(M.getContext(), GV.getName())));
    }
  return PreservedAnalyses::all();
}

PreservedAnalyses ito::DerivedGlobalsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  NamedMDNode *Record = M.getNamedMetadata(RecordName);
  if (!Record)
    return PreservedAnalyses::all();
  StringSet<> Shared;
  for (const MDNode *N : Record->operands())
    Shared.insert(cast<MDString>(N->getOperand(0))->getString());
  M.eraseNamedMetadata(Record);
  bool Changed = false;
  for (GlobalVariable &GV : M.globals()) {
    if (GV.hasSection() || GV.isDeclaration() || GV.isThreadLocal() ||
        GV.isConstant())
      continue;
    StringRef From = derivedFrom(GV.getName());
    if (From.empty() || !Shared.contains(From))
      continue;
    const Constant *Init = GV.getInitializer();
    const bool Zero = Init->isNullValue() || isa<UndefValue>(Init);
    if (GV.getValueType()->isSingleValueType() &&
        !GV.getValueType()->isVectorTy()) {
      GV.setSection(Zero ? "ito_zscalars" : "ito_gscalars");
      GV.setAlignment(std::max(GV.getAlign().valueOrOne(), Align(16)));
    } else {
      GV.setSection(Zero ? "ito_zglobals" : "ito_globals");
    }
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
