// Prints a decoded GIOP message as text or as one JSON object.
#pragma once

#include "giop/messages.hpp"

#include <ostream>

namespace rtorb::tools {

void print_text(std::ostream& out, const giop::Message& message);
void print_json(std::ostream& out, const giop::Message& message);

}  // namespace rtorb::tools
