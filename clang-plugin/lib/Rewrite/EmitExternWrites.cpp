//===- EmitExternWrites.cpp - Record the other sources' data written ------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// A file-scope variable that another source defines (`extern int size;`
// set by main, defined in params.c) is one copy for the job if ito-cc
// compiled that source too, and one per process if not (a library built by
// another compiler): then what one process writes, tasks in the others do
// not see. Which one it is shows only once the program is linked, so the
// translation records each such variable the source writes (its address,
// its name, where) in the section ito_extern_writes, and libito checks them
// at start-up in a job of several processes (api/c_main.cpp).
// Variables of system headers (getopt's opterr, optind) are the C
// library's: the checks speak of them (Checks/StaticWriteCheck.cpp).
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "ito/Translate/ExprRoots.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;
using namespace ito;

namespace {

class ExternWriteFinder : public RecursiveASTVisitor<ExternWriteFinder> {
public:
  explicit ExternWriteFinder(const SourceManager &SM) : SM(SM) {}

  /// Each variable, with its first write.
  llvm::MapVector<const VarDecl *, SourceLocation> Written;

  // Not in a function the object file leaves out (an inline or static one
  // nothing uses, as a header's setter may be): the record would be the
  // only reference to the variable, which the program may not define.
  bool TraverseDecl(Decl *D) {
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D))
      if ((FD->isInlined() || !FD->isExternallyVisible()) && !FD->isUsed() &&
          !FD->isReferenced())
        return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      write(B->getLHS(), B->getOperatorLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      write(U->getSubExpr(), U->getOperatorLoc());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0)
      write(C->getArg(0), C->getOperatorLoc());
    return true;
  }

private:
  void write(const Expr *LHS, SourceLocation At) {
    const VarDecl *V = rootVar(LHS);
    if (!V || !V->isFileVarDecl() || V->getDefinition() ||
        V->getActingDefinition() || V->getTLSKind() != VarDecl::TLS_None ||
        V->getType().isConstQualified() || V->getDeclContext()->isRecord() ||
        SM.isInSystemHeader(SM.getExpansionLoc(V->getLocation())))
      return;
    // libito's own state, per process by design (the scheduler's poll
    // countdown, the running strand's work and span), which its inline
    // functions write: also where its headers are not system headers (a
    // file that ito-cc -E preprocessed).
    if (V->getIdentifier() && V->getName().starts_with("ito_"))
      return;
    Written.insert({V->getCanonicalDecl(), At});
  }
  const SourceManager &SM;
};

} // namespace

void ito::emitExternWrites(Edits &E) {
  ExternWriteFinder Finder(E.SM);
  for (Decl *D : E.Ctx.getTranslationUnitDecl()->decls())
    if (!E.SM.isInSystemHeader(E.SM.getExpansionLoc(D->getLocation())))
      Finder.TraverseDecl(D);
  if (Finder.Written.empty())
    return;
  std::string Records;
  unsigned N = 0;
  for (const auto &[V, At] : Finder.Written) {
    const std::string Name = V->getQualifiedNameAsString();
    Records += "static const struct { const void *__address; const char "
               "*__name, *__where; } __ito_extern_write_" +
               std::to_string(N++) +
               " __attribute__((section(\"ito_extern_writes\"), used, "
               "aligned(8))) = {&" +
               (E.LangOpts.CPlusPlus ? "::" : "") + Name + ", \"" + Name +
               "\", " + E.quotedPlace(At) + "};\n";
  }
  E.insertAfter(E.SM.getLocForEndOfFile(E.SM.getMainFileID()), "\n" + Records);
}
