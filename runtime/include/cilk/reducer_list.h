/* Intel Cilk Plus's list reducers: what tasks append (or prepend) comes out
 * in the serial program's order.
 *
 *   cilk::reducer<cilk::op_list_append<int>> l;  l->push_back(x);
 *   cilk::reducer_list_append<int> l;             l.push_back(x);
 *   const std::list<int> &all = l.get_value();
 */
#ifndef ITO_CILK_REDUCER_LIST_H
#define ITO_CILK_REDUCER_LIST_H

#include <cilk/reducer.h>

#ifdef __cplusplus

#include <list>

namespace cilk {

template <typename Type, bool Append> class list_view {
public:
  typedef std::list<Type> value_type;
  list_view() = default;
  explicit list_view(const value_type &l) : list_(l) {}

  void push_back(const Type &x) { list_.push_back(x); }
  void push_front(const Type &x) { list_.push_front(x); }
  /* What the right view added comes after (appended) or before
   * (prepended) what the left one did. */
  void reduce(list_view *right) {
    list_.splice(Append ? list_.end() : list_.begin(), right->list_);
  }

  const value_type &view_get_value() const { return list_; }
  void view_set_value(const value_type &l) { list_ = l; }
  void view_move_in(value_type &l) { list_.swap(l); }
  void view_move_out(value_type &l) { l.swap(list_); }

private:
  value_type list_;
};

template <typename View>
class list_monoid : public monoid_base<typename View::value_type, View> {
public:
  static void reduce(View *left, View *right) { left->reduce(right); }
};

template <typename Type>
using op_list_append = list_monoid<list_view<Type, true>>;
template <typename Type>
using op_list_prepend = list_monoid<list_view<Type, false>>;

template <typename Type>
class reducer_list_append : public reducer<op_list_append<Type>> {
public:
  reducer_list_append() = default;
  explicit reducer_list_append(const std::list<Type> &l)
      : reducer<op_list_append<Type>>(l) {}
  void push_back(const Type &x) { this->view().push_back(x); }
};

template <typename Type>
class reducer_list_prepend : public reducer<op_list_prepend<Type>> {
public:
  reducer_list_prepend() = default;
  explicit reducer_list_prepend(const std::list<Type> &l)
      : reducer<op_list_prepend<Type>>(l) {}
  void push_front(const Type &x) { this->view().push_front(x); }
};

} // namespace cilk

#endif /* __cplusplus */

#endif /* ITO_CILK_REDUCER_LIST_H */
