#include "threads/views.hpp"

#include "platform/error.hpp"
#include "threads/scheduler.hpp"

#include <ito/detail/loop_affinity.h>
#include <ito/detail/views.h>

#include <cstdlib>
#include <cstring>

extern "C" {
void *ito_sched_views = nullptr;
}

namespace ito::threads::views {

namespace {

bool reducers_in_program = false;

// Cilk Plus's C reducers (CILK_C_DECLARE_REDUCER): operations that take
// the reducer first; the layout of __cilkrts_c_monoid in <cilk/cilk_api.h>.
struct c_monoid {
  void (*reduce)(void *reducer, void *left, void *right);
  void (*identity)(void *reducer, void *view);
  void (*destroy)(void *reducer, void *view);
};

struct entry {
  void *key; // null: a free slot
  void *view;
  uint64_t size;
  ito_reducer_identity_fn identity;
  ito_reducer_reduce_fn reduce;
  const c_monoid *monoid; // if set, the operations (identity, reduce unused)
};

void make_identity(const entry &e, void *view) {
  leaf_polls_held held;
  if (e.monoid)
    e.monoid->identity(const_cast<c_monoid *>(e.monoid), view);
  else
    e.identity(view);
}

// Folds right into left; right is left to be freed.
void reduce_views(const entry &e, void *left, void *right) {
  leaf_polls_held held;
  if (!e.monoid) {
    e.reduce(left, right);
    return;
  }
  auto *r = const_cast<c_monoid *>(e.monoid);
  e.monoid->reduce(r, left, right);
  if (e.monoid->destroy)
    e.monoid->destroy(r, right);
}

// Open addressing with linear probing; at most half full. The last lookup
// is remembered, since a strand usually updates one reducer many times.
struct map {
  uint32_t count, capacity;
  void *last_key, *last_view;
  entry slots[1];
};

map *new_map(uint32_t capacity) {
  const std::size_t bytes = sizeof(map) + (capacity - 1) * sizeof(entry);
  auto *m = static_cast<map *>(std::calloc(1, bytes));
  if (!m)
    platform::fatal("out of memory for the views of reducers (%zu bytes)",
                    bytes);
  m->capacity = capacity;
  return m;
}

uint32_t home_slot(const map *m, const void *key) {
  uint64_t h = reinterpret_cast<uintptr_t>(key);
  h = (h ^ (h >> 29)) * 0x9e3779b97f4a7c15ull;
  return static_cast<uint32_t>(h >> 32) & (m->capacity - 1);
}

entry *find(map *m, const void *key) {
  for (uint32_t i = home_slot(m, key);; i = (i + 1) & (m->capacity - 1)) {
    if (m->slots[i].key == key)
      return &m->slots[i];
    if (!m->slots[i].key)
      return nullptr;
  }
}

void put(map *m, const entry &e) {
  uint32_t i = home_slot(m, e.key);
  while (m->slots[i].key)
    i = (i + 1) & (m->capacity - 1);
  m->slots[i] = e;
  m->count++;
}

// Adds e (its key is not in m); returns the map, grown if it had to.
map *insert(map *m, const entry &e) {
  if (2 * (m->count + 1) > m->capacity) {
    map *bigger = new_map(2 * m->capacity);
    for (uint32_t i = 0; i < m->capacity; i++)
      if (m->slots[i].key)
        put(bigger, m->slots[i]);
    std::free(m);
    m = bigger;
  }
  put(m, e);
  return m;
}

void remove(map *m, const void *key) {
  uint32_t i = home_slot(m, key);
  while (m->slots[i].key != key) {
    if (!m->slots[i].key)
      return;
    i = (i + 1) & (m->capacity - 1);
  }
  // Backward-shift deletion: no tombstones.
  const uint32_t mask = m->capacity - 1;
  for (uint32_t j = (i + 1) & mask; m->slots[j].key; j = (j + 1) & mask) {
    const uint32_t home = home_slot(m, m->slots[j].key);
    if (((j - home) & mask) >= ((j - i) & mask)) {
      m->slots[i] = m->slots[j];
      i = j;
    }
  }
  m->slots[i].key = nullptr;
  m->count--;
  m->last_key = nullptr;
}

map *current_map() {
  if (ito_sched_views == empty)
    ito_sched_views = new_map(8);
  return static_cast<map *>(ito_sched_views);
}

void *new_view(const entry &e) {
  void *v = std::malloc(e.size ? e.size : 1);
  if (!v)
    platform::fatal("out of memory for a view of a reducer (%zu bytes)",
                    static_cast<std::size_t>(e.size));
  make_identity(e, v);
  return v;
}

// The left strand was the leftmost: its views are the reducers themselves.
void reduce_into_reducers(map *right) {
  for (uint32_t i = 0; i < right->capacity; i++) {
    entry &e = right->slots[i];
    if (e.key && e.view != e.key) {
      reduce_views(e, e.key, e.view);
      std::free(e.view);
    }
  }
  std::free(right);
}

} // namespace

void *take() {
  void *m = ito_sched_views;
  ito_sched_views = nullptr;
  return m;
}

void set(void *m) { ito_sched_views = m; }

bool in_program() { return reducers_in_program; }

void join(void *left) {
  void *right = ito_sched_views;
  map *r = right && right != empty ? static_cast<map *>(right) : nullptr;
  if (!left || !right) {
    // One side is the leftmost strand: the result is. (A leftmost right
    // side would mean children joined out of serial order.)
    ito_sched_views = nullptr;
    map *rest = left && left != empty ? static_cast<map *>(left) : r;
    if (rest)
      reduce_into_reducers(rest);
    return;
  }
  if (left == empty) // nothing on the left: the result is the right side
    return;
  map *l = static_cast<map *>(left);
  if (r) {
    for (uint32_t i = 0; i < r->capacity; i++) {
      const entry &e = r->slots[i];
      if (!e.key)
        continue;
      if (entry *le = find(l, e.key)) {
        if (e.view != e.key) {
          reduce_views(e, le->view, e.view);
          std::free(e.view);
        }
      } else {
        l = insert(l, e);
      }
    }
    std::free(r);
  }
  l->last_key = nullptr;
  ito_sched_views = l;
}

} // namespace ito::threads::views

using namespace ito::threads::views;

extern "C" {

namespace {

void *lookup(const entry &proto) {
  map *m = current_map();
  if (m->last_key == proto.key)
    return m->last_view;
  entry *e = find(m, proto.key);
  void *view;
  if (e) {
    view = e->view;
  } else {
    entry made = proto;
    view = made.view = new_view(proto);
    m = insert(m, made);
    ito_sched_views = m;
  }
  m->last_key = proto.key;
  m->last_view = view;
  return view;
}

void register_reducer(const entry &e) {
  map *m = current_map();
  if (!find(m, e.key))
    ito_sched_views = insert(m, e);
}

} // namespace

void *ito_views_lookup(void *key, size_t size, ito_reducer_identity_fn identity,
                       ito_reducer_reduce_fn reduce) {
  return lookup(entry{key, key, size, identity, reduce, nullptr});
}

void ito_views_register(void *key, size_t size,
                        ito_reducer_identity_fn identity,
                        ito_reducer_reduce_fn reduce) {
  register_reducer(entry{key, key, size, identity, reduce, nullptr});
}

void *ito_views_lookup_c(void *key, size_t size, void *monoid) {
  return lookup(entry{key, key, size, nullptr, nullptr,
                      static_cast<const c_monoid *>(monoid)});
}

void ito_views_register_c(void *key, size_t size, void *monoid) {
  register_reducer(entry{key, key, size, nullptr, nullptr,
                         static_cast<const c_monoid *>(monoid)});
}

void ito_views_in_program(void) {
  reducers_in_program = true;
  ito_loop_parts = 0; // (if the worker exists already)
}

void ito_views_unregister(void *key) {
  if (ito_sched_views && ito_sched_views != empty)
    remove(static_cast<map *>(ito_sched_views), key);
}

} // extern "C"
