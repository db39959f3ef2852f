#include "messaging_test_support.hpp"

#include <rtorb/poa/poa.hpp>

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <stdexcept>

#include "client/object_core.hpp"
#include "giop/message_codec.hpp"
#include "giop/messages.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_reference.hpp"
#include "loopback.hpp"

namespace messaging_test {
namespace {

std::string server_path(const std::string& program) {
  return std::string(RTORB_BINARY_DIR) + "/bin/" + program;
}

std::string wait_for_ior(const std::filesystem::path& file) {
  for (int i = 0; i < 400; ++i) {
    std::ifstream in(file);
    std::string ior;
    if (std::getline(in, ior) && !ior.empty()) return ior;
    std::this_thread::sleep_for(50ms);
  }
  throw std::runtime_error("messaging-server wrote no IOR to " + file.string());
}

std::atomic<int> next_id{0};

CORBA::Any any_of(auto value) {
  CORBA::Any a;
  a.insert(value);
  return a;
}

TimeBase::TimeT time_t_of(std::chrono::microseconds t) {
  return static_cast<TimeBase::TimeT>(t.count()) * 10;  // 100 ns units
}

}  // namespace

Server::Server(std::vector<std::string> options, const std::string& program) {
  ior_file_ = std::filesystem::temp_directory_path() /
              ("messaging-server-" + std::to_string(::getpid()) + "-" +
               std::to_string(next_id++) + ".ior");
  std::filesystem::remove(ior_file_);
  std::vector<std::string> argv{server_path(program), "--ior-file", ior_file_.string(), "-ORBEndpoint",
                                "iiop://127.0.0.1:0"};
  argv.insert(argv.end(), options.begin(), options.end());
  process_ = std::make_unique<rtorb::interop::ChildProcess>(argv);
  ior_ = wait_for_ior(ior_file_);
}

Server::~Server() {
  ::kill(process_->pid(), SIGCONT);  // a stopped server cannot take SIGTERM
  process_->terminate();
  process_->wait(5s);  // SIGKILLed if it has not exited by then
  std::filesystem::remove(ior_file_);
}

void Server::kill() {
  ::kill(process_->pid(), SIGKILL);
  process_->wait(5s);
}

void Server::signal(int number) const { ::kill(process_->pid(), number); }

bool Server::stop() const {
  ::kill(process_->pid(), SIGSTOP);
  const std::string stat = "/proc/" + std::to_string(process_->pid()) + "/stat";
  return eventually([&] {
    std::ifstream in(stat);
    std::string line;
    std::getline(in, line);
    const auto close = line.rfind(')');  // "pid (comm) STATE ...": comm may hold spaces
    return close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'T';
  });
}

Client::Client(std::vector<std::string> options) {
  std::vector<char*> argv{const_cast<char*>("messaging_tests")};
  for (auto& o : options) argv.push_back(o.data());
  int argc = static_cast<int>(argv.size());
  orb_ = CORBA::ORB_init(argc, argv.data(), "messaging-client-" + std::to_string(next_id++));
}

Client::~Client() { orb_->destroy(); }

TargetRef serve_local_target(CORBA::ORB& orb) {
  auto root = IDL::traits<PortableServer::POA>::narrow(orb.resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  return IDL::traits<MessagingTest::Target>::narrow(
      root->servant_to_reference(CORBA::make_reference<LocalTarget>()));
}

TargetRef Client::target(const std::string& ior) {
  return IDL::traits<MessagingTest::Target>::narrow(orb_->string_to_object(ior));
}

TargetRef Client::with(const TargetRef& target, const CORBA::PolicyList& policies) {
  return IDL::traits<MessagingTest::Target>::narrow(
      target->_set_policy_overrides(policies, CORBA::SetOverrideType::ADD_OVERRIDE));
}

CORBA::object_reference<CORBA::Policy> Client::sync_scope(Messaging::SyncScope scope) {
  return orb_->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, any_of(scope));
}

CORBA::object_reference<CORBA::Policy> Client::rebind(Messaging::RebindMode mode) {
  return orb_->create_policy(Messaging::REBIND_POLICY_TYPE, any_of(mode));
}

CORBA::object_reference<CORBA::Policy> Client::roundtrip_timeout(std::chrono::microseconds t) {
  return orb_->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, any_of(time_t_of(t)));
}

CORBA::object_reference<CORBA::Policy> Client::request_timeout(std::chrono::microseconds t) {
  return orb_->create_policy(Messaging::RELATIVE_REQ_TIMEOUT_POLICY_TYPE, any_of(time_t_of(t)));
}

CORBA::object_reference<CORBA::Policy> Client::buffering(const rtorb::messaging::BufferingConstraint& c) {
  CORBA::Any v;
  v.insert(c);
  return orb_->create_policy(rtorb::messaging::BUFFERING_CONSTRAINT_POLICY_TYPE, v);
}

RawServer::Answer forward_to(const std::string& to) {
  return [reference = rtorb::ior::reference_from_ior_string(to)](std::uint32_t id, int version_minor) {
    rtorb::cdr::OutputStream os;
    const auto start = rtorb::giop::encode_reply(
        os, rtorb::giop::Version{1, static_cast<std::uint8_t>(version_minor)},
        {id, rtorb::giop::ReplyStatus::location_forward, {}});
    rtorb::ior::write_reference(os, reference);
    rtorb::giop::end_message(os, start);
    return os.to_bytes();
  };
}

std::string raw_ior(Client& client, std::uint16_t port, int minor) {
  auto object = client.orb().string_to_object("corbaloc:iiop:1." + std::to_string(minor) +
                                              "@127.0.0.1:" + std::to_string(port) + "/raw");
  auto reference = rtorb::orb::core_of(*object)->reference();
  reference.type_id = IDL::traits<MessagingTest::Target>::repository_id;
  return rtorb::ior::to_ior_string(reference);
}

struct RawServer::State {
  rtorb::interop::Listener listener{rtorb::interop::Family::ipv4};
  Answer answer;
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<Seen> seen;  // (mutex)

  void serve_one(rtorb::interop::Connection& connection) {
    while (!stop) {
      std::optional<std::vector<std::uint8_t>> message;
      try {
        message = connection.read_message(200ms);
      } catch (const std::runtime_error&) {
        continue;  // nothing yet (or the peer went away mid-message: then closed below)
      }
      if (!message) return;  // the client closed
      const rtorb::giop::Message m = rtorb::giop::decode_message(*message);
      const auto* request = m.get<rtorb::giop::RequestHeader>();
      if (request == nullptr) continue;
      Seen s;
      s.operation = std::string(request->operation);
      s.version_minor = m.header.version.minor;
      s.flags_octet = static_cast<std::uint8_t>(request->response_flags);
      if (s.version_minor < 2) {
        s.flags_octet = rtorb::giop::response_expected(request->response_flags) ? 1 : 0;
      } else {
        s.flags_octet = (*message)[16];  // after the 12-byte header and the request id
      }
      {
        std::lock_guard lock(mutex);
        seen.push_back(s);
      }
      changed.notify_all();
      if (!rtorb::giop::response_expected(request->response_flags)) continue;
      connection.write_all(answer(request->request_id, s.version_minor));
    }
  }
};

std::vector<std::uint8_t> true_reply(std::uint32_t id, int minor) {
  rtorb::cdr::OutputStream os;
  const auto start = rtorb::giop::encode_reply(
      os, rtorb::giop::Version{1, static_cast<std::uint8_t>(minor)},
      {id, rtorb::giop::ReplyStatus::no_exception, {}});
  os.write_boolean(true);
  rtorb::giop::end_message(os, start);
  return os.to_bytes();
}

RawServer::RawServer(Answer answer) : state_(std::make_shared<State>()) {
  state_->answer = answer ? std::move(answer) : Answer(true_reply);
  thread_ = std::thread([state = state_] {
    while (!state->stop) {
      try {
        auto connection = state->listener.accept(200ms);
        state->serve_one(connection);
      } catch (const std::exception&) {
        // no client yet, or one that went away: wait for the next
      }
    }
  });
}

RawServer::~RawServer() {
  state_->stop = true;
  thread_.join();
}

std::uint16_t RawServer::port() const noexcept { return state_->listener.port(); }

std::vector<RawServer::Seen> RawServer::requests(const std::string& operation, std::size_t count) {
  std::unique_lock lock(state_->mutex);
  std::vector<Seen> matching;
  state_->changed.wait_for(lock, 20s, [&] {
    matching.clear();
    for (const auto& s : state_->seen) {
      if (s.operation == operation) matching.push_back(s);
    }
    return matching.size() >= count;
  });
  return matching;
}

std::exception_ptr bounded(const std::function<void()>& call, std::chrono::seconds bound,
                           const char* what) {
  // A mutex and a condition variable rather than a std::promise: ThreadSanitizer sees the
  // hand-over of the exception through them (it missed it through libstdc++'s futex wait).
  struct Outcome {
    std::mutex mutex;
    std::condition_variable done_changed;
    bool done = false;
    std::exception_ptr raised;
  };
  auto outcome = std::make_shared<Outcome>();
  std::thread([call, outcome] {
    std::exception_ptr raised;
    try {
      call();
    } catch (...) {
      raised = std::current_exception();
    }
    std::lock_guard lock(outcome->mutex);
    outcome->raised = std::move(raised);
    outcome->done = true;
    outcome->done_changed.notify_all();
  }).detach();
  std::unique_lock lock(outcome->mutex);
  if (!outcome->done_changed.wait_for(lock, bound, [&] { return outcome->done; })) {
    std::fprintf(stderr, "FATAL: %s did not return within %llds: it hangs\n", what,
                 static_cast<long long>(bound.count()));
    std::abort();
  }
  return std::move(outcome->raised);  // freed by the caller, the thread that reads it
}

void expect_timeout(const std::function<void()>& call, std::uint32_t minor,
                    CORBA::CompletionStatus completed) {
  const std::exception_ptr raised = bounded(call);
  ASSERT_TRUE(raised) << "expected TIMEOUT, nothing was raised";
  try {
    std::rethrow_exception(raised);
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), minor) << e.what();
    EXPECT_EQ(e.completed(), completed) << e.what();
  } catch (const CORBA::Exception& e) {
    ADD_FAILURE() << "expected TIMEOUT, got " << e.what();
  }
}

bool eventually(const std::function<bool()>& condition, std::chrono::seconds bound) {
  const auto end = std::chrono::steady_clock::now() + bound;
  while (std::chrono::steady_clock::now() < end) {
    if (condition()) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

}  // namespace messaging_test
