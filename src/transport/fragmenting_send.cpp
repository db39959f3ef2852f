#include "transport/fragmenting_send.hpp"

#include "giop/fragments.hpp"

namespace rtorb::transport {

void send_fragmented(Connection& connection, const cdr::OutputStream& stream,
                     std::size_t max_fragment_size) {
  if (stream.size() <= max_fragment_size) {
    connection.send(stream);
    return;
  }
  const auto bytes = stream.to_bytes();
  for (const auto& fragment : giop::split_message(bytes, max_fragment_size)) {
    connection.send(fragment);
  }
}

}  // namespace rtorb::transport
