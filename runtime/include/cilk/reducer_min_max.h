/* Intel Cilk Plus's minimum and maximum reducers:
 *
 *   cilk::reducer<cilk::op_max<int>> m;  m->calc_max(x);  m.get_value()
 *   cilk::reducer_max<int> m;            m.calc_max(x);   m.get_value()
 *   cilk::reducer_max_index<long, int> m;  m.calc_max(i, x);  m.get_index()
 *
 * and the same for min. A view that has seen no value yet is the identity;
 * among equal values the first in serial order is kept (and its index). */
#ifndef ITO_CILK_REDUCER_MIN_MAX_H
#define ITO_CILK_REDUCER_MIN_MAX_H

#include <cilk/reducer.h>

#ifdef __cplusplus

#include <functional>

namespace cilk {

template <typename Index, typename Type, typename Compare, bool WithIndex>
class extremum_view {
public:
  typedef Type value_type;
  extremum_view() : value_(), index_(), has_(false) {}
  explicit extremum_view(const Type &v) : value_(v), index_(), has_(true) {}
  extremum_view(const Index &i, const Type &v)
      : value_(v), index_(i), has_(true) {}

  /* Keeps x if it is better than what the view holds. */
  void consider(const Index &i, const Type &x) {
    if (!has_ || Compare()(x, value_)) {
      value_ = x;
      index_ = i;
      has_ = true;
    }
  }
  void reduce(extremum_view *right) {
    if (right->has_)
      consider(right->index_, right->value_);
  }

  const Type &view_get_value() const { return value_; }
  void view_set_value(const Type &v) { consider(Index(), v); }
  void view_move_in(Type &v) { view_set_value(v); }
  void view_move_out(Type &v) { v = value_; }
  const Index &get_index_value() const { return index_; }
  bool is_set() const { return has_; }

protected:
  Type value_;
  Index index_;
  bool has_;
};

template <typename Type>
class max_view : public extremum_view<bool, Type, std::greater<Type>, false> {
  using base = extremum_view<bool, Type, std::greater<Type>, false>;

public:
  using base::base;
  void calc_max(const Type &x) { this->consider(false, x); }
  max_view &operator=(const Type &x) {
    calc_max(x);
    return *this;
  }
  Type get_value() const { return this->value_; }
};

template <typename Type>
class min_view : public extremum_view<bool, Type, std::less<Type>, false> {
  using base = extremum_view<bool, Type, std::less<Type>, false>;

public:
  using base::base;
  void calc_min(const Type &x) { this->consider(false, x); }
  min_view &operator=(const Type &x) {
    calc_min(x);
    return *this;
  }
  Type get_value() const { return this->value_; }
};

template <typename Index, typename Type>
class max_index_view
    : public extremum_view<Index, Type, std::greater<Type>, true> {
  using base = extremum_view<Index, Type, std::greater<Type>, true>;

public:
  using base::base;
  void calc_max(const Index &i, const Type &x) { this->consider(i, x); }
  Type get_value() const { return this->value_; }
  Index get_index() const { return this->index_; }
};

template <typename Index, typename Type>
class min_index_view : public extremum_view<Index, Type, std::less<Type>, true> {
  using base = extremum_view<Index, Type, std::less<Type>, true>;

public:
  using base::base;
  void calc_min(const Index &i, const Type &x) { this->consider(i, x); }
  Type get_value() const { return this->value_; }
  Index get_index() const { return this->index_; }
};

template <typename View>
class extremum_monoid : public monoid_base<typename View::value_type, View> {
public:
  static void reduce(View *left, View *right) { left->reduce(right); }
};

template <typename Type> using op_max = extremum_monoid<max_view<Type>>;
template <typename Type> using op_min = extremum_monoid<min_view<Type>>;
template <typename Index, typename Type>
using op_max_index = extremum_monoid<max_index_view<Index, Type>>;
template <typename Index, typename Type>
using op_min_index = extremum_monoid<min_index_view<Index, Type>>;

/* The older interface: the reducer itself compares. */
template <typename Type> class reducer_max : public reducer<op_max<Type>> {
public:
  reducer_max() = default;
  explicit reducer_max(const Type &init) : reducer<op_max<Type>>(init) {}
  void calc_max(const Type &x) { this->view().calc_max(x); }
  reducer_max &operator=(const Type &x) {
    calc_max(x);
    return *this;
  }
};
template <typename Type> class reducer_min : public reducer<op_min<Type>> {
public:
  reducer_min() = default;
  explicit reducer_min(const Type &init) : reducer<op_min<Type>>(init) {}
  void calc_min(const Type &x) { this->view().calc_min(x); }
  reducer_min &operator=(const Type &x) {
    calc_min(x);
    return *this;
  }
};
template <typename Index, typename Type>
class reducer_max_index : public reducer<op_max_index<Index, Type>> {
public:
  reducer_max_index() = default;
  reducer_max_index(const Index &i, const Type &v)
      : reducer<op_max_index<Index, Type>>(i, v) {}
  void calc_max(const Index &i, const Type &x) { this->view().calc_max(i, x); }
  Index get_index() const { return this->view().get_index(); }
};
template <typename Index, typename Type>
class reducer_min_index : public reducer<op_min_index<Index, Type>> {
public:
  reducer_min_index() = default;
  reducer_min_index(const Index &i, const Type &v)
      : reducer<op_min_index<Index, Type>>(i, v) {}
  void calc_min(const Index &i, const Type &x) { this->view().calc_min(i, x); }
  Index get_index() const { return this->view().get_index(); }
};

/* *m = cilk::max_of(*m, x), as Cilk Plus writes an update of a view. */
template <typename Type> const Type &max_of(const max_view<Type> &, const Type &x) {
  return x;
}
template <typename Type> const Type &min_of(const min_view<Type> &, const Type &x) {
  return x;
}
template <typename Type> const Type &max_of(const Type &a, const Type &b) {
  return a < b ? b : a;
}
template <typename Type> const Type &min_of(const Type &a, const Type &b) {
  return b < a ? b : a;
}

} // namespace cilk

#endif /* __cplusplus */

/* C: CILK_C_REDUCER_MAX(name, tn, v) and CILK_C_REDUCER_MIN(name, tn, v)
 * declare a reducer of type tn (int, long, double, ... as in
 * reducer_opadd.h) starting at v, whose identity is the type's least (max)
 * or greatest (min) value; CILK_C_REDUCER_MAX_CALC(name, x) and
 * CILK_C_REDUCER_MIN_CALC(name, x) take x into the strand's view. Register
 * and read them as the others (REDUCER_VIEW). */
#include <cilk/reducer_opadd.h>
#include <float.h>
#include <limits.h>

#define ITO_CILK_MIN_MAX_TYPE(tn, Type, Least, Greatest)                       \
  static __inline__ void cilk_c_reducer_max_identity_##tn(void *k, void *v) {  \
    (void)k;                                                                   \
    *(Type *)v = (Least);                                                      \
  }                                                                            \
  static __inline__ void cilk_c_reducer_max_reduce_##tn(void *k, void *l,      \
                                                        void *r) {             \
    (void)k;                                                                   \
    if (*(Type *)r > *(Type *)l)                                               \
      *(Type *)l = *(Type *)r;                                                 \
  }                                                                            \
  static __inline__ void cilk_c_reducer_min_identity_##tn(void *k, void *v) {  \
    (void)k;                                                                   \
    *(Type *)v = (Greatest);                                                   \
  }                                                                            \
  static __inline__ void cilk_c_reducer_min_reduce_##tn(void *k, void *l,      \
                                                        void *r) {             \
    (void)k;                                                                   \
    if (*(Type *)r < *(Type *)l)                                               \
      *(Type *)l = *(Type *)r;                                                 \
  }                                                                            \
  typedef CILK_C_DECLARE_REDUCER(Type) cilk_c_reducer_max_##tn;                \
  typedef CILK_C_DECLARE_REDUCER(Type) cilk_c_reducer_min_##tn;
ITO_CILK_MIN_MAX_TYPE(char, char, CHAR_MIN, CHAR_MAX)
ITO_CILK_MIN_MAX_TYPE(schar, signed char, SCHAR_MIN, SCHAR_MAX)
ITO_CILK_MIN_MAX_TYPE(uchar, unsigned char, 0, UCHAR_MAX)
ITO_CILK_MIN_MAX_TYPE(short, short, SHRT_MIN, SHRT_MAX)
ITO_CILK_MIN_MAX_TYPE(ushort, unsigned short, 0, USHRT_MAX)
ITO_CILK_MIN_MAX_TYPE(int, int, INT_MIN, INT_MAX)
ITO_CILK_MIN_MAX_TYPE(uint, unsigned int, 0, UINT_MAX)
ITO_CILK_MIN_MAX_TYPE(long, long, LONG_MIN, LONG_MAX)
ITO_CILK_MIN_MAX_TYPE(ulong, unsigned long, 0, ULONG_MAX)
ITO_CILK_MIN_MAX_TYPE(longlong, long long, LLONG_MIN, LLONG_MAX)
ITO_CILK_MIN_MAX_TYPE(ulonglong, unsigned long long, 0, ULLONG_MAX)
ITO_CILK_MIN_MAX_TYPE(float, float, -FLT_MAX, FLT_MAX)
ITO_CILK_MIN_MAX_TYPE(double, double, -DBL_MAX, DBL_MAX)
ITO_CILK_MIN_MAX_TYPE(longdouble, long double, -LDBL_MAX, LDBL_MAX)
#undef ITO_CILK_MIN_MAX_TYPE

#define CILK_C_REDUCER_MAX_TYPE(tn) cilk_c_reducer_max_##tn
#define CILK_C_REDUCER_MIN_TYPE(tn) cilk_c_reducer_min_##tn
#define CILK_C_REDUCER_MAX(Name, tn, v)                                        \
  CILK_C_REDUCER_MAX_TYPE(tn)                                                  \
  Name = CILK_C_INIT_REDUCER(__cilkrts_opadd_type_##tn,                        \
                             cilk_c_reducer_max_reduce_##tn,                   \
                             cilk_c_reducer_max_identity_##tn, 0, v)
#define CILK_C_REDUCER_MIN(Name, tn, v)                                        \
  CILK_C_REDUCER_MIN_TYPE(tn)                                                  \
  Name = CILK_C_INIT_REDUCER(__cilkrts_opadd_type_##tn,                        \
                             cilk_c_reducer_min_reduce_##tn,                   \
                             cilk_c_reducer_min_identity_##tn, 0, v)
#define CILK_C_REDUCER_MAX_CALC(Name, x)                                       \
  do {                                                                         \
    __typeof__((Name).value) __ito_x = (x);                                    \
    if (__ito_x > REDUCER_VIEW(Name))                                          \
      REDUCER_VIEW(Name) = __ito_x;                                            \
  } while (0)
#define CILK_C_REDUCER_MIN_CALC(Name, x)                                       \
  do {                                                                         \
    __typeof__((Name).value) __ito_x = (x);                                    \
    if (__ito_x < REDUCER_VIEW(Name))                                          \
      REDUCER_VIEW(Name) = __ito_x;                                            \
  } while (0)

#endif /* ITO_CILK_REDUCER_MIN_MAX_H */
