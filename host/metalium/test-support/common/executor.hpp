// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's executor (tt_metal/common/
// executor.hpp), the part its tests use: detail::async(f) runs f on
// another thread and returns the std::future of its result.  tt-metal
// keeps a pool of worker threads (remade in a child after fork()); here
// each call gets a thread of its own that ends with the task, so a
// forked child, which has no threads of its parent, can call it at once.
#pragma once

#include <future>
#include <type_traits>
#include <utility>

namespace tt::tt_metal::detail {

template <typename F>
auto async(F &&f) -> std::future<std::invoke_result_t<std::decay_t<F>>>
{
	return std::async(std::launch::async, std::forward<F>(f));
}

} // namespace tt::tt_metal::detail
