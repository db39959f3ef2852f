// UIOP's endpoints, socket files and IOR component.
#include "transport/uiop_protocol.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "ior/encapsulation.hpp"

namespace rtorb::transport {
namespace {

constexpr std::string_view scheme_prefix = "uiop://";
constexpr std::size_t max_path = sizeof(sockaddr_un::sun_path) - 1;  // room for the NUL

[[noreturn]] void bad_endpoint(std::string_view text, std::string_view why) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_endpoint,
                          "endpoint '" + std::string(text) + "': " + std::string(why));
}

[[noreturn]] void listen_failed(const Endpoint& endpoint, const std::string& why) {
  raise<CORBA::INITIALIZE>(minor::initialize_listen_failed,
                           "uiop://" + std::string(endpoint.path.starts_with('@') ? "/" : "") +
                               endpoint.path + ": " + why);
}

bool is_abstract(const std::string& path) { return path.starts_with('@'); }

// The socket address of a file path, or of "@name" in the abstract namespace (a leading
// NUL, and a length that counts the name only).
SocketAddress unix_address(const std::string& path) {
  SocketAddress address;
  auto* un = reinterpret_cast<sockaddr_un*>(&address.storage);
  un->sun_family = AF_UNIX;
  if (is_abstract(path)) {
    std::memcpy(un->sun_path + 1, path.data() + 1, path.size() - 1);
    address.length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + path.size());
  } else {
    std::memcpy(un->sun_path, path.data(), path.size());
    address.length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + path.size() + 1);
  }
  return address;
}

// Whether a server accepts on `address` now: a refused connect means the file is left
// over from one that died. Anything else we cannot tell apart from a live server.
bool someone_listens(const SocketAddress& address, int& err) {
  Socket probe(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!probe) {
    err = errno;
    return true;
  }
  if (::connect(probe.fd(), address.get(), address.length) == 0) return true;
  err = errno;
  return err != ECONNREFUSED && err != ENOENT;
}

void take_over_stale_file(const Endpoint& endpoint, const SocketAddress& address) {
  int err = 0;
  if (someone_listens(address, err)) {
    listen_failed(endpoint, err == 0 ? std::string("a live server listens there")
                                     : errno_text("probing the socket in use", err));
  }
  struct stat file {};
  if (::lstat(endpoint.path.c_str(), &file) == 0 && !S_ISSOCK(file.st_mode)) {
    listen_failed(endpoint, "the file exists and is not a socket");
  }
  if (::unlink(endpoint.path.c_str()) != 0 && errno != ENOENT) {
    listen_failed(endpoint, errno_text("removing the stale socket file", errno));
  }
}

void bind_socket(const Endpoint& endpoint, Listener& l, const SocketAddress& address) {
  if (::bind(l.socket.fd(), address.get(), address.length) == 0) return;
  if (errno != EADDRINUSE) listen_failed(endpoint, errno_text("bind", errno));
  if (is_abstract(endpoint.path)) listen_failed(endpoint, "the name is in use by a live server");
  take_over_stale_file(endpoint, address);
  if (::bind(l.socket.fd(), address.get(), address.length) != 0) {
    listen_failed(endpoint, errno_text("bind", errno));
  }
}

}  // namespace

Endpoint UiopProtocol::parse(std::string_view text) const {
  if (!text.starts_with(scheme_prefix)) bad_endpoint(text, "expected uiop:///path");
  const std::string_view rest = text.substr(scheme_prefix.size());
  if (!rest.starts_with('/')) {
    bad_endpoint(text, "a uiop endpoint names no host: uiop:///absolute/path or uiop:///@name");
  }
  Endpoint result;
  result.protocol = protocol_tag::uiop;
  if (rest.starts_with("/@")) {
    result.path = std::string(rest.substr(1));
    if (result.path.size() == 1) bad_endpoint(text, "empty abstract socket name");
  } else {
    result.path = std::string(rest);
    if (result.path.size() == 1) bad_endpoint(text, "empty socket path");
    if (result.path.ends_with('/')) bad_endpoint(text, "the socket path names a directory");
  }
  if (result.path.find('\0') != std::string::npos) bad_endpoint(text, "NUL in the socket path");
  if (result.path.size() > max_path) {
    bad_endpoint(text, "socket path longer than " + std::to_string(max_path) + " bytes");
  }
  return result;
}

std::string UiopProtocol::format(const Endpoint& endpoint) const {
  return std::string(scheme_prefix) + (is_abstract(endpoint.path) ? "/" : "") + endpoint.path;
}

Listener UiopProtocol::listen(const Endpoint& endpoint, const ConnectionOptions& options,
                              int backlog) const {
  Listener l;
  l.family = AF_UNIX;
  l.bound = endpoint;
  l.socket.reset(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!l.socket) listen_failed(endpoint, errno_text("socket", errno));
  bind_socket(endpoint, l, unix_address(endpoint.path));
  if (!is_abstract(endpoint.path)) {
    // Set before listen: no client can connect in between.
    l.socket_file = endpoint.path;
    if (options.unix_socket_mode != 0 &&
        ::chmod(endpoint.path.c_str(), static_cast<mode_t>(options.unix_socket_mode)) != 0) {
      const int err = errno;
      ::unlink(endpoint.path.c_str());
      listen_failed(endpoint, errno_text("chmod", err));
    }
    struct stat file {};
    if (::lstat(endpoint.path.c_str(), &file) == 0) {
      l.file_device = file.st_dev;
      l.file_inode = file.st_ino;
    }
  }
  if (::listen(l.socket.fd(), backlog) != 0) listen_failed(endpoint, errno_text("listen", errno));
  return l;
}

std::unique_ptr<Connection> UiopProtocol::connect(const Endpoint& endpoint,
                                                  const ConnectOptions& options) const {
  try {
    return connect_addresses(endpoint, {unix_address(endpoint.path)}, options);
  } catch (const CORBA::TRANSIENT&) {
    if (endpoint.host.empty() || endpoint.port == 0) throw;
  }
  Endpoint tcp{endpoint.host, endpoint.port, endpoint.giop_lite};
  return transport::connect(tcp, options);
}

ior::TaggedComponentSeq UiopProtocol::components(const Endpoint& bound) const {
  return {encode_unix_trans({local_host_name(), bound.path})};
}

std::optional<Endpoint> UiopProtocol::reachable(const ior::IiopProfile& profile) const {
  for (const auto& c : profile.components) {
    if (c.tag != protocol_tag::uiop) continue;
    const auto value = decode_unix_trans(c);
    if (!value || value->host != local_host_name() || value->file_name.empty() ||
        value->file_name.size() > max_path) {
      continue;
    }
    Endpoint endpoint{profile.host, profile.port};
    endpoint.protocol = protocol_tag::uiop;
    endpoint.path = value->file_name;
    return endpoint;
  }
  return std::nullopt;
}

ior::TaggedComponent encode_unix_trans(const UnixTransComponent& value) {
  return {protocol_tag::uiop, ior::make_encapsulation([&](cdr::OutputStream& os) {
            os.write_string(value.host);
            os.write_string(value.file_name);
          })};
}

std::optional<UnixTransComponent> decode_unix_trans(const ior::TaggedComponent& component) {
  try {
    cdr::InputStream is = ior::open_encapsulation(component.data);
    UnixTransComponent value;
    value.host = is.read_string();
    value.file_name = is.read_string();
    return value;
  } catch (const CORBA::SystemException&) {
    return std::nullopt;
  }
}

}  // namespace rtorb::transport

// UIOP's entry point: what linking rtorb::uiop puts into the program (protocol.hpp).
extern "C" {
extern const rtorb::transport::LinkedProtocol rtorb_uiop_protocol;
const rtorb::transport::LinkedProtocol rtorb_uiop_protocol{
    []() -> std::unique_ptr<const rtorb::transport::Protocol> {
      return std::make_unique<rtorb::transport::UiopProtocol>();
    }};
}
