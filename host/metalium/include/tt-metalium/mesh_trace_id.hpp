// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::distributed {
using MeshTraceId = ttsl::StrongType<uint32_t, struct MeshTraceIdTag>;
}
