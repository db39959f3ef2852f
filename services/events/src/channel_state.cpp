// The state file of a channel that keeps its proxies across restarts (ChannelOptions::
// state_file, docs/events.md "Restarts"): one line per proxy, rewritten whole (a temporary
// file renamed over it) after every change under the writers' mutex, never on the event
// path, and read once at start.
//
//   rtorb-event-channel-state 1
//   next <the next proxy id>
//   proxy <id> consumer|supplier <connected 0|1> <suspended 0|1> <client's IOR or -> <QOS or ->
//
// `consumer` is a consumer's proxy (a ProxyPushSupplier); the QOS is its CDR encoding in
// hex, a byte-order octet first.
#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/events/minor_codes.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "channel_core.hpp"
#include "servants.hpp"

namespace rtorb::events {

namespace {

constexpr std::string_view state_header = "rtorb-event-channel-state 1";

template <class T>
std::string encoded(const T& value) {
  cdr::OutputStream out;
  out.write_octet(static_cast<std::uint8_t>(cdr::native_byte_order));
  cdr::write(out, value);
  std::string hex;
  for (std::uint8_t byte : out.to_bytes()) {
    static constexpr char digits[] = "0123456789abcdef";
    hex += digits[byte >> 4];
    hex += digits[byte & 0xf];
  }
  return hex;
}

[[noreturn]] void unreadable(const std::string& file, const std::string& why) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_unreadable_channel_state, "event channel state " + file + ": " + why);
}

template <class T>
T decoded(const std::string& hex, const std::string& file) {
  if (hex.size() < 2 || hex.size() % 2 != 0) unreadable(file, "a QOS of " + std::to_string(hex.size()) + " hex digits");
  std::vector<std::uint8_t> bytes;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    std::size_t used = 0;
    const unsigned long byte = std::stoul(hex.substr(i, 2), &used, 16);
    if (used != 2) unreadable(file, "a QOS that is not hex");
    bytes.push_back(static_cast<std::uint8_t>(byte));
  }
  if (bytes[0] > 1) unreadable(file, "a QOS with byte order " + std::to_string(bytes[0]));
  // Read from the byte-order octet on, so that alignment counts from where writing did.
  cdr::InputStream in(bytes, static_cast<cdr::ByteOrder>(bytes[0]));
  in.read_octet();
  T value{};
  try {
    cdr::Codec<T>::read(in, value);
  } catch (const CORBA::MARSHAL& e) {
    unreadable(file, std::string("a QOS that does not decode: ") + e.what());
  }
  return value;
}

// The client's reference without asking it (narrow may call _is_a on it): it was checked
// when it connected, and a client that is gone now is found out by its first push, as any
// failed consumer is, rather than stopping the channel from starting.
template <class I>
CORBA::object_reference<I> unchecked(const CORBA::object_reference<CORBA::Object>& object) {
  return rtorb::orb::ProxyAccess::make<I>(rtorb::orb::core_of(*object));
}

}  // namespace

void ChannelCore::save_state_locked() const {
  if (!keeps_state() || destroyed_.load()) return;
  std::ostringstream text;
  text << state_header << "\nnext " << next_proxy_ << '\n';
  for (const auto& [id, record] : proxies_) {
    text << "proxy " << id << (record.is_supplier_side ? " consumer " : " supplier ") << record.connected << ' '
         << (record.consumer && record.consumer->suspended.load()) << ' ';
    if (record.connected && record.consumer) {
      text << orb_->object_to_string(record.consumer->consumer) << ' ' << encoded(record.consumer->qos);
    } else if (record.connected && record.supplier) {
      text << orb_->object_to_string(record.supplier) << ' ' << encoded(record.supplier_qos);
    } else {
      text << "- -";
    }
    text << '\n';
  }
  const std::string temporary = options_.state_file + ".new";
  std::ofstream(temporary) << text.str();
  std::error_code error;
  std::filesystem::rename(temporary, options_.state_file, error);
  if (error) options_.log("cannot write the state file " + options_.state_file + ": " + error.message());
}

// Raises BAD_PARAM bad_param_unreadable_channel_state for a file it cannot read: serving
// a guess of the old proxies would be worse than not starting.
// What was activated before the failure is deactivated again, so that the POA can serve a
// channel started anew.
std::vector<std::shared_ptr<detail::ConsumerEntry>> ChannelCore::restore_state_locked() {
  std::ifstream in(options_.state_file);
  if (!in) return {};  // the first run
  std::string line;
  try {
    if (!std::getline(in, line) || line != state_header) unreadable(options_.state_file, "not a state file");
    if (!std::getline(in, line) || line.rfind("next ", 0) != 0) unreadable(options_.state_file, "no 'next' line");
    try {
      next_proxy_ = std::stoull(line.substr(5));
      while (std::getline(in, line)) restore_record_locked(line);
    } catch (const std::logic_error&) {  // stoull and friends: a number that is not one
      unreadable(options_.state_file, "a bad number in '" + line + "'");
    }
  } catch (...) {
    std::map<std::uint64_t, ProxyRecord> restored;
    restored.swap(proxies_);
    end_objects(restored, false);
    throw;
  }
  std::vector<std::shared_ptr<detail::ConsumerEntry>> consumers;
  for (const auto& [id, record] : proxies_) {
    if (record.consumer) consumers.push_back(record.consumer);
  }
  return consumers;
}

void ChannelCore::restore_record_locked(const std::string& line) {
  std::istringstream fields(line);
  std::string word, side, client, qos;
  std::uint64_t id = 0;
  int connected = 0, suspended = 0;
  if (!(fields >> word >> id >> side >> connected >> suspended >> client >> qos) || word != "proxy" ||
      (side != "consumer" && side != "supplier") || id == 0 || id >= next_proxy_ || proxies_.count(id) != 0) {
    unreadable(options_.state_file, "a bad line '" + line + "'");
  }
  const bool consumer_side = side == "consumer";
  PortableServer::ObjectId oid =
      consumer_side ? activate_as(CORBA::make_reference<ProxySupplierServant>(weak_from_this(), id), proxy_name(id))
                    : activate_as(CORBA::make_reference<ProxyConsumerServant>(weak_from_this(), id), proxy_name(id));
  ProxyRecord& record = proxies_[id] = ProxyRecord{oid, consumer_side, nullptr, nullptr, {}, false};
  if (connected == 0) return;
  IDL::traits<CORBA::Object>::ref_type object;
  try {
    object = orb_->string_to_object(client);
  } catch (const CORBA::SystemException& e) {
    unreadable(options_.state_file, "a client's reference that does not decode in '" + line + "': " + e.what());
  }
  if (!object) unreadable(options_.state_file, "a nil client in '" + line + "'");
  if (consumer_side) {
    auto consumer = unchecked<RtecEventComm::PushConsumer>(object);
    auto entry = std::make_shared<detail::ConsumerEntry>(
        id, push_reference(consumer), decoded<RtecEventChannelAdmin::ConsumerQOS>(qos, options_.state_file));
    entry->suspended.store(suspended != 0);
    attach_consumer_locked(record, entry);
  } else {
    record.supplier = unchecked<RtecEventComm::PushSupplier>(object);
    record.supplier_qos = decoded<RtecEventChannelAdmin::SupplierQOS>(qos, options_.state_file);
    record.connected = true;
  }
}

}  // namespace rtorb::events
