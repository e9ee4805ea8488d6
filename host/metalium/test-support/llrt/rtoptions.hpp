// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's run-time options, as far as the
// tests read them.  The emulator runs its chips as silicon would be run:
// not a simulator, no watcher or DPRINT server of tt-metal's own.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <tt-metalium/dispatch_core_common.hpp>

namespace tt::llrt {

enum RunTimeDebugFeatures {
	RunTimeDebugFeatureDprint,
	RunTimeDebugFeatureReadDebugDelay,
	RunTimeDebugFeatureWriteDebugDelay,
	RunTimeDebugFeatureAtomicDebugDelay,
	RunTimeDebugFeatureEnableL1DataCache,
	RunTimeDebugFeatureCount
};

class RunTimeOptions {
public:
	bool get_simulator_enabled() const { return false; }
	// tt-metal's mock cluster (a cluster descriptor without silicon) is
	// not what runs here: the chips are emulated.
	bool get_mock_enabled() const { return false; }
	bool is_simulator_or_emulated() const { return false; }
	const std::filesystem::path &get_simulator_path() const { return simulator_path_; }
	tt_metal::DispatchCoreConfig get_dispatch_core_config() const { return {}; }
	bool get_feature_enabled(RunTimeDebugFeatures) const { return false; }
	bool get_watcher_enabled() const { return false; }
	const std::string &get_root_dir() const
	{
		const char *h = std::getenv("TT_METAL_HOME");
		root_ = h ? h : ".";
		if (!root_.empty() && root_.back() != '/')
			root_ += '/';
		return root_;
	}
	// TT_METAL_KERNEL_PATH, where tt-metal also looks for kernels, if set
	// (with a trailing '/'); the root otherwise.
	bool is_kernel_dir_specified() const
	{
		return std::getenv("TT_METAL_KERNEL_PATH") != nullptr;
	}
	const std::string &get_kernel_dir() const
	{
		const char *k = std::getenv("TT_METAL_KERNEL_PATH");
		if (!k)
			return get_root_dir();
		kernel_dir_ = k;
		if (!kernel_dir_.empty() && kernel_dir_.back() != '/')
			kernel_dir_ += '/';
		return kernel_dir_;
	}
	size_t get_pinned_memory_cache_limit_bytes() const { return pinned_limit_; }
	void set_pinned_memory_cache_limit_bytes(size_t b) { pinned_limit_ = b; }
	bool get_fast_dispatch() const
	{
		return std::getenv("TT_METAL_SLOW_DISPATCH_MODE") == nullptr;
	}

private:
	std::filesystem::path simulator_path_;
	mutable std::string root_;
	mutable std::string kernel_dir_;
	// TT_METAL_PINNED_MEMORY_CACHE_LIMIT_BYTES, 4 GiB when unset.
	static size_t pinned_limit_from_env()
	{
		const char *v = std::getenv("TT_METAL_PINNED_MEMORY_CACHE_LIMIT_BYTES");
		return v && *v ? static_cast<size_t>(std::strtoull(v, nullptr, 0))
			       : size_t(4) << 30;
	}
	size_t pinned_limit_ = pinned_limit_from_env();
};

} // namespace tt::llrt
