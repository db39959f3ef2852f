// RTCurrent and the RTORB's options: the spec's errors, and a priority set on a thread is
// its native priority at once.
#include <pthread.h>

#include <rtorb/corba/minor_code.hpp>

#include <thread>

#include "rt_test_support.hpp"

using namespace rt_test;

namespace {

struct Native {
  int policy = 0;
  int priority = 0;
};

Native native_now() {
  Native n;
  sched_param param{};
  pthread_getschedparam(pthread_self(), &n.policy, &param);
  n.priority = param.sched_priority;
  return n;
}

}  // namespace

TEST(RtCurrent, ReadingBeforeSettingRaisesInitialize) {
  auto orb = make_orb();
  auto current = rt_current(orb);
  ASSERT_TRUE(current);
  std::thread fresh([&] {
    try {
      current->the_priority();
      ADD_FAILURE() << "no exception";
    } catch (const CORBA::INITIALIZE& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::initialize_priority_unset);
    }
  });
  fresh.join();
  orb->destroy();
}

TEST(RtCurrent, ANegativePriorityIsBadParam) {
  auto orb = make_orb();
  try {
    rt_current(orb)->the_priority(-5);
    ADD_FAILURE() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_bad_priority);
  }
  orb->destroy();
}

TEST(RtCurrent, APriorityTheMappingRefusesIsDataConversion) {
  auto orb = make_orb({"-ORBPriorityMapping", "direct"});
  std::thread t([&] {
    try {
      rt_current(orb)->the_priority(20000);  // not a SCHED_FIFO priority
      ADD_FAILURE() << "no exception";
    } catch (const CORBA::DATA_CONVERSION& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::data_conversion_priority_mapping);
    }
  });
  t.join();
  orb->destroy();
}

TEST(RtCurrent, SettingAPriorityRunsTheThreadAtItsNativePriority) {
  auto orb = make_orb();
  RT_TEST_NEEDS_REAL_TIME(orb);
  auto current = rt_current(orb);
  std::thread t([&] {
    current->the_priority(20000);
    EXPECT_EQ(current->the_priority(), 20000);
    const Native n = native_now();
    EXPECT_EQ(n.policy, SCHED_FIFO);
    EXPECT_EQ(n.priority, linear_fifo(20000));
  });
  t.join();
  orb->destroy();
}

TEST(RtCurrent, AnInstalledMappingIsUsedFromThenOn) {
  struct Constant final : RTCORBA::PriorityMapping {
    bool to_native(RTCORBA::Priority, RTCORBA::NativePriority& n) override {
      n = 7;
      return true;
    }
    bool to_CORBA(RTCORBA::NativePriority, RTCORBA::Priority& p) override {
      p = 0;
      return true;
    }
  };
  auto orb = make_orb();
  RT_TEST_NEEDS_REAL_TIME(orb);
  rtorb::rt::install_priority_mapping(*orb, std::make_shared<Constant>());
  std::thread t([&] {
    rt_current(orb)->the_priority(30000);
    EXPECT_EQ(native_now().priority, 7);
  });
  t.join();
  orb->destroy();
}

TEST(RtOptions, BadValuesAreBadParamNamingTheOption) {
  for (const auto& [option, value] : {std::pair{"-ORBPriorityMapping", "quadratic"},
                                      std::pair{"-ORBSchedPolicy", "deadline"},
                                      std::pair{"-ORBLaneEndpoint", "high=iiop://:0"}}) {
    try {
      make_orb({option, value});
      ADD_FAILURE() << option << " " << value << " accepted";
    } catch (const CORBA::BAD_PARAM& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::bad_param_bad_rt_option);
      EXPECT_NE(std::string(e.what()).find(option), std::string::npos) << e.what();
    }
  }
}

TEST(RtOptions, SchedOtherRunsEveryPriorityWithNormalScheduling) {
  auto orb = make_orb({"-ORBSchedPolicy", "other"});
  EXPECT_FALSE(rtorb::rt::real_time_scheduling(*orb));
  std::thread t([&] {
    rt_current(orb)->the_priority(30000);
    EXPECT_EQ(native_now().policy, SCHED_OTHER);
  });
  t.join();
  orb->destroy();
}
