// Forwards to <rtorb/base/exception.hpp> (cdr/, below corba/, needs it); this path stays.
#pragma once

#include <rtorb/base/exception.hpp>
