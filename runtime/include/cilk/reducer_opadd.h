/* Intel Cilk Plus's addition reducer:
 *
 *   cilk::reducer<cilk::op_add<int>> sum;  *sum += x;  sum.get_value()
 *   cilk::reducer_opadd<int> sum;          sum += x;   sum.get_value()
 *
 * and, in C, CILK_C_REDUCER_OPADD(sum, long, 0), a C reducer of
 * <cilk/reducer.h>:
 *
 *   CILK_C_REGISTER_REDUCER(sum);  REDUCER_VIEW(sum) += x;
 *   CILK_C_UNREGISTER_REDUCER(sum);
 */
#ifndef ITO_CILK_REDUCER_OPADD_H
#define ITO_CILK_REDUCER_OPADD_H

#include <cilk/cilk_api.h>
#include <cilk/reducer.h>

#ifdef __cplusplus

namespace cilk {

template <typename Type> class op_add_view : public scalar_view<Type> {
public:
  op_add_view() = default;
  explicit op_add_view(const Type &v) : scalar_view<Type>(v) {}
  op_add_view &operator+=(const Type &x) {
    this->value_ += x;
    return *this;
  }
  op_add_view &operator-=(const Type &x) {
    this->value_ -= x;
    return *this;
  }
  op_add_view &operator++() {
    ++this->value_;
    return *this;
  }
  void operator++(int) { ++this->value_; }
  op_add_view &operator--() {
    --this->value_;
    return *this;
  }
  void operator--(int) { --this->value_; }
  /* x = x + y, as Cilk Plus allows when x is the view itself. */
  op_add_view &operator=(const Type &v) {
    this->value_ = v;
    return *this;
  }
  void reduce(op_add_view *right) { this->value_ += right->value_; }
};

template <typename Type>
class op_add : public monoid_base<Type, op_add_view<Type>> {
public:
  static void reduce(op_add_view<Type> *left, op_add_view<Type> *right) {
    left->reduce(right);
  }
};

/* The older interface: the reducer itself adds. */
template <typename Type> class reducer_opadd : public reducer<op_add<Type>> {
public:
  reducer_opadd() : reducer<op_add<Type>>() {}
  explicit reducer_opadd(const Type &init) : reducer<op_add<Type>>(init) {}
  reducer_opadd &operator+=(const Type &x) {
    this->view() += x;
    return *this;
  }
  reducer_opadd &operator-=(const Type &x) {
    this->view() -= x;
    return *this;
  }
  reducer_opadd &operator++() {
    ++this->view();
    return *this;
  }
  void operator++(int) { ++this->view(); }
  reducer_opadd &operator--() {
    --this->view();
    return *this;
  }
  void operator--(int) { --this->view(); }
};

} // namespace cilk

#endif /* __cplusplus */

/* The addition reducers of each arithmetic type: CILK_C_REDUCER_OPADD(name,
 * tn, v) for tn one of char, schar, uchar, short, ushort, int, uint,
 * long, ulong, longlong, ulonglong, float, double, longdouble. The
 * operations have Cilk Plus's names, which programs also pass to
 * CILK_C_INIT_REDUCER themselves. */
#define ITO_CILK_OPADD_TYPE(tn, Type)                                          \
  static __inline__ void cilk_c_reducer_opadd_identity_##tn(void *k,           \
                                                            void *v) {         \
    (void)k;                                                                   \
    *(Type *)v = 0;                                                            \
  }                                                                            \
  static __inline__ void cilk_c_reducer_opadd_reduce_##tn(void *k, void *l,    \
                                                          void *r) {           \
    (void)k;                                                                   \
    *(Type *)l += *(Type *)r;                                                  \
  }                                                                            \
  typedef Type __cilkrts_opadd_type_##tn;                                      \
  typedef CILK_C_DECLARE_REDUCER(Type) cilk_c_reducer_opadd_##tn;
ITO_CILK_OPADD_TYPE(char, char)
ITO_CILK_OPADD_TYPE(schar, signed char)
ITO_CILK_OPADD_TYPE(uchar, unsigned char)
ITO_CILK_OPADD_TYPE(short, short)
ITO_CILK_OPADD_TYPE(ushort, unsigned short)
ITO_CILK_OPADD_TYPE(int, int)
ITO_CILK_OPADD_TYPE(uint, unsigned int)
ITO_CILK_OPADD_TYPE(long, long)
ITO_CILK_OPADD_TYPE(ulong, unsigned long)
ITO_CILK_OPADD_TYPE(longlong, long long)
ITO_CILK_OPADD_TYPE(ulonglong, unsigned long long)
ITO_CILK_OPADD_TYPE(float, float)
ITO_CILK_OPADD_TYPE(double, double)
ITO_CILK_OPADD_TYPE(longdouble, long double)
#undef ITO_CILK_OPADD_TYPE

/* The reducer's type, as Cilk Plus names it (a parameter may be a pointer
 * to one). */
#define CILK_C_REDUCER_OPADD_TYPE(tn) cilk_c_reducer_opadd_##tn
#define CILK_C_REDUCER_OPADD(Name, tn, v)                                      \
  CILK_C_REDUCER_OPADD_TYPE(tn)                                                \
  Name = CILK_C_INIT_REDUCER(__cilkrts_opadd_type_##tn,                        \
                             cilk_c_reducer_opadd_reduce_##tn,                 \
                             cilk_c_reducer_opadd_identity_##tn, 0, v)

#endif /* ITO_CILK_REDUCER_OPADD_H */
