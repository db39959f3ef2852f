// Shared by the rt tests: ORBs with real-time options, a servant that reports its upcall
// thread's scheduling, and how a test says it needs real-time priorities.
#pragma once

#include <gtest/gtest.h>

#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <string>
#include <vector>

#include "probe_servant.hpp"

namespace rt_test {

// A fresh ORB (its own id) with the given -ORB options.
IDL::traits<CORBA::ORB>::ref_type make_orb(std::vector<std::string> options = {});

IDL::traits<RTCORBA::RTORB>::ref_type rt_orb(const IDL::traits<CORBA::ORB>::ref_type& orb);
IDL::traits<RTCORBA::Current>::ref_type rt_current(const IDL::traits<CORBA::ORB>::ref_type& orb);
IDL::traits<PortableServer::POA>::ref_type root_poa(const IDL::traits<CORBA::ORB>::ref_type& orb);

// A child of the RootPOA (whose manager it shares) with `model` at `priority` on `pool`.
IDL::traits<PortableServer::POA>::ref_type make_rt_poa(const IDL::traits<CORBA::ORB>::ref_type& orb,
                                                       const std::string& name,
                                                       RTCORBA::PriorityModel model,
                                                       RTCORBA::Priority priority,
                                                       RTCORBA::ThreadpoolId pool);

// The native priority the ORB's mapping gives `priority` (linear onto SCHED_FIFO 1..99).
int linear_fifo(RTCORBA::Priority priority);

// Skips the test, saying so, where the process may not use SCHED_FIFO.
#define RT_TEST_NEEDS_REAL_TIME(orb)                                                    \
  if (!rtorb::rt::real_time_scheduling(*(orb))) {                                      \
    GTEST_SKIP() << "SKIPPED: real-time scheduling is not permitted here (root, "       \
                    "CAP_SYS_NICE or an rtprio limit is needed)";                       \
  }

}  // namespace rt_test
