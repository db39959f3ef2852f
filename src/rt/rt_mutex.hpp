// RTCORBA::Mutex: a pthread mutex with the priority-inheritance protocol, so a thread that
// holds it runs at the priority of the highest thread waiting for it.
#pragma once

#include <rtorb/rt/rtcorba.hpp>

namespace rtorb::rt {

// Raises NO_RESOURCES when the system cannot make one.
CORBA::object_reference<RTCORBA::Mutex> make_rt_mutex();

}  // namespace rtorb::rt
