//===- ExprRoots.h - The variable an lvalue belongs to ----------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// What a write writes to: the variable at the root of an lvalue, through
// the parentheses, casts and temporaries that do not change the object.
// Used by the checks (a task writing file-scope data) and by the rewriter
// (file-scope data of other sources that a source writes).
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_EXPRROOTS_H
#define ITO_TRANSLATE_EXPRROOTS_H

namespace clang {
class Expr;
class VarDecl;
} // namespace clang

namespace ito {

/// \p E without parentheses, implicit casts that keep the value, cleanups
/// and temporaries.
const clang::Expr *skipNoise(const clang::Expr *E);
/// The variable a plain name refers to, if \p E is one.
const clang::VarDecl *varOf(const clang::Expr *E);
/// The variable at the root of the lvalue \p E: x in x, x.f, x[i], x.a[i].f
/// (not through pointers).
const clang::VarDecl *rootVar(const clang::Expr *E);

} // namespace ito

#endif // ITO_TRANSLATE_EXPRROOTS_H
