//===- DiagnosticLocations.h - Diagnostics at the user's lines --*- C++ -*-===//
//
// Clang compiles ito-cc's translations, whose #line markers make its text
// diagnostics name the user's files and lines. Two forms name physical
// positions instead, for tools to act on: parseable fix-its
// (-fdiagnostics-parseable-fixits) and SARIF (-fdiagnostics-format=sarif).
// This maps those positions back through the translations' #line markers:
// a position on a line the translation left as it was keeps its column; on
// a line it changed only the line is known (a fix-it there is dropped
// rather than applied at a wrong place); generated code keeps its position.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_CC_DIAGNOSTICLOCATIONS_H
#define ITO_CC_DIAGNOSTICLOCATIONS_H

#include "Translate.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ito::cc {

/// A line marker, `#line 12 "f.c"` or `# 12 "f.c" 1`: its number and the
/// file it names (empty for `#line 12`).
bool parseLineMarker(llvm::StringRef Line, unsigned &Number, std::string &Name);

/// \p Text with its line markers that name \p Self naming no file: clang
/// 19's SARIF output stops at a marker that names a file (its
/// llvm-project issue 57366).
std::string withoutSelfNames(llvm::StringRef Text, llvm::StringRef Self);

class DiagnosticLocations {
public:
  explicit DiagnosticLocations(llvm::ArrayRef<TranslatedFile> Files);

  struct Position {
    std::string File; ///< as the user (or the translator) names it
    unsigned Line = 0;
    unsigned Column = 0; ///< 0: not known
  };
  /// Where \p Line:\p Column of the file clang calls \p Path is in the
  /// user's files; none if \p Path is no translation, or for generated
  /// code. On a line the translation changed, the column is kept if the
  /// line is unchanged up to it, or else if \p Inexact: then it is the
  /// column of the user's character there, or of the next one the
  /// translation kept (what it inserted belongs to what follows).
  std::optional<Position> map(llvm::StringRef Path, unsigned Line,
                              unsigned Column, bool Inexact = false) const;

  /// Clang's diagnostics output (its standard error) with the parseable
  /// fix-its and SARIF documents at the user's positions.
  std::string rewrite(llvm::StringRef Output) const;

private:
  struct Line {
    int Source = -1; ///< index in Sources; -1: generated
    unsigned Number = 0;
    std::string Text;
  };
  struct File {
    std::string Original;           ///< the user's file it stands for
    std::vector<std::string> Names; ///< how clang may name it (absolute)
    std::vector<Line> Lines;        ///< [0] is line 1
    std::vector<int> SourcesNamed;  ///< the files its markers name
  };
  const File *find(llvm::StringRef Path) const;
  const std::string *sourceLine(int Source, unsigned Number) const;
  std::string rewriteFixIt(llvm::StringRef Line) const;
  std::string rewriteSarif(llvm::StringRef Document) const;
  void mapPhysicalLocation(llvm::json::Object &Location, bool Presumed) const;

  std::vector<File> Files;
  std::vector<std::string> Sources; ///< the user's files the markers name
  mutable std::map<int, std::vector<std::string>> SourceLines;
};

} // namespace ito::cc

#endif // ITO_CC_DIAGNOSTICLOCATIONS_H
