// Forwards to <rtorb/base/value_base.hpp> (cdr/, below corba/, needs it); this path stays.
#pragma once

#include <rtorb/base/value_base.hpp>
