// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's DistributedContext over MPI (Open MPI on Debian): one
// process per rank, launched by mpirun.  Every call is the MPI call of the
// same name on the context's communicator; every communicator returns its
// errors (MPI_ERRORS_RETURN) instead of aborting the job, and a failed
// call throws an MpiError naming the call, what it was asked to do, the
// rank and MPI's own error string.
//
// Reductions take the element types and operations MPI defines for them
// (MPI 4.0, 6.9.2): SUM and PROD on integers, floats and complex numbers;
// MAX and MIN on integers and floats; BAND and BOR on integers and bytes;
// LAND and LOR on integers and bools.  Any other pair is refused before MPI
// is called, saying so.
//
// Fault tolerance (revoking a communicator and shrinking it to the ranks
// still alive) needs MPI's ULFM extensions, which Debian's Open MPI does not
// have: supports_fault_tolerance() answers false and those calls throw.
// The C API only: not Open MPI's deprecated C++ bindings (libmpi_cxx).
#define OMPI_SKIP_MPICXX  1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <tt-metalium/distributed_context.hpp>
#include <tt_stl/assert.hpp>

#include "distributed_context_impl.hpp"

namespace tt::tt_metal::distributed::multihost {

namespace {

// This process's rank in MPI_COMM_WORLD, for the errors it reports.
int world_rank_of_process = 0;

bool mpi_finalized()
{
	int done = 0;
	MPI_Finalized(&done);
	return done != 0;
}

std::string mpi_error_string(int rc)
{
	char text[MPI_MAX_ERROR_STRING] = {};
	int len = 0;
	if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
		return fmt::format("MPI error {}", rc);
	return std::string(text, len);
}

class MpiError : public DistributedException {
public:
	MpiError(Rank rank, int code, std::string message, std::string error_string)
	    : rank_(rank), code_(code), message_(std::move(message)),
	      error_string_(std::move(error_string))
	{}
	Rank rank() const noexcept override { return rank_; }
	int error_code() const noexcept override { return code_; }
	const std::string &message() const noexcept override { return message_; }
	const std::string &error_string() const noexcept override { return error_string_; }

private:
	Rank rank_;
	int code_;
	std::string message_;
	std::string error_string_;
};

// Throw an MpiError if @rc is not MPI_SUCCESS: "<call> (<what>) failed on
// rank R of N: <MPI's error string>".
void check(int rc, const char *call, const std::string &what, int rank, int size)
{
	if (rc == MPI_SUCCESS)
		return;
	std::string error = mpi_error_string(rc);
	throw MpiError(
		Rank(world_rank_of_process), rc,
		fmt::format("{} ({}) failed on rank {} of {}: {}", call, what, rank, size, error),
		error);
}

const char *dtype_name(DType t)
{
	static const char *const names[] = {
		"INT8",	  "UINT8", "INT16",	    "UINT16",	      "INT32",
		"UINT32", "INT64", "UINT64",	    "FLOAT32",	      "FLOAT64",
		"BOOL",	  "BYTE",  "COMPLEX_FLOAT", "COMPLEX_DOUBLE",
	};
	auto i = static_cast<std::size_t>(t);
	return i < sizeof names / sizeof names[0] ? names[i] : "an unknown DType";
}

const char *op_name(ReduceOp op)
{
	static const char *const names[] = { "SUM",  "MAX", "MIN",  "PROD",
					     "LAND", "LOR", "BAND", "BOR" };
	auto i = static_cast<std::size_t>(op);
	return i < sizeof names / sizeof names[0] ? names[i] : "an unknown ReduceOp";
}

MPI_Datatype mpi_type(DType t)
{
	switch (t) {
	case DType::INT8:
		return MPI_INT8_T;
	case DType::UINT8:
		return MPI_UINT8_T;
	case DType::INT16:
		return MPI_INT16_T;
	case DType::UINT16:
		return MPI_UINT16_T;
	case DType::INT32:
		return MPI_INT32_T;
	case DType::UINT32:
		return MPI_UINT32_T;
	case DType::INT64:
		return MPI_INT64_T;
	case DType::UINT64:
		return MPI_UINT64_T;
	case DType::FLOAT32:
		return MPI_FLOAT;
	case DType::FLOAT64:
		return MPI_DOUBLE;
	case DType::BOOL:
		return MPI_C_BOOL;
	case DType::BYTE:
		return MPI_BYTE;
	case DType::COMPLEX_FLOAT:
		return MPI_C_FLOAT_COMPLEX;
	case DType::COMPLEX_DOUBLE:
		return MPI_C_DOUBLE_COMPLEX;
	}
	TT_THROW("no MPI datatype for DType {}", static_cast<int>(t));
}

std::size_t dtype_size(DType t)
{
	switch (t) {
	case DType::INT8:
	case DType::UINT8:
	case DType::BYTE:
		return 1;
	case DType::BOOL:
		return sizeof(bool);
	case DType::INT16:
	case DType::UINT16:
		return 2;
	case DType::INT32:
	case DType::UINT32:
	case DType::FLOAT32:
		return 4;
	case DType::INT64:
	case DType::UINT64:
	case DType::FLOAT64:
	case DType::COMPLEX_FLOAT:
		return 8;
	case DType::COMPLEX_DOUBLE:
		return 16;
	}
	TT_THROW("no size for DType {}", static_cast<int>(t));
}

MPI_Op mpi_op(ReduceOp op)
{
	switch (op) {
	case ReduceOp::SUM:
		return MPI_SUM;
	case ReduceOp::MAX:
		return MPI_MAX;
	case ReduceOp::MIN:
		return MPI_MIN;
	case ReduceOp::PROD:
		return MPI_PROD;
	case ReduceOp::LAND:
		return MPI_LAND;
	case ReduceOp::LOR:
		return MPI_LOR;
	case ReduceOp::BAND:
		return MPI_BAND;
	case ReduceOp::BOR:
		return MPI_BOR;
	}
	TT_THROW("no MPI operation for ReduceOp {}", static_cast<int>(op));
}

// Whether MPI defines @op on @t (the table at the top of this file).
bool op_defined(ReduceOp op, DType t)
{
	bool integer = t <= DType::UINT64;
	bool floating = t == DType::FLOAT32 || t == DType::FLOAT64;
	bool complex = t == DType::COMPLEX_FLOAT || t == DType::COMPLEX_DOUBLE;
	switch (op) {
	case ReduceOp::SUM:
	case ReduceOp::PROD:
		return integer || floating || complex;
	case ReduceOp::MAX:
	case ReduceOp::MIN:
		return integer || floating;
	case ReduceOp::BAND:
	case ReduceOp::BOR:
		return integer || t == DType::BYTE;
	case ReduceOp::LAND:
	case ReduceOp::LOR:
		return integer || t == DType::BOOL;
	}
	return false;
}

int count_of(const char *what, std::size_t n)
{
	TT_FATAL(n <= static_cast<std::size_t>(INT_MAX),
		 "{}: {} elements are more than one MPI call carries ({})", what, n, INT_MAX);
	return static_cast<int>(n);
}

// How tt-run splits a job into sub-contexts (TT_RUN_SUBCONTEXT_ID: this
// rank's, TT_RUN_SUBCONTEXT_SIZES: every one's size, in id order; the
// sub-contexts are consecutive blocks of world ranks).
struct Layout {
	std::optional<int> id;
	std::vector<int> sizes;
	std::vector<int> first; // the first world rank of each
};
Layout layout;

Layout layout_from_env(int world_size)
{
	Layout l;
	const char *id = std::getenv("TT_RUN_SUBCONTEXT_ID");
	if (!id || !*id) {
		l.sizes = { world_size };
		l.first = { 0 };
		return l;
	}
	const char *sizes = std::getenv("TT_RUN_SUBCONTEXT_SIZES");
	TT_FATAL(sizes && *sizes,
		 "TT_RUN_SUBCONTEXT_ID={} but TT_RUN_SUBCONTEXT_SIZES is not set: the launcher "
		 "must give every sub-context's size",
		 id);
	char *end = nullptr;
	long v = std::strtol(id, &end, 10);
	TT_FATAL(*end == '\0' && v >= 0 && v < INT_MAX,
		 "TT_RUN_SUBCONTEXT_ID={} is not a sub-context number", id);
	l.id = static_cast<int>(v);
	std::stringstream ss(sizes);
	int total = 0;
	for (std::string tok; std::getline(ss, tok, ',');) {
		long s = std::strtol(tok.c_str(), &end, 10);
		TT_FATAL(!tok.empty() && *end == '\0' && s > 0 && s <= world_size,
			 "TT_RUN_SUBCONTEXT_SIZES={}: '{}' is not a size of ranks", sizes, tok);
		l.first.push_back(total);
		l.sizes.push_back(static_cast<int>(s));
		total += static_cast<int>(s);
	}
	TT_FATAL(*l.id < static_cast<int>(l.sizes.size()),
		 "TT_RUN_SUBCONTEXT_ID={} but TT_RUN_SUBCONTEXT_SIZES={} names {} sub-contexts", id,
		 sizes, l.sizes.size());
	TT_FATAL(total == world_size,
		 "TT_RUN_SUBCONTEXT_SIZES={} adds up to {} ranks, the job has {}", sizes, total,
		 world_size);
	return l;
}

Status status_of(const MPI_Status &st)
{
	int count = 0;
	if (MPI_Get_count(&st, MPI_BYTE, &count) != MPI_SUCCESS || count == MPI_UNDEFINED)
		count = 0;
	return Status{ Rank(st.MPI_SOURCE), Tag(st.MPI_TAG), count };
}

class MpiRequest : public Request {
public:
	MpiRequest(MPI_Request req, std::string what, int rank, int size)
	    : req_(req), what_(std::move(what)), rank_(rank), size_(size)
	{}
	~MpiRequest() override
	{
		// A request dropped unfinished completes on its own; its
		// buffer must outlive it, as with MPI.
		if (active_ && !mpi_finalized())
			MPI_Request_free(&req_);
	}

	Status wait() override
	{
		if (!active_)
			return status_;
		MPI_Status st{};
		int rc = MPI_Wait(&req_, &st);
		active_ = false;
		check(rc, "MPI_Wait", what_, rank_, size_);
		status_ = status_of(st);
		return status_;
	}
	std::optional<Status> test() override
	{
		if (!active_)
			return status_;
		MPI_Status st{};
		int done = 0;
		check(MPI_Test(&req_, &done, &st), "MPI_Test", what_, rank_, size_);
		if (!done)
			return std::nullopt;
		active_ = false;
		status_ = status_of(st);
		return status_;
	}
	void cancel() override
	{
		if (!active_)
			return;
		check(MPI_Cancel(&req_), "MPI_Cancel", what_, rank_, size_);
		// The request completes, cancelled or not: after this the
		// buffer is the caller's again.
		MPI_Status st{};
		int rc = MPI_Wait(&req_, &st);
		active_ = false;
		check(rc, "MPI_Wait", what_ + ", cancelled", rank_, size_);
		status_ = status_of(st);
	}
	bool active() const override { return active_; }

private:
	MPI_Request req_;
	std::string what_;
	int rank_, size_;
	bool active_ = true;
	Status status_;
};

class MpiContext : public DistributedContext {
public:
	// Wraps @comm, which it frees at the end unless it is MPI_COMM_WORLD.
	explicit MpiContext(MPI_Comm comm) : comm_(comm)
	{
		id_ = generate_unique_id();
		check(MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler",
		      "errors return to the caller", 0, 0);
		check(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank", "a new context", 0, 0);
		check(MPI_Comm_size(comm_, &size_), "MPI_Comm_size", "a new context", rank_, 0);
		ok(MPI_Comm_group(comm_, &group_), "MPI_Comm_group", "the context's ranks");
	}
	~MpiContext() override
	{
		if (mpi_finalized())
			return;
		if (group_ != MPI_GROUP_NULL)
			MPI_Group_free(&group_);
		if (comm_ != MPI_COMM_WORLD && comm_ != MPI_COMM_NULL)
			MPI_Comm_free(&comm_);
	}
	MpiContext(const MpiContext &) = delete;
	MpiContext &operator=(const MpiContext &) = delete;

	MPI_Group group() const { return group_; }

	Rank rank() const override { return Rank(rank_); }
	Size size() const override { return Size(size_); }
	bool supports_fault_tolerance() const override { return false; }

	std::optional<SubcontextId> subcontext_id() const override
	{
		if (!layout.id)
			return std::nullopt;
		return SubcontextId(*layout.id);
	}
	int subcontext_count() const override { return static_cast<int>(layout.sizes.size()); }
	Size subcontext_size(SubcontextId id) const override
	{
		check_subcontext(id);
		return Size(layout.sizes[*id]);
	}
	ttsl::Span<const int> subcontext_sizes() const override
	{
		return ttsl::Span<const int>(layout.sizes.data(), layout.sizes.size());
	}
	Rank local_to_world_rank(SubcontextId id, Rank local) const override
	{
		check_subcontext(id);
		TT_FATAL(*local >= 0 && *local < layout.sizes[*id],
			 "local_to_world_rank: rank {} of sub-context {}, which has {} ranks",
			 *local, *id, layout.sizes[*id]);
		return Rank(layout.first[*id] + *local);
	}

	void barrier() const override { ok(MPI_Barrier(comm_), "MPI_Barrier", "all ranks"); }

	void send(ttsl::Span<std::byte> buf, Rank dest, Tag tag) const override
	{
		ok(MPI_Send(buf.data(), count_of("send", buf.size()), MPI_BYTE, *dest, *tag, comm_),
		   "MPI_Send", p2p("to", buf, dest, tag));
	}
	void ssend(ttsl::Span<std::byte> buf, Rank dest, Tag tag) const override
	{
		ok(MPI_Ssend(buf.data(), count_of("ssend", buf.size()), MPI_BYTE, *dest, *tag,
			     comm_),
		   "MPI_Ssend", p2p("to", buf, dest, tag));
	}
	void recv(ttsl::Span<std::byte> buf, Rank source, Tag tag) const override
	{
		ok(MPI_Recv(buf.data(), count_of("recv", buf.size()), MPI_BYTE, *source, *tag,
			    comm_, MPI_STATUS_IGNORE),
		   "MPI_Recv", p2p("from", buf, source, tag));
	}
	RequestPtr isend(ttsl::Span<std::byte> buf, Rank dest, Tag tag) const override
	{
		MPI_Request req = MPI_REQUEST_NULL;
		std::string what = p2p("to", buf, dest, tag);
		ok(MPI_Isend(buf.data(), count_of("isend", buf.size()), MPI_BYTE, *dest, *tag,
			     comm_, &req),
		   "MPI_Isend", what);
		return std::make_shared<MpiRequest>(req, "isend " + what, rank_, size_);
	}
	RequestPtr irecv(ttsl::Span<std::byte> buf, Rank source, Tag tag) const override
	{
		MPI_Request req = MPI_REQUEST_NULL;
		std::string what = p2p("from", buf, source, tag);
		ok(MPI_Irecv(buf.data(), count_of("irecv", buf.size()), MPI_BYTE, *source, *tag,
			     comm_, &req),
		   "MPI_Irecv", what);
		return std::make_shared<MpiRequest>(req, "irecv " + what, rank_, size_);
	}

	void broadcast(ttsl::Span<std::byte> buf, Rank root) const override
	{
		ok(MPI_Bcast(buf.data(), count_of("broadcast", buf.size()), MPI_BYTE, *root, comm_),
		   "MPI_Bcast", fmt::format("{} bytes from rank {}", buf.size(), *root));
	}
	void gather(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
		    Rank root) const override
	{
		if (*root == rank_)
			expect_size("gather", "root's receive", recv_buf.size(),
				    send_buf.size() * size_);
		ok(MPI_Gather(send_buf.data(), count_of("gather", send_buf.size()), MPI_BYTE,
			      recv_buf.data(), static_cast<int>(send_buf.size()), MPI_BYTE, *root,
			      comm_),
		   "MPI_Gather",
		   fmt::format("{} bytes from each rank to rank {}", send_buf.size(), *root));
	}
	void scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
		     Rank root) const override
	{
		if (*root == rank_)
			expect_size("scatter", "root's send", send_buf.size(),
				    recv_buf.size() * size_);
		ok(MPI_Scatter(send_buf.data(), count_of("scatter", recv_buf.size()), MPI_BYTE,
			       recv_buf.data(), static_cast<int>(recv_buf.size()), MPI_BYTE, *root,
			       comm_),
		   "MPI_Scatter",
		   fmt::format("{} bytes to each rank from rank {}", recv_buf.size(), *root));
	}
	void all_gather(ttsl::Span<std::byte> send_buf,
			ttsl::Span<std::byte> recv_buf) const override
	{
		expect_size("all_gather", "receive", recv_buf.size(), send_buf.size() * size_);
		ok(MPI_Allgather(send_buf.data(), count_of("all_gather", send_buf.size()), MPI_BYTE,
				 recv_buf.data(), static_cast<int>(send_buf.size()), MPI_BYTE,
				 comm_),
		   "MPI_Allgather", fmt::format("{} bytes from each rank", send_buf.size()));
	}
	void all_to_all(ttsl::Span<std::byte> send_buf,
			ttsl::Span<std::byte> recv_buf) const override
	{
		expect_size("all_to_all", "receive", recv_buf.size(), send_buf.size());
		TT_FATAL(send_buf.size() % size_ == 0,
			 "all_to_all: {} bytes do not split into {} equal blocks, one per rank",
			 send_buf.size(), size_);
		std::size_t block = send_buf.size() / size_;
		ok(MPI_Alltoall(send_buf.data(), count_of("all_to_all", block), MPI_BYTE,
				recv_buf.data(), static_cast<int>(block), MPI_BYTE, comm_),
		   "MPI_Alltoall", fmt::format("{} bytes to each rank", block));
	}

	void all_reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
			DType dtype) const override
	{
		int n = elements("all_reduce", send_buf, op, dtype);
		expect_size("all_reduce", "receive", recv_buf.size(), send_buf.size());
		const void *from =
			send_buf.data() == recv_buf.data() ? MPI_IN_PLACE : send_buf.data();
		ok(MPI_Allreduce(from, recv_buf.data(), n, mpi_type(dtype), mpi_op(op), comm_),
		   "MPI_Allreduce", reduction(n, op, dtype));
	}
	void reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
		    DType dtype, Rank root) const override
	{
		int n = elements("reduce", send_buf, op, dtype);
		const void *from = send_buf.data();
		if (*root == rank_) {
			expect_size("reduce", "root's receive", recv_buf.size(), send_buf.size());
			if (send_buf.data() == recv_buf.data())
				from = MPI_IN_PLACE;
		}
		ok(MPI_Reduce(from, recv_buf.data(), n, mpi_type(dtype), mpi_op(op), *root, comm_),
		   "MPI_Reduce", reduction(n, op, dtype) + fmt::format(" to rank {}", *root));
	}
	void reduce_scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
			    ReduceOp op, DType dtype) const override
	{
		int n = elements("reduce_scatter", send_buf, op, dtype);
		TT_FATAL(n % size_ == 0,
			 "reduce_scatter: {} elements do not split into {} equal blocks, one per "
			 "rank",
			 n, size_);
		expect_size("reduce_scatter", "receive", recv_buf.size(), send_buf.size() / size_);
		ok(MPI_Reduce_scatter_block(send_buf.data(), recv_buf.data(), n / size_,
					    mpi_type(dtype), mpi_op(op), comm_),
		   "MPI_Reduce_scatter_block", reduction(n, op, dtype));
	}
	void scan(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf, ReduceOp op,
		  DType dtype) const override
	{
		int n = elements("scan", send_buf, op, dtype);
		expect_size("scan", "receive", recv_buf.size(), send_buf.size());
		const void *from =
			send_buf.data() == recv_buf.data() ? MPI_IN_PLACE : send_buf.data();
		ok(MPI_Scan(from, recv_buf.data(), n, mpi_type(dtype), mpi_op(op), comm_),
		   "MPI_Scan", reduction(n, op, dtype));
	}

	ContextPtr duplicate() const override
	{
		MPI_Comm dup = MPI_COMM_NULL;
		ok(MPI_Comm_dup(comm_, &dup), "MPI_Comm_dup", "a copy of the context");
		return std::make_shared<MpiContext>(dup);
	}
	// Ranks of one colour make a context, ordered by key; a rank whose
	// colour is SPLIT_COLOR_UNDEFINED joins none and gets no context.
	ContextPtr split(Color color, Key key) const override
	{
		MPI_Comm part = MPI_COMM_NULL;
		int c = *color == SPLIT_COLOR_UNDEFINED ? MPI_UNDEFINED : *color;
		ok(MPI_Comm_split(comm_, c, *key, &part), "MPI_Comm_split",
		   fmt::format("colour {}, key {}", *color, *key));
		if (part == MPI_COMM_NULL)
			return nullptr;
		return std::make_shared<MpiContext>(part);
	}
	// Called by the listed ranks only (MPI_Comm_create_group).
	ContextPtr create_sub_context(ttsl::Span<int> ranks) const override
	{
		std::string list = fmt::format("ranks {}", fmt::join(ranks, ","));
		MPI_Group sub = MPI_GROUP_NULL;
		ok(MPI_Group_incl(group_, static_cast<int>(ranks.size()), ranks.data(), &sub),
		   "MPI_Group_incl", list);
		int me = MPI_UNDEFINED;
		MPI_Group_rank(sub, &me);
		if (me == MPI_UNDEFINED) {
			MPI_Group_free(&sub);
			TT_THROW("create_sub_context: rank {} is not one of the {}; only they call "
				 "it",
				 rank_, list);
		}
		MPI_Comm comm = MPI_COMM_NULL;
		int rc = MPI_Comm_create_group(comm_, sub, 0, &comm);
		MPI_Group_free(&sub);
		ok(rc, "MPI_Comm_create_group", list);
		return std::make_shared<MpiContext>(comm);
	}
	// A rank that is not in @other_ctx translates to MPI_UNDEFINED.
	void translate_ranks_to_other_ctx(ttsl::Span<int> ranks, const ContextPtr &other_ctx,
					  ttsl::Span<int> translated_ranks) const override
	{
		auto other = std::dynamic_pointer_cast<MpiContext>(other_ctx);
		TT_FATAL(other != nullptr,
			 "translate_ranks_to_other_ctx: the other context is not an MPI one");
		TT_FATAL(translated_ranks.size() >= ranks.size(),
			 "translate_ranks_to_other_ctx: {} ranks into room for {}", ranks.size(),
			 translated_ranks.size());
		ok(MPI_Group_translate_ranks(group_, static_cast<int>(ranks.size()), ranks.data(),
					     other->group(), translated_ranks.data()),
		   "MPI_Group_translate_ranks", fmt::format("ranks {}", fmt::join(ranks, ",")));
	}
	void abort(int error_code) const override
	{
		MPI_Abort(comm_, error_code);
		std::_Exit(error_code);
	}

	void revoke_and_shrink() override { no_fault_tolerance("revoke_and_shrink"); }
	bool is_revoked() override { no_fault_tolerance("is_revoked"); }

	std::size_t snoop_incoming_msg_size(Rank source, Tag tag) const override
	{
		MPI_Status st{};
		std::string what =
			fmt::format("the next message from rank {}, tag {}", *source, *tag);
		ok(MPI_Probe(*source, *tag, comm_, &st), "MPI_Probe", what);
		int count = 0;
		ok(MPI_Get_count(&st, MPI_BYTE, &count), "MPI_Get_count", what);
		return static_cast<std::size_t>(count);
	}

private:
	void ok(int rc, const char *call, const std::string &what) const
	{
		check(rc, call, what, rank_, size_);
	}
	static std::string p2p(const char *dir, ttsl::Span<std::byte> buf, Rank peer, Tag tag)
	{
		return fmt::format("{} bytes {} rank {}, tag {}", buf.size(), dir, *peer, *tag);
	}
	static std::string reduction(int n, ReduceOp op, DType dtype)
	{
		return fmt::format("{} of {} {}", op_name(op), n, dtype_name(dtype));
	}
	static void expect_size(const char *what, const char *which, std::size_t got,
				std::size_t want)
	{
		TT_FATAL(got == want, "{}: the {} buffer has {} bytes, {} expected", what, which,
			 got, want);
	}
	static int elements(const char *what, ttsl::Span<std::byte> buf, ReduceOp op, DType dtype)
	{
		TT_FATAL(op_defined(op, dtype), "{}: MPI defines no {} on {}", what, op_name(op),
			 dtype_name(dtype));
		std::size_t size = dtype_size(dtype);
		TT_FATAL(buf.size() % size == 0, "{}: {} bytes are not whole {}s ({} bytes each)",
			 what, buf.size(), dtype_name(dtype), size);
		return count_of(what, buf.size() / size);
	}
	static void check_subcontext(SubcontextId id)
	{
		TT_FATAL(*id >= 0 && *id < static_cast<int>(layout.sizes.size()),
			 "sub-context {} does not exist: the job has {}", *id, layout.sizes.size());
	}
	[[noreturn]] static void no_fault_tolerance(const char *what)
	{
		TT_THROW("{}: this MPI has no fault tolerance (ULFM, MPI's user-level failure "
			 "mitigation): Debian's Open MPI is built without it, so a lost rank "
			 "cannot be revoked and shrunk away; supports_fault_tolerance() is false",
			 what);
	}

	MPI_Comm comm_;
	MPI_Group group_ = MPI_GROUP_NULL;
	int rank_ = 0, size_ = 0;
};

void finalize_at_exit()
{
	if (!mpi_finalized())
		MPI_Finalize();
}

} // namespace

namespace detail {

bool mpi_wanted()
{
	if (const char *force = std::getenv("TT_EMU_MPI"); force && *force)
		return std::strcmp(force, "0") != 0;
	// Open MPI's mpirun, PMIx launchers (srun, prterun), PMI ones (MPICH's).
	for (const char *var : { "OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE" })
		if (std::getenv(var))
			return true;
	int initialized = 0;
	MPI_Initialized(&initialized);
	return initialized != 0;
}

void mpi_create_worlds(int argc, char **argv, ContextPtr &current, ContextPtr &job)
{
	int initialized = 0;
	MPI_Initialized(&initialized);
	if (!initialized) {
		int provided = 0;
		int rc = argv ? MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided)
			      : MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided);
		check(rc, "MPI_Init_thread", "starting MPI for the distributed context", 0, 0);
		// MPI_Finalize at exit, after the program's own atexit work
		// and before the contexts' static owners go (their
		// destructors see MPI finalised and free nothing).
		std::atexit(finalize_at_exit);
	} else if (mpi_finalized()) {
		TT_THROW("the distributed context cannot start: the program already called "
			 "MPI_Finalize");
	}
	MPI_Comm_rank(MPI_COMM_WORLD, &world_rank_of_process);
	auto world = std::make_shared<MpiContext>(MPI_COMM_WORLD);
	layout = layout_from_env(*world->size());
	job = world;
	if (!layout.id) {
		current = world;
		return;
	}
	// Key: the world rank, so a sub-context keeps the world's order.
	current = world->split(Color(*layout.id), Key(*world->rank()));
	TT_FATAL(current && *current->size() == layout.sizes[*layout.id],
		 "sub-context {} has {} ranks, TT_RUN_SUBCONTEXT_SIZES says {}", *layout.id,
		 current ? *current->size() : 0, layout.sizes[*layout.id]);
}

} // namespace detail

} // namespace tt::tt_metal::distributed::multihost
