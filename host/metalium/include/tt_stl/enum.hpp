// SPDX-License-Identifier: Apache-2.0
//
// tt_stl's enum helpers, as far as TT-Metalium programs use them.
#pragma once

#include <type_traits>

namespace ttsl {

// The value of enumerator @e in its underlying integer type.
template <typename E>
requires std::is_enum_v<E>
constexpr std::underlying_type_t<E> as_underlying_type(E e)
{
	return static_cast<std::underlying_type_t<E>>(e);
}

} // namespace ttsl
