// Helpers shared by the giop tests: the common ones, under the names these tests use.
#pragma once

#include <test_support/test_bytes.hpp>

namespace rtorb::giop::test {

using rtorb::test::hex_bytes;
using rtorb::test::minor_of;
using rtorb::test::text_bytes;

}  // namespace rtorb::giop::test
