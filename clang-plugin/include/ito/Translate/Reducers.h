//===- Reducers.h - Reducer types and their operations ----------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A reducer (OpenCilk's hyperobject) is a variable, field or pointee whose
// type carries `cilk_reducer(identity, reduce)`. Under the translator the
// keyword is the type attribute
//
//   [[clang::annotate_type("ito_reducer", (void (*)(void *))(identity),
//                          (void (*)(void *, void *))(reduce))]]
//
// (<cilk/ito_keywords.h>), so a reducer's type is sugar over its view type.
// Clang uniques attributed types by attribute kind, so the operations are
// read from where the type is written: the declaration the expression
// names, a typedef, or an alias template, whose operations the emitted code
// takes from a companion struct beside it (`__ito_reducer_<alias>`, with
// static members identity and reduce).
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_REDUCERS_H
#define ITO_TRANSLATE_REDUCERS_H

#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class ASTContext;
class Expr;
class TypeAliasTemplateDecl;
class ValueDecl;
} // namespace clang

namespace ito {

/// How the emitted code names a reducer's operations: two expressions, or
/// a companion struct.
struct ReducerOps {
  std::string Identity, Reduce;
  std::string Companion;
};

/// Whether \p T is a reducer type (the attribute at its top, maybe under
/// typedefs and aliases; not a pointer or reference to one).
bool isReducerType(clang::QualType T);
/// The same without the attribute: the type of the views.
clang::QualType viewType(clang::QualType T);

/// The operations of the reducer \p E designates; false if they cannot be
/// told (Why then says why).
bool reducerOps(clang::ASTContext &Ctx, const clang::Expr *E, ReducerOps &Out,
                std::string &Why);
/// The operations of the reducer pointer \p Pointer points to (the base of
/// `p->field`).
bool reducerOpsThrough(clang::ASTContext &Ctx, const clang::Expr *Pointer,
                       ReducerOps &Out, std::string &Why);
/// The operations of variable or field \p D, of reducer type.
bool reducerOps(clang::ASTContext &Ctx, const clang::ValueDecl *D,
                ReducerOps &Out, std::string &Why);

/// The alias template whose pattern is a reducer type written directly
/// (`template <class T> using R = T cilk_reducer(I, R);`), and its identity
/// and reduce as written (in the alias's scope).
bool isReducerAlias(clang::ASTContext &Ctx,
                    const clang::TypeAliasTemplateDecl *Alias,
                    std::string *Identity = nullptr,
                    std::string *Reduce = nullptr);
/// The name of the companion of a reducer alias template.
std::string reducerCompanionName(llvm::StringRef Alias);

} // namespace ito

#endif // ITO_TRANSLATE_REDUCERS_H
