// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's MetalContext, the process-wide
// object its tests ask about the machine: the cluster, the HAL, the
// run-time options, the system mesh, the fabric switch and its control
// plane; making it brings up the distributed world.
#pragma once

#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/experimental/fabric/control_plane.hpp>
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
	tt_fabric::ControlPlane &get_control_plane() { return control_plane_; }
	void
	set_fabric_config(tt_fabric::FabricConfig config,
			  tt_fabric::FabricReliabilityMode mode =
				  tt_fabric::FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE)
	{
		tt_fabric::SetFabricConfig(config, mode);
	}
	void initialize_fabric_config() {}
	// The process's distributed worlds: the job's (every rank the
	// launcher started) and the current one (this rank's sub-context
	// when the launcher split the job; tt-metal's
	// full_world_distributed_context() is that one too, despite its name).
	const distributed::multihost::DistributedContext &global_distributed_context()
	{
		return *distributed::multihost::DistributedContext::get_world_context();
	}
	const distributed::multihost::DistributedContext &full_world_distributed_context() const
	{
		return *distributed::multihost::DistributedContext::get_current_world();
	}
	std::shared_ptr<distributed::multihost::DistributedContext> get_distributed_context_ptr()
	{
		return distributed::multihost::DistributedContext::get_current_world();
	}
	ContextId get_context_id() const { return DEFAULT_CONTEXT_ID; }

private:
	// As tt-metal's does, the context brings up the process's distributed
	// world (distributed_context.hpp: over MPI under mpirun).
	MetalContext() { distributed::multihost::DistributedContext::get_current_world(); }
	Cluster cluster_;
	Hal hal_;
	llrt::RunTimeOptions options_;
	tt_fabric::ControlPlane control_plane_;
};

} // namespace tt::tt_metal
