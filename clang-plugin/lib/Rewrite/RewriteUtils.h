//===- RewriteUtils.h - Source text and edits for the emitters --*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_REWRITE_REWRITEUTILS_H
#define ITO_REWRITE_REWRITEUTILS_H

#include "ito/Translate/StackPromotion.h"
#include "ito/Translate/TaskBlocks.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <string>

namespace clang {
class BindingDecl;
} // namespace clang

namespace ito {

/// The edits of one translation, and what every emitter needs to make them.
class Edits {
public:
  explicit Edits(clang::ASTContext &Ctx);

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  clang::Rewriter R;
  /// The name #line markers give the main file (empty: clang's).
  std::string MainFileName;
  /// What the translation moves off the stack (C), if anything: a
  /// promoted local is reached through its pointer `__ito_p_<name>`.
  const PromotionPlan *Promoted = nullptr;
  /// Variables whose `register` the translation took off.
  llvm::DenseSet<const clang::VarDecl *> Unregistered;

  /// The file range of \p Range (whose ends may be in macro expansions).
  clang::CharSourceRange fileRange(clang::SourceRange Range) const;
  /// The source text of \p Range as the user wrote it (macros unexpanded).
  std::string text(clang::SourceRange Range) const;
  /// The text of expression \p X as the user wrote it, with the edits made
  /// so far; printed from the AST when it comes out of a macro's body (its
  /// text is then nowhere in the file).
  std::string exprText(const clang::Expr *X);
  /// The source text from \p Begin up to (not including) \p End.
  std::string textBetween(clang::SourceLocation Begin,
                          clang::SourceLocation End) const;
  /// The file range of statement \p S, with the ';' that ends it.
  clang::CharSourceRange statementRange(const clang::Stmt *S) const;
  /// The text of \p Range with the edits made so far.
  std::string rewrittenText(clang::SourceRange Range);
  std::string rewrittenText(clang::CharSourceRange Range);
  /// The location just after the ';' that ends statement \p S.
  clang::SourceLocation afterSemi(const clang::Stmt *S) const;
  /// The file location of \p Loc (expansion location for macros).
  clang::SourceLocation fileLoc(clang::SourceLocation Loc) const {
    return SM.getFileLoc(Loc);
  }

  /// Replaces \p Range by \p Text, plus as many line breaks as the range
  /// held, so that the lines after it keep their numbers.
  void replace(clang::CharSourceRange Range, llvm::StringRef Text);
  void insertBefore(clang::SourceLocation Loc, llvm::StringRef Text) {
    noteEdit(fileLoc(Loc), fileLoc(Loc));
    R.InsertText(fileLoc(Loc), Text, /*InsertAfter=*/false);
  }
  void insertAfter(clang::SourceLocation Loc, llvm::StringRef Text) {
    noteEdit(fileLoc(Loc), fileLoc(Loc));
    R.InsertText(fileLoc(Loc), Text, /*InsertAfter=*/true);
  }

  /// The file (the main file as the user named it) and line of \p Loc.
  std::pair<std::string, unsigned> place(clang::SourceLocation Loc) const;
  /// `"file:line"` of \p Loc, a C string literal.
  std::string quotedPlace(clang::SourceLocation Loc) const;
  /// `#line N "file"` for the line of \p Loc, as a line of its own.
  std::string lineMarker(clang::SourceLocation Loc) const;
  /// The start of the line holding \p Loc.
  clang::SourceLocation lineStart(clang::SourceLocation Loc) const;

  /// `T Name` for type \p T (declarator syntax), as the emitted code spells
  /// types.
  std::string declare(clang::QualType T, llvm::StringRef Name) const;

  /// Reports an error at \p Loc.
  void error(clang::SourceLocation Loc, llvm::StringRef Message);
  bool failed() const { return Failed; }

private:
  /// Records that the edits touch the file's text from \p Begin to \p End
  /// (both included).
  void noteEdit(clang::SourceLocation Begin, clang::SourceLocation End);
  /// Whether an edit touches [Begin, End] of file \p F.
  bool edited(clang::FileID F, unsigned Begin, unsigned End) const;

  bool Failed = false;
  /// Where the edits are, per file: disjoint closed ranges of offsets,
  /// Begin -> End. The rewriter finds the text of a range by walking its
  /// buffer from the file's start, a character at a time; text no edit
  /// touched comes from the file instead (a file with thousands of spawns
  /// took minutes).
  llvm::DenseMap<clang::FileID, std::map<unsigned, unsigned>> EditedRanges;
};

/// The shape of a cilk_for loop: `for (T v = Begin; v Cmp End; v += Step)`.
struct LoopShape {
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Begin = nullptr;
  const clang::Expr *End = nullptr;
  /// The step as source text ("1", "-1", "(k)", "-(k)").
  std::string Step;
  /// The comparison with v on the left: "<", "<=", ">", ">=" or "!=".
  std::string Cmp;
};

/// Works out the shape of \p F's loop, or reports why it is not one.
bool getLoopShape(Edits &E, const CilkFor &F, LoopShape &Shape);

/// The trip count of \p Shape, as an expression over the names \p B (the
/// begin value) and \p End (the end value), both evaluated once.
std::string tripCount(const LoopShape &Shape, llvm::StringRef B,
                      llvm::StringRef End);

/// What the body of a cilk_for uses from its function.
struct Captures {
  /// Local variables, first use first.
  std::vector<const clang::VarDecl *> Vars;
  /// C++17 structured bindings of the function (copied by an init-capture:
  /// a lambda cannot capture them), and the first use of each that is not
  /// a read of its value (none: read only).
  std::vector<std::pair<const clang::BindingDecl *, const clang::Expr *>>
      Bindings;
  /// `this`, explicitly or not.
  bool This = false;
  /// Names the body uses that are local to its function but not variables
  /// it can copy: static locals, enum constants, types; and where.
  std::vector<std::pair<const clang::NamedDecl *, clang::SourceLocation>>
      LocalNames;
  /// Static variables of the function (outside the body) the body uses,
  /// and each use; and each use of an enumerator the function declares.
  std::vector<const clang::VarDecl *> Statics;
  std::vector<const clang::DeclRefExpr *> StaticUses;
  std::vector<const clang::DeclRefExpr *> EnumUses;
  /// Where the body names a typedef of the function that stands for a
  /// builtin type.
  std::vector<std::pair<const clang::TypedefNameDecl *, clang::SourceLocation>>
      TypedefUses;
};
Captures capturedVariables(Edits &E, const clang::Stmt *Body,
                           const clang::VarDecl *LoopVar);

/// The receiver of \p S if it is a bit-field (whose address cannot be
/// taken: the sync assigns the member of the object that holds it).
const clang::MemberExpr *bitFieldReceiver(const SpawnSite &S);
/// Takes `register` off the declaration of \p S's receiver variable, whose
/// address the translation takes (C).
void dropRegister(Edits &E, const SpawnSite &S);

/// Lines that make __func__, __FUNCTION__ and __PRETTY_FUNCTION__ (in code
/// moved out of \p FD, a cilk_for body) what they are in \p FD, and the
/// lines that end that.
/// Empty unless \p Body uses one of them.
std::string functionNameDefines(const clang::FunctionDecl *FD,
                                const clang::Stmt *Body);
std::string functionNameUndefs(const clang::FunctionDecl *FD,
                               const clang::Stmt *Body);

/// Whether \p B is a CompoundStmt (a block with braces).
bool isBraced(const TaskBlock &B);

} // namespace ito

#endif // ITO_REWRITE_REWRITEUTILS_H
