//===- CilkMacros.h - Macros whose bodies hold Cilk keywords ----*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The translator edits the text of the main file, and a keyword written in
/// a macro's body (`#define par_do(a, b) { cilk_spawn a(); b(); cilk_sync; }`,
/// a macro that defines a whole function) has no text of its own there. The
/// main file's expansions of such macros are recorded while it is parsed,
/// token by token; the translation then runs again on the main file with
/// those expansions written out, as its serial elision would read them.
///
//===----------------------------------------------------------------------===//

#ifndef ITO_TRANSLATE_CILKMACROS_H
#define ITO_TRANSLATE_CILKMACROS_H

#include "clang/Basic/SourceLocation.h"
#include <map>
#include <string>

namespace clang {
class Preprocessor;
class Token;
} // namespace clang

namespace ito {

class CilkMacroExpansions {
public:
  /// Watches the tokens \p PP hands the parser (its token watcher).
  explicit CilkMacroExpansions(clang::Preprocessor &PP);

  /// Whether some expansion in the main file has a Cilk keyword from a
  /// macro's body.
  bool needed() const { return !Needed.empty(); }
  /// The main file with those expansions written out (each on the line of
  /// its macro's name; the lines after keep their numbers).
  std::string expandedMainFile() const;

private:
  void see(const clang::Token &Tok);

  struct Expansion {
    clang::CharSourceRange Invocation;
    std::string Text;
    bool Needed = false;
  };
  clang::Preprocessor &PP;
  // The main file's top-level expansion being read, and the last keyword
  // expansion written out in it.
  Expansion Current;
  clang::SourceLocation CurrentBegin, LastKeyword;
  std::map<unsigned, Expansion> Needed; // by offset in the main file
};

} // namespace ito

#endif // ITO_TRANSLATE_CILKMACROS_H
