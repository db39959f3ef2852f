// A GIOP 1.2 Request message built byte by byte (native little-endian order), so the demux
// benchmark can hand the ORB exactly what a connection would have read.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace demux {

// Request for `operation` on `object_key` with one long argument, response expected.
std::vector<std::uint8_t> giop_request(std::uint32_t request_id,
                                       std::span<const std::uint8_t> object_key,
                                       std::string_view operation, std::int32_t argument);

}  // namespace demux
