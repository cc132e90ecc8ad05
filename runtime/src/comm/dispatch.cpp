#include "comm/dispatch.hpp"

#include "platform/error.hpp"
#include "platform/process_exit.hpp"

#include <cstring>

namespace ito::comm {

namespace {
handler_fn handlers[static_cast<std::size_t>(msg_kind::count_)];
} // namespace

void set_handler(msg_kind kind, handler_fn fn) {
  handlers[static_cast<std::size_t>(kind)] = fn;
}

bool serve_request(int src, const char *msg, std::size_t len,
                   std::vector<char> &reply) {
  if (len < sizeof(msg_header))
    platform::fatal("malformed runtime message from rank %d", src);
  msg_header h;
  std::memcpy(&h, msg, sizeof h);
  if (h.kind == msg_kind::stop)
    platform::follow_remote_stop(static_cast<long long>(h.arg), src);
  const auto k = static_cast<std::size_t>(h.kind);
  if (k >= static_cast<std::size_t>(msg_kind::count_) || !handlers[k])
    platform::fatal("unknown runtime message %u from rank %d",
                    static_cast<unsigned>(h.kind), src);
  return handlers[k](src, h, msg + sizeof h, reply);
}

std::vector<char> make_message(const msg_header &h, const void *payload) {
  std::vector<char> msg(sizeof h + h.size);
  std::memcpy(msg.data(), &h, sizeof h);
  if (h.size)
    std::memcpy(msg.data() + sizeof h, payload, h.size);
  return msg;
}

} // namespace ito::comm
