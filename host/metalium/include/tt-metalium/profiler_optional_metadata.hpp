// SPDX-License-Identifier: Apache-2.0
// Names of ops by (device, program runtime id), handed to the profiler.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>

class ProfilerOptionalMetadata {
public:
	ProfilerOptionalMetadata(std::map<std::pair<int, uint32_t>, std::string> &&names)
	    : names_(std::move(names))
	{}
	const std::string &get_op_name(int device_id, uint32_t runtime_id) const
	{
		static const std::string none;
		auto it = names_.find({ device_id, runtime_id });
		return it == names_.end() ? none : it->second;
	}

private:
	std::map<std::pair<int, uint32_t>, std::string> names_;
};
