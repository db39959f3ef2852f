// Forwards to <rtorb/base/object_reference.hpp> (cdr/, below corba/, needs it); this path stays.
#pragma once

#include <rtorb/base/object_reference.hpp>
