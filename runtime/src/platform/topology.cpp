#include "platform/topology.hpp"

namespace ito::platform {

topology::topology(bool force_internode, int node_size) {
  // A private communicator keeps the runtime's messages apart from the
  // program's own MPI traffic.
  MPI_Comm_dup(MPI_COMM_WORLD, &world_);
  MPI_Comm_rank(world_, &rank_);
  MPI_Comm_size(world_, &n_ranks_);

  if (force_internode)
    MPI_Comm_split(world_, rank_, 0, &node_comm_);
  else
    MPI_Comm_split_type(world_, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL,
                        &node_comm_);
  if (!force_internode && node_size > 0) {
    int machine_rank = 0;
    MPI_Comm_rank(node_comm_, &machine_rank);
    MPI_Comm machine = node_comm_;
    MPI_Comm_split(machine, machine_rank / node_size, rank_, &node_comm_);
    MPI_Comm_free(&machine);
  }
  MPI_Comm_rank(node_comm_, &node_rank_);
  MPI_Comm_size(node_comm_, &node_n_ranks_);

  // Nodes are numbered by their lowest world rank, in order.
  int is_leader = node_rank_ == 0;
  int leaders_before = 0;
  MPI_Exscan(&is_leader, &leaders_before, 1, MPI_INT, MPI_SUM, world_);
  if (rank_ == 0)
    leaders_before = 0;
  int my_node = is_leader ? leaders_before : 0;
  MPI_Bcast(&my_node, 1, MPI_INT, 0, node_comm_);
  node_ = my_node;
  MPI_Allreduce(&is_leader, &n_nodes_, 1, MPI_INT, MPI_SUM, world_);
}

topology::~topology() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized)
    return;
  if (node_comm_ != MPI_COMM_NULL)
    MPI_Comm_free(&node_comm_);
  if (world_ != MPI_COMM_NULL)
    MPI_Comm_free(&world_);
}

} // namespace ito::platform
