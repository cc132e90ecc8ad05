//===- SharedGlobals.h - File-scope data the processes share ----*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// Which variables of a Cilk source become one copy for all the program's
// processes: those the main file defines at file or namespace scope (and
// its static data members, inline ones too, and the variables and static
// data members of its templates), unless they are constant or
// thread_local, come from a macro that does not begin with their
// declaration, or already name a section; and the static locals of
// its functions that a constant initializes and nothing destroys (not in
// inline functions). The rewriter puts them in libito's shared sections;
// the checks leave writes to them alone. A C++ static local built at run
// time, or of an inline function or a template, is built once for the job
// in storage there (isSharedOnceStatic).
//
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_SHAREDGLOBALS_H
#define ITO_TRANSLATE_SHAREDGLOBALS_H

namespace clang {
class SourceManager;
class VarDecl;
} // namespace clang

namespace ito {

/// True if this definition of a variable is one that the translation shares.
bool isSharedGlobalDefinition(const clang::VarDecl *VD,
                              const clang::SourceManager &SM);

/// C++: a static local of a function of the main file that a dynamic
/// initializer sets (or that has a destructor): one object for the whole
/// job, built once, by the first process whose task gets there (its guard
/// in the shared sections too), and never destroyed.
bool isSharedOnceStatic(const clang::VarDecl *VD,
                        const clang::SourceManager &SM);

/// True if every process sees one copy of \p VD: its definition in this
/// translation unit is shared.
bool isSharedGlobal(const clang::VarDecl *VD, const clang::SourceManager &SM);

} // namespace ito

#endif
