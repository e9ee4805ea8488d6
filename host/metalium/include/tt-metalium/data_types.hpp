// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <tt-metalium/tt_backend_api_types.hpp>
