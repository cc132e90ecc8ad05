/* ranks: start the runtime and report where each process runs.
 * The smallest program against libito's C API. */
#include <ito/ito.h>
#include <stdio.h>

int main(int argc, char **argv) {
  ito_init(&argc, &argv);
  printf("rank %d of %d: node %d of %d (rank %d of %d on the node)\n",
         ito_rank(), ito_n_ranks(), ito_node(), ito_n_nodes(), ito_node_rank(),
         ito_node_n_ranks());
  ito_fini();
  return 0;
}
