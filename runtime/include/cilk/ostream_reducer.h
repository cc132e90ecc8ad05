/* OpenCilk's output reducer: cilk::ostream_reducer<char> out(std::cout) is
 * an output stream that tasks write to in parallel; what they write comes
 * out in the order the serial program writes it, however the work is
 * stolen. Under an ordinary compiler it is an ostream writing to the
 * stream it was made from (the serial elision). */
#ifndef ITO_CILK_OSTREAM_REDUCER_H
#define ITO_CILK_OSTREAM_REDUCER_H

#include <cilk/cilk.h>

#ifdef __cplusplus

#include <new>
#include <ostream>
#include <sstream>

namespace cilk {

template <typename Char, typename Traits = std::char_traits<Char>>
class ostream_view : public std::basic_ostream<Char, Traits> {
  using base = std::basic_ostream<Char, Traits>;

public:
  /* A view after a steal: it collects its output until the join. */
  ostream_view() : base(&buffer_) {}
  /* The reducer itself: it writes to os's buffer, with os's format. */
  ostream_view(const base &os) : base(nullptr) {
    base::rdbuf(os.rdbuf());
    base::flags(os.flags());
    base::setstate(os.rdstate());
  }

  static void identity(void *view) { new (view) ostream_view(); }
  /* The right view's output after the left's, then the right view goes. */
  static void reduce(void *left, void *right) {
    fold(static_cast<ostream_view *>(left), static_cast<ostream_view *>(right));
  }
  static void fold(ostream_view *l, ostream_view *r) {
    if (r->buffer_.sgetc() != Traits::eof())
      *l << &r->buffer_;
    r->~ostream_view();
  }

private:
  std::basic_stringbuf<Char, Traits> buffer_;
};

template <typename Char, typename Traits = std::char_traits<Char>>
using ostream_reducer =
    ostream_view<Char, Traits> cilk_reducer(&ostream_view<Char, Traits>::identity,
                                            &ostream_view<Char, Traits>::reduce);

/* Its operations, as ito's translation names them. */
template <typename Char, typename Traits = std::char_traits<Char>>
struct __ito_reducer_ostream_reducer {
  static constexpr void (*identity)(void *) =
      &ostream_view<Char, Traits>::identity;
  static constexpr void (*reduce)(void *, void *) =
      &ostream_view<Char, Traits>::reduce;
};

} // namespace cilk

#endif /* __cplusplus */

#endif /* ITO_CILK_OSTREAM_REDUCER_H */
