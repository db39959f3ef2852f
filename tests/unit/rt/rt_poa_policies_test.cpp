// The checks RT-CORBA asks of create_POA (InvalidPolicy with the index of the culprit).
#include "rt_test_support.hpp"

using namespace rt_test;

namespace {

struct PolicyFixture : ::testing::Test {
  IDL::traits<CORBA::ORB>::ref_type orb = make_orb();
  IDL::traits<RTCORBA::RTORB>::ref_type rt = rt_orb(orb);
  IDL::traits<PortableServer::POA>::ref_type root = root_poa(orb);
  RTCORBA::ThreadpoolId pool = rt->create_threadpool_with_lanes(
      0, {RTCORBA::ThreadpoolLane(100, 1, 0), RTCORBA::ThreadpoolLane(200, 1, 0)}, false, false,
      0, 0);
  ~PolicyFixture() override { orb->destroy(); }

  // The index InvalidPolicy names, or -1 if the POA was created.
  int refused_at(const CORBA::PolicyList& policies) {
    try {
      root->create_POA("p" + std::to_string(next_++), nullptr, policies);
      return -1;
    } catch (const PortableServer::POA::InvalidPolicy& e) {
      return e.index();
    }
  }
  auto model(RTCORBA::PriorityModel m, RTCORBA::Priority p) {
    return rt->create_priority_model_policy(m, p);
  }
  int next_ = 0;
};

}  // namespace

TEST_F(PolicyFixture, ServerDeclaredWithLanesNeedsALaneOfItsPriority) {
  EXPECT_EQ(refused_at({rt->create_threadpool_policy(pool),
                        model(RTCORBA::PriorityModel::SERVER_DECLARED, 150)}),
            1);
  EXPECT_EQ(refused_at({rt->create_threadpool_policy(pool),
                        model(RTCORBA::PriorityModel::SERVER_DECLARED, 200)}),
            -1);
}

TEST_F(PolicyFixture, LanesWithoutAPriorityModelAreRefused) {
  EXPECT_EQ(refused_at({root->create_lifespan_policy(PortableServer::LifespanPolicyValue::TRANSIENT),
                        rt->create_threadpool_policy(pool)}),
            1);
}

TEST_F(PolicyFixture, AnUnknownThreadpoolIsRefused) {
  EXPECT_EQ(refused_at({model(RTCORBA::PriorityModel::CLIENT_PROPAGATED, 0),
                        rt->create_threadpool_policy(pool + 100)}),
            1);
}

TEST_F(PolicyFixture, APrivateConnectionPolicyMeansNothingOnAPoa) {
  EXPECT_EQ(refused_at({rt->create_private_connection_policy()}), 0);
}

TEST_F(PolicyFixture, BandsMustEachHoldALaneAndBeInOrder) {
  const auto banded = [&](RTCORBA::PriorityBands bands) {
    return rt->create_priority_banded_connection_policy(bands);
  };
  const auto propagated = model(RTCORBA::PriorityModel::CLIENT_PROPAGATED, 100);
  EXPECT_EQ(refused_at({propagated, rt->create_threadpool_policy(pool),
                        banded({RTCORBA::PriorityBand(300, 400)})}),
            2);
  EXPECT_EQ(refused_at({propagated, banded({RTCORBA::PriorityBand(50, 10)})}), 1);
  EXPECT_EQ(refused_at({propagated, rt->create_threadpool_policy(pool),
                        banded({RTCORBA::PriorityBand(0, 150), RTCORBA::PriorityBand(151, 250)})}),
            -1);
}

TEST_F(PolicyFixture, ANegativeServerPriorityIsRefused) {
  EXPECT_EQ(refused_at({model(RTCORBA::PriorityModel::SERVER_DECLARED, -3)}), 0);
}

TEST_F(PolicyFixture, PolicyObjectsSayWhatTheyAre) {
  auto m = model(RTCORBA::PriorityModel::CLIENT_PROPAGATED, 42);
  EXPECT_EQ(m->policy_type(), RTCORBA::PRIORITY_MODEL_POLICY_TYPE);
  auto copy = IDL::traits<RTCORBA::PriorityModelPolicy>::narrow(m->copy());
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->server_priority(), 42);
  EXPECT_EQ(copy->priority_model(), RTCORBA::PriorityModel::CLIENT_PROPAGATED);
  auto tcp = rt->create_tcp_protocol_properties(1 << 16, 1 << 16, true, false, true, false);
  EXPECT_TRUE(tcp->no_delay());
  EXPECT_EQ(tcp->send_buffer_size(), 1 << 16);
  EXPECT_EQ(rt->create_threadpool_policy(pool)->threadpool(), pool);
}
