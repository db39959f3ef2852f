// IDL::traits<T> for every basic, string, sequence and array type: those of
// <rtorb/base/idl_traits.hpp> (which corba/ needs) and of the bounded ones (idl/bounded.hpp).
#pragma once

#include <rtorb/base/idl_traits.hpp>
#include <rtorb/idl/bounded.hpp>
