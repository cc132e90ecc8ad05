// The runtime's view of ranks and nodes matches MPI's, in both layouts:
// ranks of one machine form one node, or (ITO_FORCE_INTERNODE=1) every rank
// is a node of its own.
#include "check.h"

#include <ito/ito.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);

  int mpi_rank = -1, mpi_size = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
  ITO_CHECK(ito::my_rank() == mpi_rank);
  ITO_CHECK(ito::n_ranks() == mpi_size);
  ITO_CHECK(ito::is_master() == (mpi_rank == 0));
  ITO_CHECK(ito::is_initialized());

  const char *forced = std::getenv("ITO_FORCE_INTERNODE");
  const bool internode = forced && std::strcmp(forced, "1") == 0;

  // Every rank's (node, node rank, ranks on node), seen by everyone.
  int mine[3] = {ito::my_node(), ito::my_node_rank(), ito::node_n_ranks()};
  std::vector<int> all(3 * mpi_size);
  MPI_Allgather(mine, 3, MPI_INT, all.data(), 3, MPI_INT, MPI_COMM_WORLD);

  if (internode) {
    ITO_CHECK(ito::n_nodes() == mpi_size);
    for (int r = 0; r < mpi_size; r++) {
      ITO_CHECK(all[3 * r] == r);
      ITO_CHECK(all[3 * r + 1] == 0);
      ITO_CHECK(all[3 * r + 2] == 1);
    }
  } else {
    // The tests run on one machine: one node holding every rank.
    ITO_CHECK(ito::n_nodes() == 1);
    for (int r = 0; r < mpi_size; r++) {
      ITO_CHECK(all[3 * r] == 0);
      ITO_CHECK(all[3 * r + 1] == r);
      ITO_CHECK(all[3 * r + 2] == mpi_size);
    }
  }
  // Node numbers are dense: 0 .. n_nodes-1, each with a rank 0.
  std::vector<int> leaders(ito::n_nodes(), 0);
  for (int r = 0; r < mpi_size; r++) {
    ITO_CHECK(all[3 * r] >= 0 && all[3 * r] < ito::n_nodes());
    if (all[3 * r + 1] == 0)
      leaders[all[3 * r]]++;
  }
  for (int l : leaders)
    ITO_CHECK(l == 1);

  if (ito::is_master())
    std::printf("topology: %d ranks, %d nodes: ok\n", mpi_size, ito::n_nodes());
  return 0;
}
