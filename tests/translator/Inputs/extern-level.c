int level; /* for extern-writes.c */
