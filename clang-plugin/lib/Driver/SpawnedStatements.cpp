//===- SpawnedStatements.cpp - cilk_spawn of a compound statement ---------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A raw lexing of the text (comments and literals skipped; braces counted
// as written, so a block whose braces differ between #if branches is not
// supported).
//
//===----------------------------------------------------------------------===//

#include "ito/Translate/SpawnedStatements.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <utility>

using namespace clang;

bool ito::rewriteSpawnedStatements(llvm::StringRef Text,
                                   const LangOptions &LangOpts,
                                   std::string &Out) {
  // A quick look first: most sources have none.
  if (!Text.contains("spawn"))
    return false;
  // Offsets from the start of the text: the lexer's locations count from 1.
  const SourceLocation Base = SourceLocation::getFromRawEncoding(1);
  Lexer L(Base, LangOpts, Text.begin(), Text.begin(), Text.end());
  L.SetCommentRetentionState(false);
  auto offsetOf = [&](const Token &T) {
    return T.getLocation().getRawEncoding() - Base.getRawEncoding();
  };
  // (offset, text to insert; length replaced)
  struct Edit {
    unsigned Offset, Length;
    std::string Text;
  };
  llvm::SmallVector<Edit, 8> Edits;
  // The open braces: whether each opens a spawned block.
  llvm::SmallVector<bool, 32> Open;
  Token Prev, Tok;
  Prev.startToken();
  bool PrevIsSpawn = false;
  while (!L.LexFromRawLexer(Tok) || Tok.isNot(tok::eof)) {
    if (Tok.is(tok::eof))
      break;
    if (Tok.is(tok::l_brace)) {
      Open.push_back(PrevIsSpawn);
      if (PrevIsSpawn) {
        const unsigned At = offsetOf(Prev);
        const unsigned Len = Prev.getLength();
        if (LangOpts.CPlusPlus)
          Edits.push_back({offsetOf(Tok), 1, "[&]() -> void {"});
        else
          Edits.push_back(
              {At, Len,
               "_Pragma(\"GCC error \\\"'" + std::string(Text.substr(At, Len)) +
                   "' of a compound statement is C++ only in ito; in C, "
                   "move the statements into a function and spawn a call "
                   "to it\\\"\")"});
      }
    } else if (Tok.is(tok::r_brace) && !Open.empty()) {
      if (Open.back() && LangOpts.CPlusPlus)
        Edits.push_back({offsetOf(Tok) + 1, 0, "();"});
      Open.pop_back();
    }
    PrevIsSpawn = Tok.is(tok::raw_identifier) &&
                  (Tok.getRawIdentifier() == "cilk_spawn" ||
                   Tok.getRawIdentifier() == "_Cilk_spawn");
    Prev = Tok;
  }
  if (Edits.empty())
    return false;
  std::sort(Edits.begin(), Edits.end(),
            [](const Edit &A, const Edit &B) { return A.Offset < B.Offset; });
  Out.clear();
  unsigned At = 0;
  for (const Edit &E : Edits) {
    Out += Text.substr(At, E.Offset - At);
    Out += E.Text;
    At = E.Offset + E.Length;
  }
  Out += Text.substr(At);
  return true;
}
