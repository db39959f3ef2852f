// omni-cubit-client: rtorb-cubit-client's twin built on omniORB (same options, same
// timing loop and output), for side-by-side benchmarks.
#include <iostream>
#include <memory>

#include "client_driver.hpp"
#include "cubit.hh"

namespace {

using cubit::cube;
using cubit::require;

std::function<void(std::size_t)> make_call(Cubit_ptr target, const std::string& operation,
                                           std::size_t seq_len) {
  if (operation == "cube_void") return [=](std::size_t) { target->cube_void(); };
  if (operation == "cube_octet") {
    return [=](std::size_t i) {
      const auto o = static_cast<CORBA::Octet>(i);
      require(target->cube_octet(o) == cube<std::uint8_t>(o), operation);
    };
  }
  if (operation == "cube_long") {
    return [=](std::size_t i) {
      const auto l = static_cast<CORBA::Long>(i);
      require(target->cube_long(l) == cube<std::int32_t>(l), operation);
    };
  }
  if (operation == "cube_struct") {
    return [=](std::size_t i) {
      Cubit::Many m;
      m.o = static_cast<CORBA::Octet>(i);
      m.l = static_cast<CORBA::Long>(i);
      m.s = static_cast<CORBA::Short>(i);
      const Cubit::Many r = target->cube_struct(m);
      require(r.o == cube<std::uint8_t>(m.o) && r.l == cube<std::int32_t>(m.l) &&
                  r.s == cube<std::int16_t>(m.s),
              operation);
    };
  }
  if (operation == "cube_long_sequence") {
    // Filled once, as in the rtorb client: only the first element changes per call.
    auto input = std::make_shared<Cubit::LongSeq>();
    input->length(static_cast<CORBA::ULong>(seq_len));
    for (CORBA::ULong k = 0; k < input->length(); ++k) (*input)[k] = static_cast<CORBA::Long>(k + 1);
    return [=](std::size_t i) {
      const CORBA::ULong n = input->length();
      if (n > 0) (*input)[0] = static_cast<CORBA::Long>(i);
      Cubit::LongSeq_var r = target->cube_long_sequence(*input);
      require(r->length() == n && (n == 0 || (r[0] == cube<std::int32_t>((*input)[0]) &&
                                              r[n - 1] == cube<std::int32_t>((*input)[n - 1]))),
              operation);
    };
  }
  if (operation == "ping_oneway") return [=](std::size_t) { target->ping_oneway(); };
  if (operation == "sequence_oneway") {
    auto input = std::make_shared<Cubit::LongSeq>();
    input->length(static_cast<CORBA::ULong>(seq_len));
    for (CORBA::ULong k = 0; k < input->length(); ++k) (*input)[k] = 7;
    return [=](std::size_t) { target->sequence_oneway(*input); };
  }
  return [=](std::size_t i) { target->cube_oneway(static_cast<CORBA::Long>(i)); };
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    const auto options = cubit::parse_client_options(argc, argv, "omni-cubit-client");
    if (!options.sync_scope.empty() || options.timeout_ms > 0 || options.buffer_count > 0) {
      std::cerr << "omni-cubit-client: --sync-scope and --timeout-ms are rtorb-cubit-client's\n";
      return 2;
    }
    CORBA::Object_var obj = orb->string_to_object(options.reference.c_str());
    Cubit_var target = Cubit::_narrow(obj);
    if (CORBA::is_nil(target)) {
      std::cerr << "omni-cubit-client: the reference is not a Cubit\n";
      return 1;
    }
    auto call_of = [&](const std::string& op) {
      return make_call(target.in(), op, options.seq_len);
    };
    cubit::run_operations(options, call_of, [&] { target->cube_void(); });
    if (options.shutdown) target->shutdown();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "omni-cubit-client: CORBA exception " << e._name() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "omni-cubit-client: " << e.what() << '\n';
  }
  return 1;
}
