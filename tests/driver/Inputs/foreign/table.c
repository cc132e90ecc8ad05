/* File-scope data written through functions, compiled by any compiler. */
int table[4096];
static long writes;
void table_set(int i, int v) {
  table[i] = v;
  writes++;
}
int table_get(int i) { return table[i]; }
