#include "transport/endpoint.hpp"

#include <gtest/gtest.h>
#include <netinet/in.h>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

namespace rtorb::transport {
namespace {

void expect_bad_endpoint(std::string_view text) {
  try {
    parse_endpoint(text);
    ADD_FAILURE() << "accepted " << text;
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_bad_endpoint) << text;
    EXPECT_NE(e.detail().find(std::string(text)), std::string::npos) << e.detail();
  }
}

TEST(Endpoint, ParsesHostAndPort) {
  EXPECT_EQ(parse_endpoint("iiop://localhost:2809"), (Endpoint{"localhost", 2809}));
  EXPECT_EQ(parse_endpoint("iiop://127.0.0.1:0"), (Endpoint{"127.0.0.1", 0}));
  EXPECT_EQ(parse_endpoint("iiop://example.com:65535/"), (Endpoint{"example.com", 65535}));
}

TEST(Endpoint, ParsesBracketedIpv6) {
  EXPECT_EQ(parse_endpoint("iiop://[::1]:4000"), (Endpoint{"::1", 4000}));
  EXPECT_EQ(parse_endpoint("iiop://[fe80::1]"), (Endpoint{"fe80::1", 0}));
}

TEST(Endpoint, MissingPortOrHostMeansEphemeralOrWildcard) {
  EXPECT_EQ(parse_endpoint("iiop://host"), (Endpoint{"host", 0}));
  EXPECT_EQ(parse_endpoint("iiop://:1234"), (Endpoint{"", 1234}));
  EXPECT_EQ(parse_endpoint("iiop://"), (Endpoint{"", 0}));
}

TEST(Endpoint, RejectsMalformedText) {
  for (const char* text : {"http://host:1", "host:1", "iiop://host:", "iiop://host:65536",
                           "iiop://host:12x", "iiop://host:-1", "iiop://[::1:4", "iiop://[]:4",
                           "iiop://[::1]4", "iiop://::1:4", "iiop://a@b:1"}) {
    expect_bad_endpoint(text);
  }
}

TEST(Endpoint, GiopLiteIsAnEndpointOption) {
  Endpoint lite{"127.0.0.1", 7, true};
  EXPECT_EQ(parse_endpoint("iiop://127.0.0.1:7/giop_lite"), lite);
  EXPECT_EQ(parse_endpoint("iiop://[::1]:7/giop_lite"), (Endpoint{"::1", 7, true}));
  EXPECT_EQ(parse_endpoint("iiop://host/giop_lite"), (Endpoint{"host", 0, true}));
  EXPECT_NE(parse_endpoint("iiop://127.0.0.1:7"), lite);  // a different endpoint
  EXPECT_EQ(format_endpoint(lite), "iiop://127.0.0.1:7/giop_lite");
}

TEST(Endpoint, RejectsAnUnknownEndpointOptionNamingIt) {
  for (const char* text : {"iiop://127.0.0.1:7/giop_light", "iiop://h:1/giop_lite/x",
                           "iiop://[::1]:7/lite"}) {
    try {
      parse_endpoint(text);
      ADD_FAILURE() << "accepted " << text;
    } catch (const CORBA::BAD_PARAM& e) {
      EXPECT_EQ(e.minor(), minor::bad_param_bad_endpoint_option) << text;
      EXPECT_NE(e.detail().find("unknown option"), std::string::npos) << e.detail();
    }
  }
}

TEST(Endpoint, FormatRoundTrips) {
  for (const Endpoint& e :
       {Endpoint{"127.0.0.1", 80}, Endpoint{"::1", 9}, Endpoint{"name", 0},
        Endpoint{"::1", 9, true}}) {
    EXPECT_EQ(parse_endpoint(format_endpoint(e)), e);
  }
  EXPECT_EQ(format_endpoint({"::1", 9}), "iiop://[::1]:9");
}

TEST(Endpoint, ResolvesNumericAddressesOfBothFamilies) {
  const auto v4 = resolve({"127.0.0.1", 2809});
  ASSERT_FALSE(v4.empty());
  EXPECT_EQ(v4.front().family(), AF_INET);
  EXPECT_EQ(v4.front().endpoint(), (Endpoint{"127.0.0.1", 2809}));
  const auto v6 = resolve({"::1", 7});
  ASSERT_FALSE(v6.empty());
  EXPECT_EQ(v6.front().family(), AF_INET6);
  EXPECT_EQ(v6.front().endpoint(), (Endpoint{"::1", 7}));
}

TEST(Endpoint, ResolvesLocalhostByName) {
  const auto addresses = resolve({"localhost", 1});
  ASSERT_FALSE(addresses.empty());
  EXPECT_EQ(addresses.front().port(), 1);
}

TEST(Endpoint, UnknownHostIsTransient) {
  try {
    resolve({"no-such-host.invalid", 1});
    ADD_FAILURE() << "resolved";
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), minor::transient_unknown_host);
  }
  EXPECT_THROW(resolve({"", 1}), CORBA::TRANSIENT);
}

TEST(Endpoint, PassiveEmptyHostIsTheIpv4Wildcard) {
  const auto addresses = resolve({"", 0}, true);
  ASSERT_FALSE(addresses.empty());
  EXPECT_EQ(addresses.front().host(), "0.0.0.0");
}

}  // namespace
}  // namespace rtorb::transport
