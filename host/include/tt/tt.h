/* SPDX-License-Identifier: Apache-2.0 */
/* libtt: everything a host program needs, in one include. */
#ifndef TT_TT_H
#define TT_TT_H

#include <tt/arch.h>
#include <tt/buffer.h>
#include <tt/cb.h>
#include <tt/core.h>
#include <tt/device.h>
#include <tt/error.h>
#include <tt/fwtest.h>
#include <tt/layout.h>
#include <tt/mesh_tensor.h>
#include <tt/program.h>
#include <tt/system.h>

#endif /* TT_TT_H */
