// SPDX-License-Identifier: Apache-2.0
/* The smallest kernel: go, return, done. */
#include "dataflow_api.h"

void kernel_main(void)
{}
