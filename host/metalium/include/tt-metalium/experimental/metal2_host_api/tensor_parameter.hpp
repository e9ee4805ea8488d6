// SPDX-License-Identifier: Apache-2.0
//
// TensorParameter: a tensor the program works on, declared by its spec
// (one device's layout); the MeshTensor itself comes with each run, in
// ProgramRunArgs, and must match the spec.  Kernels reach it through a
// TensorAccessor built from the binding's name.
#pragma once

#include <string>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental {

// The name of a TensorParameter within its ProgramSpec.
using TensorParamName = ttsl::StrongType<std::string, struct TensorParamNameTag>;

struct TensorParameter {
	TensorParamName unique_id;
	tt::tt_metal::TensorSpec spec;
	TensorParameterAdvancedOptions advanced_options;
};

} // namespace tt::tt_metal::experimental
