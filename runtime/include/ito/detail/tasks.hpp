// The task API over uni-address threads (see ito.hpp for the overview).
//
// Fork is child-first: the parent's continuation is pushed on this process's
// deque and the child runs at once, right below the parent on the same
// stack. If nobody stole the continuation, the child's value lands in the
// parent's thread object and join costs nothing. Otherwise the continuation
// runs in another process, and the child and the parent meet in a join entry
// (greedy join: whichever arrives last runs on).
//
// An exception that leaves a child goes to its join, as in OpenCilk: the
// child catches it and hands an exception_ptr, boxed in the program's heap
// (which every process reaches), to its parent, which rethrows it where it
// joins. A parent that leaves its frame by an exception first waits for its
// children, as Cilk's implicit sync does.
#ifndef ITO_DETAIL_TASKS_HPP
#define ITO_DETAIL_TASKS_HPP

#include <ito/detail/deque.hpp>
#include <ito/detail/loop_affinity.h>
#include <ito/detail/task_result.hpp>

#include <cstdint>
#include <cstring>
#include <exception>
#include <tuple>
#include <typeinfo>
#include <utility>

extern "C" {
// This process's deque (null outside root_exec).
extern ito::detail::deque *ito_sched_deque;
// Counts down to the next poll of the runtime's messages.
extern int64_t ito_sched_poll_countdown;

void *ito_uat_fork(void (*child)(void *), void *arg, ito::detail::deque *dq,
                   uint64_t join);
// The same for a child that returns a word: what it returned, if it
// returned here.
void *ito_uat_fork_passing(void *(*child)(void *), void *arg,
                           ito::detail::deque *dq, uint64_t join);
// The owner lost the race for its newest continuation, or it was stolen:
// true if it is still here after all.
bool ito_sched_pop_conflict(void);
// The child finished and its parent's continuation was stolen: deliver the
// value to the join entry and leave.
[[noreturn]] void ito_sched_child_done(const void *value, size_t size);
// Join a child whose parent continuation was stolen (join != 0; all ones:
// the thread was never forked, or was joined already).
void ito_sched_join(uint64_t join, void *out, size_t size);
void ito_sched_poll(void);
// One turn of a wait for another process (a static local it builds): this
// process serves the requests of the others meanwhile, which the one it
// waits for may be making of it, then yields the core.
void ito_sched_wait_turn(void);
// The countdown and the poll that ito-cc's LeafPolls pass puts in loops and
// recursive functions that do not fork.
extern int64_t ito_sched_loop_countdown;
void ito_sched_loop_poll(void);
// Stops the program with message (a misuse of the API).
[[noreturn]] void ito_sched_fatal(const char *message);
// A future entry for `consumers` get()s, in this process's runtime heap.
uint64_t ito_sched_future_new(int consumers);
// The child of async() finished: publish its value; wake the waiters. If
// the parent's continuation was stolen (parent_here false) this does not
// return.
void ito_sched_future_done(uint64_t future, const void *value, size_t size,
                           bool parent_here);
// Waits (suspending if need be) for the future's value.
void ito_sched_future_get(uint64_t future, void *out, size_t size);
// Runs fn(arg) as the root task; collective; result goes to value on all.
void ito_sched_root_exec(void (*fn)(void *arg, void *out), void *arg,
                         void *value, size_t size);
[[noreturn]] void ito_sched_task_exception(const char *type, const char *what);
// Whether this thread allocates global memory now: a Cilk program's heap.
bool ito_abi_heap_is_global(void);
int ito_sched_in_root(void);
void ito_sched_fork_outside_root(void);
// A Cilk program: from now on forks outside the root task run serially.
void ito_sched_serial_outside_root(void);
}

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#define ITO_EXCEPTIONS 1
#else
#define ITO_EXCEPTIONS 0
#endif

namespace ito {

// Serves other processes' requests if it is time to (ito_poll, ito/ito.h).
inline void poll() {
  if (__builtin_expect(--ito_sched_loop_countdown <= 0, 0))
    ito_sched_loop_poll();
}

namespace detail {

// An exception on its way from a child to its join, in the program's heap.
using thrown = std::exception_ptr;

// An exception that no join receives (it left a root task or a future's
// child, or the heap it is in is not global memory): stop with a message
// naming it.
[[noreturn]] inline void stop_for(thrown *t) {
#if ITO_EXCEPTIONS
  try {
    std::rethrow_exception(*t);
  } catch (const std::exception &e) {
    ito_sched_task_exception(typeid(e).name(), e.what());
  } catch (...) {
  }
#endif
  ito_sched_task_exception(nullptr, nullptr);
}

// Rethrows a child's exception at its join, freeing its box.
[[noreturn]] inline void rethrow(thrown *t) {
  thrown e = std::move(*t);
  delete t;
#if ITO_EXCEPTIONS
  std::rethrow_exception(std::move(e));
#else
  ito_sched_fatal("a task's exception reached a join compiled without "
                  "exceptions");
#endif
}

// Calls f with args (both the task's own copies) and keeps its value;
// returns what it threw, boxed, or null.
template <class T, class F, class Tuple>
thrown *call_into(result_slot<T> &value, F &f, Tuple &args) {
#if ITO_EXCEPTIONS
  try {
#endif
    if constexpr (std::is_void_v<T>)
      std::apply(f, std::move(args));
    else
      value.emplace(std::apply(f, std::move(args)));
#if ITO_EXCEPTIONS
  } catch (...) {
    // The exception object is in the heap: it can reach a join in another
    // process only if the heap is global memory (a Cilk program's).
    thrown t(std::current_exception());
    if (!ito_abi_heap_is_global())
      stop_for(&t);
    return new thrown(std::move(t));
  }
#endif
  return nullptr;
}

// Runs a packed (callable, args...) tuple, placing its value at out.
template <class T, class Packed> void run_task(Packed &packed, void *out) {
  auto call = [](auto &fn, auto &...a) -> T {
    return detail::invoke(std::move(fn), std::move(a)...);
  };
  auto none = std::tuple<>();
  auto run = [&]() -> T { return std::apply(call, packed); };
  result_slot<T> value;
  if (thrown *t = call_into(value, run, none))
    stop_for(t); // (a root task has no parent to catch it)
  if constexpr (!std::is_void_v<T>)
    ::new (out) T(value.take());
}

// What a child whose parent was stolen delivers to the join: its value, or
// the exception it threw.
template <class T> struct delivery {
  result_slot<T> value;
  thrown *threw;
};
template <class T> constexpr void check_delivery() {
  static_assert(sizeof(delivery<T>) <= max_delivery_size,
                "ito: a task's value may be aligned to at most 64 bytes");
}

// A child that threw and returned where its parent still is hands the
// exception over as ito_uat_fork_passing's value, which the parent keeps
// where a join entry would be: the box's address with bit 0 set (join
// entries are 16-byte aligned; all ones means "not joinable").
inline uint64_t tag_thrown(thrown *t) {
  return reinterpret_cast<uint64_t>(t) | 1;
}
inline bool is_thrown_tag(uint64_t join) {
  return (join & 1) != 0 && join != ~uint64_t(0);
}
inline thrown *untag_thrown(uint64_t join) {
  return reinterpret_cast<thrown *>(join & ~uint64_t(1));
}

template <class T> constexpr std::size_t value_size() {
  if constexpr (std::is_void_v<T>)
    return 0;
  else
    return sizeof(T);
}

template <class T, class F, class Tuple> struct spawn_record {
  F f;
  Tuple args;
  result_slot<T> *out;
};

// The child threw: to its parent, here (as ito_uat_fork_passing's value)
// or at the join entry.
template <class T>
__attribute__((noinline, cold)) void *child_threw(thrown *t) {
  if (pop_fast(ito_sched_deque) || ito_sched_pop_conflict())
    return reinterpret_cast<void *>(tag_thrown(t));
  delivery<T> done;
  done.threw = t;
  ito_sched_child_done(&done, sizeof done);
}

template <class T, class Record> void *child_entry(void *p) {
  auto *rec = static_cast<Record *>(p);
  // The child may migrate once it forks or joins, and the parent's frame
  // does not travel with it: the callable and the arguments move into this
  // frame before anything else happens (a parameter of reference type then
  // binds to the child's copy, not to the parent's).
  auto f = std::move(rec->f);
  auto args = std::move(rec->args);
  result_slot<T> *out = rec->out;
  check_delivery<T>();
  delivery<T> done;
  if (thrown *t = call_into(done.value, f, args))
    return child_threw<T>(t);

  deque *d = ito_sched_deque;
  if (__builtin_expect(pop_fast(d), 1) || ito_sched_pop_conflict()) {
    if constexpr (!std::is_void_v<T>)
      std::memcpy(static_cast<void *>(out), &done.value, sizeof(T));
    return nullptr;
  }
  done.threw = nullptr;
  ito_sched_child_done(&done, sizeof done);
}

template <class T, class F, class Tuple> struct async_record {
  F f;
  Tuple args;
  uint64_t future;
};

template <class T, class Record> void async_entry(void *p) {
  auto *rec = static_cast<Record *>(p);
  auto f = std::move(rec->f);
  auto args = std::move(rec->args);
  const uint64_t future = rec->future;
  result_slot<T> value;
  if (thrown *t = call_into(value, f, args))
    stop_for(t); // (futures do not carry exceptions)
  deque *d = ito_sched_deque;
  bool parent_here = pop_fast(d) || ito_sched_pop_conflict();
  ito_sched_future_done(future, value.address(), value_size<T>(), parent_here);
}

} // namespace detail

inline bool is_root() { return ito_sched_in_root() != 0; }
inline bool is_spmd() { return !is_root(); }

// Runs f(args...) as the root task of a parallel region and returns its
// value on every process. Collective: every process calls it; f and args
// are copied into the root task (capture by value).
template <class F, class... Args> auto root_exec(F &&f, Args &&...args) {
  using T = std::invoke_result_t<F, Args...>;
  detail::check_result_type<T>();
  using Packed = std::tuple<std::decay_t<F>, std::decay_t<Args>...>;
  Packed packed(std::forward<F>(f), std::forward<Args>(args)...);
  detail::result_slot<T> value;
  ito_sched_root_exec(
      [](void *p, void *out) {
        // Into the root task's own frame before it can migrate.
        Packed local(std::move(*static_cast<Packed *>(p)));
        detail::run_task<T>(local, out);
      },
      &packed, value.address(), detail::value_size<T>());
  return value.take();
}

// A child task forked on construction and joined by join(). It must be
// joined by the task that created it, before that task returns. It cannot
// be moved (the child delivers its value into it).
template <class T> class thread {
public:
  thread() = default;

  template <class F, class... Args> explicit thread(F &&f, Args &&...args) {
    start(std::forward<F>(f), std::forward<Args>(args)...);
  }

  thread(const thread &) = delete;
  thread &operator=(const thread &) = delete;
  thread(thread &&) = delete;
  thread &operator=(thread &&) = delete;

  // Left without a join (its creator is unwinding from an exception): waits
  // for the child, as Cilk's implicit sync does, and drops what it threw.
  ~thread() {
    if (__builtin_expect(join_ + 1 > 1, 0)) // neither joined nor ran here
      wait_dropping();
  }

  bool joinable() const { return join_ != not_joinable; }
  // (ito-cc's translation) The child ran to its end in this strand: its
  // continuation was not stolen, and join() will not wait.
  bool __ran_here() const { return join_ == 0; }

  // Forks f(args...) into a default-constructed (or joined) thread.
  template <class F, class... Args> void fork(F &&f, Args &&...args) {
    if (__builtin_expect(joinable(), 0))
      ito_sched_fatal("fork() on an ito::thread whose child is not joined "
                      "yet; join it first");
    start(std::forward<F>(f), std::forward<Args>(args)...);
  }

  // The child's value; rethrows what the child threw.
  T join() {
    if (__builtin_expect(join_ != 0, 0))
      join_elsewhere();
    join_ = not_joinable;
    return value_.take();
  }

private:
  template <class F, class... Args> void start(F &&f, Args &&...args) {
    using Tuple = std::tuple<std::decay_t<Args>...>;
    using Record = detail::spawn_record<T, std::decay_t<F>, Tuple>;
    Record rec{std::forward<F>(f), Tuple(std::forward<Args>(args)...), &value_};
    // (Outside a root task the countdown is 0, and the poll reports it.)
    if (__builtin_expect(--ito_sched_poll_countdown <= 0, 0))
      ito_sched_poll();
    void *join = ito_uat_fork_passing(&detail::child_entry<T, Record>, &rec,
                                      ito_sched_deque, 0);
    // From here on this may be another process (the continuation was
    // stolen): reload everything from this frame, nothing from before.
    join_ = reinterpret_cast<uint64_t>(join);
  }

  // The child threw, or the parent's continuation was stolen.
  __attribute__((noinline)) void join_elsewhere() {
    const uint64_t join = join_;
    join_ = not_joinable;
    if (detail::is_thrown_tag(join))
      detail::rethrow(detail::untag_thrown(join));
    detail::delivery<T> done; // (all ones: the runtime says what is wrong)
    ito_sched_join(join, &done, sizeof done);
    if (__builtin_expect(done.threw != nullptr, 0))
      detail::rethrow(done.threw);
    if constexpr (!std::is_void_v<T>)
      std::memcpy(static_cast<void *>(value_.address()), &done.value,
                  sizeof(T));
  }
  __attribute__((noinline)) void wait_dropping() noexcept {
    const uint64_t join = join_;
    join_ = not_joinable;
    detail::thrown *threw;
    if (detail::is_thrown_tag(join)) {
      threw = detail::untag_thrown(join);
    } else {
      detail::delivery<T> done;
      ito_sched_join(join, &done, sizeof done);
      threw = done.threw;
    }
    delete threw;
  }

  // 0: the child ran here and its value is in value_; otherwise the join
  // entry of a stolen fork, or not_joinable.
  static constexpr uint64_t not_joinable = ~uint64_t(0);
  detail::result_slot<T> value_;
  uint64_t join_ = not_joinable;
};

template <class F, class... Args>
thread(F &&, Args &&...) -> thread<std::invoke_result_t<F, Args...>>;

template <class F, class... Args>
thread<std::invoke_result_t<F, Args...>> fork(F &&f, Args &&...args) {
  return thread<std::invoke_result_t<F, Args...>>(std::forward<F>(f),
                                                  std::forward<Args>(args)...);
}

// A task's value that any task may wait for with get(), as many times as
// the consumers given to async() (once by default). A plain handle: copy
// it, pass it to other tasks, return it from tasks. T may be incomplete
// where the future is declared (a tree of futures of itself).
template <class T> class future {
public:
  future() = default;
  bool valid() const { return ref_ != 0; }

  // The value; suspends this task until it is there. Each consumer calls
  // get() once.
  T get() const {
    detail::result_slot<T> v;
    ito_sched_future_get(ref_, v.address(), detail::value_size<T>());
    return v.take();
  }

  template <class F, class... Args>
  friend auto async(consumers c, F &&f, Args &&...args)
      -> future<std::invoke_result_t<F, Args...>>;

private:
  explicit future(uint64_t ref) : ref_(ref) {}
  uint64_t ref_ = 0;
};

// Forks f(args...) as a child task whose value c.n tasks will get().
template <class F, class... Args>
auto async(consumers c, F &&f, Args &&...args)
    -> future<std::invoke_result_t<F, Args...>> {
  using T = std::invoke_result_t<F, Args...>;
  detail::check_result_type<T>();
  using Tuple = std::tuple<std::decay_t<Args>...>;
  using Record = detail::async_record<T, std::decay_t<F>, Tuple>;
  if (__builtin_expect(ito_sched_deque == nullptr, 0))
    ito_sched_fork_outside_root();
  const uint64_t ref = ito_sched_future_new(c.n);
  Record rec{std::forward<F>(f), Tuple(std::forward<Args>(args)...), ref};
  if (__builtin_expect(--ito_sched_poll_countdown <= 0, 0))
    ito_sched_poll();
  ito_uat_fork(&detail::async_entry<T, Record>, &rec, ito_sched_deque,
               ITO_NO_JOIN);
  return future<T>(ref);
}

// Forks f(args...) as a child task whose value one task will get().
template <class F, class... Args> auto async(F &&f, Args &&...args) {
  return async(consumers{1}, std::forward<F>(f), std::forward<Args>(args)...);
}

// Runs the callables in parallel and returns their values as a tuple (void
// if none returns a value). They are split in halves as a loop's range is
// (one half forked, the other run here: ito/detail/loop_affinity.h), so a
// thief takes half of what is left rather than all but the first, and the
// last of k callables waits for log2(k) forks, not k - 1.
template <class... Fs> auto parallel_invoke(Fs &&...fs);

namespace detail {
template <class Fs, std::size_t I>
using invoke_value_t =
    tuple_value_t<std::invoke_result_t<std::tuple_element_t<I, Fs> &>>;

// The values of the callables [Lo, Hi) of fs, as a tuple.
template <class Fs, std::size_t Lo, std::size_t... I>
std::tuple<invoke_value_t<Fs, Lo + I>...> values_of(std::index_sequence<I...>);

// The callables [Lo, Lo + n) of fs moved into a tuple of their own: what a
// forked half takes with it into the process that runs it.
template <std::size_t Lo, class Fs, std::size_t... I>
auto take_callables(Fs &fs, std::index_sequence<I...>) {
  return std::tuple<std::decay_t<std::tuple_element_t<Lo + I, Fs>>...>(
      std::move(std::get<Lo + I>(fs))...);
}

template <std::size_t Lo, std::size_t Hi, class Fs>
auto invoke_range(Fs &fs, long long base, long long total);

// The callables [Lo, Hi) of fs forked as one child, which takes them with
// it into the process that runs it (first: their place in parallel_invoke).
template <std::size_t Lo, std::size_t Hi, class Fs>
auto fork_callables(Fs &fs, long long first, long long total) {
  using V = decltype(values_of<Fs, Lo>(std::make_index_sequence<Hi - Lo>()));
  return thread<V>(
      [sub = take_callables<Lo>(fs, std::make_index_sequence<Hi - Lo>()), first,
       total]() mutable {
        return invoke_range<0, Hi - Lo>(sub, first, total);
      });
}

// The callables [Lo, Hi) of fs, whose first is callable `base` of the
// `total` that parallel_invoke got.
template <std::size_t Lo, std::size_t Hi, class Fs>
auto invoke_range(Fs &fs, long long base, long long total) {
  if constexpr (Hi - Lo == 1) {
    return std::tuple<invoke_value_t<Fs, Lo>>(call_to_value(std::get<Lo>(fs)));
  } else {
    constexpr std::size_t Mid = Lo + (Hi - Lo) / 2;
    using Left =
        decltype(values_of<Fs, Lo>(std::make_index_sequence<Mid - Lo>()));
    using Right =
        decltype(values_of<Fs, Mid>(std::make_index_sequence<Hi - Mid>()));
    if constexpr (sizeof(Left) > max_result_size ||
                  sizeof(Right) > max_result_size) {
      // Values too large to travel together: one child per callable.
      auto th = fork_callables<Lo, Lo + 1>(fs, base + Lo, total);
      auto rest = invoke_range<Lo + 1, Hi>(fs, base, total);
      return std::tuple_cat(th.join(), rest);
    } else {
      const long long mid = base + static_cast<long long>(Mid);
      if (__builtin_expect(ito_loop_runs_right(0, total, mid), 0)) {
        auto th = fork_callables<Mid, Hi>(fs, mid, total);
        Left left = invoke_range<Lo, Mid>(fs, base, total);
        return std::tuple_cat(left, th.join());
      }
      auto th = fork_callables<Lo, Mid>(fs, base + Lo, total);
      Right right = invoke_range<Mid, Hi>(fs, base, total);
      return std::tuple_cat(th.join(), right);
    }
  }
}
} // namespace detail

template <class... Fs> auto parallel_invoke(Fs &&...fs) {
  auto fns = std::forward_as_tuple(fs...);
  auto out = detail::invoke_range<0, sizeof...(Fs)>(
      fns, 0, static_cast<long long>(sizeof...(Fs)));
  if constexpr (!(std::is_void_v<std::invoke_result_t<Fs>> && ...))
    return out;
}

} // namespace ito

#endif // ITO_DETAIL_TASKS_HPP
