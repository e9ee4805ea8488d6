// SPDX-License-Identifier: Apache-2.0
// Test support (README.md): tt-metal's low-level runtime header.
#pragma once

#include "llrt/hal.hpp"
#include "llrt/rtoptions.hpp"
#include "llrt/tt_cluster.hpp"
