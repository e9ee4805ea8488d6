// SPDX-License-Identifier: Apache-2.0
/*
 * The state of a run on a device: which cores were launched and have
 * reported done, and stopping a run whose cores do not finish (forced
 * reset, then wait until they are ready again).
 */
#include <string.h>

#include "device/device.h"

#define TT_REBOOT_TIMEOUT_MS 10000

void tt_dev_run_start(struct tt_device *dev)
{
	dev->failed = false;
	dev->run_icount = 0;
	dev->errors_len = 0;
	dev->errors_left_out = 0;
	dev->nwarned = 0;
	dev->nguest_seen = 0;
	dev->errors[0] = '\0';
	memset(&dev->first, 0, sizeof(dev->first));
	for (uint32_t c = 0; c < dev->ncores; c++)
		dev->core[c].launched = false;
	tt_prof_launch(dev);
}

bool tt_dev_run_done(const struct tt_device *dev)
{
	for (uint32_t c = 0; c < dev->ncores; c++)
		if (dev->core[c].launched && !dev->core[c].done)
			return false;
	return true;
}

/* Is core @c launched by @only (NULL: by any program)? */
static bool launched_by(const struct tt_device *dev, uint32_t c, const struct tt_program *only)
{
	return dev->core[c].launched && (!only || dev->core[c].prog == only);
}

void tt_dev_reset_unfinished(struct tt_device *dev, const struct tt_program *only)
{
	for (uint32_t c = 0; c < dev->ncores; c++) {
		struct tt_ctl_reset m = {
			.core = c,
			.boot_pc = TT_MEM_BRISC_FIRMWARE_BASE,
			.flags = TT_CTL_RESET_FORCE,
		};

		if (!launched_by(dev, c, only) || dev->core[c].done)
			continue;
		dev->core[c].ready = false;
		memset(dev->core[c].hart, 0, sizeof(dev->core[c].hart));
		if (tt_dev_send(dev, TT_CTL_RESET, &m, sizeof(m)))
			tt_dev_error(dev, TT_EDEVICE, c, 0, 0,
				     "core could not be "
				     "reset: the device connection is lost");
	}
	for (uint32_t c = 0; c < dev->ncores; c++) {
		while (launched_by(dev, c, only) && !dev->core[c].done && !dev->core[c].ready) {
			if (tt_dev_pump(dev, TT_REBOOT_TIMEOUT_MS) <= 0) {
				tt_dev_error(dev, TT_EDEVICE, c, 0, 0,
					     "core did not come back after reset");
				break;
			}
		}
	}
}

void tt_dev_stop_run(struct tt_device *dev, const struct tt_program *only, bool closing)
{
	uint32_t n = 0;

	if (!dev->ninflight)
		return;
	if (!closing)
		tt_dev_reset_unfinished(dev, only);
	for (uint32_t c = 0; c < dev->ncores; c++) {
		if (only && dev->core[c].prog != only)
			continue;
		dev->core[c].launched = false;
		dev->core[c].prog = NULL;
	}
	for (uint32_t i = 0; i < dev->ninflight; i++)
		if (only && dev->inflight[i] != only)
			dev->inflight[n++] = dev->inflight[i];
	dev->ninflight = n;
}
