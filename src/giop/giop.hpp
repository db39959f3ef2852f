// Everything the giop layer offers, for code that uses most of it (tools, the transport).
#pragma once

#include "giop/fragments.hpp"
#include "giop/message_codec.hpp"
#include "giop/message_header.hpp"
#include "giop/messages.hpp"
#include "giop/service_context.hpp"
#include "giop/system_exception_body.hpp"
#include "giop/target_address.hpp"
