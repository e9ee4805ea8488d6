// SPDX-License-Identifier: Apache-2.0
//
// The main of tt-metal's multi-process suites as tools/tt-metal-tests.py
// builds them (group multihost), in place of the folder's main.cpp.
//
// Upstream's main (multihost_main in tests/tt_metal/multihost/common)
// returns before running any case when the context has no fault tolerance,
// although the cases of single_host_mp_tests use none; Debian's Open MPI
// has no ULFM, so it would run nothing.  This one does the rest of what
// that main does: it makes the distributed world from the launcher's
// arguments, runs every case on every rank, prints each rank's result, and
// returns the worst result of all ranks on every rank.
#include <cstdio>

#include <gtest/gtest.h>
#include <tt-metalium/distributed_context.hpp>

int main(int argc, char **argv)
{
	using namespace tt::tt_metal::distributed::multihost;
	DistributedContext::create(argc, argv);
	::testing::InitGoogleTest(&argc, argv);
	int rc = RUN_ALL_TESTS();
	const auto &ctx = DistributedContext::get_current_world();
	int worst = rc;
	ctx->all_reduce<int>({ &rc, 1 }, { &worst, 1 }, ReduceOp::MAX);
	std::printf("[multihost] rank %d of %d finished: rc %d, worst of all ranks %d\n",
		    *ctx->rank(), *ctx->size(), rc, worst);
	std::fflush(stdout);
	return worst;
}
