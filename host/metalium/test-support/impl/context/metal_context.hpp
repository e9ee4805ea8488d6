// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's MetalContext, the process-wide
// object its tests ask about the machine: the cluster, the HAL, the
// run-time options, the system mesh and the fabric switch.
#pragma once

#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/system_mesh.hpp>

#include "impl/context/context_types.hpp"
#include "llrt/hal.hpp"
#include "llrt/rtoptions.hpp"
#include "llrt/tt_cluster.hpp"

namespace tt::tt_metal {

class MetalContext {
public:
	static MetalContext &instance(ContextId = DEFAULT_CONTEXT_ID)
	{
		static MetalContext context;
		return context;
	}
	MetalContext(const MetalContext &) = delete;
	MetalContext &operator=(const MetalContext &) = delete;

	Cluster &get_cluster() { return cluster_; }
	Hal &hal() { return hal_; }
	llrt::RunTimeOptions &rtoptions() { return options_; }
	distributed::SystemMesh &get_system_mesh() { return distributed::SystemMesh::instance(); }
	tt_fabric::FabricConfig get_fabric_config() const { return tt_fabric::GetFabricConfig(); }
	void initialize_fabric_config() {}
	ContextId get_context_id() const { return DEFAULT_CONTEXT_ID; }

private:
	MetalContext() = default;
	Cluster cluster_;
	Hal hal_;
	llrt::RunTimeOptions options_;
};

} // namespace tt::tt_metal
