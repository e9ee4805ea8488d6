// SPDX-License-Identifier: Apache-2.0
//
// Group<T>: "some T's", where the order carries no meaning.  A std::vector
// for now, so every vector operation works on it; where the members of a
// group must be distinct, the API that takes the group checks that.
#pragma once

#include <vector>

namespace tt::tt_metal::experimental {

template <typename T>
using Group = std::vector<T>;

} // namespace tt::tt_metal::experimental
