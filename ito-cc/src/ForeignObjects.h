//===- ForeignObjects.h - Objects another compiler made ---------*- C++ -*-===//
//
// Before a link, finds the objects (and archive members) among the inputs
// that ito-cc did not compile (they lack the ito_objects section its passes
// add, clang-plugin/lib/Passes/ObjectMark.cpp) and that define file-scope
// variables: each process of a job keeps its own copy of those, so what a
// task writes there is not seen by tasks in other processes. ito-cc warns,
// naming them.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CC_FOREIGNOBJECTS_H
#define ITO_CC_FOREIGNOBJECTS_H

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace ito::cc {

struct ForeignObject {
  std::string Name;                   ///< path, or archive(member)
  std::vector<std::string> Variables; ///< writable file-scope data it defines
};

struct LinkInputs {
  /// The objects another compiler made that define writable file-scope
  /// variables.
  std::vector<ForeignObject> Foreign;
  /// One of the objects is a Cilk program's translation
  /// (__ito_cilk_program): only then are file-scope variables shared.
  bool CilkProgram = false;
};

/// Reads the objects and archives among \p Paths (others are skipped).
LinkInputs inspectLinkInputs(llvm::ArrayRef<std::string> Paths);

} // namespace ito::cc

#endif // ITO_CC_FOREIGNOBJECTS_H
