// SPDX-License-Identifier: Apache-2.0
//
// Internal, not TT-Metalium API: tt-metal's direct dataflow-buffer calls
// (CreateDataflowBuffer and its config are in dataflow_buffer_impl.hpp).
#pragma once

#include <cstdint>

#include <tt-metalium/impl/dataflow_buffer/dataflow_buffer_impl.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/program.hpp>

namespace tt::tt_metal::experimental::dfb {

// Name @producer_kernel_handle and @consumer_kernel_handle as the two
// ends of DFB @dfb_id.  A Quasar call: on Wormhole a DFB is a circular
// buffer whose ends are whichever kernels use its index, so this throws.
void BindDataflowBufferToProducerConsumerKernels(Program &program, uint32_t dfb_id,
						 KernelHandle producer_kernel_handle,
						 KernelHandle consumer_kernel_handle);

} // namespace tt::tt_metal::experimental::dfb
