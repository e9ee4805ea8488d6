// SPDX-License-Identifier: Apache-2.0
// tt-metal's ttnn/deprecated/tt_dnn/kernels/dataflow/generate_bcast_scalar.hpp
// (another path to it): the helpers of ttnn/kernel/dataflow/generate_bcast_scalar.hpp.
#ifndef TT_TTNN_DEPRECATED_TT_DNN_KERNELS_DATAFLOW_GENERATE_BCAST_SCALAR_HPP
#define TT_TTNN_DEPRECATED_TT_DNN_KERNELS_DATAFLOW_GENERATE_BCAST_SCALAR_HPP

#include "ttnn/kernel/dataflow/generate_bcast_scalar.hpp"

#endif
