/* Intel Cilk Plus's class reducers, over the reducers of <cilk/cilk_api.h>:
 *
 *   cilk::reducer<cilk::op_add<long>> sum;   ...   *sum += x;
 *   long total = sum.get_value();
 *
 * A reducer object holds the leftmost view; every other strand reaches its
 * own view through view(), operator* and operator->, and views are reduced
 * at joins in serial order. A monoid says how views are made and combined:
 *
 *   struct my_monoid : cilk::monoid_base<Value, View> {
 *     static void identity(View *v);            // construct the identity at v
 *     static void reduce(View *left, View *right);  // fold right into left
 *   };
 *
 * Monoids are stateless here: identity and reduce are called on a
 * default-constructed monoid. Under an ordinary compiler (or with no
 * runtime) every reducer is its own view: the serial elision. */
#ifndef ITO_CILK_REDUCER_H
#define ITO_CILK_REDUCER_H

#include <cilk/cilk_api.h>

#ifdef __cplusplus

#include <new>
#include <type_traits>
#include <utility>

namespace cilk {

template <typename Value, typename View = Value> class monoid_base {
public:
  typedef Value value_type;
  typedef View view_type;

  static void identity(View *view) { new (view) View(); }
  static void destroy(View *view) { view->~View(); }
};

template <typename Monoid> class reducer {
public:
  typedef Monoid monoid_type;
  typedef typename Monoid::value_type value_type;
  typedef typename Monoid::view_type view_type;

  template <typename... Args>
  explicit reducer(Args &&...args) : leftmost_(std::forward<Args>(args)...) {
    static_assert(std::is_default_constructible<Monoid>::value,
                  "ito's reducers take stateless monoids (identity and "
                  "reduce of a default-constructed monoid)");
    __cilkrts_reducer_register(&leftmost_, sizeof(view_type), &identity_fn,
                               &reduce_fn);
  }
  reducer(const reducer &) = delete;
  reducer &operator=(const reducer &) = delete;
  ~reducer() { __cilkrts_reducer_unregister(&leftmost_); }

  /* The running strand's view. */
  view_type &view() {
    return *static_cast<view_type *>(__cilkrts_reducer_lookup(
        &leftmost_, sizeof(view_type), (void *)&identity_fn,
        (void *)&reduce_fn));
  }
  const view_type &view() const { return const_cast<reducer *>(this)->view(); }
  view_type &operator*() { return view(); }
  const view_type &operator*() const { return view(); }
  view_type *operator->() { return &view(); }
  const view_type *operator->() const { return &view(); }

  /* After the sync that ends the parallel updates. */
  decltype(auto) get_value() const { return view().view_get_value(); }
  void set_value(const value_type &v) { view().view_set_value(v); }
  void move_in(value_type &v) { view().view_move_in(v); }
  void move_out(value_type &v) { view().view_move_out(v); }

private:
  static void identity_fn(void *v) {
    Monoid().identity(static_cast<view_type *>(v));
  }
  static void reduce_fn(void *l, void *r) {
    Monoid m;
    m.reduce(static_cast<view_type *>(l), static_cast<view_type *>(r));
    m.destroy(static_cast<view_type *>(r));
  }

  view_type leftmost_;
};

/* A view that is just a value, with the accessors reducer<> uses. */
template <typename Value> class scalar_view {
public:
  typedef Value value_type;
  scalar_view() : value_() {}
  explicit scalar_view(const Value &v) : value_(v) {}

  Value view_get_value() const { return value_; }
  void view_set_value(const Value &v) { value_ = v; }
  void view_move_in(Value &v) { value_ = std::move(v); }
  void view_move_out(Value &v) { v = std::move(value_); }

protected:
  Value value_;
};

} // namespace cilk

#endif /* __cplusplus */

/* Cilk Plus's C reducers: a struct holding the monoid (the operations,
 * each taking the reducer first) and the leftmost view.
 *
 *   void identity(void *reducer, void *view);
 *   void reduce(void *reducer, void *left, void *right);
 *   void destroy(void *reducer, void *view);   (or 0)
 *   CILK_C_DECLARE_REDUCER(long) sum =
 *       CILK_C_INIT_REDUCER(long, reduce, identity, destroy, 0);
 *   CILK_C_REGISTER_REDUCER(sum);  REDUCER_VIEW(sum) += x;
 *   CILK_C_UNREGISTER_REDUCER(sum);
 *
 * Every view but the leftmost is destroyed after it is reduced into its
 * left neighbour, then freed. */
typedef void (*cilk_c_reducer_reduce_fn_t)(void *reducer, void *left,
                                           void *right);
typedef void (*cilk_c_reducer_identity_fn_t)(void *reducer, void *view);
typedef void (*cilk_c_reducer_destroy_fn_t)(void *reducer, void *view);
static __inline__ void __cilkrts_hyperobject_noop_destroy(void *reducer,
                                                          void *view) {
  (void)reducer;
  (void)view;
}

#define CILK_C_DECLARE_REDUCER(Type)                                           \
  struct {                                                                     \
    __cilkrts_c_monoid __cilkrts_hyperbase;                                    \
    Type value;                                                                \
  }
#define CILK_C_INIT_REDUCER(Type, Reduce, Identity, Destroy, ...)              \
  { {(Reduce), (Identity), (Destroy)}, __VA_ARGS__ }
#define CILK_C_REGISTER_REDUCER(Name)                                          \
  __cilkrts_c_reducer_register(&(Name).__cilkrts_hyperbase, &(Name).value,     \
                               sizeof((Name).value))
#define CILK_C_UNREGISTER_REDUCER(Name)                                        \
  __cilkrts_reducer_unregister(&(Name).value)
#define REDUCER_VIEW(Name)                                                     \
  (*(__typeof__((Name).value) *)__cilkrts_c_reducer_lookup(                    \
      &(Name).__cilkrts_hyperbase, &(Name).value, sizeof((Name).value)))

#endif /* ITO_CILK_REDUCER_H */
