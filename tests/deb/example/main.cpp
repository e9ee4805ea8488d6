// SPDX-License-Identifier: Apache-2.0
//
// Add two vectors of random uint32 on one core's BRISC and check every sum
// against the host's.  Built against the installed packages by
// tests/deb/test-deb.sh.
#include <cstdio>
#include <random>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main()
{
	const uint32_t page = 1024, pages = 8, n = page * pages / 4;
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto &cq = dev->mesh_command_queue();
	distributed::DeviceLocalBufferConfig local{ .page_size = page,
						    .buffer_type = BufferType::DRAM };
	distributed::ReplicatedBufferConfig size{ .size = page * pages };
	auto a = distributed::MeshBuffer::create(size, local, dev.get());
	auto b = distributed::MeshBuffer::create(size, local, dev.get());
	auto c = distributed::MeshBuffer::create(size, local, dev.get());

	std::mt19937 rng(27);
	std::vector<uint32_t> va(n), vb(n), vc;
	for (uint32_t i = 0; i < n; i++) {
		va[i] = rng();
		vb[i] = rng();
	}
	distributed::EnqueueWriteMeshBuffer(cq, a, va, false);
	distributed::EnqueueWriteMeshBuffer(cq, b, vb, false);

	Program program = CreateProgram();
	CoreCoord core{ 0, 0 };
	CreateCircularBuffer(
		program, core,
		CircularBufferConfig(2 * page, { { tt::CBIndex::c_0, tt::DataFormat::UInt32 } })
			.set_page_size(tt::CBIndex::c_0, page));
	KernelHandle k =
		CreateKernel(program, KERNEL_DIR "/add.cpp", core,
			     DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						 .noc = NOC::RISCV_0_default });
	SetRuntimeArgs(program, k, core,
		       { (uint32_t)a->address(), (uint32_t)b->address(), (uint32_t)c->address(),
			 pages, page });
	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	distributed::EnqueueMeshWorkload(cq, workload, false);
	distributed::EnqueueReadMeshBuffer(cq, vc, c, true);
	dev->close();

	if (vc.size() != n) {
		std::printf("add_vectors: read %zu values back, expected %u\n", vc.size(), n);
		return 1;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (vc[i] != va[i] + vb[i]) {
			std::printf("add_vectors: c[%u] = %u, expected %u + %u = %u\n", i, vc[i],
				    va[i], vb[i], va[i] + vb[i]);
			return 1;
		}
	}
	std::printf("add_vectors: %u sums on core (0,0) match the host's\n", n);
	return 0;
}
