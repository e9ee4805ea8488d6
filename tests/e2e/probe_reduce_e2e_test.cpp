// SPDX-License-Identifier: Apache-2.0
//
// Probe: reduce and broadcast tiles with the scaler and operand tiles
// that ttnn's dataflow helpers make (generate_reduce_scaler and friends),
// as a tt-metal program writes them (kernels in kernels/probe/).  The
// host checks each of the seven result tiles against float arithmetic on
// the bfloat16 inputs, with bfloat16 rounding allowed.
#include <criterion/criterion.h>

#include <cmath>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tilize_utils.hpp>

using namespace tt::tt_metal;

#define KERNEL(name) TT_TEST_KERNELS "/probe/" name

static std::shared_ptr<distributed::MeshBuffer> dram(distributed::MeshDevice *dev, uint64_t size)
{
	distributed::DeviceLocalBufferConfig local{ .page_size = 2048,
						    .buffer_type = BufferType::DRAM };
	return distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{ .size = size },
					       local, dev);
}

static uint32_t packed(float v)
{
	return pack_two_bfloat16_into_uint32({ bfloat16(v), bfloat16(v) });
}

static void cb(Program &p, CoreCoord core, uint32_t index, uint32_t tiles)
{
	CreateCircularBuffer(
		p, core,
		CircularBufferConfig(tiles * 2048, { { index, tt::DataFormat::Float16_b } })
			.set_page_size(index, 2048));
}

// |got - want| within bfloat16 rounding of a sum of magnitudes @mag.
static void near(float got, double want, double mag, const char *what, int r, int c)
{
	cr_assert_leq(std::fabs(got - want), mag * 0.02 + 1e-3, "%s [%d][%d]: %g, want %g", what, r,
		      c, got, want);
}

Test(probe, reduce_and_broadcast_with_scaler_tiles)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto &cq = dev->mesh_command_queue();
	auto src = dram(dev.get(), 2 * 2048);
	auto dst = dram(dev.get(), 7 * 2048);

	// A 32 x 64 input: two tiles side by side, values in [-2, 2).
	std::vector<bfloat16> rm(32 * 64);
	for (size_t i = 0; i < rm.size(); i++)
		rm[i] = bfloat16((float)((i * 37) % 64) / 16.0f - 2.0f);
	std::vector<bfloat16> tiled;
	for (int t = 0; t < 2; t++) {
		std::vector<bfloat16> one(1024);
		for (int r = 0; r < 32; r++)
			for (int c = 0; c < 32; c++)
				one[r * 32 + c] = rm[r * 64 + t * 32 + c];
		auto ti = tilize_nfaces(one, 32, 32);
		tiled.insert(tiled.end(), ti.begin(), ti.end());
	}
	distributed::EnqueueWriteMeshBuffer(cq, src, tiled, false);

	Program program = CreateProgram();
	CoreCoord core{ 0, 0 };
	cb(program, core, tt::CBIndex::c_0, 2);
	for (uint32_t i = tt::CBIndex::c_2; i <= tt::CBIndex::c_7; i++)
		cb(program, core, i, 1);
	cb(program, core, tt::CBIndex::c_16, 2);
	cb(program, core, tt::CBIndex::c_24, 1);

	std::vector<uint32_t> rct, wct;
	TensorAccessorArgs(*src).append_to(rct);
	TensorAccessorArgs(*dst).append_to(wct);
	auto rd = CreateKernel(program, KERNEL("reduce_bcast_reader.cpp"), core,
			       DataMovementConfig{ .processor = DataMovementProcessor::RISCV_1,
						   .noc = NOC::RISCV_1_default,
						   .compile_args = rct });
	auto wr = CreateKernel(program, KERNEL("tiles_writer.cpp"), core,
			       DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						   .noc = NOC::RISCV_0_default,
						   .compile_args = wct });
	CreateKernel(program, KERNEL("reduce_bcast_compute.cpp"), core,
		     ComputeConfig{ .math_fidelity = MathFidelity::HiFi4 });
	SetRuntimeArgs(program, rd, core,
		       { (uint32_t)src->address(), packed(1.0f), packed(1.0f / 32), packed(2.0f),
			 packed(0.5f) });
	SetRuntimeArgs(program, wr, core, { (uint32_t)dst->address(), 7 });

	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	distributed::EnqueueMeshWorkload(cq, workload, false);
	std::vector<bfloat16> out;
	distributed::EnqueueReadMeshBuffer(cq, out, dst, true);
	cr_assert_eq(out.size(), 7u * 1024);
	auto tile = [&](int t) {
		return untilize_nfaces(
			std::vector<bfloat16>(out.begin() + t * 1024, out.begin() + (t + 1) * 1024),
			32, 32);
	};
	auto a = [&](int r, int c) { return (double)static_cast<float>(rm[r * 64 + c]); };

	auto rows = tile(0), cols = tile(1), avg = tile(2), mul = tile(3), add = tile(4),
	     sub = tile(5), mm = tile(6);
	double mean = 0, mag = 0;
	for (int c = 0; c < 32; c++) {
		double m = -INFINITY;
		for (int r = 0; r < 32; r++)
			m = std::max(m, a(r, c));
		cr_assert_eq(static_cast<float>(cols[c]), (float)m, "column %d max", c);
		// The average of the whole tile: row 0 holds the maxima, the rest 0.
		mean += m / 1024;
		mag += std::fabs(m) / 1024;
	}
	cr_assert_leq(std::fabs(static_cast<float>(avg[0]) - mean), mag * 0.02 + 1e-6,
		      "scalar average %g, want %g", static_cast<float>(avg[0]), mean);
	for (int r = 0; r < 32; r++) {
		double s64 = 0, s32 = 0, m64 = 0, m32 = 0;
		for (int c = 0; c < 64; c++) {
			s64 += a(r, c);
			m64 += std::fabs(a(r, c));
			if (c < 32) {
				s32 += a(r, c);
				m32 += std::fabs(a(r, c));
			}
		}
		near(static_cast<float>(rows[r * 32]), s64, m64, "row sum", r, 0);
		near(static_cast<float>(mm[r * 32]), s32, m32, "matmul row sum", r, 0);
		for (int c = 0; c < 32; c++) {
			cr_assert_eq(static_cast<float>(mul[r * 32 + c]), (float)(2 * a(r, c)));
			near(static_cast<float>(add[r * 32 + c]), a(r, c) + 1, 3, "row bcast", r,
			     c);
			near(static_cast<float>(sub[r * 32 + c]), a(r, c) - 0.5, 3, "col bcast", r,
			     c);
			if (c)
				cr_assert_eq(static_cast<float>(mm[r * 32 + c]), 0.0f,
					     "mm [%d][%d]", r, c);
		}
	}
	dev->close();
}
