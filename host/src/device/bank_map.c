// SPDX-License-Identifier: Apache-2.0
/*
 * Where the banks of a device sit on the NoC: DRAM bank i at its
 * endpoint (hal/<arch>/tt_noc_map.h), L1 bank i on its worker core
 * (virtual coordinates), each with the offset the bank managers give it,
 * and the tables kernels read that from (hal/tt_bank_table.h), written
 * into every core's L1 when the device opens.
 */
#include <string.h>

#include "device/device.h"
#include "tt_bank_table.h"
#include "tt_noc_regs.h"

/*
 * tt_dev_num_banks() and tt_dev_bank_noc() serve libtt itself, on devices
 * it holds (an opening device is not registered yet); the public calls
 * check the handle first.
 */
uint32_t tt_dev_num_banks(const struct tt_device *dev, enum tt_buffer_type type)
{
	if (type == TT_BUFFER_DRAM)
		return dev->arch->dram_banks;
	if (type == TT_BUFFER_L1_SMALL)
		return dev->banks_ok ? tt_bank_count(&dev->banks, TT_BANK_L1_SMALL) : 0;
	return dev->banks_ok ? tt_bank_count(&dev->banks, TT_BANK_L1) : dev->nworkers;
}

uint32_t tt_device_num_banks(const struct tt_device *dev, enum tt_buffer_type type)
{
	return tt_dev_check(dev, "tt_device_num_banks") ? 0 : tt_dev_num_banks(dev, type);
}

int tt_dev_bank_noc(const struct tt_device *dev, enum tt_buffer_type type, uint32_t bank_id,
		    unsigned int noc, struct tt_core *noc_xy, int64_t *offset)
{
	const struct tt_arch *a = dev->arch;
	struct tt_bank_core c = { bank_id % dev->grid_x, bank_id / dev->grid_x };

	*offset = 0;
	*noc_xy = tt_core(0, 0);
	if (type == TT_BUFFER_DRAM) {
		uint32_t x, y;

		if (!a->dram_noc_x || !a->dram_noc_y)
			return TT_ENOSYS;
		x = a->dram_noc_x[bank_id];
		y = a->dram_noc_y[bank_id];
		*noc_xy = noc && a->dram_noc_mirrored
				  ? tt_core(a->noc_size_x - 1 - x, a->noc_size_y - 1 - y)
				  : tt_core(x, y);
		return dev->banks_ok ? tt_bank_offset(&dev->banks, TT_BANK_DRAM, bank_id, offset)
				     : TT_OK;
	}
	if (dev->banks_ok) {
		int rc = tt_bank_core_of(&dev->banks, tt_bank_type_of(type), bank_id, &c);

		if (!rc)
			rc = tt_bank_offset(&dev->banks, tt_bank_type_of(type), bank_id, offset);
		if (rc)
			return rc;
	}
	*noc_xy = tt_core(a->virtual_worker_x0 + c.x, a->virtual_worker_y0 + c.y);
	return TT_OK;
}

int tt_device_bank_noc(const struct tt_device *dev, enum tt_buffer_type type, uint32_t bank_id,
		       unsigned int noc, struct tt_core *noc_xy, int64_t *offset)
{
	int rc = tt_dev_check(dev, "tt_device_bank_noc");

	if (rc)
		return rc;
	if (!noc_xy || !offset)
		return tt_fail(TT_EINVAL, "tt_device_bank_noc: a result pointer is NULL");
	if (noc > 1 || bank_id >= tt_dev_num_banks(dev, type))
		return tt_fail(TT_ERANGE,
			       "tt_device_bank_noc: NoC %u, bank %u: there "
			       "are NoCs 0 and 1 and %u banks of type %d",
			       noc, bank_id, tt_dev_num_banks(dev, type), (int)type);
	if (tt_dev_bank_noc(dev, type, bank_id, noc, noc_xy, offset))
		return tt_fail(TT_ENOSYS,
			       "tt_device_bank_noc: %s describes no NoC "
			       "endpoints of its DRAM banks",
			       dev->arch->name);
	return TT_OK;
}

uint16_t tt_dev_noc_xy(struct tt_core c)
{
	return (uint16_t)(TT_FIELD_VAL(NOC, ADDR_MID, X, c.x) |
			  TT_FIELD_VAL(NOC, ADDR_MID, Y, c.y));
}

void tt_dev_write_bank_tables(struct tt_device *dev)
{
	struct tt_bank_table t;
	struct tt_core xy;
	int64_t off;

	memset(&t, 0, sizeof(t));
	t.magic = TT_BANK_TABLE_MAGIC;
	/* Kernels reach DRAM only where hal/ gives the banks' endpoints. */
	t.num_dram_banks = dev->arch->dram_noc_x ? tt_dev_num_banks(dev, TT_BUFFER_DRAM) : 0;
	t.num_l1_banks = tt_dev_num_banks(dev, TT_BUFFER_L1);
	if (t.num_l1_banks > TT_BANK_TABLE_MAX_L1)
		t.num_l1_banks = TT_BANK_TABLE_MAX_L1;
	for (unsigned int noc = 0; noc < 2; noc++) {
		for (uint32_t b = 0; b < t.num_dram_banks; b++) {
			if (tt_dev_bank_noc(dev, TT_BUFFER_DRAM, b, noc, &xy, &off))
				break;
			t.dram_bank_to_noc_xy[noc][b] = tt_dev_noc_xy(xy);
			t.bank_to_dram_offset[b] = (int32_t)off;
		}
		for (uint32_t b = 0; b < t.num_l1_banks; b++) {
			if (tt_dev_bank_noc(dev, TT_BUFFER_L1, b, noc, &xy, &off))
				break;
			t.l1_bank_to_noc_xy[noc][b] = tt_dev_noc_xy(xy);
			t.bank_to_l1_offset[b] = (int32_t)off;
		}
	}
	for (uint32_t c = 0; c < dev->ncores; c++)
		memcpy(tt_dev_l1(dev, c) + TT_MEM_BANK_TO_NOC_BASE, &t, sizeof(t));
}
