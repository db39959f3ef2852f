// rtorb-cubit-client <ref> [--op NAME]... [--calls N] [--seq-len L] [--json] [--shutdown]
//                    [--sync-scope none|transport|server|target] [--timeout-ms N]
//                    [--buffer-count N] [--ami N] [--coro N] [ORB options]
// Warms up, then times each call of one Cubit operation (or of all of them) and prints
// count, p50, p90, p99, p99.9 and max latency in microseconds and calls per second. A
// result that is not the cube of the argument is an error (exit 1). --sync-scope and
// --timeout-ms set a Messaging SyncScope and RelativeRoundtripTimeout on the reference; a
// call that times out prints "rtorb-cubit-client: TIMEOUT (minor ...)" and exits 1.
// --buffer-count N makes the oneways SYNC_NONE under a BufferingConstraint whose batch
// leaves every N messages (the run's closing twoway flushes what is left and is timed); a
// oneway refused because the buffer is full (TRANSIENT transient_oneway_buffer_full) waits
// for rtorb::messaging::flush and is sent again, as an application would.
// --ami N times --calls cube_long calls made with sendc_cube_long, N outstanding at a time
// from this one thread (the reply handler, run by the ORB's event loop, sends the next),
// and prints calls per second; a reply that is wrong, or an exception, exits 1.
// --coro N does the same with N coroutines (co_await target->async().cube_long(v)), each
// awaiting its reply before its next call.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/coro/task.hpp>
#include <rtorb/messaging/buffering_constraint.hpp>
#include <rtorb/messaging/messaging.hpp>
#include <rtorb/messaging/reply_handler.hpp>
#include <rtorb/poa/poa.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

#include "client_driver.hpp"
#include "cubitC.h"
#include "cubitS.h"

namespace {

using cubit::cube;
using cubit::require;

std::function<void(std::size_t)> make_call(const IDL::traits<Cubit>::ref_type& target,
                                           const std::string& operation, std::size_t seq_len) {
  if (operation == "cube_void") return [=](std::size_t) { target->cube_void(); };
  if (operation == "cube_octet") {
    return [=](std::size_t i) {
      const auto o = static_cast<std::uint8_t>(i);
      require(target->cube_octet(o) == cube(o), operation);
    };
  }
  if (operation == "cube_long") {
    return [=](std::size_t i) {
      const auto l = static_cast<std::int32_t>(i);
      require(target->cube_long(l) == cube(l), operation);
    };
  }
  if (operation == "cube_struct") {
    return [=](std::size_t i) {
      const Cubit::Many m(static_cast<std::uint8_t>(i), static_cast<std::int32_t>(i),
                          static_cast<std::int16_t>(i));
      const Cubit::Many r = target->cube_struct(m);
      require(r.o() == cube(m.o()) && r.l() == cube(m.l()) && r.s() == cube(m.s()), operation);
    };
  }
  if (operation == "cube_long_sequence") {
    // Filled once: only the first element changes per call, so the timed call is the
    // ORB's work and not the making of test data (which the raw baseline does not do).
    auto input = std::make_shared<Cubit::LongSeq>(seq_len);
    for (std::size_t k = 0; k < input->size(); ++k) (*input)[k] = static_cast<std::int32_t>(k + 1);
    return [=](std::size_t i) {
      if (!input->empty()) input->front() = static_cast<std::int32_t>(i);
      const Cubit::LongSeq r = target->cube_long_sequence(*input);
      require(r.size() == input->size() &&
                  (r.empty() || (r.front() == cube(input->front()) && r.back() == cube(input->back()))),
              operation);
    };
  }
  if (operation == "ping_oneway") return [=](std::size_t) { target->ping_oneway(); };
  if (operation == "sequence_oneway") {
    auto input = std::make_shared<Cubit::LongSeq>(seq_len, 7);
    return [=](std::size_t) { target->sequence_oneway(*input); };
  }
  return [=](std::size_t i) { target->cube_oneway(static_cast<std::int32_t>(i)); };
}

// The reference with the Messaging policies the options ask for.
IDL::traits<Cubit>::ref_type with_policies(CORBA::ORB& orb, IDL::traits<Cubit>::ref_type target,
                                           const cubit::ClientOptions& options) {
  CORBA::PolicyList policies;
  if (!options.sync_scope.empty()) {
    const Messaging::SyncScope scope = options.sync_scope == "none"        ? Messaging::SYNC_NONE
                                       : options.sync_scope == "transport" ? Messaging::SYNC_WITH_TRANSPORT
                                       : options.sync_scope == "server"    ? Messaging::SYNC_WITH_SERVER
                                                                           : Messaging::SYNC_WITH_TARGET;
    CORBA::Any value;
    value.insert(scope);
    policies.push_back(orb.create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, value));
  }
  if (options.buffer_count > 0) {
    // SYNC_NONE, the batch leaving every N messages (the closing twoway flushes the rest).
    if (options.sync_scope.empty()) {
      CORBA::Any value;
      value.insert(Messaging::SYNC_NONE);
      policies.push_back(orb.create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, value));
    }
    CORBA::Any value;
    value.insert(rtorb::messaging::BufferingConstraint{rtorb::messaging::BUFFER_MESSAGE_COUNT, 0,
                                            static_cast<std::uint32_t>(options.buffer_count), 0});
    policies.push_back(orb.create_policy(rtorb::messaging::BUFFERING_CONSTRAINT_POLICY_TYPE, value));
  }
  if (options.timeout_ms > 0) {
    CORBA::Any value;
    value.insert(static_cast<TimeBase::TimeT>(options.timeout_ms) * 10'000);  // 100 ns units
    policies.push_back(orb.create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, value));
  }
  if (policies.empty()) return target;
  return IDL::traits<Cubit>::narrow(
      target->_set_policy_overrides(policies, CORBA::SetOverrideType::ADD_OVERRIDE));
}

// --ami: keeps `window` cube_long calls outstanding until `total` have been answered.
class AmiWindow final : public CORBA::servant_traits<AMI_CubitHandler>::base_type {
 public:
  using Holder = IDL::traits<Messaging::ExceptionHolder>::ref_type;
  AmiWindow(IDL::traits<Cubit>::ref_type target, std::size_t total) : target_(std::move(target)), total_(total) {}

  void start(const IDL::traits<::AMI_CubitHandler>::ref_type& self, std::size_t window) {
    self_ = self;
    for (std::size_t i = 0; i < window && sent_ < total_; ++i) send();
  }
  bool done() const { return answered_ >= total_ || failed_; }
  bool failed() const { return failed_; }

  void cube_long(std::int32_t r) override {
    ++answered_;
    if (!check(r)) {
      std::cerr << "rtorb-cubit-client: cube_long answered " << r << ", no cube of 0..255\n";
      failed_ = true;
    }
    if (sent_ < total_) send();
  }
  void cube_long_excep(const Holder& h) override { fail(h); }
  void cube_void() override {}
  void cube_void_excep(const Holder& h) override { fail(h); }
  void cube_octet(std::uint8_t) override {}
  void cube_octet_excep(const Holder& h) override { fail(h); }
  void cube_struct(const Cubit::Many&) override {}
  void cube_struct_excep(const Holder& h) override { fail(h); }
  void cube_long_sequence(const Cubit::LongSeq&) override {}
  void cube_long_sequence_excep(const Holder& h) override { fail(h); }
  void shutdown() override {}
  void shutdown_excep(const Holder& h) override { fail(h); }

 private:
  // Replies may come in any order: a result is right if it is the cube of some argument
  // sent (all arguments are 0..255, so the cube identifies it).
  bool check(std::int32_t r) const {
    for (std::int32_t v = 0; v < 256; ++v) {
      if (cube(v) == r) return true;
    }
    return false;
  }
  // Counted before the call: sendc_ may run reply handlers (it reads replies already in
  // every so often), which must see this request as sent or they would send one too many.
  void send() {
    const std::size_t n = sent_++;
    target_->sendc_cube_long(self_, static_cast<std::int32_t>(n % 256));
  }
  void fail(const Holder& h) {
    failed_ = true;
    try {
      h->raise_exception();
    } catch (const CORBA::Exception& e) {
      std::cerr << "rtorb-cubit-client: " << e.what() << '\n';
    }
  }
  IDL::traits<Cubit>::ref_type target_;
  IDL::traits<::AMI_CubitHandler>::ref_type self_;
  std::size_t total_;
  std::size_t sent_ = 0;
  std::size_t answered_ = 0;
  bool failed_ = false;
};

int run_ami(CORBA::ORB& orb, const IDL::traits<Cubit>::ref_type& target,
            const cubit::ClientOptions& options) {
  auto root = IDL::traits<PortableServer::POA>::narrow(orb.resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  target->cube_void();  // connected and warm before the clock starts
  auto window = CORBA::make_reference<AmiWindow>(target, options.calls);
  auto self = IDL::traits<AMI_CubitHandler>::narrow(root->servant_to_reference(window));
  const auto start = std::chrono::steady_clock::now();
  window->start(self, options.ami);
  while (!window->done()) orb.perform_work();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (window->failed()) return 1;
  const double rate = static_cast<double>(options.calls) / seconds;
  if (options.json) {
    std::printf("{\"operation\": \"cube_long\", \"ami\": %zu, \"calls\": %zu, \"calls_per_second\": %.1f}\n",
                options.ami, options.calls, rate);
  } else {
    std::printf("cube_long ami %zu outstanding: %zu calls, %.1f calls/s\n", options.ami, options.calls,
                rate);
  }
  return 0;
}

// --coro: cube_long calls, one after another, until `total` have been sent by all the
// coroutines together (they all run on this thread, so `sent` needs no lock).
rtorb::coro::task<bool> cube_loop(IDL::traits<Cubit>::ref_type target, std::size_t& sent,
                                  std::size_t total) {
  while (sent < total) {
    const auto v = static_cast<std::int32_t>(sent++ % 256);
    const std::int32_t r = co_await target->async().cube_long(v);
    if (r != cube(v)) {
      std::cerr << "rtorb-cubit-client: cube_long(" << v << ") answered " << r << '\n';
      co_return false;
    }
  }
  co_return true;
}

int run_coro(CORBA::ORB& orb, const IDL::traits<Cubit>::ref_type& target,
             const cubit::ClientOptions& options) {
  target->cube_void();  // connected and warm before the clock starts
  std::size_t sent = 0;
  std::vector<rtorb::coro::task<bool>> loops;
  for (std::size_t i = 0; i < options.coro; ++i) loops.push_back(cube_loop(target, sent, options.calls));
  const auto start = std::chrono::steady_clock::now();
  for (auto& loop : loops) loop.start();
  bool right = true;
  for (auto& loop : loops) {
    while (!loop.done()) orb.perform_work();
    right = loop.get() && right;  // an exception leaves through main's handler: exit 1
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!right) return 1;
  const double rate = static_cast<double>(options.calls) / seconds;
  if (options.json) {
    std::printf("{\"operation\": \"cube_long\", \"coro\": %zu, \"calls\": %zu, \"calls_per_second\": %.1f}\n",
                options.coro, options.calls, rate);
  } else {
    std::printf("cube_long coro %zu coroutines: %zu calls, %.1f calls/s\n", options.coro, options.calls,
                rate);
  }
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const auto options = cubit::parse_client_options(argc, argv, "rtorb-cubit-client");
    auto target = IDL::traits<Cubit>::narrow(orb->string_to_object(options.reference));
    if (!target) {
      std::cerr << "rtorb-cubit-client: the reference is not a Cubit\n";
      return 1;
    }
    target = with_policies(*orb, target, options);
    if (options.coro > 0) {
      const int status = run_coro(*orb, target, options);
      if (options.shutdown) target->shutdown();
      orb->destroy();
      return status;
    }
    if (options.ami > 0) {
      const int status = run_ami(*orb, target, options);
      if (options.shutdown) target->shutdown();
      orb->destroy();
      return status;
    }
    auto call_of = [&](const std::string& op) {
      auto call = make_call(target, op, options.seq_len);
      if (options.buffer_count == 0 || !cubit::is_oneway(op)) return call;
      // The buffer full (the server reads slower than this sends) is TRANSIENT, and the
      // request was not taken: wait until the buffers are written, then send it again.
      return std::function<void(std::size_t)>([call, orb](std::size_t i) {
        try {
          call(i);
        } catch (const CORBA::TRANSIENT& e) {
          if (e.minor() != rtorb::minor::transient_oneway_buffer_full) throw;
          rtorb::messaging::flush(orb);
          call(i);
        }
      });
    };
    cubit::run_operations(options, call_of, [&] { target->cube_void(); });
    if (options.shutdown) target->shutdown();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-cubit-client: " << e.what() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "rtorb-cubit-client: " << e.what() << '\n';
  }
  return 1;
}
