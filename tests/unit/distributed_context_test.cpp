// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's DistributedContext in both of its forms: the single-process
// one a plain program gets, and the MPI one under mpirun.  The MPI cases
// run this same binary as the ranks of `mpirun -np N` (TT_TEST_MPI_WORKER
// names what the ranks do); each rank checks what it received against
// what the others sent, and prints one line the case reads back.
#include <criterion/criterion.h>

#include <array>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <tt-metalium/distributed_context.hpp>

using namespace tt::tt_metal::distributed::multihost;

namespace {

// ---------------------------------------------------------------------------
// The ranks' side

int checks, failures;
int my_rank = -1;

#define CHECK(cond, ...)                                                                  \
	do {                                                                              \
		checks++;                                                                 \
		if (!(cond)) {                                                            \
			failures++;                                                       \
			std::printf("rank %d: FAILED %s:%d: %s: %s\n", my_rank, __FILE__, \
				    __LINE__, #cond, fmt::format(__VA_ARGS__).c_str());   \
		}                                                                         \
	} while (0)

template <typename T>
ttsl::Span<std::byte> bytes_of(std::vector<T> &v)
{
	return ttsl::Span<std::byte>(reinterpret_cast<std::byte *>(v.data()), v.size() * sizeof(T));
}

template <typename T>
ttsl::Span<std::byte> bytes_of(T &v)
{
	return ttsl::Span<std::byte>(reinterpret_cast<std::byte *>(&v), sizeof v);
}

// The message of what @f throws, or "" when it does not.
std::string thrown_by(const std::function<void()> &f)
{
	try {
		f();
	} catch (const std::exception &e) {
		return e.what();
	}
	return "";
}

// Rank @r's element @i of a reduction's input: small, so sums and products
// of a few ranks are exact in every type.
template <typename T>
T input(int r, int i)
{
	if constexpr (std::is_same_v<T, bool>)
		return (r + i) % 3 != 0;
	else
		return static_cast<T>((r + i) % 3 + 1);
}

template <typename T>
T fold(ReduceOp op, T a, T b)
{
	if constexpr (std::is_same_v<T, bool>) {
		return op == ReduceOp::LAND ? (a && b) : (a || b);
	} else if constexpr (std::is_integral_v<T>) {
		switch (op) {
		case ReduceOp::SUM:
			return static_cast<T>(a + b);
		case ReduceOp::PROD:
			return static_cast<T>(a * b);
		case ReduceOp::MAX:
			return std::max(a, b);
		case ReduceOp::MIN:
			return std::min(a, b);
		case ReduceOp::LAND:
			return static_cast<T>(a && b);
		case ReduceOp::LOR:
			return static_cast<T>(a || b);
		case ReduceOp::BAND:
			return static_cast<T>(a & b);
		case ReduceOp::BOR:
			return static_cast<T>(a | b);
		}
	} else if constexpr (std::is_floating_point_v<T>) {
		switch (op) {
		case ReduceOp::SUM:
			return a + b;
		case ReduceOp::PROD:
			return a * b;
		case ReduceOp::MAX:
			return std::max(a, b);
		case ReduceOp::MIN:
			return std::min(a, b);
		default:
			break;
		}
	} else {
		return op == ReduceOp::SUM ? a + b : a * b;
	}
	return T{};
}

const ReduceOp all_ops[] = { ReduceOp::SUM,  ReduceOp::MAX, ReduceOp::MIN,  ReduceOp::PROD,
			     ReduceOp::LAND, ReduceOp::LOR, ReduceOp::BAND, ReduceOp::BOR };

// Whether MPI defines @op on @dtype (MPI 4.0, 6.9.2).
bool defined(ReduceOp op, DType dtype)
{
	bool integer = dtype <= DType::UINT64;
	bool floating = dtype == DType::FLOAT32 || dtype == DType::FLOAT64;
	bool complex = dtype == DType::COMPLEX_FLOAT || dtype == DType::COMPLEX_DOUBLE;
	if (op == ReduceOp::SUM || op == ReduceOp::PROD)
		return integer || floating || complex;
	if (op == ReduceOp::MAX || op == ReduceOp::MIN)
		return integer || floating;
	if (op == ReduceOp::BAND || op == ReduceOp::BOR)
		return integer || dtype == DType::BYTE;
	return integer || dtype == DType::BOOL;
}

// all_reduce and scan of element type @T (as @dtype) with every operation:
// the defined ones give the fold of every rank's input, the others are
// refused naming the pair.
// (bools travel as bytes of 0 and 1: std::vector<bool> has no data()).
template <typename T>
void reductions(const ContextPtr &ctx, DType dtype, const char *name)
{
	using S = std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>;
	int n = *ctx->size(), r = *ctx->rank();
	for (ReduceOp op : all_ops) {
		const int count = 5;
		std::vector<S> send(count), all(count), prefix(count);
		for (int i = 0; i < count; i++)
			send[i] = static_cast<S>(input<T>(r, i));
		if (!defined(op, dtype)) {
			std::string e = thrown_by(
				[&] { ctx->all_reduce(bytes_of(send), bytes_of(all), op, dtype); });
			CHECK(e.find("MPI defines no") != std::string::npos &&
				      e.find(name) != std::string::npos,
			      "all_reduce of {} with op {}: '{}'", name, static_cast<int>(op), e);
			continue;
		}
		ctx->all_reduce(bytes_of(send), bytes_of(all), op, dtype);
		ctx->scan(bytes_of(send), bytes_of(prefix), op, dtype);
		for (int i = 0; i < count; i++) {
			T want = input<T>(0, i), want_prefix = want;
			for (int k = 1; k < n; k++) {
				want = fold(op, want, input<T>(k, i));
				if (k <= r)
					want_prefix = fold(op, want_prefix, input<T>(k, i));
			}
			CHECK(static_cast<T>(all[i]) == want, "all_reduce {} op {} element {}",
			      name, static_cast<int>(op), i);
			CHECK(static_cast<T>(prefix[i]) == want_prefix, "scan {} op {} element {}",
			      name, static_cast<int>(op), i);
		}
	}
}

void point_to_point(const ContextPtr &ctx)
{
	int r = *ctx->rank();
	if (r > 1)
		return;
	int peer = 1 - r;
	// send/recv both ways, then ssend.
	std::vector<std::uint8_t> out(10), in(10);
	std::iota(out.begin(), out.end(), static_cast<std::uint8_t>(10 * r));
	if (r == 0) {
		ctx->send(bytes_of(out), Rank(peer), Tag(1));
		ctx->recv(bytes_of(in), Rank(peer), Tag(2));
	} else {
		ctx->recv(bytes_of(in), Rank(peer), Tag(1));
		ctx->ssend(bytes_of(out), Rank(peer), Tag(2));
	}
	for (int i = 0; i < 10; i++)
		CHECK(in[i] == 10 * peer + i, "byte {} from rank {}: {}", i, peer, in[i]);

	// isend/irecv with wait, then test() polling, and the statuses.
	std::vector<std::int32_t> a(4, 100 + r), b(4, -1);
	auto rq = ctx->irecv(bytes_of(b), Rank(peer), Tag(7));
	auto sq = ctx->isend(bytes_of(a), Rank(peer), Tag(7));
	CHECK(rq->active(), "an irecv before wait is active");
	Status st = rq->wait();
	(void)sq->wait();
	CHECK(!rq->active(), "a finished irecv is not active");
	CHECK(*st.source == peer && *st.tag == 7 && st.count == 16,
	      "status: source {} tag {} count {}", *st.source, *st.tag, st.count);
	CHECK(b == std::vector<std::int32_t>(4, 100 + peer), "irecv data: {}", b[0]);

	std::int64_t x = 1234 + r, y = 0;
	auto pr = ctx->irecv(bytes_of(y), Rank(peer), Tag(8));
	auto ps = ctx->isend(bytes_of(x), Rank(peer), Tag(8));
	std::optional<Status> done;
	while (!(done = pr->test()))
		;
	while (!ps->test())
		;
	CHECK(y == 1234 + peer && done->count == 8, "test()-polled irecv: {}", y);

	// snoop: the size of a message before receiving it.
	std::vector<std::uint16_t> msg(12 + r, 7), got;
	ctx->send(bytes_of(msg), Rank(peer), Tag(9));
	std::size_t size = ctx->snoop_incoming_msg_size(Rank(peer), Tag(9));
	CHECK(size == 2u * (12 + peer), "snooped {} bytes", size);
	got.resize(size / 2);
	ctx->recv(bytes_of(got), Rank(peer), Tag(9));
	CHECK(got == std::vector<std::uint16_t>(12 + peer, 7), "snooped message");

	// A receive no one sends to, cancelled.
	std::int32_t never = 0;
	auto cq = ctx->irecv(bytes_of(never), Rank(peer), Tag(99));
	cq->cancel();
	CHECK(!cq->active(), "a cancelled irecv is not active");
}

void collectives(const ContextPtr &ctx)
{
	int n = *ctx->size(), r = *ctx->rank();
	ctx->barrier();

	std::vector<std::int32_t> bc(6, r == n - 1 ? 0 : -1);
	if (r == n - 1)
		std::iota(bc.begin(), bc.end(), 42);
	ctx->broadcast(bytes_of(bc), Rank(n - 1));
	for (int i = 0; i < 6; i++)
		CHECK(bc[i] == 42 + i, "broadcast element {}: {}", i, bc[i]);

	std::int32_t mine = 10 * r + 1;
	std::vector<std::int32_t> gathered(r == 0 ? n : 0, -1);
	ctx->gather(bytes_of(mine), bytes_of(gathered), Rank(0));
	for (int k = 0; r == 0 && k < n; k++)
		CHECK(gathered[k] == 10 * k + 1, "gather from rank {}: {}", k, gathered[k]);

	std::vector<std::int32_t> parts;
	if (r == 0)
		for (int k = 0; k < n; k++)
			parts.push_back(500 + k);
	std::int32_t part = -1;
	ctx->scatter(bytes_of(parts), bytes_of(part), Rank(0));
	CHECK(part == 500 + r, "scatter gave {}", part);

	std::vector<std::int32_t> everyone(n, -1);
	ctx->all_gather(bytes_of(mine), bytes_of(everyone));
	for (int k = 0; k < n; k++)
		CHECK(everyone[k] == 10 * k + 1, "all_gather from rank {}: {}", k, everyone[k]);

	std::vector<std::int32_t> to(n), from(n, -1);
	for (int k = 0; k < n; k++)
		to[k] = 100 * r + k;
	ctx->all_to_all(bytes_of(to), bytes_of(from));
	for (int k = 0; k < n; k++)
		CHECK(from[k] == 100 * k + r, "all_to_all from rank {}: {}", k, from[k]);

	// The typed forms: reduce to the last rank, reduce_scatter, scan.
	std::int32_t one = r + 1, total = 0;
	ctx->reduce<std::int32_t>({ &one, 1 }, { &total, 1 }, ReduceOp::SUM, Rank(n - 1));
	if (r == n - 1)
		CHECK(total == n * (n + 1) / 2, "reduce: {}", total);
	std::vector<double> blocks(n);
	for (int k = 0; k < n; k++)
		blocks[k] = r * 0.5 + k;
	double block = 0;
	ctx->reduce_scatter<double>({ blocks.data(), blocks.size() }, { &block, 1 }, ReduceOp::MAX);
	CHECK(block == (n - 1) * 0.5 + r, "reduce_scatter: {}", block);
	std::int32_t prefix = 0;
	ctx->scan<std::int32_t>({ &one, 1 }, { &prefix, 1 }, ReduceOp::SUM);
	CHECK(prefix == (r + 1) * (r + 2) / 2, "scan: {}", prefix);

	// In place: the send buffer is the receive buffer.
	std::vector<std::uint32_t> inplace(3, static_cast<std::uint32_t>(1u << r));
	ctx->all_reduce(bytes_of(inplace), bytes_of(inplace), ReduceOp::BOR, DType::UINT32);
	CHECK(inplace[2] == (1u << n) - 1, "in-place all_reduce: {}", inplace[2]);

	// Every element type with every operation.
	reductions<std::int8_t>(ctx, DType::INT8, "INT8");
	reductions<std::uint8_t>(ctx, DType::UINT8, "UINT8");
	reductions<std::int16_t>(ctx, DType::INT16, "INT16");
	reductions<std::uint16_t>(ctx, DType::UINT16, "UINT16");
	reductions<std::int32_t>(ctx, DType::INT32, "INT32");
	reductions<std::uint32_t>(ctx, DType::UINT32, "UINT32");
	reductions<std::int64_t>(ctx, DType::INT64, "INT64");
	reductions<std::uint64_t>(ctx, DType::UINT64, "UINT64");
	reductions<float>(ctx, DType::FLOAT32, "FLOAT32");
	reductions<double>(ctx, DType::FLOAT64, "FLOAT64");
	reductions<bool>(ctx, DType::BOOL, "BOOL");
	reductions<std::uint8_t>(ctx, DType::BYTE, "BYTE");
	reductions<std::complex<float>>(ctx, DType::COMPLEX_FLOAT, "COMPLEX_FLOAT");
	reductions<std::complex<double>>(ctx, DType::COMPLEX_DOUBLE, "COMPLEX_DOUBLE");
}

void communicators(const ContextPtr &ctx)
{
	int n = *ctx->size(), r = *ctx->rank();

	auto dup = ctx->duplicate();
	CHECK(*dup->size() == n && *dup->rank() == r && dup->id() != ctx->id(),
	      "duplicate: rank {} of {}", *dup->rank(), *dup->size());
	std::int32_t token = r == 0 ? 77 : 0;
	dup->broadcast(bytes_of(token), Rank(0));
	CHECK(token == 77, "broadcast on the duplicate: {}", token);

	// Even and odd ranks, each in reverse order (key = -rank).
	auto half = ctx->split(Color(r % 2), Key(-r));
	int members = (n + 1 - r % 2) / 2;
	CHECK(half && *half->size() == members, "split: {} ranks", half ? *half->size() : 0);
	if (half) {
		int below = 0; // members of my colour with a higher world rank
		for (int k = r + 2; k < n; k += 2)
			below++;
		CHECK(*half->rank() == below, "split rank {} for world rank {}", *half->rank(), r);
		std::int32_t sum = 0, me = r;
		half->all_reduce<std::int32_t>({ &me, 1 }, { &sum, 1 }, ReduceOp::SUM);
		int want = 0;
		for (int k = r % 2; k < n; k += 2)
			want += k;
		CHECK(sum == want, "all_reduce within the split: {}", sum);
	}
	auto odd_only =
		ctx->split(Color(r % 2 ? 1 : DistributedContext::SPLIT_COLOR_UNDEFINED), Key(0));
	CHECK((odd_only != nullptr) == (r % 2 == 1), "split with an undefined colour");

	// All ranks, reversed; translated back to the world.
	std::vector<int> reversed(n);
	for (int k = 0; k < n; k++)
		reversed[k] = n - 1 - k;
	auto rev = ctx->create_sub_context({ reversed.data(), reversed.size() });
	CHECK(*rev->rank() == n - 1 - r, "create_sub_context rank {}", *rev->rank());
	std::vector<int> local(n), world(n, -1);
	std::iota(local.begin(), local.end(), 0);
	rev->translate_ranks_to_other_ctx({ local.data(), local.size() }, ctx,
					  { world.data(), world.size() });
	CHECK(world == reversed, "translated ranks: {}", fmt::join(world, ","));

	// Only the listed ranks create a sub-context; another is told so.
	std::vector<int> first{ 0 };
	if (r == 0) {
		auto solo = ctx->create_sub_context({ first.data(), 1 });
		CHECK(*solo->size() == 1 && *solo->rank() == 0, "sub-context of rank 0");
	} else {
		std::string e = thrown_by([&] {
			(void)ctx->create_sub_context({ first.data(), 1 });
		});
		CHECK(e.find("is not one of the ranks 0") != std::string::npos, "'{}'", e);
	}
	ctx->barrier();
}

int worker_collectives()
{
	auto ctx = DistributedContext::get_current_world();
	my_rank = *ctx->rank();
	int want = std::atoi(std::getenv("TT_TEST_MPI_SIZE") ?: "0");
	CHECK(*ctx->size() == want, "world of {} ranks, {} launched", *ctx->size(), want);
	CHECK(!ctx->supports_fault_tolerance(), "no ULFM");
	CHECK(DistributedContext::get_world_context() == ctx, "the job's world is the current one");
	CHECK(DistributedContext::is_initialized(), "is_initialized");
	point_to_point(ctx);
	collectives(ctx);
	communicators(ctx);
	std::printf("rank %d of %d done: %d checks, %d failed\n", my_rank, *ctx->size(), checks,
		    failures);
	return failures ? 1 : 0;
}

// MPI's own errors, reported clearly, and the calls this MPI cannot make.
int worker_errors()
{
	auto ctx = DistributedContext::get_current_world();
	my_rank = *ctx->rank();
	std::int32_t v = 5;
	std::string e = thrown_by([&] { ctx->send(bytes_of(v), Rank(5), Tag(0)); });
	std::printf("rank %d: send to rank 5: %s\n", my_rank, e.c_str());
	try {
		ctx->send(bytes_of(v), Rank(5), Tag(0));
	} catch (const DistributedException &de) {
		CHECK(*de.rank() == my_rank && de.error_code() != 0 &&
			      de.error_string().find("MPI_ERR_RANK") != std::string::npos,
		      "DistributedException: rank {} code {} '{}'", *de.rank(), de.error_code(),
		      de.error_string());
	}
	// A message longer than the receive buffer.
	if (my_rank == 1) {
		std::int64_t big = 1;
		ctx->send(bytes_of(big), Rank(0), Tag(3));
	} else if (my_rank == 0) {
		std::int32_t small = 0;
		e = thrown_by([&] { ctx->recv(bytes_of(small), Rank(1), Tag(3)); });
		std::printf("rank 0: short receive: %s\n", e.c_str());
	}
	e = thrown_by([&] { ctx->revoke_and_shrink(); });
	CHECK(e.find("ULFM") != std::string::npos, "revoke_and_shrink: '{}'", e);
	e = thrown_by([&] { (void)ctx->is_revoked(); });
	CHECK(e.find("no fault tolerance") != std::string::npos, "is_revoked: '{}'", e);
	ctx->barrier();
	std::printf("rank %d of %d done: %d checks, %d failed\n", my_rank, *ctx->size(), checks,
		    failures);
	return failures ? 1 : 0;
}

// A job split by the launcher (TT_RUN_SUBCONTEXT_ID, _SIZES) into
// sub-contexts of 2 and 1 ranks.
int worker_subcontexts()
{
	auto cur = DistributedContext::get_current_world();
	auto job = DistributedContext::get_world_context();
	my_rank = *job->rank();
	int id = my_rank < 2 ? 0 : 1;
	CHECK(*job->size() == 3 && *cur->size() == (id == 0 ? 2 : 1), "sizes {} and {}",
	      *job->size(), *cur->size());
	CHECK(job->subcontext_id() && **job->subcontext_id() == id, "sub-context id");
	auto sizes = job->subcontext_sizes();
	CHECK(job->subcontext_count() == 2 && sizes.size() == 2 && sizes[0] == 2 && sizes[1] == 1,
	      "sub-context sizes");
	CHECK(*job->local_to_world_rank(SubcontextId(1), Rank(0)) == 2 &&
		      *job->local_to_world_rank(SubcontextId(0), Rank(1)) == 1,
	      "local_to_world_rank");
	CHECK(*cur->rank() == (id == 0 ? my_rank : 0), "rank {} in the sub-context", *cur->rank());
	// Within sub-context 0, then across the job to sub-context 1.
	std::int32_t v = 0;
	if (id == 0) {
		v = 1000 + *cur->rank();
		std::int32_t other = 0;
		auto in = cur->irecv(bytes_of(other), Rank(1 - *cur->rank()), Tag(4));
		cur->send(bytes_of(v), Rank(1 - *cur->rank()), Tag(4));
		(void)in->wait();
		CHECK(other == 1000 + 1 - *cur->rank(), "within the sub-context: {}", other);
		if (my_rank == 1)
			job->send(bytes_of(v), job->local_to_world_rank(SubcontextId(1), Rank(0)),
				  Tag(5));
	} else {
		job->recv(bytes_of(v), Rank(1), Tag(5));
		CHECK(v == 1001, "across sub-contexts: {}", v);
	}
	job->barrier();
	std::printf("rank %d of %d done: %d checks, %d failed\n", my_rank, *job->size(), checks,
		    failures);
	return failures ? 1 : 0;
}

// MPI without a launcher (TT_EMU_MPI=1): a world of one, whose errors
// are MPI's.
int worker_singleton()
{
	auto ctx = DistributedContext::get_current_world();
	my_rank = *ctx->rank();
	CHECK(*ctx->size() == 1 && my_rank == 0, "rank {} of {}", my_rank, *ctx->size());
	std::int32_t v = 3, w = 0;
	ctx->all_reduce<std::int32_t>({ &v, 1 }, { &w, 1 }, ReduceOp::PROD);
	CHECK(w == 3, "all_reduce of one: {}", w);
	std::string e = thrown_by([&] { ctx->send(bytes_of(v), Rank(1), Tag(0)); });
	CHECK(e.find("MPI_Send (4 bytes to rank 1, tag 0) failed on rank 0 of 1: MPI_ERR_RANK") !=
		      std::string::npos,
	      "'{}'", e);
	e = thrown_by([&] { ctx->revoke_and_shrink(); });
	CHECK(e.find("ULFM") != std::string::npos, "'{}'", e);
	std::printf("rank 0 of %d done: %d checks, %d failed\n", *ctx->size(), checks, failures);
	return failures ? 1 : 0;
}

// ---------------------------------------------------------------------------
// The cases' side: mpirun this binary and read what the ranks printed.

struct Run {
	int status; // exit status, 124 on a timeout
	std::string out;
};

// Run this binary as @worker: "@launcher @ranks", SELF in @ranks standing
// for it.
Run launch(const std::string &worker, const std::string &launcher, const std::string &ranks)
{
	// As root (CI), in a container without ptrace (no CMA single copy),
	// over shared memory only.
	setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
	setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
	setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 1);
	setenv("OMPI_MCA_btl", "self,vader", 1);
	setenv("OMPI_MCA_rmaps_base_oversubscribe", "1", 1);
	setenv("TT_TEST_MPI_WORKER", worker.c_str(), 1);
	// Criterion's sandbox tells its own children by this variable; the
	// ranks are not such children.
	unsetenv("BXFI_MAP");
	// LeakSanitizer cannot tell Open MPI's memory, kept until exit by
	// components it has unloaded by then, from a leak: the ranks run
	// without it (the single-process cases keep it).
	setenv("ASAN_OPTIONS", "detect_leaks=0", 1);
	char self[4096];
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	cr_assert(len > 0, "where is this test binary?");
	self[len] = '\0';
	std::string ranks_cmd = ranks;
	for (std::size_t at; (at = ranks_cmd.find("SELF")) != std::string::npos;)
		ranks_cmd.replace(at, 4, self);
	std::string cmd = "timeout 120 " + launcher + " " + ranks_cmd + " 2>&1";
	FILE *p = popen(cmd.c_str(), "r");
	cr_assert(p, "cannot run %s", cmd.c_str());
	Run run{ 0, "" };
	char buf[4096];
	while (std::fgets(buf, sizeof buf, p))
		run.out += buf;
	int st = pclose(p);
	run.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
	unsetenv("TT_TEST_MPI_WORKER");
	return run;
}

Run mpirun(const std::string &worker, const std::string &ranks)
{
	return launch(worker, "mpirun", ranks);
}

bool has(const Run &run, const std::string &text)
{
	return run.out.find(text) != std::string::npos;
}

void ranks_passed(const Run &run, int n)
{
	cr_assert(run.status != 127, "mpirun not found (tools/deps.sh installs openmpi-bin):\n%s",
		  run.out.c_str());
	cr_assert(run.status != 124, "mpirun timed out; the ranks printed:\n%s", run.out.c_str());
	for (int r = 0; r < n; r++) {
		std::string line = fmt::format("rank {} of {} done: ", r, n);
		auto at = run.out.find(line);
		cr_assert(at != std::string::npos, "rank %d did not finish:\n%s", r,
			  run.out.c_str());
		std::string end = run.out.substr(at, run.out.find('\n', at) - at);
		cr_assert(end.size() > 10 && end.compare(end.size() - 10, 10, ", 0 failed") == 0,
			  "rank %d failed checks:\n%s", r, run.out.c_str());
	}
	cr_assert(run.status == 0, "mpirun exited %d:\n%s", run.status, run.out.c_str());
}

} // namespace

Test(distributed_context, single_process_without_mpirun)
{
	unsetenv("TT_EMU_MPI");
	const auto &ctx = DistributedContext::get_current_world();
	cr_assert(*ctx->size() == 1 && *ctx->rank() == 0);
	cr_assert(DistributedContext::get_world_context() == ctx);
	std::int32_t v = 3, w = 0;
	ctx->all_reduce<std::int32_t>({ &v, 1 }, { &w, 1 }, ReduceOp::SUM);
	cr_assert(w == 3);
	std::string e = thrown_by([&] { ctx->send(bytes_of(v), Rank(1), Tag(0)); });
	cr_assert(e.find("no other rank") != std::string::npos &&
			  e.find("mpirun") != std::string::npos,
		  "%s", e.c_str());
}

// TT_EMU_MPI=1 asks for MPI without a launcher: a world of one over MPI.
Test(distributed_context, mpi_singleton_when_asked, .timeout = 180)
{
	ranks_passed(launch("singleton", "env TT_EMU_MPI=1", "SELF"), 1);
}

Test(distributed_context, two_ranks_under_mpirun, .timeout = 180)
{
	setenv("TT_TEST_MPI_SIZE", "2", 1);
	ranks_passed(mpirun("collectives", "-np 2 SELF"), 2);
}

Test(distributed_context, three_ranks_under_mpirun, .timeout = 180)
{
	setenv("TT_TEST_MPI_SIZE", "3", 1);
	ranks_passed(mpirun("collectives", "-np 3 SELF"), 3);
}

Test(distributed_context, mpi_errors_are_clear, .timeout = 180)
{
	Run run = mpirun("errors", "-np 2 SELF");
	ranks_passed(run, 2);
	for (int r = 0; r < 2; r++)
		cr_assert(has(run,
			      fmt::format("rank {}: send to rank 5: MPI_Send (4 bytes to rank 5, "
					  "tag 0) failed on rank {} of 2: MPI_ERR_RANK: "
					  "invalid rank",
					  r, r)),
			  "%s", run.out.c_str());
	cr_assert(has(run, "rank 0: short receive: MPI_Recv (4 bytes from rank 1, tag 3) failed on "
			   "rank 0 of 2: MPI_ERR_TRUNCATE: message truncated"),
		  "%s", run.out.c_str());
}

Test(distributed_context, launcher_subcontexts, .timeout = 180)
{
	setenv("TT_RUN_SUBCONTEXT_SIZES", "2,1", 1);
	Run run = mpirun("subcontexts", "-np 2 -x TT_RUN_SUBCONTEXT_ID=0 SELF : "
					"-np 1 -x TT_RUN_SUBCONTEXT_ID=1 SELF");
	unsetenv("TT_RUN_SUBCONTEXT_SIZES");
	ranks_passed(run, 3);
}

int main(int argc, char *argv[])
{
	if (const char *worker = std::getenv("TT_TEST_MPI_WORKER")) {
		std::setvbuf(stdout, nullptr, _IOLBF, 0);
		try {
			if (!std::strcmp(worker, "collectives"))
				return worker_collectives();
			if (!std::strcmp(worker, "errors"))
				return worker_errors();
			if (!std::strcmp(worker, "subcontexts"))
				return worker_subcontexts();
			if (!std::strcmp(worker, "singleton"))
				return worker_singleton();
		} catch (const std::exception &e) {
			std::printf("rank %d: FAILED: %s\n", my_rank, e.what());
			return 1;
		}
		std::printf("unknown worker %s\n", worker);
		return 2;
	}
	struct criterion_test_set *tests = criterion_initialize();
	int result = 0;
	if (criterion_handle_args(argc, argv, true))
		result = !criterion_run_all_tests(tests);
	criterion_finalize(tests);
	return result;
}
