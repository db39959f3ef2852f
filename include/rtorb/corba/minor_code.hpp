// Forwards to <rtorb/base/minor_code.hpp> (cdr/, below corba/, needs it); this path stays.
#pragma once

#include <rtorb/base/minor_code.hpp>
