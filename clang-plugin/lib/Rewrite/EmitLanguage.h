//===- EmitLanguage.h - The per-language emitters ---------------*- C++ -*-===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//

#ifndef ITO_REWRITE_EMITLANGUAGE_H
#define ITO_REWRITE_EMITLANGUAGE_H

#include "RewriteUtils.h"
#include "ito/Translate/StackPromotion.h"

#include <memory>
#include <vector>

namespace clang {
class TypeAliasTemplateDecl;
} // namespace clang

namespace ito {

class ForkingFunctions;

/// What brings main back to process 0 (EmitHomecoming.cpp).
inline constexpr const char *HomeCall = "ito_abi_home(); ";

/// How one output language spells the pieces of a translation. The order
/// and placement of the edits is common (emitPlan).
class LanguageEmitter {
public:
  virtual ~LanguageEmitter() = default;
  /// Declarations at the start of a task block with spawns.
  virtual std::string blockDecls(const TaskBlock &B) = 0;
  /// The code that joins the spawns \p Sites (of one task block) and stores
  /// their receivers.
  virtual std::string syncCode(llvm::ArrayRef<const SpawnSite *> Sites) = 0;
  std::string syncCode(const TaskBlock &B) { return syncCode(B.Spawns); }
  /// Where an exception may leave a block with spawns (C++), the code that
  /// opens and closes its guard: a catch (...) that waits for the block's
  /// children and lets the serially earliest exception go on.
  virtual std::string unwindGuardBegin(const TaskBlock &) { return ""; }
  virtual std::string unwindGuardEnd(const TaskBlock &) { return ""; }
  /// Rewrites a spawn statement; file-scope code for it goes to Before /
  /// After the enclosing function.
  virtual void spawn(const SpawnSite &S, std::string &Before,
                     std::string &After) = 0;
  /// Rewrites a cilk_for, after everything inside it has been rewritten.
  virtual void cilkFor(const CilkFor &F, std::string &Before,
                       std::string &After) = 0;

  /// The function (or lambda's operator()) whose code is being rewritten.
  const clang::FunctionDecl *Function = nullptr;
  /// The cilk_for being rewritten runs as main: main comes back to process
  /// 0 after it (ito_abi_home).
  bool HomeAfter = false;
  std::string home() const { return HomeAfter ? HomeCall : ""; }
};

/// The name of generated state: Prefix and the site's tag ("__ito_s7").
inline std::string id(const char *Prefix, const std::string &Tag) {
  return Prefix + Tag;
}

std::unique_ptr<LanguageEmitter> makeCEmitter(Edits &E);
std::unique_ptr<LanguageEmitter> makeCxxEmitter(Edits &E);

/// Makes the edits of \p Plan in the order they nest.
bool emitPlan(Edits &E, const TranslationPlan &Plan, LanguageEmitter &L);

/// The implicit syncs of try blocks with spawns or syncs (EmitTryBlocks.cpp).
void emitTryBlocks(Edits &E, const TranslationPlan &Plan, LanguageEmitter &L,
                   llvm::function_ref<bool(const TaskBlock &)> InMain);

/// Puts the variables the main file defines in the sections libito shares
/// between processes (EmitGlobals.cpp). Returns whether the edits use
/// libito's interface (a static local built once for the job).
bool emitSharedGlobals(Edits &E);

/// Records the first wait of the source that libito cannot do between
/// nodes (a read-write lock, a condition variable, ...; EmitSyncSites.cpp).
void emitSyncSites(Edits &E);

/// Records the file-scope variables of other sources that this one writes,
/// for libito to check at start-up (EmitExternWrites.cpp).
void emitExternWrites(Edits &E);

/// Brings main back to process 0 after each of its calls that may fork
/// (EmitHomecoming.cpp).
void emitHomecoming(Edits &E, const TranslationPlan &Plan,
                    const ForkingFunctions &Forking);

/// Moves the locals and alloca'd memory of \p Plan off the stack
/// (EmitPromotion.cpp).
void emitPromotion(Edits &E, const PromotionPlan &Plan);

/// C++: \p V's initializer as written, as placement new takes it after
/// the type: `(x)` for `= x`, `{a, b}`; empty if it has none.
std::string placementInitializer(Edits &E, const clang::VarDecl *V);

/// C++: the promoted declaration of \p V, initialized from \p Value (as
/// placement new takes it: `(x)`), else from its initializer as written.
std::string promotedDeclarationCxx(Edits &E, const PromotionPlan &Plan,
                                   const clang::VarDecl *V,
                                   const std::string &Value = "");

/// The uses of reducers the translation turns into views, the scopes of
/// local reducers, and the reducer alias templates that need a companion
/// (EmitReducers.cpp).
struct ReducerUses {
  std::vector<const clang::Expr *> Views;
  /// Pointers to reducers used with `->`: `p->n` is the view's member.
  std::vector<const clang::Expr *> ArrowBases;
  std::vector<std::pair<const clang::VarDecl *, const clang::DeclStmt *>>
      Scopes;
  std::vector<const clang::TypeAliasTemplateDecl *> Aliases;
  bool empty() const {
    return Views.empty() && ArrowBases.empty() && Scopes.empty() &&
           Aliases.empty();
  }
};
ReducerUses findReducerUses(clang::ASTContext &Ctx);
void emitReducers(Edits &E, const ReducerUses &Uses);
/// A preprocessed source (ito-cc -E) spells reducer types with OpenCilk's
/// keyword, which nothing defines when its translation is compiled (a .i is
/// not preprocessed again): takes `_Hyperobject(...)` out of the main file.
void removeReducerKeywords(Edits &E);

} // namespace ito

#endif // ITO_REWRITE_EMITLANGUAGE_H
