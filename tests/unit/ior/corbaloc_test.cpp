// corbaloc and corbaname URLs (CORBA 3.x, 7.6.10): good ones, round trips, bad ones.
#include "ior/component.hpp"
#include "ior/corbaloc.hpp"
#include "test_bytes.hpp"

#include <rtorb/corba/minor_code.hpp>

namespace rtorb::ior {
namespace {

using test::Bytes;

const IiopAddress& iiop(const CorbalocUrl& url, std::size_t i) {
  return std::get<IiopAddress>(url.addresses.at(i));
}

TEST(Corbaloc, ParsesTheColonShortFormWithDefaults) {
  const CorbalocUrl url = parse_corbaloc("corbaloc::example.com/Key");
  ASSERT_EQ(url.addresses.size(), 1u);
  EXPECT_EQ(iiop(url, 0), (IiopAddress{{1, 0}, "example.com", 2809}));
  EXPECT_EQ(url.object_key, test::str_bytes("Key"));
}

TEST(Corbaloc, ParsesVersionHostAndPort) {
  const CorbalocUrl url = parse_corbaloc("corbaloc:iiop:1.2@10.0.0.1:1234/a/b");
  EXPECT_EQ(iiop(url, 0), (IiopAddress{{1, 2}, "10.0.0.1", 1234}));
  EXPECT_EQ(url.object_key, test::str_bytes("a/b"));
}

TEST(Corbaloc, ParsesIpv6HostsInBrackets) {
  EXPECT_EQ(iiop(parse_corbaloc("corbaloc:iiop:[::1]:2810/k"), 0),
            (IiopAddress{{1, 0}, "::1", 2810}));
  EXPECT_EQ(iiop(parse_corbaloc("corbaloc::1.1@[fe80::a:b]/k"), 0),
            (IiopAddress{{1, 1}, "fe80::a:b", 2809}));
}

TEST(Corbaloc, ParsesSeveralAddresses) {
  const CorbalocUrl url = parse_corbaloc("corbaloc::a:1,iiop:1.1@b,:[::2]:3/k");
  ASSERT_EQ(url.addresses.size(), 3u);
  EXPECT_EQ(iiop(url, 0), (IiopAddress{{1, 0}, "a", 1}));
  EXPECT_EQ(iiop(url, 1), (IiopAddress{{1, 1}, "b", 2809}));
  EXPECT_EQ(iiop(url, 2), (IiopAddress{{1, 0}, "::2", 3}));
}

TEST(Corbaloc, DecodesPercentEscapesInTheKey) {
  const CorbalocUrl url = parse_corbaloc("corbaloc::h/%00%ffx%2F%2a");
  EXPECT_EQ(url.object_key, (Bytes{0x00, 0xff, 'x', '/', '*'}));
}

TEST(Corbaloc, AllowsAnEmptyKey) {
  EXPECT_TRUE(parse_corbaloc("corbaloc::h").object_key.empty());
  EXPECT_TRUE(parse_corbaloc("corbaloc::h/").object_key.empty());
}

TEST(Corbaloc, ParsesRir) {
  const CorbalocUrl url = parse_corbaloc("corbaloc:rir:/TradingService");
  ASSERT_EQ(url.addresses.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<RirAddress>(url.addresses[0]));
  EXPECT_EQ(url.object_key, test::str_bytes("TradingService"));
  EXPECT_EQ(parse_corbaloc("corbaloc:rir:").object_key, test::str_bytes("NameService"));
}

TEST(Corbaloc, MatchesSchemeAndProtocolInAnyCase) {
  EXPECT_EQ(iiop(parse_corbaloc("CorbaLoc:IIOP:h:1/k"), 0), (IiopAddress{{1, 0}, "h", 1}));
}

TEST(Corbaloc, KeepsUnknownProtocolsForLaterTransports) {
  const CorbalocUrl url = parse_corbaloc("corbaloc:ssliop:h:1,:h:2/k");
  EXPECT_EQ(std::get<OtherAddress>(url.addresses[0]), (OtherAddress{"ssliop", "h:1"}));
  EXPECT_EQ(corbaloc_to_reference(url).profiles.size(), 1u);
}

TEST(Corbaloc, FormatsWithEscapesAndParsesBack) {
  CorbalocUrl url;
  url.addresses = {IiopAddress{{1, 2}, "::1", 99}, IiopAddress{{1, 0}, "h", 2809}};
  url.object_key = {'a', ' ', '#', 0x00, 0xfe, '/', '%'};
  const std::string text = format_corbaloc(url);
  EXPECT_EQ(text, "corbaloc:iiop:1.2@[::1]:99,iiop:h:2809/a%20%23%00%FE/%25");
  EXPECT_EQ(parse_corbaloc(text), url);
}

TEST(Corbaloc, ConvertsToOneIiopProfilePerAddress) {
  const ObjectReference r =
      corbaloc_to_reference(parse_corbaloc("corbaloc::a:1,:1.2@b:2/K%01"));
  EXPECT_EQ(r.type_id, "");
  ASSERT_EQ(r.profiles.size(), 2u);
  const auto& first = std::get<IiopProfile>(r.profiles[0]);
  const auto& second = std::get<IiopProfile>(r.profiles[1]);
  EXPECT_EQ(first, (IiopProfile{{1, 0}, "a", 1, {'K', 0x01}, {}}));
  EXPECT_EQ(second, (IiopProfile{{1, 2}, "b", 2, {'K', 0x01}, {}}));
}

TEST(Corbaloc, RefusesToConvertRir) {
  EXPECT_EQ(test::minor_of<CORBA::BAD_PARAM>(
                [] { corbaloc_to_reference(parse_corbaloc("corbaloc:rir:/NameService")); }),
            minor::bad_param_bad_address);
}

TEST(Corbaloc, WritesAReferenceWithItsProfilesVersionsAndAlternateAddresses) {
  ObjectReference r;
  r.type_id = "IDL:Bank:1.0";
  IiopProfile first{{1, 2}, "a", 1, {'K', 0x01}, {}};
  first.components.push_back(
      encode_component(AlternateAddressComponent{"::1", 3}));
  r.profiles = {first, OpaqueProfile{99, {1, 2}}, IiopProfile{{1, 1}, "b", 2, {'K', 0x01}, {}}};
  const CorbalocUrl url = reference_to_corbaloc(r);
  EXPECT_EQ(format_corbaloc(url), "corbaloc:iiop:1.2@a:1,iiop:1.2@[::1]:3,iiop:1.1@b:2/K%01");
}

TEST(Corbaloc, RefusesReferencesAUrlCannotSay) {
  const auto refused = [](const ObjectReference& r) {
    return test::minor_of<CORBA::BAD_PARAM>([&] { reference_to_corbaloc(r); });
  };
  EXPECT_EQ(refused(ObjectReference{}), minor::bad_param_no_corbaloc);
  EXPECT_EQ(refused(ObjectReference{"IDL:X:1.0", {OpaqueProfile{99, {}}}}),
            minor::bad_param_no_corbaloc);
  EXPECT_EQ(refused(ObjectReference{"IDL:X:1.0",
                                    {IiopProfile{{1, 2}, "a", 1, {'A'}, {}},
                                     IiopProfile{{1, 2}, "b", 1, {'B'}, {}}}}),
            minor::bad_param_no_corbaloc);
}

TEST(Corbaname, ParsesLocationAndName) {
  const CorbanameUrl url = parse_corbaname("corbaname::ns.example.com:2900#a/b.kind");
  EXPECT_EQ(iiop(url.location, 0), (IiopAddress{{1, 0}, "ns.example.com", 2900}));
  EXPECT_EQ(url.location.object_key, test::str_bytes("NameService"));
  EXPECT_EQ(url.string_name, "a/b.kind");
}

TEST(Corbaname, KeepsAnExplicitKeyAndDecodesTheName) {
  const CorbanameUrl url = parse_corbaname("corbaname:rir:/NamingRoot#x%20y%5C.z");
  EXPECT_TRUE(std::holds_alternative<RirAddress>(url.location.addresses[0]));
  EXPECT_EQ(url.location.object_key, test::str_bytes("NamingRoot"));
  EXPECT_EQ(url.string_name, "x y\\.z");
}

TEST(Corbaname, AllowsNoName) {
  const CorbanameUrl url = parse_corbaname("corbaname::h");
  EXPECT_EQ(url.string_name, "");
  EXPECT_EQ(url.location.object_key, test::str_bytes("NameService"));
}

TEST(Corbaname, FormatsAndParsesBack) {
  CorbanameUrl url;
  url.location.addresses = {IiopAddress{{1, 1}, "h", 5}};
  url.location.object_key = test::str_bytes("NameService");
  url.string_name = "dir/obj.kind with space";
  const std::string text = format_corbaname(url);
  EXPECT_EQ(text, "corbaname:iiop:1.1@h:5/NameService#dir/obj.kind%20with%20space");
  EXPECT_EQ(parse_corbaname(text), url);
}

std::uint32_t loc_minor(const std::string& text) {
  return test::minor_of<CORBA::BAD_PARAM>([&] { parse_corbaloc(text); });
}

TEST(CorbalocErrors, RejectsOtherSchemes) {
  EXPECT_EQ(loc_minor("corbalox::h/k"), minor::bad_param_bad_scheme);
  EXPECT_EQ(loc_minor("IOR:00"), minor::bad_param_bad_scheme);
  EXPECT_EQ(loc_minor(""), minor::bad_param_bad_scheme);
  EXPECT_EQ(test::minor_of<CORBA::BAD_PARAM>([] { parse_corbaname("corbaloc::h/k"); }),
            minor::bad_param_bad_scheme);
}

TEST(CorbalocErrors, RejectsBadAddresses) {
  for (const char* url : {
           "corbaloc:",               // no address
           "corbaloc:/k",             // empty address
           "corbaloc::/k",            // no host
           "corbaloc::h,/k",          // empty second address
           "corbaloc::h:/k",          // empty port
           "corbaloc::h:99999/k",     // port out of range
           "corbaloc::h:12a/k",       // port not a number
           "corbaloc::h:-1/k",        // negative port
           "corbaloc::2.0@h/k",       // unsupported version
           "corbaloc::1@h/k",         // version without minor
           "corbaloc::x.y@h/k",       // version not numeric
           "corbaloc::[::1/k",        // unclosed bracket
           "corbaloc::[]/k",          // empty IPv6
           "corbaloc::[zz::1]/k",     // not IPv6
           "corbaloc::[::1]x/k",      // junk after bracket
           "corbaloc::::1/k",         // IPv6 without brackets
           "corbaloc::h h/k",         // space in host
           "corbaloc:rir:,:h/k",      // rir mixed with iiop
           "corbaloc:rir:x/k",        // rir with an address
           "corbaloc:nocolon/k",      // no protocol
       }) {
    EXPECT_EQ(loc_minor(url), minor::bad_param_bad_address) << url;
  }
}

TEST(CorbalocErrors, RejectsBadKeys) {
  for (const char* url : {"corbaloc::h/%", "corbaloc::h/%4", "corbaloc::h/%zz",
                          "corbaloc::h/a b",
                          "corbaloc::h/a#b", "corbaloc::h/a\x01"}) {
    EXPECT_EQ(loc_minor(url), minor::bad_param_bad_schema_specific) << url;
  }
}

TEST(CorbalocErrors, RejectsBadNames) {
  EXPECT_EQ(test::minor_of<CORBA::BAD_PARAM>([] { parse_corbaname("corbaname::h#a%G0"); }),
            minor::bad_param_bad_schema_specific);
  EXPECT_EQ(test::minor_of<CORBA::BAD_PARAM>([] { parse_corbaname("corbaname::h#a#b"); }),
            minor::bad_param_bad_schema_specific);
}

TEST(CorbalocErrors, SaysWhereTheProblemIs) {
  try {
    parse_corbaloc("corbaloc::h/ab%4");
    FAIL() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_NE(e.detail().find("offset 14"), std::string::npos) << e.detail();
  }
}

}  // namespace
}  // namespace rtorb::ior
