// SPDX-License-Identifier: Apache-2.0
/*
 * Device 2.0 semaphore object (tt-metal api/dataflow/noc_semaphore.h):
 * Semaphore<core_type>(id) names semaphore id of this core (the host's
 * CreateSemaphore) and wraps the semaphore calls of the dataflow API.
 *
 * up(value) and down(value) change the local semaphore without atomics, as
 * upstream (two RISCs of one core must not race on it); down sleeps until
 * the value is large enough, then subtracts.  up(noc, x, y, value) is an
 * atomic increment on core (x, y).  wait, wait_min, set, set_multicast,
 * relay_unicast, relay_multicast and inc_multicast are the semaphore calls
 * of the same names.
 */
#ifndef TT_API_DATAFLOW_NOC_SEMAPHORE_H
#define TT_API_DATAFLOW_NOC_SEMAPHORE_H

#include <cstdint>

#include "api/dataflow/noc.h"
#include "api/debug/assert.h"

template <ProgrammableCoreType core_type = ProgrammableCoreType::TENSIX>
class Semaphore {
	template <ProgrammableCoreType>
	friend class Semaphore;

	uint32_t addr_;

	volatile uint32_t *ptr() const { return reinterpret_cast<volatile uint32_t *>(addr_); }

public:
	explicit Semaphore(uint32_t semaphore_id) : addr_(get_semaphore<core_type>(semaphore_id)) {}

	void up(uint32_t value) { noc_semaphore_set(ptr(), *ptr() + value); }

	void up(const Noc &noc, uint32_t noc_x, uint32_t noc_y, uint32_t value,
		uint8_t vc = NOC_UNICAST_WRITE_VC)
	{
		noc_semaphore_inc(::get_noc_addr(noc_x, noc_y, addr_, noc.get_noc_id()), value,
				  noc.get_noc_id(), vc);
	}

	void down(uint32_t value)
	{
		noc_semaphore_wait_min(ptr(), value);
		*ptr() -= value;
	}

	void wait(uint32_t value) { noc_semaphore_wait(ptr(), value); }

	void wait_min(uint32_t value) { noc_semaphore_wait_min(ptr(), value); }

	void set(uint32_t value) { noc_semaphore_set(ptr(), value); }

	/* This semaphore's value into semaphore @dst_sem of core (x, y). */
	template <ProgrammableCoreType dst_core_type = core_type>
	void relay_unicast(const Noc &noc, const Semaphore<dst_core_type> &dst_sem, uint32_t noc_x,
			   uint32_t noc_y)
	{
		ASSERT(addr_ != dst_sem.addr_);
		noc_semaphore_set_remote(
			addr_, ::get_noc_addr(noc_x, noc_y, dst_sem.addr_, noc.get_noc_id()),
			noc.get_noc_id());
	}

	/* This semaphore's value into the same semaphore of a rectangle of cores. */
	template <NocOptions opts = NocOptions::DEFAULT>
	void set_multicast(const Noc &noc, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
			   uint32_t num_dests, bool linked = false)
	{
		multicast<opts>(noc, addr_, x0, y0, x1, y1, num_dests, linked);
	}

	template <NocOptions opts = NocOptions::DEFAULT,
		  ProgrammableCoreType dst_core_type = core_type>
	void relay_multicast(const Noc &noc, const Semaphore<dst_core_type> &dst_sem, uint32_t x0,
			     uint32_t y0, uint32_t x1, uint32_t y1, uint32_t num_dests,
			     bool linked = false)
	{
		ASSERT(addr_ != dst_sem.addr_);
		multicast<opts>(noc, dst_sem.addr_, x0, y0, x1, y1, num_dests, linked);
	}

	/* Add @value to this semaphore on every core of the rectangle but this one. */
	void inc_multicast(const Noc &noc, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
			   uint32_t value, uint32_t num_dests)
	{
		noc_semaphore_inc_multicast(
			::get_noc_multicast_addr(x0, y0, x1, y1, addr_, noc.get_noc_id()), value,
			num_dests, noc.get_noc_id());
	}

private:
	template <NocOptions opts>
	void multicast(const Noc &noc, uint32_t dst_addr, uint32_t x0, uint32_t y0, uint32_t x1,
		       uint32_t y1, uint32_t num_dests, bool linked)
	{
		uint64_t to = ::get_noc_multicast_addr(x0, y0, x1, y1, dst_addr, noc.get_noc_id());

		if constexpr (has_flag(opts, NocOptions::MCAST_INCL_SRC))
			noc_semaphore_set_multicast_loopback_src(addr_, to, num_dests, linked,
								 noc.get_noc_id());
		else
			noc_semaphore_set_multicast(addr_, to, num_dests, linked, noc.get_noc_id());
	}
};

#endif
