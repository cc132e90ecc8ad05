/* The layout of a worker's work-stealing deque, shared by the inline fast
 * paths in the public headers, the assembly in the runtime, and the runtime's
 * scheduler. It lives in memory every rank of the node maps.
 *
 * Slot 0 is a sentinel describing the running chain of frames: its ctx is the
 * chain's stack base and its join the entry its root thread completes into.
 * Continuations start at slot 1; slot i's frames span [slots[i].ctx,
 * slots[i-1].ctx). top is the next slot a thief takes, bottom the next free
 * slot (THE protocol: the owner moves bottom without atomics read-modify-
 * write; thieves take the lock, then move top). */
#ifndef ITO_DETAIL_DEQUE_LAYOUT_H
#define ITO_DETAIL_DEQUE_LAYOUT_H

#define ITO_DEQUE_TOP_OFFSET 0
#define ITO_DEQUE_BOTTOM_OFFSET 64
#define ITO_DEQUE_LOCK_OFFSET 128
#define ITO_DEQUE_SLOTS_OFFSET 192
#define ITO_DEQUE_SLOT_SIZE 16
#define ITO_DEQUE_SLOT_SHIFT 4

/* The join field of a slot whose child reports to a future, not a join. */
#define ITO_NO_JOIN 1

#endif /* ITO_DETAIL_DEQUE_LAYOUT_H */
