// Forwards to <rtorb/base/raise.hpp> (cdr/, below corba/, needs it); this path stays.
#pragma once

#include <rtorb/base/raise.hpp>
