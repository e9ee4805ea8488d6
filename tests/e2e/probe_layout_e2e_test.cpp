// SPDX-License-Identifier: Apache-2.0
//
// Probe: tilize and untilize in a compute kernel, and pack_untilize, over
// a row-major tensor stored one row per page (kernels/probe/layout_*.cpp),
// with a DPRINT TileSlice of the tilized tile.  The tiles must be the
// host's tilize_nfaces of the input bit for bit, both untilized outputs
// the input again, and the printed slice the input's elements.
#include <criterion/criterion.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tilize_utils.hpp>

using namespace tt::tt_metal;

#define KERNEL(name) TT_TEST_KERNELS "/probe/" name

static std::shared_ptr<distributed::MeshBuffer> dram(distributed::MeshDevice *dev, uint64_t size,
						     uint64_t page)
{
	distributed::DeviceLocalBufferConfig local{ .page_size = page,
						    .buffer_type = BufferType::DRAM };
	return distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{ .size = size },
					       local, dev);
}

static void cb(Program &p, CoreCoord core, uint32_t index, uint32_t pages)
{
	CreateCircularBuffer(
		p, core,
		CircularBufferConfig(pages * 2048, { { index, tt::DataFormat::Float16_b } })
			.set_page_size(index, 2048));
}

Test(probe, tilize_untilize_pack_untilize_and_tile_slice)
{
	const uint32_t wt = 4, row_bytes = wt * 64;
	char log[] = "/tmp/tt-probe-dprint-XXXXXX";
	int fd = mkstemp(log);
	cr_assert_geq(fd, 0);
	close(fd);
	setenv("TT_METAL_DPRINT_CORES", "0,0", 1);
	setenv("TT_METAL_DPRINT_FILE", log, 1);
	setenv("TT_METAL_DPRINT_PREPEND_DEVICE_CORE_RISC", "0", 1);

	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto &cq = dev->mesh_command_queue();
	auto src = dram(dev.get(), 32 * row_bytes, row_bytes);
	auto out_tiles = dram(dev.get(), wt * 2048, 2048);
	auto out_rows1 = dram(dev.get(), 32 * row_bytes, row_bytes);
	auto out_rows2 = dram(dev.get(), 32 * row_bytes, row_bytes);

	std::vector<bfloat16> in(32 * wt * 32);
	for (size_t i = 0; i < in.size(); i++)
		in[i] = bfloat16((float)(int)((i * 7919) % 512) / 8.0f - 32.0f);
	distributed::EnqueueWriteMeshBuffer(cq, src, in, false);

	Program program = CreateProgram();
	CoreCoord core{ 0, 0 };
	cb(program, core, tt::CBIndex::c_0, wt);
	cb(program, core, tt::CBIndex::c_1, wt);
	for (uint32_t i = tt::CBIndex::c_16; i <= tt::CBIndex::c_18; i++)
		cb(program, core, i, wt);

	std::vector<uint32_t> rct, wct;
	TensorAccessorArgs(*src).append_to(rct);
	rct.push_back(wt);
	TensorAccessorArgs(*out_tiles).append_to(wct);
	TensorAccessorArgs(*out_rows1).append_to(wct);
	TensorAccessorArgs(*out_rows2).append_to(wct);
	wct.push_back(wt);
	auto rd = CreateKernel(program, KERNEL("layout_reader.cpp"), core,
			       DataMovementConfig{ .processor = DataMovementProcessor::RISCV_1,
						   .noc = NOC::RISCV_1_default,
						   .compile_args = rct });
	auto wr = CreateKernel(program, KERNEL("layout_writer.cpp"), core,
			       DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						   .noc = NOC::RISCV_0_default,
						   .compile_args = wct });
	CreateKernel(program, KERNEL("layout_compute.cpp"), core,
		     ComputeConfig{ .compile_args = { wt } });
	SetRuntimeArgs(program, rd, core, { (uint32_t)src->address() });
	SetRuntimeArgs(program, wr, core,
		       { (uint32_t)out_tiles->address(), (uint32_t)out_rows1->address(),
			 (uint32_t)out_rows2->address() });

	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	distributed::EnqueueMeshWorkload(cq, workload, false);
	std::vector<bfloat16> tiles, rows1, rows2;
	distributed::EnqueueReadMeshBuffer(cq, tiles, out_tiles, true);
	distributed::EnqueueReadMeshBuffer(cq, rows1, out_rows1, true);
	distributed::EnqueueReadMeshBuffer(cq, rows2, out_rows2, true);
	dev->close();
	unsetenv("TT_METAL_DPRINT_CORES");
	unsetenv("TT_METAL_DPRINT_FILE");
	unsetenv("TT_METAL_DPRINT_PREPEND_DEVICE_CORE_RISC");

	// The host tilizes the 32 x (32 * wt) tensor one 32 x 32 tile at a time.
	std::vector<bfloat16> want;
	for (uint32_t t = 0; t < wt; t++) {
		std::vector<bfloat16> one(1024);
		for (int r = 0; r < 32; r++)
			for (int c = 0; c < 32; c++)
				one[r * 32 + c] = in[r * wt * 32 + t * 32 + c];
		auto ti = tilize_nfaces(one, 32, 32);
		want.insert(want.end(), ti.begin(), ti.end());
	}
	cr_assert(tiles == want, "tilize_block differs from tilize_nfaces");
	cr_assert(rows1 == in, "untilize_block did not give the rows back");
	cr_assert(rows2 == in, "pack_untilize_block did not give the rows back");

	// Rows 0, 8, 16, 24 of tile 0, columns 0, 8, 16, 24.
	std::ifstream f(log);
	std::string line;
	int r = 0;
	while (std::getline(f, line) && r < 4) {
		std::istringstream words(line);
		float v;
		int c = 0;
		while (words >> v) {
			float w = static_cast<float>(in[(r * 8) * wt * 32 + c * 8]);
			cr_assert_eq(v, w, "slice [%d][%d]: %g, want %g (%s)", r * 8, c * 8, v, w,
				     line.c_str());
			c++;
		}
		cr_assert_eq(c, 4, "slice row %d has %d values: %s", r, c, line.c_str());
		r++;
	}
	cr_assert_eq(r, 4, "the slice printed %d rows", r);
	unlink(log);
}
