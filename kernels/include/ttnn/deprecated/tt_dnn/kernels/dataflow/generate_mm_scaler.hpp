// SPDX-License-Identifier: Apache-2.0
// tt-metal's ttnn/deprecated/tt_dnn/kernels/dataflow/generate_mm_scaler.hpp
// (another path to it): the helpers of ttnn/kernel/dataflow/generate_mm_scaler.hpp.
#ifndef TT_TTNN_DEPRECATED_TT_DNN_KERNELS_DATAFLOW_GENERATE_MM_SCALER_HPP
#define TT_TTNN_DEPRECATED_TT_DNN_KERNELS_DATAFLOW_GENERATE_MM_SCALER_HPP

#include "ttnn/kernel/dataflow/generate_mm_scaler.hpp"

#endif
