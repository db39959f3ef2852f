// What generated servant code (fooS.h / fooS.cpp) includes: the servant base, the server
// request skeletons read from and reply into, and the operation lookup.
#pragma once

#include <rtorb/idl/dispatch.hpp>
#include <rtorb/idl/in_sequence.hpp>
#include <rtorb/orb/server_request.hpp>
#include <rtorb/poa/servant.hpp>
