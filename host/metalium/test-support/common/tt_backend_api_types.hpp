// SPDX-License-Identifier: Apache-2.0
// Test support (README.md): included by that name from tt-metal's tree.
#pragma once

#include <tt-metalium/tt_backend_api_types.hpp>
