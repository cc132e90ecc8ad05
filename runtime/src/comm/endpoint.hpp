// This process's place in the job's communication: the transport to other
// nodes (when there are several) and the mailboxes of this node's
// processes. Threads and memory reach other processes only through it, and
// receive through the handlers they register (dispatch.hpp).
#pragma once

#include "comm/node_mailbox.hpp"
#include "comm/transport.hpp"
#include "platform/shm.hpp"
#include "platform/stats.hpp"
#include "platform/topology.hpp"

#include <memory>
#include <vector>

namespace ito::comm {

class endpoint {
public:
  // Collective over the job. Time waiting for other nodes goes to
  // counters.wait_ns.
  endpoint(const platform::topology &topo, platform::stats &counters);
  ~endpoint();
  endpoint(const endpoint &) = delete;
  endpoint &operator=(const endpoint &) = delete;

  int rank() const { return topo_.rank(); }
  const platform::topology &topo() const { return topo_; }

  // Messages to and from other nodes (exists when there is more than one).
  bool multi_node() const { return net_ != nullptr; }
  transport &net() { return *net_; }

  // Whether rank runs on this node (its mailbox is mapped here).
  bool on_this_node(int rank) const {
    return mailbox_of_[static_cast<std::size_t>(rank)] != nullptr;
  }
  node_mailbox &own_mailbox() { return *own_; }
  const node_mailbox &own_mailbox() const { return *own_; }
  node_mailbox &mailbox_of(int rank) {
    return *mailbox_of_[static_cast<std::size_t>(rank)];
  }

private:
  const platform::topology &topo_;
  std::unique_ptr<transport> net_;
  platform::shm_segment own_segment_;
  std::vector<platform::shm_segment> peer_segments_;
  node_mailbox *own_ = nullptr;
  std::vector<node_mailbox *> mailbox_of_; // null: another node
};

endpoint &the_endpoint();
endpoint *the_endpoint_or_null();

} // namespace ito::comm
