// The interface between code that ito-translate generates from Cilk C++ and
// libito. Not for hand-written programs (use ito.hpp): names may change
// between versions.
#ifndef ITO_CILK_ABI_HPP
#define ITO_CILK_ABI_HPP

#include <ito/cilk_abi.h>
#include <ito/ito.hpp>

#include <cstddef>
#include <iterator>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>

// Clang takes a section's flags from the first variable outside a template
// that names it: a section that only templated variables name would be read
// only, and their definitions constant (Rewrite/EmitGlobals shares those of
// the main file). Never used, so never emitted.
__attribute__((section("ito_globals"),
               unused)) static char __ito_globals_writable = 1;
__attribute__((section("ito_zglobals"),
               unused)) static char __ito_zglobals_writable;

namespace ito::cilk {

// `decltype(v)` of a promoted local v, which is a reference to its storage
// now: the type v was declared with.
template <class T> using __declared_t = std::remove_reference_t<T>;

// `return v;` of such a v: C++ moves from a local that a function returns,
// not from a reference. A value, so that decltype(auto) stays a value.
template <class T> T __moved(T &v) { return static_cast<T &&>(v); }

// A local the translator moved off the stack (Rewrite/EmitPromotion): its
// storage in the program's heap, which every process reaches, and the
// object placement new built there, destroyed and freed at the end of the
// scope (freed only, if its constructor threw).
template <class T, std::size_t Align> class __promoted {
public:
  __promoted() : memory_(ito_promote(sizeof(T), Align)) {}
  __promoted(const __promoted &) = delete;
  __promoted &operator=(const __promoted &) = delete;
  ~__promoted() {
    if (built_)
      destroy(*static_cast<T *>(memory_));
    ito_unpromote(&memory_);
  }
  void *__memory() const { return memory_; }
  // The object new built in __memory() (of an array, its first element).
  template <class P> T &__hold(P *) {
    built_ = true;
    return *static_cast<T *>(memory_);
  }

private:
  template <class U> static void destroy(U &object) {
    if constexpr (std::is_array_v<U>) {
      for (std::size_t i = std::extent_v<U>; i-- > 0;)
        destroy(object[i]);
    } else if constexpr (!std::is_trivially_destructible_v<U>) {
      object.~U();
    }
  }
  void *memory_;
  bool built_ = false;
};

// A promoted local of a type no declaration names (a lambda's closure):
// its value moved into storage of its own type, destroyed and freed at the
// end of the scope.
class __promoted_any {
public:
  __promoted_any() = default;
  __promoted_any(const __promoted_any &) = delete;
  __promoted_any &operator=(const __promoted_any &) = delete;
  ~__promoted_any() {
    if (destroy_)
      destroy_(memory_);
    if (memory_)
      ito_unpromote(&memory_);
  }
  template <class V> std::decay_t<V> &__emplace(V &&value) {
    using T = std::decay_t<V>;
    memory_ = ito_promote(sizeof(T), alignof(T));
    // If the move throws, the destructor only frees.
    T *object = ::new (memory_) T(std::forward<V>(value));
    destroy_ = [](void *p) { static_cast<T *>(p)->~T(); };
    return *object;
  }

private:
  void *memory_ = nullptr;
  void (*destroy_)(void *) = nullptr;
};

// A function's static local that a dynamic initializer sets (Rewrite/
// EmitGlobals): one object for the job, in the shared sections with its
// guard, built by the first process that gets there and destroyed at exit
// with the program's other exit handlers, in process 0 (a static
// std::ofstream writes out what it holds). Zero-initialized and trivial,
// so that it is shared itself.
template <class T> struct __shared_static {
  alignas(T) unsigned char __bytes[sizeof(T)];
  long __guard;
  template <class F> T &__get(F build) {
    ito_abi_static_init(
        &__guard,
        [](void *f, void *storage) {
          (*static_cast<F *>(f))(storage);
          if constexpr (!std::is_trivially_destructible_v<T>)
            ito_abi_destroy_at_exit(
                [](void *object) { static_cast<T *>(object)->~T(); }, storage);
        },
        &build, __bytes);
    return *std::launder(reinterpret_cast<T *>(__bytes));
  }
};

// Stores a child's value into its receiver, of whatever type that is.
template <class T> using assign_fn = void (*)(void *receiver, T &value);
template <class R, class T> void assign_to(void *receiver, T &value) {
  *static_cast<R *>(receiver) = std::move(value);
}

// A use of a reducer: the running strand's view of it (ito/detail/views.h).
template <class T>
T &__view(T &reducer, ito_reducer_identity_fn identity,
          ito_reducer_reduce_fn reduce) {
  return *static_cast<T *>(
      ito_abi_view(const_cast<void *>(static_cast<const volatile void *>(
                       std::addressof(reducer))),
                   sizeof(T), identity, reduce));
}
// The same for a reducer alias template's type: Ops is its companion, with
// static members identity and reduce.
template <class Ops, class T> T &__view(T &reducer) {
  return __view(reducer, Ops::identity, Ops::reduce);
}

// A local reducer's scope: in a strand that is not the leftmost, the
// variable is its own view while it lives.
class __reducer_scope {
public:
  template <class T>
  __reducer_scope(T &reducer, ito_reducer_identity_fn identity,
                  ito_reducer_reduce_fn reduce)
      : key_(ito_abi_reducer_register(
            const_cast<void *>(
                static_cast<const volatile void *>(std::addressof(reducer))),
            sizeof(T), identity, reduce)) {}
  __reducer_scope(const __reducer_scope &) = delete;
  __reducer_scope &operator=(const __reducer_scope &) = delete;
  ~__reducer_scope() { ito_abi_reducer_unregister(&key_); }

private:
  void *key_;
};

// Whether copying a T compiles: std::is_copy_constructible, also through
// containers, whose copy constructors say yes for elements that cannot be
// copied (std::vector<std::unique_ptr<int>>).
template <class T, class = void>
struct copyable : std::is_copy_constructible<T> {};
template <class T>
struct copyable<T, std::void_t<typename T::value_type>>
    : std::bool_constant<std::is_copy_constructible_v<T> &&
                         (std::is_same_v<typename T::value_type, T> ||
                          copyable<typename T::value_type>::value)> {};

// Whether an object lies on a task's stack, which only the process running
// the task reaches.
inline bool on_task_stack(const void *object) {
  const auto at = reinterpret_cast<unsigned long>(object);
  return at >= ito_abi_task_stacks[0] && at < ito_abi_task_stacks[1];
}

// A spawned call's argument for a const reference parameter: the parent's
// object itself where every process reaches it (anywhere but a task's
// stack: the heap, file-scope data, a __promoted local), else a copy in
// the heap that goes with the child. Copying a std::vector at every spawn
// of a recursive `f(const std::vector<T> &v, lo, hi)` would cost the whole
// vector each time; in the heap, the child's own spawns share the copy.
// An object that cannot be copied (a std::vector of std::unique_ptr) and
// lies on a task's stack stops the program with a message.
template <class T> class const_ref_arg {
public:
  explicit const_ref_arg(const T &object) : object_(&object) {
    if (!on_task_stack(&object))
      return;
    if constexpr (copyable<T>::value)
      object_ = copy_ = new T(object);
    else
      ito_sched_fatal("a spawned call's const reference argument is an "
                      "object on a task's stack that cannot be copied (no "
                      "copy constructor), which a child in another process "
                      "cannot reach; give it a name in a variable of the "
                      "caller, or allocate it");
  }
  const_ref_arg(const_ref_arg &&other) noexcept
      : object_(other.object_), copy_(other.copy_) {
    other.copy_ = nullptr;
  }
  const_ref_arg(const const_ref_arg &other) : object_(other.object_) {
    if constexpr (copyable<T>::value)
      if (other.copy_)
        object_ = copy_ = new T(*other.copy_);
  }
  const_ref_arg &operator=(const const_ref_arg &) = delete;
  ~const_ref_arg() { delete copy_; }
  const T &__get() const { return *object_; }

private:
  const T *object_;
  T *copy_ = nullptr;
};
template <class T> const_ref_arg<T> __share_or_copy(const T &object) {
  return const_ref_arg<T>(object);
}

// A temporary that a call which may fork takes by reference (a lambda into
// `const F &`): moved into the program's heap, which every process
// reaches, until the end of the full expression (the holder is a
// temporary of it). A type that cannot move stays where it is.
template <class T> class __global_temporary_holder {
  static constexpr bool moves = std::is_move_constructible_v<T>;

public:
  explicit __global_temporary_holder(T &object)
      : object_(moves ? new T(std::move(object)) : &object) {}
  __global_temporary_holder(__global_temporary_holder &&other) noexcept
      : object_(other.object_) {
    other.object_ = nullptr;
  }
  __global_temporary_holder(const __global_temporary_holder &) = delete;
  ~__global_temporary_holder() {
    if constexpr (moves)
      delete object_;
  }
  T &&__get() const { return static_cast<T &&>(*object_); }

private:
  T *object_;
};
template <class T>
__global_temporary_holder<std::remove_reference_t<T>>
__global_temporary(T &&object) {
  return __global_temporary_holder<std::remove_reference_t<T>>(object);
}

// A const reference that a cilk_for body uses: the object itself where
// every process reaches it, else (a temporary bound to a const reference
// parameter lives on the caller's task stack) a copy in the program's heap
// for the duration of the loop, which all its tasks share.
template <class T> class __shared_view {
  using object_type = std::remove_cv_t<T>;

public:
  explicit __shared_view(T &object) : object_(&object) {
    if constexpr (copyable<object_type>::value)
      if (on_task_stack(&object))
        object_ = copy_ = new object_type(object);
  }
  __shared_view(const __shared_view &) = delete;
  __shared_view &operator=(const __shared_view &) = delete;
  ~__shared_view() { delete copy_; }
  T &__get() const { return *object_; }

private:
  T *object_;
  object_type *copy_ = nullptr;
};

#ifdef ITO_CILKSCALE
// A fork and join that carry the work and span of the child to the join
// (ito/detail/work_span.h): the child's triple travels after its value,
// whether the child ran here or its parent's continuation was stolen.
template <class T> struct __with_wsp {
  T value;
  ito_wsp_triple wsp;
};
template <> struct __with_wsp<void> { ito_wsp_triple wsp; };
template <class T> class __measured_thread {
public:
  __measured_thread() = default;
  template <class F> explicit __measured_thread(F &&f) {
    fork(std::forward<F>(f));
  }
  template <class F> void fork(F &&f) {
    ito_wsp_fork(&parent_);
    thread_.fork([g = std::forward<F>(f)]() mutable {
      if constexpr (std::is_void_v<T>) {
        g();
        return __with_wsp<void>{ito_wsp_child_end()};
      } else {
        T v = g();
        return __with_wsp<T>{v, ito_wsp_child_end()};
      }
    });
    ito_wsp_continue(&parent_, thread_.__ran_here());
  }
  bool joinable() const { return thread_.joinable(); }
  // The child joins at the sync, where its span counts.
  bool __ran_here() const { return false; }
  T join() {
    ito_wsp_triple before;
    const bool waits = !thread_.__ran_here();
    ito_wsp_join_begin(&before);
    __with_wsp<T> r = thread_.join();
    ito_wsp_join_end(&before, &r.wsp, waits);
    if constexpr (!std::is_void_v<T>)
      return r.value;
  }

private:
  ito::thread<__with_wsp<T>> thread_;
  ito_wsp_triple parent_;
};
template <class T> using __cilk_thread = __measured_thread<T>;
// The child's triple rides with its value: room for it in a join.
inline constexpr std::size_t __value_room =
    ito::detail::max_result_size - sizeof(ito_wsp_triple) - 8;
#else
template <class T> using __cilk_thread = ito::thread<T>;
inline constexpr std::size_t __value_room = ito::detail::max_result_size;
#endif

// Whether a child's value can travel between processes as bytes. One that
// cannot (it owns memory, as a std::vector, or is large) is built in the
// program's heap, which every process reaches, and the child returns its
// address; the parent moves it out at the sync.
template <class T>
inline constexpr bool travels_as_bytes =
    std::is_reference_v<T> || // (refused by ito::thread, with its reason)
    (std::is_trivially_copy_constructible_v<T>
         &&std::is_trivially_destructible_v<T> &&
     sizeof(T) <= __value_room);

// The object that `R v = cilk_spawn f();` (or `auto [a, b] = ...`)
// declares, of a class type; `v` is a reference to it. R needs no default
// constructor or assignment (a const member, a constructor with
// parameters): one that travels as bytes is constructed from the child's
// value at the sync; any other lives in the program's heap, which every
// process reaches, and the child constructs it there from its call (no
// move, as in the serial elision, so a type that cannot move works too).
// Destroyed at the end of the scope, as the variable would be.
class __spawned_base {
protected:
  bool built_ = false;
  template <class T> friend class __spawn;
};
template <class R> class __spawned_var : public __spawned_base {
public:
  static constexpr bool in_heap = !travels_as_bytes<R>;

  __spawned_var() {
    if constexpr (in_heap)
      object_ = static_cast<R *>(
          ::operator new(sizeof(R), std::align_val_t(alignof(R))));
  }
  __spawned_var(const __spawned_var &) = delete;
  __spawned_var &operator=(const __spawned_var &) = delete;
  ~__spawned_var() {
    if (built_)
      __get().~R();
    if constexpr (in_heap)
      ::operator delete(object_, std::align_val_t(alignof(R)));
  }
  R &__get() {
    if constexpr (in_heap)
      return *object_;
    else
      return *std::launder(reinterpret_cast<R *>(bytes_));
  }
  // The sync: R from the child's value.
  template <class T> static void construct(void *receiver, T &value) {
    auto *self = static_cast<__spawned_var *>(receiver);
    ::new (static_cast<void *>(&self->__get())) R(std::move(value));
    self->built_ = true;
  }
  // The child: R from its call, at \p object in the heap.
  template <class F> static void build(R *object, F &f) {
    ::new (static_cast<void *>(object)) R(f());
  }

private:
  union {
    alignas(R) unsigned char bytes_[in_heap ? 1 : sizeof(R)];
    R *object_;
  };
};
template <class R> struct is_spawned_var : std::false_type {};
template <class R> struct is_spawned_var<__spawned_var<R>> : std::true_type {};
// A __spawned_var whose object lives in the program's heap.
template <class R> struct is_spawned_in_heap : std::false_type {};
template <class R>
struct is_spawned_in_heap<__spawned_var<R>>
    : std::bool_constant<__spawned_var<R>::in_heap> {};

#if ITO_EXCEPTIONS
// The implicit sync of a block that an exception leaves, for one spawn:
// waits for the child without storing its value (the receiver may be gone;
// a boxed one is freed); keeps what it threw in \p threw unless that holds
// an earlier child's.
template <bool Boxed, class Thread>
void __join_dropping(Thread &thread, std::exception_ptr &threw) {
  if (!thread.joinable())
    return;
  try {
    if constexpr (Boxed)
      delete thread.join();
    else
      thread.join();
  } catch (...) {
    if (!threw)
      threw = std::current_exception();
  }
}
#endif

// The state of a spawn site that runs at most once between two syncs: the
// child's thread, and where its value goes at the sync.
template <class T> class __spawn {
  static constexpr bool boxed = !travels_as_bytes<T>;
  using carried = std::conditional_t<boxed, T *, T>;

public:
  template <class R, class F> void __fork(R *receiver, F &&f) {
    receiver_ = receiver;
    if constexpr (is_spawned_in_heap<R>::value && boxed) {
      // Built in place by the child; the sync only marks it built.
      assign_ = nullptr;
      // (The child reaches the heap object, not the parent's frame.)
      thread_.fork([object = &receiver->__get(),
                    f = std::forward<F>(f)]() mutable -> T * {
        R::build(object, f);
        return nullptr;
      });
      return;
    } else if constexpr (is_spawned_var<R>::value) {
      assign_ = &R::template construct<T>;
    } else {
      assign_ = &assign_to<R, T>;
    }
    thread_.fork(carry(std::forward<F>(f)));
  }
  template <class F> void __fork(F &&f) {
    receiver_ = nullptr;
    thread_.fork(carry(std::forward<F>(f)));
  }
  // A receiver without an address (a bit-field): the object that holds it,
  // and a captureless lambda (void *object, auto &value) that assigns it.
  template <class O, class A, class F>
  void __fork_member(O *object, A assign, F &&f) {
    receiver_ = object;
    assign_ = assign;
    thread_.fork(carry(std::forward<F>(f)));
  }
  bool __ran_here() const { return thread_.__ran_here(); }
#if ITO_EXCEPTIONS
  void __unwind_into(std::exception_ptr &threw) {
    __join_dropping<boxed>(thread_, threw);
  }
#endif
  void __sync() {
    if (!thread_.joinable())
      return;
    if constexpr (boxed) {
      T *value = thread_.join();
      if (!value) {
        // (Built in place: a __spawned_var.)
        static_cast<__spawned_base *>(receiver_)->built_ = true;
        return;
      }
      if (receiver_)
        assign_(receiver_, *value);
      delete value;
    } else {
      T value = thread_.join();
      if (receiver_)
        assign_(receiver_, value);
    }
  }

private:
  template <class F> static decltype(auto) carry(F &&f) {
    if constexpr (boxed)
      return [f = std::forward<F>(f)]() mutable { return new T(f()); };
    else
      return std::forward<F>(f);
  }

  __cilk_thread<carried> thread_;
  void *receiver_ = nullptr;
  assign_fn<T> assign_ = nullptr;
};

template <> class __spawn<void> {
public:
  template <class F> void __fork(std::nullptr_t, F &&f) {
    thread_.fork(std::forward<F>(f));
  }
  template <class F> void __fork(F &&f) { thread_.fork(std::forward<F>(f)); }
  bool __ran_here() const { return thread_.__ran_here(); }
#if ITO_EXCEPTIONS
  void __unwind_into(std::exception_ptr &threw) {
    __join_dropping<false>(thread_, threw);
  }
#endif
  void __sync() {
    if (thread_.joinable())
      thread_.join();
  }

private:
  __cilk_thread<void> thread_;
};

// The states of a spawn site that may run many times between two syncs: one
// node per run, on the parent's stack (alloca in the parent), chained. A
// node whose child ran here is synced at once and kept as the spare that
// the next spawn reuses, so that a loop of spawns takes stack (and a thief
// copies bytes) for the stolen ones only.
class __spawn_list {
  struct node_base {
    node_base *next;
    virtual void __sync() = 0;
#if ITO_EXCEPTIONS
    virtual void __unwind_into(std::exception_ptr &threw) = 0;
#endif
  };
  template <class T> struct node : node_base {
    __spawn<T> site;
    void __sync() override { site.__sync(); }
#if ITO_EXCEPTIONS
    void __unwind_into(std::exception_ptr &threw) override {
      site.__unwind_into(threw);
    }
#endif
  };

public:
  template <class F> static constexpr std::size_t __node_size(const F &) {
    return sizeof(node<std::invoke_result_t<F &>>);
  }
  // The spare node if it has room for size bytes, or null (then the caller
  // allocates one on its stack).
  void *__spare(std::size_t size) {
    if (!spare_ || spare_size_ < size)
      return nullptr;
    void *m = spare_;
    spare_ = nullptr;
    return m;
  }
  template <class R, class F> void __fork(void *memory, R *receiver, F &&f) {
    using T = std::invoke_result_t<F &>;
    auto *n = ::new (memory) node<T>();
    n->next = head_;
    head_ = n;
    if constexpr (std::is_void_v<T> || std::is_null_pointer_v<R>)
      n->site.__fork(std::forward<F>(f));
    else
      n->site.__fork(receiver, std::forward<F>(f));
    keep_if_ran_here(n, sizeof *n);
  }
  template <class F> void __fork(void *memory, std::nullptr_t, F &&f) {
    __fork(memory, static_cast<std::nullptr_t *>(nullptr), std::forward<F>(f));
  }
  template <class O, class A, class F>
  void __fork_member(void *memory, O *object, A assign, F &&f) {
    using T = std::invoke_result_t<F &>;
    auto *n = ::new (memory) node<T>();
    n->next = head_;
    head_ = n;
    n->site.__fork_member(object, assign, std::forward<F>(f));
    keep_if_ran_here(n, sizeof *n);
  }
  // Joins every run; what the earliest of them threw, if any, goes on from
  // here, as in the serial elision (which stops at that run).
  void __sync() {
    node_base *n = head_;
    head_ = nullptr;
#if ITO_EXCEPTIONS
    std::exception_ptr first;
    for (; n; n = n->next) {
      try {
        n->__sync();
      } catch (...) {
        first = std::current_exception(); // (the list runs newest first)
      }
    }
    if (__builtin_expect(first != nullptr, 0))
      std::rethrow_exception(first);
#else
    for (; n; n = n->next)
      n->__sync();
#endif
  }
#if ITO_EXCEPTIONS
  void __unwind_into(std::exception_ptr &threw) {
    std::exception_ptr earliest;
    for (node_base *n = head_; n; n = n->next) {
      std::exception_ptr e;
      n->__unwind_into(e);
      if (e)
        earliest = e; // (the list runs newest first)
    }
    head_ = nullptr;
    if (earliest && !threw)
      threw = earliest;
  }
#endif
  // Left without a sync (the function is unwinding from an exception):
  // waits for the runs, as Cilk's implicit sync does.
  ~__spawn_list() {
    if (__builtin_expect(head_ != nullptr, 0))
      drop();
  }

private:
  __attribute__((noinline)) void drop() noexcept {
#if ITO_EXCEPTIONS
    std::exception_ptr ignored;
    __unwind_into(ignored);
#else
    __sync();
#endif
  }

  template <class T> void keep_if_ran_here(node<T> *n, std::size_t size) {
    if (!n->site.__ran_here())
      return;
    n->site.__sync();
    head_ = n->next;
    if (size > spare_size_ || !spare_) {
      spare_ = n;
      spare_size_ = size;
    }
  }

  node_base *head_ = nullptr;
  void *spare_ = nullptr;
  std::size_t spare_size_ = 0;
};

#if ITO_EXCEPTIONS
// The implicit sync of a block (a function's body, a cilk_scope, a
// cilk_for body, a try block) that an exception leaves, as Cilk Plus
// defines it: waits for the block's children, given in the order they were
// spawned; what the earliest of them threw replaces the exception in flight,
// since in the serial elision it would have been thrown first. Called from
// the translation's catch (...), which rethrows the exception otherwise.
template <class... Sites> void __unwind(Sites &...sites) {
  std::exception_ptr threw;
  (sites.__unwind_into(threw), ...);
  if (__builtin_expect(threw != nullptr, 0))
    std::rethrow_exception(threw);
}
#endif

// A range-based cilk_for splits its range by index: it needs random-access
// iterators (a vector, an array, a deque; not a list or a map).
template <class It> constexpr void __require_random_access(const It &) {
  static_assert(
      std::is_base_of_v<std::random_access_iterator_tag,
                        typename std::iterator_traits<It>::iterator_category>,
      "ito: a range-based cilk_for needs a random-access range (vector, "
      "array, deque, a pointer range); loop over indices instead");
}

// A cilk_for over [0, n) in chunks of at most grain iterations (0: about 8
// chunks per process, at most 2048 iterations each), forking by halves, the
// left half as the child. Always the left: a reducer's views are combined
// as the child's before the continuation's, which is the serial order only
// if the child is the left half (the loop patterns of ito/patterns.hpp
// may run the right half here between nodes, in a program without
// reducers: ito/detail/loop_affinity.h).
template <class Body>
void parallel_for_range(long long lo, long long hi, long long grain,
                        Body &body) {
  while (hi - lo > grain) {
    const long long mid = lo + (hi - lo) / 2;
    __cilk_thread<void> left([lo, mid, grain, b = body]() mutable {
      parallel_for_range(lo, mid, grain, b);
    });
#if ITO_EXCEPTIONS
    // What the left half throws comes first, as in the serial loop.
    std::exception_ptr right;
    try {
      parallel_for_range(mid, hi, grain, body);
    } catch (...) {
      right = std::current_exception();
    }
    left.join();
    if (__builtin_expect(right != nullptr, 0))
      std::rethrow_exception(right);
#else
    parallel_for_range(mid, hi, grain, body);
    left.join();
#endif
    return;
  }
  if (lo < hi)
    body(lo, hi);
}

template <class Body>
void __parallel_for(long long n, long long grain, Body body) {
  if (n <= 0)
    return;
  if (grain <= 0) {
    const long long p = ito::n_ranks();
    const long long per = (n + 8 * p - 1) / (8 * p);
    grain = per < 1 ? 1 : per > 2048 ? 2048 : per;
  }
  parallel_for_range(0, n, grain, body);
}

} // namespace ito::cilk

#endif // ITO_CILK_ABI_HPP
