// ORB_init over a list of arguments, for the tests of what each link of layers gives.
#pragma once

#include <rtorb/corba/orb.hpp>

#include <string>
#include <vector>

namespace runtime_test {

inline IDL::traits<CORBA::ORB>::ref_type orb_with(std::vector<std::string> args,
                                                  const std::string& orb_id) {
  args.insert(args.begin(), "runtime_test");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data(), orb_id);
}

// The PolicyError reason create_policy gives for `type` with a short in the any, or -1.
inline CORBA::PolicyErrorCode policy_refusal(CORBA::ORB& orb, CORBA::PolicyType type) {
  CORBA::Any value;
  value.insert(std::int16_t{0});
  try {
    orb.create_policy(type, value);
  } catch (const CORBA::PolicyError& e) {
    return e.reason();
  }
  return -1;
}

}  // namespace runtime_test
