//===- EmitC.cpp - Translate Cilk C to C over ito/cilk_abi.h --------------===//
//
// Part of ito.
//
//===----------------------------------------------------------------------===//
//
// C has no lambdas, so what runs as a task moves out to file scope:
//
//   x = cilk_spawn f(a, b);
//     -> { struct __ito_a7 __ito_a = { a, b, &__ito_v7 }; __ito_r7 = &(x);
//          ito_abi_fork(&__ito_s7, __ito_e7, &__ito_a); }
//   with __ito_s7/__ito_v7/__ito_r7 (state, value, receiver) declared at the
//   start of the task block, and after the function
//     static void __ito_e7(void *p) { struct __ito_a7 a = *(...)p;
//       T v = f(a.a0, a.a1); ito_abi_child_return(a.out, &v, sizeof v); }
//   A spawn in a loop keeps its state in a node on the parent's stack
//   (alloca), chained for the sync; then every spawn of its task block
//   does, on one list, which the sync joins newest first (serial order
//   backwards, as reducers need), each node by its site's sync function.
//
//   cilk_for (T i = b; i < e; i += s) body
//     -> the body moves to static void __ito_f3(lo, hi, ctx), which copies
//        the variables it uses from ctx; the loop calls ito_abi_for.
//
// A sync joins every spawn of its task block and stores the receivers; the
// end of a block, and return/break/continue out of blocks with spawns, sync
// implicitly.
//
//===----------------------------------------------------------------------===//

#include "EmitLanguage.h"
#include "RewriteUtils.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

using namespace clang;
using namespace ito;

namespace {

class CEmitter : public LanguageEmitter {
public:
  explicit CEmitter(Edits &E) : E(E) {}
  std::string blockDecls(const TaskBlock &B) override;
  std::string syncCode(llvm::ArrayRef<const SpawnSite *> Sites) override;
  using LanguageEmitter::syncCode;
  void spawn(const SpawnSite &S, std::string &Before,
             std::string &After) override;
  void cilkFor(const CilkFor &F, std::string &Before,
               std::string &After) override;

private:
  struct Site {
    const SpawnSite *S;
    QualType Value;    // the call's type (void: none)
    QualType Receiver; // the receiver's type (null: none)
    // The child writes straight into the receiver variable, which is in
    // scope at every sync of the block.
    bool Direct = false;
    // A bit-field receiver (no address): Receiver is the type of the
    // object that holds it, and the sync assigns this member.
    std::string Member;
    bool HasValue() const { return !Value.isNull() && !Value->isVoidType(); }
    bool HasReceiver() const { return !Receiver.isNull(); }
  };

  Site site(const SpawnSite &S) const;
  /// Whether \p S keeps its state in a node on its block's list: some
  /// spawn of the block is in a loop.
  static bool onList(const SpawnSite &S) {
    for (const SpawnSite *Other : S.Block->Spawns)
      if (Other->InLoop)
        return true;
    return false;
  }
  static std::string listName(const SpawnSite &S) {
    return id("__ito_l", S.Block->Spawns.front()->Tag);
  }
  /// The struct, union or enum declared in a function that \p T is made
  /// of, if any: file-scope code cannot name it.
  static const clang::TagDecl *localTag(clang::QualType T);
  /// A declaration of \p Name, of type \p T made of a struct or union of
  /// the function, that file-scope code can write: the record's twin (the
  /// same members, declared in \p Before as `struct __ito_r<Tag>_<k>`) in
  /// its place. Empty if its members are such types themselves.
  std::string declareWithTwin(clang::QualType T, const std::string &Name,
                              const std::string &Tag, std::string &Before);
  /// The same in the body's function, where the record is declared again
  /// under its own name (an unnamed one is its twin): what the body writes
  /// of the type means what it meant in the function. The twin first.
  std::string declareInBody(clang::QualType T, const std::string &Name);
  /// \p RD's twin (`struct __ito_r<Tag>_<k>`), declared in \p Before the
  /// first time; empty if it has none.
  std::string twinOf(const clang::RecordDecl *RD, const std::string &Tag,
                     std::string &Before);
  /// \p RD's members, spelled for file scope; none if one is of a type of
  /// the function too, aligned, or of variable length.
  std::optional<std::string> membersOf(const clang::RecordDecl *RD);
  /// A declaration of \p Name of type \p T (pointers and fixed-length
  /// arrays of a record), the record spelled by \p Base.
  std::string
  declareOver(clang::QualType T, const std::string &Name,
              llvm::function_ref<std::string(const clang::RecordDecl *)> Base);

  Edits &E;
  unsigned Twins = 0;
  /// The current cilk_for's twins, by record.
  llvm::MapVector<const clang::RecordDecl *, std::string> TwinOf;
};

} // namespace

CEmitter::Site CEmitter::site(const SpawnSite &S) const {
  Site Out{&S, S.Call->getType().getUnqualifiedType(), QualType(), false, ""};
  if (Out.HasValue()) {
    if (const MemberExpr *ME = bitFieldReceiver(S)) {
      QualType Base = ME->getBase()->getType();
      if (ME->isArrow())
        Base = Base->getPointeeType();
      Out.Receiver = Base.getUnqualifiedType();
      Out.Member = ME->getMemberDecl()->getNameAsString();
      return Out;
    }
    if (S.Form == SpawnForm::Assign)
      Out.Receiver = S.Receiver->getType().getUnqualifiedType();
    else if (S.Form == SpawnForm::Init)
      Out.Receiver = S.Var->getType().getUnqualifiedType();
    Out.Direct = !onList(S) && S.VarInBlockScope &&
                 E.Ctx.hasSameUnqualifiedType(Out.Receiver, Out.Value);
  }
  return Out;
}

std::string CEmitter::blockDecls(const TaskBlock &B) {
  std::string D;
  if (!B.Spawns.empty() && onList(*B.Spawns.front())) {
    // Each site's spare node: one whose child ran here, to reuse.
    D = "ito_abi_node *" + listName(*B.Spawns.front()) + " = 0; ";
    for (const SpawnSite *S : B.Spawns)
      D += "void *" + id("__ito_spare", S->Tag) + " = 0; ";
    return D;
  }
  for (const SpawnSite *S : B.Spawns) {
    Site St = site(*S);
    D += "ito_abi_spawn " + id("__ito_s", S->Tag) + " = ito_abi_spawn_init; ";
    if (St.Direct)
      continue;
    if (St.HasValue())
      D += E.declare(St.Value.getCanonicalType(), id("__ito_v", S->Tag)) + "; ";
    if (St.HasReceiver())
      D += E.declare(E.Ctx.getPointerType(St.Receiver.getCanonicalType()),
                     id("__ito_r", S->Tag)) +
           " = 0; ";
  }
  return D;
}

std::string CEmitter::syncCode(ArrayRef<const SpawnSite *> Sites) {
  std::string C;
  llvm::SmallPtrSet<const TaskBlock *, 4> ListSynced;
  for (auto It = Sites.rbegin(); It != Sites.rend(); ++It) {
    const SpawnSite *S = *It;
    Site St = site(*S);
    if (onList(*S)) {
      if (!ListSynced.insert(S->Block).second)
        continue;
      std::string L = listName(*S);
      C += "for (ito_abi_node *__n = " + L +
           "; __n; __n = __n->__ito_next) __n->__ito_sync(__n); " + L +
           " = 0; ";
      continue;
    }
    std::string Sv = id("__ito_s", S->Tag), V = id("__ito_v", S->Tag);
    if (St.Direct)
      C += "(void)ito_abi_sync(&" + Sv + ", &" + S->Var->getNameAsString() +
           ", sizeof " + S->Var->getNameAsString() + "); ";
    else if (St.HasReceiver())
      C += "if (ito_abi_sync(&" + Sv + ", &" + V + ", sizeof " + V + ")) " +
           (St.Member.empty() ? "*" + id("__ito_r", S->Tag)
                              : id("__ito_r", S->Tag) + "->" + St.Member) +
           " = " + V + "; ";
    else if (St.HasValue())
      C += "(void)ito_abi_sync(&" + Sv + ", &" + V + ", sizeof " + V + "); ";
    else
      C += "(void)ito_abi_sync(&" + Sv + ", 0, 0); ";
  }
  return C;
}

/// "void *" or "const void *", as the pointee of pointer type \p T is.
static std::string voidPointerFor(ASTContext &Ctx, QualType T) {
  return Ctx.getBaseElementType(T->getPointeeType()).isConstQualified()
             ? "const void *"
             : "void *";
}

void CEmitter::spawn(const SpawnSite &S, std::string &Before,
                     std::string &After) {
  const CallExpr *Call = S.Call;
  Site St = site(S);
  const std::string N = S.Tag;
  const std::string ArgsT = "struct __ito_a" + N;

  // Parameter types, for the argument block's fields.
  const FunctionDecl *Direct = Call->getDirectCallee();
  bool DirectGlobal = Direct && !isa<CXXMethodDecl>(Direct);
  const FunctionProtoType *Proto = nullptr;
  QualType CalleeT = Call->getCallee()->getType();
  if (const auto *PT = CalleeT->getAs<PointerType>())
    Proto = PT->getPointeeType()->getAs<FunctionProtoType>();
  else
    Proto = CalleeT->getAs<FunctionProtoType>();

  std::string Fields, Inits, CallArgs;
  for (unsigned I = 0; I < Call->getNumArgs(); I++) {
    const Expr *Arg = Call->getArg(I);
    if (I)
      CallArgs += ", ";
    // A string literal stays in the call: it is the same object in every
    // process, and a format string the compiler can still check.
    if (const auto *SL = dyn_cast<StringLiteral>(Arg->IgnoreParenImpCasts())) {
      llvm::raw_string_ostream OS(CallArgs);
      SL->outputString(OS);
      continue;
    }
    QualType T = Proto && I < Proto->getNumParams() ? Proto->getParamType(I)
                                                    : Arg->getType();
    std::string F = "a" + std::to_string(I);
    // File-scope code: through typedefs, which may be local to the function.
    // A pointer to a variable-length array (`double (*m)[cols]`, also a
    // parameter `double m[][cols]`) travels as void *, since its length is
    // no name there; the call converts it back.
    QualType FT = T.getCanonicalType().getUnqualifiedType();
    Fields += (FT->isVariablyModifiedType() && FT->isPointerType()
                   ? voidPointerFor(E.Ctx, FT) + F
                   : E.declare(FT, F)) +
              "; ";
    Inits += (Inits.empty() ? "" : ", ") + E.exprText(Arg);
    CallArgs += "__a." + F;
  }
  std::string Callee;
  if (DirectGlobal) {
    Callee = Direct->getNameAsString();
  } else {
    Fields +=
        E.declare(CalleeT.getCanonicalType().getUnqualifiedType(), "fn") + "; ";
    Inits += (Inits.empty() ? "" : ", ") + E.exprText(Call->getCallee());
    Callee = "__a.fn";
  }
  const bool HasOut = St.HasValue();
  if (HasOut)
    Fields +=
        E.declare(E.Ctx.getPointerType(St.Value.getCanonicalType()), "out") +
        "; ";

  // The argument block and the entry (and, in a loop, the state node).
  Before += ArgsT + " { " + Fields + "};\n";
  if (onList(S)) {
    // The node (the list's header first) and how the sync joins it.
    const std::string NodeT = "struct __ito_n" + N;
    Before += NodeT + " { ito_abi_node h; ";
    if (HasOut)
      Before += E.declare(St.Value.getCanonicalType(), "v") + "; ";
    if (St.HasReceiver())
      Before +=
          E.declare(E.Ctx.getPointerType(St.Receiver.getCanonicalType()), "r") +
          "; ";
    Before += "};\nstatic void __ito_d" + N + "(ito_abi_node *__h) { " + NodeT +
              " *__n = (" + NodeT + " *)__h; ";
    if (St.HasReceiver())
      Before += "if (ito_abi_sync(&__n->h.s, &__n->v, sizeof __n->v)) " +
                (St.Member.empty() ? "*__n->r" : "__n->r->" + St.Member) +
                " = __n->v; ";
    else if (HasOut)
      Before += "(void)ito_abi_sync(&__n->h.s, &__n->v, sizeof __n->v); ";
    else
      Before += "(void)__n; (void)ito_abi_sync(&__h->s, 0, 0); ";
    Before += "}\n";
  }
  Before += "static void __ito_e" + N + "(void *);\n";

  // The call at the spawn's line: what clang says of it (a format string
  // that does not match its arguments) points there.
  After += "static void __ito_e" + N + "(void *__p) {\n  " + ArgsT +
           " __a = *(" + ArgsT + " *)__p;\n" +
           E.lineMarker(Call->getBeginLoc());
  if (HasOut)
    After += "  " + E.declare(St.Value.getCanonicalType(), "__v") + " = " +
             Callee + "(" + CallArgs +
             ");\n  ito_abi_child_return(__a.out, &__v, sizeof "
             "__v);\n}\n";
  else
    After += "  " + Callee + "(" + CallArgs +
             ");\n  ito_abi_child_return(0, 0, 0);\n}\n";

  // The spawn statement itself.
  std::string Code;
  std::string Recv =
      S.Form == SpawnForm::Assign
          ? "&(" + E.exprText(S.Receiver) + ")"
          : (S.Form == SpawnForm::Init ? "&" + S.Var->getNameAsString() : "");
  if (const MemberExpr *ME = bitFieldReceiver(S))
    // The object that holds the bit-field.
    Recv = (ME->isArrow() ? "(" : "&(") + E.exprText(ME->getBase()) + ")";
  dropRegister(E, S);
  if (S.Form == SpawnForm::Init)
    // "T v = cilk_spawn ..." declares v, assigned at the sync (so not
    // const, even if the user's declaration is).
    Code += E.declare(S.Var->getType().getUnqualifiedType(),
                      S.Var->getNameAsString()) +
            "; ";
  Code += "{ ";
  std::string State, OutPtr;
  if (onList(S)) {
    std::string L = listName(S);
    const std::string Spare = id("__ito_spare", S.Tag);
    Code += "struct __ito_n" + N + " *__n = (struct __ito_n" + N + " *)(" +
            Spare + " ? " + Spare + " : __builtin_alloca(sizeof *__n)); " +
            Spare +
            " = 0; __n->h.s = ito_abi_spawn_init; "
            "__n->h.__ito_next = " +
            L + "; __n->h.__ito_sync = __ito_d" + N + "; " + L + " = &__n->h; ";
    if (St.HasReceiver())
      Code += "__n->r = " + Recv + "; ";
    State = "&__n->h.s";
    OutPtr = "&__n->v";
  } else {
    if (St.HasReceiver() && !St.Direct)
      Code += id("__ito_r", S.Tag) + " = " + Recv + "; ";
    State = "&" + id("__ito_s", S.Tag);
    OutPtr = St.Direct ? Recv : "&" + id("__ito_v", S.Tag);
  }
  if (HasOut)
    Inits += std::string(Inits.empty() ? "" : ", ") + OutPtr;
  Code += ArgsT + " __ito_a = { " + Inits + " }; ito_abi_fork(" + State +
          ", __ito_e" + N + ", &__ito_a); ";
  if (onList(S))
    // The child ran here: its value goes to the receiver now, and the node
    // serves the next spawn of the site, so that a loop of spawns takes
    // stack (and a thief copies bytes) for the stolen ones only.
    Code += "if (ito_abi_ran_here(&__n->h.s)) { __ito_d" + N + "(&__n->h); " +
            listName(S) + " = __n->h.__ito_next; " + id("__ito_spare", S.Tag) +
            " = __n; } ";
  Code += "}";
  E.replace(E.statementRange(S.Statement), Code);
}

void CEmitter::cilkFor(const CilkFor &F, std::string &Before,
                       std::string &After) {
  LoopShape Shape;
  if (!getLoopShape(E, F, Shape))
    return;
  const std::string N = F.Tag;
  const std::string CtxT = "struct __ito_c" + N;
  Captures Used = capturedVariables(E, F.For->getBody(), Shape.Var);
  TwinOf.clear();
  // The body becomes a function of its own, at file scope: the structs,
  // unions and typedefs of the function that it names are declared again
  // in it (see declareInBody).
  std::vector<const TypedefNameDecl *> Typedefs;
  for (const auto &[D, Use] : Used.LocalNames) {
    const auto *RD = dyn_cast<RecordDecl>(D);
    const auto *TD = dyn_cast<TypedefNameDecl>(D);
    if (TD && !TD->getUnderlyingType()->isVariablyModifiedType()) {
      const TagDecl *Under = localTag(TD->getUnderlyingType());
      if (!Under) {
        if (!llvm::is_contained(Typedefs, TD))
          Typedefs.push_back(TD);
        continue;
      }
      RD = dyn_cast<RecordDecl>(Under);
    }
    if (RD && !twinOf(RD, N, Before).empty()) {
      if (TD && !llvm::is_contained(Typedefs, TD))
        Typedefs.push_back(TD);
      continue;
    }
    // What stays: enumeration types, records whose members are of the
    // function's types too (or aligned, or of variable length), typedefs of
    // variable-length arrays.
    std::string What = isa<VarDecl>(D) ? "a static variable"
                       : RD            ? "a type whose members are of types"
                                       : "a type";
    const auto *Tag = dyn_cast<TagDecl>(D);
    std::string Name =
        D->getDeclName().isEmpty() ? "an unnamed " + Tag->getKindName().str()
        : Tag ? "'" + E.Ctx.getTagDeclType(Tag).getAsString() + "'"
              : "'" + D->getNameAsString() + "'";
    E.error(Use, "in C, the body of a '" + F.Construct->Spelling.str() +
                     "' cannot use " + Name + ", " + What +
                     " of its function (the body becomes a function of its "
                     "own); declare it at file scope");
    return;
  }
  std::string Fields, Inits, Locals;
  // Promoted locals that macros of the program name: the name is a macro
  // for the pointer in the body too.
  std::string Defines, Undefs;
  auto localTypeError = [&](const VarDecl *V) {
    const TagDecl *Tag = localTag(V->getType());
    E.error(V->getLocation(),
            "in C, the body of a '" + F.Construct->Spelling.str() +
                "' cannot use '" + V->getNameAsString() + "', of type '" +
                QualType(Tag->getTypeForDecl(), 0).getAsString() +
                "' declared in its function (the body becomes a function "
                "of its own), whose members are of types of the function "
                "too; declare the types at file scope");
  };
  // Pointer (spelled Void in the context) to an array whose lengths are
  // known only at run time (`double [rows]`, `double [rows][cols]`): each
  // variable length travels beside it.
  auto captureRows = [&](const std::string &Pointer, const std::string &Void,
                         QualType Array) {
    Fields += Void + Pointer + "; ";
    std::string Dims, Elem = "(*" + Pointer + ")";
    QualType T = Array.getCanonicalType();
    for (unsigned K = 0; const ArrayType *A = E.Ctx.getAsArrayType(T); K++) {
      if (const auto *CA = dyn_cast<ConstantArrayType>(A)) {
        Dims += "[" + std::to_string(CA->getSize().getZExtValue()) + "]";
      } else {
        const std::string Len = "__ito_n" + std::to_string(K) + "_" + Pointer;
        Fields += "unsigned long " + Len + "; ";
        Dims += "[__c->" + Len + "]";
      }
      T = A->getElementType().getCanonicalType();
      Elem += "[0]";
    }
    Inits += Pointer + ", ";
    // The lengths: the size of each level over its element's.
    std::string Sub = "(*" + Pointer + ")";
    for (const ArrayType *A = E.Ctx.getAsArrayType(Array.getCanonicalType()); A;
         A = E.Ctx.getAsArrayType(A->getElementType().getCanonicalType())) {
      if (!isa<ConstantArrayType>(A))
        Inits += "sizeof(" + Sub + ") / sizeof(" + Sub + "[0]), ";
      Sub += "[0]";
    }
    Locals += "  " + E.declare(T, "(*" + Pointer + ")" + Dims) + " = __c->" +
              Pointer + ";\n";
  };
  // The function's enumerators become their values; its static variables
  // are reached through their addresses (the same in every process). Both
  // by macros around the body, not by edits of their uses: a cilk_for
  // nested in this one has the same uses, and its context names them.
  llvm::SmallPtrSet<const Decl *, 8> Named;
  for (const DeclRefExpr *Use : Used.EnumUses)
    if (Named.insert(Use->getDecl()).second) {
      Defines += "#define " + Use->getDecl()->getNameAsString() + " (" +
                 std::to_string(cast<EnumConstantDecl>(Use->getDecl())
                                    ->getInitVal()
                                    .getExtValue()) +
                 ")\n";
      Undefs += "#undef " + Use->getDecl()->getNameAsString() + "\n";
    }
  for (const auto &[TD, Loc] : Used.TypedefUses)
    E.replace(CharSourceRange::getTokenRange(Loc),
              TD->getUnderlyingType().getCanonicalType().getAsString(
                  E.Ctx.getPrintingPolicy()));
  for (const VarDecl *V : Used.Statics) {
    std::string Name = "__ito_st_" + V->getNameAsString();
    Defines += "#define " + V->getNameAsString() + " (*" + Name + ")\n";
    Undefs += "#undef " + V->getNameAsString() + "\n";
    QualType P = E.Ctx.getPointerType(V->getType().getCanonicalType());
    Fields += E.declare(P, Name) + "; ";
    Inits += "&" + V->getNameAsString() + ", ";
    Locals += "  " + E.declare(P, Name) + " = __c->" + Name + ";\n";
  }
  for (const VarDecl *V : Used.Vars) {
    if (E.Promoted && E.Promoted->promoted(V)) {
      // The body reaches it through its pointer, which it copies.
      std::string Name = "__ito_p_" + V->getNameAsString();
      if (E.Promoted->NamedByMacro.count(V)) {
        Defines += "#define " + V->getNameAsString() + " (*" + Name + ")\n";
        Undefs += "#undef " + V->getNameAsString() + "\n";
      }
      if (const auto *VLA =
              E.Ctx.getAsVariableArrayType(V->getType().getCanonicalType())) {
        // A variable-length array: its lengths travel with the pointer.
        captureRows(Name, "void *", QualType(VLA, 0));
        continue;
      }
      QualType P = E.Ctx.getPointerType(V->getType().getCanonicalType());
      std::string Decl = E.declare(P, Name), InBody = Decl;
      if (localTag(P)) {
        // Its type is the function's own: a twin at file scope.
        Decl = declareWithTwin(P, Name, N, Before);
        if (Decl.empty()) {
          localTypeError(V);
          return;
        }
        InBody = declareInBody(P, Name);
      }
      Fields += Decl + "; ";
      Inits += "(void *)" + Name + ", ";
      Locals += "  " + InBody + " = (void *)__c->" + Name + ";\n";
      continue;
    }
    // File-scope code: through typedefs, which may be local to the function;
    // a struct, union or enum declared in the function cannot be named.
    QualType T = V->getType().getCanonicalType();
    if (T->isArrayType())
      T = E.Ctx.getArrayDecayedType(T);
    T = T.getUnqualifiedType();
    std::string Name = V->getNameAsString();
    if (localTag(T)) {
      // Its type is the function's own: a twin at file scope, the value
      // copied through it.
      std::string Decl = declareWithTwin(T, Name, N, Before);
      if (Decl.empty()) {
        localTypeError(V);
        return;
      }
      Fields += Decl + "; ";
      Inits += T->isPointerType() ? "(void *)" + Name + ", "
                                  : "*(" + declareWithTwin(T, "", N, Before) +
                                        " *)&" + Name + ", ";
      Locals += "  " + declareInBody(T, Name) + " = " +
                (T->isPointerType()
                     ? "(void *)__c->" + Name
                     : "*(" + declareInBody(T, "") + " *)&__c->" + Name) +
                ";\n";
      continue;
    }
    if (const auto *P = T->getAs<PointerType>())
      if (P->getPointeeType()->isVariablyModifiedType() &&
          P->getPointeeType()->isArrayType()) {
        // A pointer to a variable-length array (`double (*m)[cols]`): its
        // lengths travel with it, as a promoted array's do.
        captureRows(Name, voidPointerFor(E.Ctx, T), P->getPointeeType());
        continue;
      }
    Fields += E.declare(T, Name) + "; ";
    Inits += Name + ", ";
    Locals += "  " + E.declare(T, Name) + " = __c->" + Name + ";\n";
  }
  QualType VarT = Shape.Var->getType().getCanonicalType().getUnqualifiedType();
  Fields += E.declare(VarT, "__begin") + "; long long __step; ";
  Before += CtxT + " { " + Fields + "};\n";
  Before += "static void __ito_f" + N + "(long long, long long, void *);\n";

  // The function's types, declared again for the body.
  std::string Types;
  for (const auto &[RD, Twin] : TwinOf)
    if (RD->getIdentifier())
      Types += "  " + std::string(RD->isUnion() ? "union " : "struct ") +
               RD->getName().str() + " " + *membersOf(RD) + ";\n";
  for (const TypedefNameDecl *TD : Typedefs) {
    QualType Under = TD->getUnderlyingType();
    Types += "  typedef " +
             (localTag(Under) ? declareInBody(Under, TD->getNameAsString())
                              : E.declare(Under.getCanonicalType(),
                                          TD->getNameAsString())) +
             ";\n";
  }

  // A constant step is written in the body, so that the optimizer knows how
  // the iterations walk through memory (ito-passes' range fetches need it).
  std::string StepInBody = "__c->__step";
  StringRef Digits = StringRef(Shape.Step).ltrim("-(").rtrim(")");
  if (!Digits.empty() &&
      Digits.find_first_not_of("0123456789") == StringRef::npos)
    StepInBody = "(" + Shape.Step + ")";

  const TaskBlock &Body = *F.Body;
  After += "static void __ito_f" + N +
           "(long long __lo, long long __hi, void *__p) {\n  " + CtxT +
           " *__c = (" + CtxT + " *)__p;\n" + Types + Locals +
           "  for (long long __k = __lo; __k < __hi; __k++) {\n    " +
           E.declare(Shape.Var->getType().getCanonicalType(),
                     Shape.Var->getNameAsString()) +
           " = __c->__begin + __k * " + StepInBody + "; (void)" +
           Shape.Var->getNameAsString() + ";\n    { " +
           (isBraced(Body) ? "" : blockDecls(Body)) + "\n" +
           functionNameDefines(Function, F.For->getBody()) + Defines +
           E.lineMarker(F.For->getBody()->getBeginLoc()) +
           E.rewrittenText(E.statementRange(F.For->getBody())) + "\n    " +
           (isBraced(Body) ? "" : syncCode(Body)) + "}\n  }\n}\n" +
           functionNameUndefs(Function, F.For->getBody()) + Undefs;

  std::string B = E.exprText(Shape.Begin);
  std::string End = E.exprText(Shape.End);
  std::string Code =
      "{ " + CtxT + " __ito_c = { " + Inits + "(" + B + "), " + Shape.Step +
      " }; " + E.declare(VarT, "__ito_b") + " = __ito_c.__begin; " +
      E.declare(Shape.End->getType().getUnqualifiedType(), "__ito_e") + " = (" +
      End + "); ito_abi_for(0, " + tripCount(Shape, "__ito_b", "__ito_e") +
      ", " + (F.Grainsize ? "(" + *F.Grainsize + ")" : std::string("0")) +
      ", __ito_f" + N + ", &__ito_c, sizeof __ito_c); " + home() + "}";
  E.replace(CharSourceRange::getCharRange(
                E.fileLoc(F.Construct->KeywordLoc),
                E.statementRange(F.For->getBody()).getEnd()),
            Code);
}

std::string CEmitter::declareOver(
    QualType T, const std::string &Name,
    llvm::function_ref<std::string(const RecordDecl *)> Base) {
  // The declarator, inside out: pointers and arrays of fixed length.
  std::string Declarator = Name;
  T = T.getCanonicalType().getUnqualifiedType();
  while (true) {
    if (const auto *P = T->getAs<PointerType>()) {
      Declarator = "*" + Declarator;
      T = P->getPointeeType();
    } else if (const auto *A = dyn_cast_or_null<ConstantArrayType>(
                   E.Ctx.getAsArrayType(T))) {
      if (Declarator[0] == '*')
        Declarator = "(" + Declarator + ")";
      Declarator += "[" + std::to_string(A->getSize().getZExtValue()) + "]";
      T = A->getElementType();
    } else {
      break;
    }
    T = T.getCanonicalType().getUnqualifiedType();
  }
  const auto *RD = T->getAsRecordDecl();
  std::string Spelled = RD ? Base(RD) : "";
  if (Spelled.empty())
    return "";
  return Spelled + (Declarator.empty() ? "" : " ") + Declarator;
}

std::optional<std::string> CEmitter::membersOf(const RecordDecl *RD) {
  if (!RD->isCompleteDefinition() || RD->hasAttr<AlignedAttr>() ||
      RD->hasFlexibleArrayMember())
    return std::nullopt;
  std::string Members;
  for (const FieldDecl *FD : RD->fields()) {
    if (localTag(FD->getType()) || FD->hasAttr<AlignedAttr>() ||
        FD->getType()->isVariablyModifiedType())
      return std::nullopt;
    Members +=
        E.declare(FD->getType().getCanonicalType(), FD->getNameAsString());
    if (FD->isBitField())
      Members += " : " + std::to_string(FD->getBitWidthValue(E.Ctx));
    Members += "; ";
  }
  return "{ " + Members + "}" +
         (RD->hasAttr<PackedAttr>() ? " __attribute__((packed))" : "");
}

std::string CEmitter::twinOf(const RecordDecl *RD, const std::string &Tag,
                             std::string &Before) {
  if (auto It = TwinOf.find(RD); It != TwinOf.end())
    return It->second;
  std::optional<std::string> Members = membersOf(RD);
  if (!Members)
    return "";
  const std::string Twin = std::string(RD->isUnion() ? "union" : "struct") +
                           " __ito_r" + Tag + "_" + std::to_string(Twins++);
  Before += Twin + " " + *Members + ";\n";
  TwinOf[RD] = Twin;
  return Twin;
}

std::string CEmitter::declareWithTwin(QualType T, const std::string &Name,
                                      const std::string &Tag,
                                      std::string &Before) {
  return declareOver(
      T, Name, [&](const RecordDecl *RD) { return twinOf(RD, Tag, Before); });
}

std::string CEmitter::declareInBody(QualType T, const std::string &Name) {
  return declareOver(T, Name, [&](const RecordDecl *RD) -> std::string {
    auto It = TwinOf.find(RD);
    if (It == TwinOf.end())
      return "";
    if (!RD->getIdentifier())
      return It->second;
    return std::string(RD->isUnion() ? "union " : "struct ") +
           RD->getName().str();
  });
}

const TagDecl *CEmitter::localTag(QualType T) {
  while (true) {
    T = T.getCanonicalType();
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    else if (const auto *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      break;
  }
  const TagDecl *Tag = T->getAsTagDecl();
  return Tag && Tag->getDeclContext()->isFunctionOrMethod() ? Tag : nullptr;
}

std::unique_ptr<LanguageEmitter> ito::makeCEmitter(Edits &E) {
  return std::make_unique<CEmitter>(E);
}
