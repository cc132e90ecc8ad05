// Which processes exist and which of them share a node (and so can share
// memory). Built once at start-up from MPI_COMM_WORLD.
#pragma once

#include <mpi.h>

namespace ito::platform {

class topology {
public:
  // Collective over MPI_COMM_WORLD. With force_internode every rank is a node
  // of its own; with node_size > 0 the ranks of each machine form nodes of
  // node_size ranks (a test of several nodes of several ranks on one
  // machine).
  topology(bool force_internode, int node_size);
  ~topology();
  topology(const topology &) = delete;
  topology &operator=(const topology &) = delete;

  int rank() const { return rank_; }
  int n_ranks() const { return n_ranks_; }
  int node() const { return node_; }
  int n_nodes() const { return n_nodes_; }
  int node_rank() const { return node_rank_; }
  int node_n_ranks() const { return node_n_ranks_; }

  MPI_Comm world() const { return world_; }
  MPI_Comm node_comm() const { return node_comm_; }

private:
  MPI_Comm world_ = MPI_COMM_NULL; // a private duplicate of MPI_COMM_WORLD
  MPI_Comm node_comm_ = MPI_COMM_NULL;
  int rank_ = 0, n_ranks_ = 1;
  int node_ = 0, n_nodes_ = 1;
  int node_rank_ = 0, node_n_ranks_ = 1;
};

} // namespace ito::platform
