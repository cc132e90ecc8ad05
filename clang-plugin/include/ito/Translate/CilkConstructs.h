//===- CilkConstructs.h - Find the Cilk constructs of a TU ------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Under __ITO_TRANSLATOR__, <cilk/cilk.h> expands each Cilk keyword through a
// marker macro to an ordinary construct that parses like the serial elision:
//
//   cilk_spawn E  ->  __ITO_CILK_SPAWN E  ->  __extension__ E
//   cilk_sync     ->  __ITO_CILK_SYNC     ->  __ito_cilk_sync()
//   cilk_for      ->  __ITO_CILK_FOR      ->  for
//   cilk_scope S  ->  __ITO_CILK_SCOPE S  ->  if (1) S
//
// The collector finds these constructs in the AST and tells them apart from
// the same constructs written by hand by the macro expansion they come from.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_CILKCONSTRUCTS_H
#define ITO_TRANSLATE_CILKCONSTRUCTS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace ito {

enum class CilkConstructKind { Spawn, Sync, For, Scope };

/// Returns the keyword of \p Kind: "cilk_spawn", "cilk_sync", "cilk_for" or
/// "cilk_scope".
llvm::StringRef getCilkKeyword(CilkConstructKind Kind);

/// One use of a Cilk keyword.
struct CilkConstruct {
  CilkConstructKind Kind;
  /// What the keyword expanded to: the UnaryOperator (UO_Extension) of a
  /// spawn, the CallExpr of a sync, the ForStmt (or CXXForRangeStmt) of a
  /// cilk_for, the IfStmt of a cilk_scope.
  const clang::Stmt *Node;
  /// The file location of the keyword as the user spelled it. For a keyword
  /// in the body of a user macro, the location of that macro's use.
  clang::SourceLocation KeywordLoc;
  /// The keyword as spelled, e.g. "cilk_spawn" or "_Cilk_spawn". Refers to a
  /// SourceManager buffer.
  llvm::StringRef Spelling;
};

/// Returns the Cilk constructs of the translation unit in \p Ctx, in source
/// order, except those in system headers. Template instantiations are not
/// visited: a construct in a template is found once, in the template.
std::vector<CilkConstruct> collectCilkConstructs(clang::ASTContext &Ctx);

} // namespace ito

#endif // ITO_TRANSLATE_CILKCONSTRUCTS_H
