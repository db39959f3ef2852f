// The protocol registry: schemes and tags, preference order, endpoint URLs of every protocol.
#include "transport/protocol.hpp"

#include <gtest/gtest.h>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include "transport/uiop_protocol.hpp"

namespace rtorb::transport {
namespace {

// A protocol that only names itself: enough to see the registry dispatch to it.
class FakeProtocol final : public Protocol {
 public:
  FakeProtocol(std::string scheme, std::uint32_t tag, int preference)
      : scheme_(std::move(scheme)), tag_(tag), preference_(preference) {}
  std::string_view scheme() const noexcept override { return scheme_; }
  std::uint32_t tag() const noexcept override { return tag_; }
  int preference() const noexcept override { return preference_; }
  Endpoint parse(std::string_view) const override {
    Endpoint e;
    e.protocol = tag_;
    return e;
  }
  std::string format(const Endpoint&) const override { return scheme_ + "://"; }
  Listener listen(const Endpoint&, const ConnectionOptions&, int) const override { return {}; }
  std::unique_ptr<Connection> connect(const Endpoint&, const ConnectOptions&) const override {
    return nullptr;
  }
  ior::TaggedComponentSeq components(const Endpoint&) const override {
    return {{tag_, {1, 2, 3}}};
  }
  std::optional<Endpoint> reachable(const ior::IiopProfile& profile) const override {
    if (ior::find_component(profile.components, tag_) == nullptr) return std::nullopt;
    Endpoint e;
    e.protocol = tag_;
    return e;
  }

 private:
  std::string scheme_;
  std::uint32_t tag_;
  int preference_;
};

void expect_bad_endpoint(std::string_view text, std::uint32_t minor_code) {
  try {
    parse_endpoint(text);
    ADD_FAILURE() << "accepted " << text;
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor_code) << text;
    EXPECT_NE(e.detail().find(std::string(text)), std::string::npos) << e.detail();
  }
}

TEST(ProtocolRegistry, KnowsIiopAndUiopBySchemeAndTag) {
  const ProtocolRegistry registry;
  ASSERT_NE(registry.by_scheme("iiop"), nullptr);
  ASSERT_NE(registry.by_scheme("uiop"), nullptr);
  EXPECT_EQ(registry.by_scheme("iiop")->tag(), protocol_tag::iiop);
  EXPECT_EQ(registry.by_tag(0x41545402)->scheme(), "uiop");
  EXPECT_EQ(registry.by_scheme("ssliop"), nullptr);
  EXPECT_EQ(registry.schemes(), "iiop, uiop");  // the order added
}

TEST(ProtocolRegistry, RefusesASecondProtocolWithTheSameSchemeOrTag) {
  ProtocolRegistry registry;
  const auto expect_refused = [&](std::string scheme, std::uint32_t tag) {
    try {
      registry.add(std::make_unique<FakeProtocol>(std::move(scheme), tag, 1));
      ADD_FAILURE() << "added a clash";
    } catch (const CORBA::BAD_PARAM& e) {
      EXPECT_EQ(e.minor(), minor::bad_param_bad_endpoint);
    }
  };
  expect_refused("uiop", 0x52540099);
  expect_refused("other", protocol_tag::iiop);
}

TEST(ProtocolRegistry, AnEndpointOfAnUnknownTagIsBadParam) {
  const ProtocolRegistry registry;
  Endpoint e;
  e.protocol = 0x52540099;
  EXPECT_THROW(registry.of(e), CORBA::BAD_PARAM);
}

TEST(ProtocolRegistry, PrefersTheLowestPreferenceAProfileOffers) {
  ProtocolRegistry registry;
  registry.add(std::make_unique<FakeProtocol>("fast", 0x52540099, 1));
  ior::IiopProfile profile;
  profile.host = "server.example";
  profile.port = 2809;
  EXPECT_EQ(registry.preferred(profile), (Endpoint{"server.example", 2809}));
  profile.components.push_back({0x52540099, {}});
  ASSERT_TRUE(registry.preferred(profile));
  EXPECT_EQ(registry.preferred(profile)->protocol, 0x52540099u);
  profile.host.clear();
  profile.components.clear();
  EXPECT_FALSE(registry.preferred(profile));  // nothing a client can reach
}

TEST(ProtocolRegistry, CarriesTheComponentsOfEndpointsThatAreNoProfileAddress) {
  ProtocolRegistry registry;
  registry.add(std::make_unique<FakeProtocol>("fast", 0x52540099, 1));
  Endpoint fast;
  fast.protocol = 0x52540099;
  const auto carried = registry.carried_components({Endpoint{"h", 1}, fast});
  ASSERT_EQ(carried.size(), 1u);
  EXPECT_EQ(carried[0].tag, 0x52540099u);
}

TEST(EndpointUrl, ParsesUnixSocketPathsAndAbstractNames) {
  const Endpoint file = parse_endpoint("uiop:///tmp/rtorb/server.sock");
  EXPECT_EQ(file.protocol, protocol_tag::uiop);
  EXPECT_EQ(file.path, "/tmp/rtorb/server.sock");
  EXPECT_EQ(format_endpoint(file), "uiop:///tmp/rtorb/server.sock");
  const Endpoint abstract = parse_endpoint("uiop:///@rtorb-test");
  EXPECT_EQ(abstract.path, "@rtorb-test");
  EXPECT_EQ(format_endpoint(abstract), "uiop:///@rtorb-test");
  EXPECT_NE(file, (Endpoint{"", 0}));  // its own cache key
}

TEST(EndpointUrl, RejectsMalformedUnixSocketUrls) {
  for (const char* text : {"uiop://", "uiop:///", "uiop://host/tmp/x", "uiop://tmp/x",
                           "uiop:///@", "uiop:///tmp/dir/"}) {
    expect_bad_endpoint(text, minor::bad_param_bad_endpoint);
  }
  expect_bad_endpoint("uiop:///" + std::string(200, 'x'), minor::bad_param_bad_endpoint);
  expect_bad_endpoint(std::string_view("uiop:///a\0b", 11), minor::bad_param_bad_endpoint);
}

TEST(EndpointUrl, AnUnknownSchemeNamesTheKnownOnes) {
  try {
    parse_endpoint("shmiop://x");
    FAIL() << "accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_bad_endpoint);
    EXPECT_NE(e.detail().find("uiop"), std::string::npos) << e.detail();
  }
}

}  // namespace
}  // namespace rtorb::transport
