// SPDX-License-Identifier: Apache-2.0
//
// ComputeHardwareConfig: how a compute kernel sets up the Tensix engine
// (unpack, math, pack).  Every compute kernel has one; the fields are the
// same on every architecture.
#pragma once

#include <tt-metalium/base_types.hpp>
#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>

namespace tt::tt_metal::experimental {

struct ComputeHardwareConfig {
	// Multiplication passes of the FPU: more passes, more mantissa bits.
	MathFidelity math_fidelity = MathFidelity::HiFi4;
	// Dest holds 32-bit values instead of 16-bit ones.
	bool fp32_dest_acc_en = false;
	// Dest as one buffer (twice the room, math and pack take turns)
	// instead of two halves math and pack use at once.
	bool dst_full_sync_en = false;
	// How exponents are reconciled when packing to Bfp8.
	bool bfp8_pack_precise = false;
	// Fast approximate SFPU functions instead of precise ones.
	bool math_approx_mode = false;

	// Per consumed DFB: unpack through SrcA/SrcB (Default) or straight to
	// Dest at full FP32 precision (UnpackToDestFp32, SFPU only).  The
	// choice exists only for a Float32 DFB this kernel consumes with
	// fp32_dest_acc_en set, and then must be made; elsewhere only Default
	// may be given.
	using UnpackToDestModes = Table<DFBSpecName, tt::tt_metal::UnpackToDestMode>;
	UnpackToDestModes unpack_to_dest_mode;
};

} // namespace tt::tt_metal::experimental
