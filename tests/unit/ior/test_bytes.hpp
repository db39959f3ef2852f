// Helpers shared by the ior tests: the common ones, under the names these tests use.
#pragma once

#include <test_support/test_bytes.hpp>

namespace rtorb::ior::test {

using rtorb::test::Bytes;
using rtorb::test::concat;
using rtorb::test::hex;
using rtorb::test::minor_of;
inline Bytes str_bytes(const std::string& s) { return rtorb::test::text_bytes(s); }

}  // namespace rtorb::ior::test
