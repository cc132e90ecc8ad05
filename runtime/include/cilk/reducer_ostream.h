/* Intel Cilk Plus's output reducer: what tasks write comes out in the
 * serial program's order.
 *
 *   cilk::reducer_ostream out(std::cout);   out << x;   *out << x;
 */
#ifndef ITO_CILK_REDUCER_OSTREAM_H
#define ITO_CILK_REDUCER_OSTREAM_H

#include <cilk/ostream_reducer.h>
#include <cilk/reducer.h>

#ifdef __cplusplus

namespace cilk {

class op_ostream : public monoid_base<std::ostream *, ostream_view<char>> {
public:
  static void identity(ostream_view<char> *v) {
    ostream_view<char>::identity(v);
  }
  static void reduce(ostream_view<char> *left, ostream_view<char> *right) {
    ostream_view<char>::fold(left, right);
  }
  static void destroy(ostream_view<char> *) {} // fold destroyed it
};

class reducer_ostream : public reducer<op_ostream> {
public:
  explicit reducer_ostream(const std::ostream &os) : reducer<op_ostream>(os) {}
  template <typename T> reducer_ostream &operator<<(const T &x) {
    view() << x;
    return *this;
  }
  reducer_ostream &operator<<(std::ostream &(*manipulator)(std::ostream &)) {
    view() << manipulator;
    return *this;
  }
};

} // namespace cilk

#endif /* __cplusplus */

#endif /* ITO_CILK_REDUCER_OSTREAM_H */
