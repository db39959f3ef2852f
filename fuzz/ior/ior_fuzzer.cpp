// Fuzzes the IOR decoders. Input starting with "IOR:" is a stringified reference; anything
// else is raw bytes read as each kind of encapsulated body (IIOP profile, multiple-components
// profile, every known component, the RT-CORBA policy values) and as an encapsulated IOR.
// Malformed input must raise a CORBA system exception; whatever decodes must encode and
// decode back to the same value.
#include "ior/component.hpp"
#include "ior/encapsulation.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_reference.hpp"
#include "ior/policy_value.hpp"

#include <rtorb/corba/exception.hpp>

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

namespace {

using namespace rtorb;
using Bytes = std::span<const std::uint8_t>;

void check(bool ok) {
  if (!ok) std::abort();
}

template <class F>
void expect_clean(F&& f) {
  try {
    f();
  } catch (const CORBA::SystemException&) {
    // Malformed input: the expected outcome for most of it.
  }
}

void exercise_components(const ior::TaggedComponentSeq& components) {
  for (const ior::TaggedComponent& c : components) {
    expect_clean([&] {
      const ior::ComponentValue v = ior::decode_component(c);
      check(ior::decode_component(ior::encode_component(v)) == v);
      if (const auto* p = std::get_if<ior::PoliciesComponent>(&v)) {
        for (const ior::PolicyValue& pv : p->policies) {
          expect_clean([&] { ior::decode_policy(pv); });
        }
      }
    });
  }
}

void exercise_reference(const ior::ObjectReference& r) {
  for (const ior::Profile& p : r.profiles) {
    if (const auto* iiop = std::get_if<ior::IiopProfile>(&p)) {
      exercise_components(iiop->components);
    }
    if (const auto* multi = std::get_if<ior::MultipleComponentsProfile>(&p)) {
      exercise_components(multi->components);
    }
  }
}

void fuzz_string(std::string_view text) {
  expect_clean([&] {
    const ior::ObjectReference r = ior::reference_from_ior_string(text);
    exercise_reference(r);
    check(ior::reference_from_ior_string(ior::to_ior_string(r)) == r);
  });
}

void fuzz_policy(ior::PolicyType type, Bytes data) {
  expect_clean([&] {
    const ior::PolicyValue value{type, {data.begin(), data.end()}};
    const ior::PolicyContent content = ior::decode_policy(value);
    if (const auto* m = std::get_if<ior::PriorityModelPolicy>(&content)) {
      check(std::get<ior::PriorityModelPolicy>(
                ior::decode_policy(ior::encode_policy(*m))) == *m);
    }
    if (const auto* b = std::get_if<ior::PriorityBandedConnectionPolicy>(&content)) {
      check(std::get<ior::PriorityBandedConnectionPolicy>(
                ior::decode_policy(ior::encode_policy(*b))) == *b);
    }
  });
}

void fuzz_bytes(Bytes data) {
  const std::vector<std::uint8_t> copy(data.begin(), data.end());
  for (cdr::ProfileId tag :
       {cdr::profile_tag::internet_iop, cdr::profile_tag::multiple_components}) {
    expect_clean([&] {
      const ior::Profile p = ior::decode_profile({tag, copy});
      check(ior::decode_profile(ior::encode_profile(p)) == p);
    });
  }
  exercise_components({{ior::component_tag::orb_type, copy},
                       {ior::component_tag::code_sets, copy},
                       {ior::component_tag::policies, copy},
                       {ior::component_tag::alternate_iiop_address, copy},
                       {ior::component_tag::ssl_sec_trans, copy},
                       {ior::component_tag::java_codebase, copy}});
  fuzz_policy(ior::policy_type::priority_model, data);
  fuzz_policy(ior::policy_type::priority_banded_connection, data);
  expect_clean([&] {
    cdr::InputStream is = ior::open_encapsulation(data);
    const ior::ObjectReference r = ior::read_reference(is);
    exercise_reference(r);
    check(ior::decode_reference(ior::encode_reference(r)) == r);
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (ior::has_ior_prefix(text)) {
    fuzz_string(text);
  } else {
    fuzz_bytes(Bytes(data, size));
  }
  return 0;
}
