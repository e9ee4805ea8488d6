// SPDX-License-Identifier: Apache-2.0
//
// The process's DistributedContext (tt-metalium/distributed_context.hpp):
// the MPI one (mpi_context.cpp) when the process was launched by mpirun
// or asks for it, otherwise a single process, rank 0 of a world of one
// (detail::mpi_wanted; docs/decisions.md, "One process unless launched by
// mpirun").  The single-process context's collectives do what they do
// with one rank; messages to another rank cannot be delivered and throw
// saying so.
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <vector>

#include <tt-metalium/distributed_context.hpp>
#include <tt_stl/assert.hpp>

#include "distributed_context_impl.hpp"

namespace tt::tt_metal::distributed::multihost {

namespace {

class SingleProcessContext : public DistributedContext {
public:
	SingleProcessContext() { id_ = generate_unique_id(); }

	Rank rank() const override { return Rank(0); }
	Size size() const override { return Size(1); }
	bool supports_fault_tolerance() const override { return false; }

	void barrier() const override {}

	void send(ttsl::Span<std::byte>, Rank dest, Tag) const override { no_peer("send", dest); }
	void ssend(ttsl::Span<std::byte>, Rank dest, Tag) const override { no_peer("ssend", dest); }
	void recv(ttsl::Span<std::byte>, Rank source, Tag) const override
	{
		no_peer("recv", source);
	}
	RequestPtr isend(ttsl::Span<std::byte>, Rank dest, Tag) const override
	{
		no_peer("isend", dest);
	}
	RequestPtr irecv(ttsl::Span<std::byte>, Rank source, Tag) const override
	{
		no_peer("irecv", source);
	}

	// Rank 0 is the root and every receiver.
	void broadcast(ttsl::Span<std::byte>, Rank root) const override
	{
		check_rank("broadcast", root);
	}
	void gather(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
		    Rank root) const override
	{
		check_rank("gather", root);
		copy("gather", send_buf, recv_buf);
	}
	void scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
		     Rank root) const override
	{
		check_rank("scatter", root);
		copy("scatter", send_buf, recv_buf);
	}
	void all_gather(ttsl::Span<std::byte> send_buf,
			ttsl::Span<std::byte> recv_buf) const override
	{
		copy("all_gather", send_buf, recv_buf);
	}
	void all_to_all(ttsl::Span<std::byte> send_buf,
			ttsl::Span<std::byte> recv_buf) const override
	{
		copy("all_to_all", send_buf, recv_buf);
	}
	// A reduction over one rank is that rank's values.
	void all_reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp,
			DType) const override
	{
		copy("all_reduce", send_buf, recv_buf);
	}
	void reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp, DType,
		    Rank root) const override
	{
		check_rank("reduce", root);
		copy("reduce", send_buf, recv_buf);
	}
	void reduce_scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
			    ReduceOp, DType) const override
	{
		copy("reduce_scatter", send_buf, recv_buf);
	}
	void scan(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp,
		  DType) const override
	{
		copy("scan", send_buf, recv_buf);
	}

	ContextPtr duplicate() const override { return std::make_shared<SingleProcessContext>(); }
	// The one rank either joins a context of its own or, with an
	// undefined colour, none.
	ContextPtr split(Color color, Key) const override
	{
		if (*color == SPLIT_COLOR_UNDEFINED)
			return nullptr;
		return std::make_shared<SingleProcessContext>();
	}
	ContextPtr create_sub_context(ttsl::Span<int> ranks) const override
	{
		TT_FATAL(ranks.size() == 1 && ranks[0] == 0,
			 "create_sub_context: the single-process context has rank 0 only");
		return std::make_shared<SingleProcessContext>();
	}
	void translate_ranks_to_other_ctx(ttsl::Span<int> ranks, const ContextPtr &other_ctx,
					  ttsl::Span<int> translated_ranks) const override
	{
		TT_FATAL(other_ctx != nullptr, "translate_ranks_to_other_ctx: no other context");
		TT_FATAL(translated_ranks.size() >= ranks.size(),
			 "translate_ranks_to_other_ctx: {} ranks into room for {}", ranks.size(),
			 translated_ranks.size());
		for (size_t i = 0; i < ranks.size(); i++) {
			check_rank("translate_ranks_to_other_ctx", Rank(ranks[i]));
			translated_ranks[i] = 0;
		}
	}
	void abort(int error_code) const override { std::exit(error_code); }

	void revoke_and_shrink() override
	{
		TT_THROW("revoke_and_shrink: the single-process context of tensix-emu has no fault "
			 "tolerance (no other rank can fail)");
	}
	bool is_revoked() override { return false; }

	std::size_t snoop_incoming_msg_size(Rank source, Tag) const override
	{
		no_peer("snoop_incoming_msg_size", source);
	}

private:
	[[noreturn]] static void no_peer(const char *what, Rank other)
	{
		TT_THROW("{}: rank {}: this process is a job of one (a single-process distributed "
			 "context, rank 0 of 1); there is no other rank to exchange messages with. "
			 "Launch it with mpirun -np N (or set TT_EMU_MPI=1) for a context over MPI",
			 what, *other);
	}
	static void check_rank(const char *what, Rank r)
	{
		TT_FATAL(*r == 0,
			 "{}: rank {} does not exist: the single-process context has rank "
			 "0 only",
			 what, *r);
	}
	static void copy(const char *what, ttsl::Span<std::byte> from, ttsl::Span<std::byte> to)
	{
		TT_FATAL(to.size() == from.size(),
			 "{}: a {}-byte receive buffer for {} bytes from the one rank", what,
			 to.size(), from.size());
		std::copy(from.begin(), from.end(), to.begin());
	}
};

// The current world (a sub-context of the job's when the launcher split
// it) and the job's world, made on first use.
std::mutex world_lock;
ContextPtr world;
ContextPtr job_world;

void make_worlds(int argc, char **argv)
{
	if (detail::mpi_wanted()) {
		detail::mpi_create_worlds(argc, argv, world, job_world);
		return;
	}
	world = std::make_shared<SingleProcessContext>();
	job_world = world;
}

} // namespace

// Once per process: a second call keeps the world it has.
void DistributedContext::create(int argc, char **argv)
{
	std::lock_guard<std::mutex> g(world_lock);
	if (!world)
		make_worlds(argc, argv);
}

const ContextPtr &DistributedContext::get_current_world()
{
	std::lock_guard<std::mutex> g(world_lock);
	if (!world)
		make_worlds(0, nullptr);
	return world;
}

ContextPtr DistributedContext::get_world_context()
{
	std::lock_guard<std::mutex> g(world_lock);
	if (!world)
		make_worlds(0, nullptr);
	return job_world;
}

void DistributedContext::set_current_world(const ContextPtr &ctx)
{
	TT_FATAL(ctx != nullptr, "set_current_world: no context");
	std::lock_guard<std::mutex> g(world_lock);
	if (!job_world)
		job_world = ctx;
	world = ctx;
}

bool DistributedContext::is_initialized()
{
	std::lock_guard<std::mutex> g(world_lock);
	return world != nullptr;
}

Size DistributedContext::subcontext_size(SubcontextId subcontext_id) const
{
	TT_FATAL(*subcontext_id == 0, "sub-context {} does not exist: this context is its only one",
		 *subcontext_id);
	return size();
}

ttsl::Span<const int> DistributedContext::subcontext_sizes() const
{
	// Per thread, so a caller's span stays valid while it reads it.
	static thread_local int sizes[1];
	sizes[0] = *size();
	return ttsl::Span<const int>(sizes, 1);
}

Rank DistributedContext::local_to_world_rank(SubcontextId subcontext_id, Rank local_rank) const
{
	TT_FATAL(*subcontext_id == 0, "sub-context {} does not exist: this context is its only one",
		 *subcontext_id);
	TT_FATAL(*local_rank >= 0 && *local_rank < *size(), "rank {} of a context of {}",
		 *local_rank, *size());
	return local_rank;
}

DistributedContextId DistributedContext::generate_unique_id()
{
	static std::atomic<int> next{ 0 };
	return DistributedContextId(next++);
}

} // namespace tt::tt_metal::distributed::multihost
