/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Memory of a device: buffers on its bank managers (tt/bank.h,
 * tt/alloc.h) and the memory reports (tt/memory_report.h).  Builds on device/;
 * program/ builds on it.
 */
#ifndef TT_HOST_MEMORY_H
#define TT_HOST_MEMORY_H

#include <tt/buffer.h>

#include "device/device.h"

/*
 * TT_OK if @buf is a live buffer whose device is still open, else
 * TT_EINVAL (not a live buffer) or TT_ENODEV (its device was closed)
 * with the last error set on behalf of @fn.
 */
int tt_buf_check(const struct tt_buffer *buf, const char *fn);

#endif /* TT_HOST_MEMORY_H */
