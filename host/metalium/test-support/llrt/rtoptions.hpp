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
	const std::string &get_kernel_dir() const { return get_root_dir(); }
	size_t get_pinned_memory_cache_limit_bytes() const { return pinned_limit_; }
	void set_pinned_memory_cache_limit_bytes(size_t b) { pinned_limit_ = b; }
	bool get_fast_dispatch() const
	{
		return std::getenv("TT_METAL_SLOW_DISPATCH_MODE") == nullptr;
	}

private:
	std::filesystem::path simulator_path_;
	mutable std::string root_;
	size_t pinned_limit_ = 0;
};

} // namespace tt::llrt
