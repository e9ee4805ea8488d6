// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's device profiler markers in the timeline trace: a program
// whose C++ kernels use DeviceZoneScopedN, DeviceTimestampedData,
// DeviceRecordEvent and DeviceZoneScopedSumN1 runs with TT_EMU_TRACE set,
// and the trace holds each marker on the core and RISC that wrote it,
// zones nested as the scopes were, values and counts as written.
#include <criterion/criterion.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal_profiler.hpp>

using namespace tt::tt_metal;

#define KERNEL(name) TT_TEST_KERNELS "/" name

// One trace record (the trace writes one per line).
struct event {
	std::string ph, cat, name, args;
	unsigned pid = 0, tid = 0;
	uint64_t ts = 0, dur = 0; // ns
};

// The value of "key": in @line, as written (string without its quotes).
static std::string field(const std::string &line, const std::string &key)
{
	std::string k = "\"" + key + "\":";
	size_t at = line.find(k);
	if (at == std::string::npos)
		return "";
	at += k.size();
	if (line[at] == '"') {
		size_t end = line.find('"', at + 1);
		return line.substr(at + 1, end - at - 1);
	}
	if (line[at] == '{') {
		size_t end = line.find('}', at);
		return line.substr(at, end - at + 1);
	}
	size_t end = line.find_first_of(",}", at);
	return line.substr(at, end - at);
}

// "12.345" microseconds as nanoseconds.
static uint64_t ns(const std::string &us)
{
	size_t dot = us.find('.');
	cr_assert(dot != std::string::npos && us.size() == dot + 4, "timestamp %s", us.c_str());
	return std::stoull(us.substr(0, dot)) * 1000 + std::stoull(us.substr(dot + 1));
}

static std::vector<event> read_trace(const std::string &path)
{
	std::ifstream f(path);
	std::vector<event> evs;
	std::string line;

	cr_assert(f.good(), "no trace at %s", path.c_str());
	std::getline(f, line);
	cr_assert_eq(line, "[");
	while (std::getline(f, line)) {
		if (line == "]")
			break;
		event e;
		e.ph = field(line, "ph");
		e.cat = field(line, "cat");
		e.name = field(line, "name");
		e.args = field(line, "args");
		if (!field(line, "pid").empty())
			e.pid = std::stoul(field(line, "pid"));
		if (!field(line, "tid").empty())
			e.tid = std::stoul(field(line, "tid"));
		if (!field(line, "ts").empty())
			e.ts = ns(field(line, "ts"));
		if (!field(line, "dur").empty())
			e.dur = ns(field(line, "dur"));
		evs.push_back(e);
	}
	cr_assert_eq(line, "]", "the trace is not finished");
	return evs;
}

// The trace's pid of logical core (@x, @y).
static unsigned pid_of(const std::vector<event> &evs, unsigned x, unsigned y)
{
	std::string want =
		"{\"name\":\"core (" + std::to_string(x) + "," + std::to_string(y) + ")\"}";
	for (const auto &e : evs)
		if (e.ph == "M" && e.name == "process_name" && e.args == want)
			return e.pid;
	cr_assert_fail("no track for core (%u,%u)", x, y);
	return 0;
}

static std::vector<event> select(const std::vector<event> &evs, const std::string &ph,
				 const std::string &name, unsigned pid, unsigned tid)
{
	std::vector<event> out;
	for (const auto &e : evs)
		if (e.ph == ph && e.name == name && e.pid == pid && e.tid == tid)
			out.push_back(e);
	return out;
}

static unsigned count_named(const std::vector<event> &evs, const std::string &name)
{
	unsigned n = 0;
	for (const auto &e : evs)
		n += e.name == name;
	return n;
}

// Run the profiled program on core (@x, @y) with @iters iterations,
// tracing into a fresh file; returns the trace.
static std::vector<event> run_profiled(unsigned x, unsigned y, uint32_t iters)
{
	char path[] = "/tmp/tt-profiler-trace-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	setenv("TT_EMU_TRACE", path, 1);

	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	Program program = CreateProgram();
	CoreCoord core{ x, y };
	auto br = CreateKernel(program, KERNEL("cxx_profiler_dm.cpp"), core,
			       DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						   .noc = NOC::RISCV_0_default });
	auto nc = CreateKernel(program, KERNEL("cxx_profiler_dm.cpp"), core,
			       DataMovementConfig{ .processor = DataMovementProcessor::RISCV_1,
						   .noc = NOC::RISCV_1_default });
	CreateKernel(program, KERNEL("cxx_profiler_compute.cpp"), core, ComputeConfig{});
	SetRuntimeArgs(program, br, core, { iters });
	SetRuntimeArgs(program, nc, core, { iters });
	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	distributed::EnqueueMeshWorkload(dev->mesh_command_queue(), workload, false);
	ReadMeshDeviceProfilerResults(*dev);
	dev->close();
	unsetenv("TT_EMU_TRACE");

	auto evs = read_trace(path);
	unlink(path);
	return evs;
}

static bool inside(const event &in, const event &out)
{
	return in.ts >= out.ts && in.ts + in.dur <= out.ts + out.dur;
}

Test(metalium_profiler, zones_on_their_core_and_risc)
{
	const uint32_t n = 5;
	auto evs = run_profiled(3, 2, n);
	unsigned pid = pid_of(evs, 3, 2);
	const char *who[2] = { "brisc", "ncrisc" };

	for (unsigned tid = 0; tid < 2; tid++) {
		std::string w = who[tid];
		auto outer = select(evs, "X", "outer-" + w, pid, tid);
		auto iters = select(evs, "X", "iteration-" + w, pid, tid);
		auto kernel = select(evs, "X", "kernel", pid, tid);

		cr_assert_eq(outer.size(), 1u, "%s: one outer zone", w.c_str());
		cr_assert_eq(kernel.size(), 1u);
		cr_assert(inside(outer[0], kernel[0]), "%s: the zone is inside the kernel",
			  w.c_str());
		cr_assert_eq(iters.size(), n, "%s: %zu iteration zones", w.c_str(), iters.size());
		for (uint32_t i = 0; i < n; i++) {
			cr_assert_eq(iters[i].cat, "zone");
			cr_assert(inside(iters[i], outer[0]), "%s: iteration %u outside outer",
				  w.c_str(), i);
			// 20 nops and the markers: the device clock counts instructions.
			cr_assert_geq(iters[i].dur, 20u);
			if (i)
				cr_assert_geq(iters[i].ts, iters[i - 1].ts + iters[i - 1].dur);
		}

		auto steps = select(evs, "i", "step-" + w, pid, tid);
		cr_assert_eq(steps.size(), n);
		for (uint32_t i = 0; i < n; i++) {
			std::string want =
				"{\"data\":" + std::to_string((uint64_t)i << 32 | (i * 3)) + "}";
			cr_assert_eq(steps[i].args, want, "%s", steps[i].args.c_str());
			cr_assert(inside(steps[i], iters[i]), "step %u outside its iteration", i);
			auto ev = select(evs, "i", "event " + std::to_string(100 + i), pid, tid);
			cr_assert_eq(ev.size(), 1u);
			cr_assert_eq(ev[0].args, "{\"id\":" + std::to_string(100 + i) + "}");
			cr_assert(inside(ev[0], iters[i]));
		}

		auto sums = select(evs, "i", "summed-" + w, pid, tid);
		cr_assert_eq(sums.size(), 1u, "one summed record");
		cr_assert_eq(sums[0].cat, "zone sum");
		cr_assert(sums[0].args.find("\"count\":" + std::to_string(n) + "}") !=
				  std::string::npos,
			  "%s", sums[0].args.c_str());
		uint64_t total = std::stoull(field(sums[0].args, "total_ns"));
		cr_assert_geq(total, 10u * n, "summed time %llu", (unsigned long long)total);
	}
	for (unsigned tid = 2; tid < 5; tid++) {
		auto z = select(evs, "X", "compute", pid, tid);
		cr_assert_eq(z.size(), 1u, "TRISC%u: one compute zone", tid - 2);
		cr_assert_geq(z[0].dur, 50u);
	}
	// Nothing elsewhere: every marker is on core (3,2).
	cr_assert_eq(count_named(evs, "outer-brisc"), 1u);
	cr_assert_eq(count_named(evs, "compute"), 3u);
	cr_assert_eq(count_named(evs, "iteration-ncrisc"), n);
}

// The device clock counts instructions: two runs give the same zones at
// the same times.
Test(metalium_profiler, zones_are_deterministic)
{
	auto a = run_profiled(0, 0, 3);
	auto b = run_profiled(0, 0, 3);
	std::vector<std::string> za, zb;

	for (const auto &e : a)
		if (e.cat == "zone" || e.cat == "profiler")
			za.push_back(e.name + "@" + std::to_string(e.ts) + "+" +
				     std::to_string(e.dur));
	for (const auto &e : b)
		if (e.cat == "zone" || e.cat == "profiler")
			zb.push_back(e.name + "@" + std::to_string(e.ts) + "+" +
				     std::to_string(e.dur));
	cr_assert_gt(za.size(), 10u);
	cr_assert(za == zb, "the zones moved between two runs");
}
