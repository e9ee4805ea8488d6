// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's device profiler markers in the timeline trace: a program
// whose C++ kernels use DeviceZoneScopedN, DeviceTimestampedData,
// DeviceRecordEvent and DeviceZoneScopedSumN1 runs with TT_EMU_TRACE set,
// and the trace holds each marker on the core and RISC that wrote it,
// zones nested as the scopes were, values and counts as written.
//
// With TT_METAL_DEVICE_PROFILER=1 the same markers go to tt-metal's
// profile_log_device.csv under TT_METAL_PROFILER_DIR: its first lines,
// columns, row types, sites and timer ids are tt-metal's, each read
// appends, the times are the trace's clock, and two runs give the same
// file.  With TT_TEST_TRACY_TOOLS naming a folder that holds tt-metal's
// tools/tracy package (and a python3 with its modules: pandas, seaborn,
// click, loguru), tt-metal's own reader (process_device_log.py) must
// process the file too; without it that test is skipped.
#include <criterion/criterion.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
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

// Enqueue the profiled program on core (@x, @y) of @dev with @iters
// iterations, then read the profiler results.
static void enqueue_profiled(distributed::MeshDevice &dev, unsigned x, unsigned y, uint32_t iters)
{
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
	workload.add_program(distributed::MeshCoordinateRange(dev.shape()), std::move(program));
	distributed::EnqueueMeshWorkload(dev.mesh_command_queue(), workload, false);
	ReadMeshDeviceProfilerResults(dev);
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
	enqueue_profiled(*dev, x, y, iters);
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

// tt-metal's device profiler log ----------------------------------------------

// A row of profile_log_device.csv, by tt-metal's columns.
struct row {
	unsigned chip = 0, x = 0, y = 0;
	std::string risc;
	unsigned id = 0;
	uint64_t time = 0, data = 0;
	std::string run_host_id, trace_id, trace_count, name, type;
	unsigned line = 0;
	std::string file, meta;
};

struct device_log {
	std::string arch_line, header;
	std::vector<row> rows;
};

static const char *const log_header =
	"PCIe slot, core_x, core_y, RISC processor type, timer_id, time[cycles since reset], "
	"data, run host ID, trace id, trace id counter, zone name, type, source line, "
	"source file, meta data";

// The fields of one CSV line (no quoting, as tt-metal writes it).
static std::vector<std::string> split(const std::string &line)
{
	std::vector<std::string> f;
	size_t at = 0;
	for (;;) {
		size_t comma = line.find(',', at);
		f.push_back(line.substr(at, comma == std::string::npos ? comma : comma - at));
		if (comma == std::string::npos)
			return f;
		at = comma + 1;
	}
}

static device_log read_log(const std::string &path)
{
	std::ifstream f(path);
	device_log log;
	std::string line;

	cr_assert(f.good(), "no device profiler log at %s", path.c_str());
	std::getline(f, log.arch_line);
	std::getline(f, log.header);
	while (std::getline(f, line)) {
		auto c = split(line);
		cr_assert_eq(c.size(), 15u, "a row of %zu columns: %s", c.size(), line.c_str());
		row r;
		r.chip = std::stoul(c[0]);
		r.x = std::stoul(c[1]);
		r.y = std::stoul(c[2]);
		r.risc = c[3];
		r.id = std::stoul(c[4]);
		r.time = std::stoull(c[5]);
		r.data = std::stoull(c[6]);
		r.run_host_id = c[7];
		r.trace_id = c[8];
		r.trace_count = c[9];
		r.name = c[10];
		r.type = c[11];
		r.line = std::stoul(c[12]);
		r.file = c[13];
		r.meta = c[14];
		log.rows.push_back(r);
	}
	return log;
}

static std::string slurp(const std::string &path)
{
	std::ifstream f(path, std::ios::binary);
	std::stringstream ss;
	ss << f.rdbuf();
	return ss.str();
}

// A fresh folder for the profiler's output.
static std::string fresh_dir()
{
	char dir[] = "/tmp/tt-profiler-log-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	return dir;
}

static void remove_tree(const std::string &dir)
{
	std::string cmd = "rm -rf '" + dir + "'";
	cr_assert_eq(std::system(cmd.c_str()), 0);
}

// Line of the first line of @path holding @text (1-based).
static unsigned line_of(const std::string &path, const std::string &text)
{
	std::ifstream f(path);
	std::string line;
	for (unsigned n = 1; std::getline(f, line); n++)
		if (line.find(text) != std::string::npos)
			return n;
	cr_assert_fail("no \"%s\" in %s", text.c_str(), path.c_str());
	return 0;
}

// tt-metal's timer id: "<name>,<file>,<line>,KERNEL_PROFILER" hashed with
// 32-bit FNV-1a, folded to 16 bits.
static unsigned timer_id(const std::string &name, const std::string &file, unsigned line)
{
	std::string msg = name + "," + file + "," + std::to_string(line) + ",KERNEL_PROFILER";
	uint32_t h = 2166136261u;
	for (unsigned char c : msg)
		h = (h ^ c) * 16777619u;
	return (h & 0xffff) ^ (h >> 16);
}

// Run the profiled program with TT_METAL_DEVICE_PROFILER=1 into @dir: once
// per entry of @iters, each followed by a read (the close writes nothing
// more); the log, and the trace of the run if @trace.
static device_log run_logged(const std::string &dir, const std::vector<uint32_t> &iters,
			     std::vector<event> *trace = nullptr)
{
	std::string trace_path = dir + "/run.json";
	setenv("TT_METAL_DEVICE_PROFILER", "1", 1);
	setenv("TT_METAL_PROFILER_DIR", dir.c_str(), 1);
	if (trace)
		setenv("TT_EMU_TRACE", trace_path.c_str(), 1);
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	for (uint32_t n : iters)
		enqueue_profiled(*dev, 3, 2, n);
	dev->close();
	unsetenv("TT_EMU_TRACE");
	unsetenv("TT_METAL_PROFILER_DIR");
	unsetenv("TT_METAL_DEVICE_PROFILER");
	if (trace)
		*trace = read_trace(trace_path);
	return read_log(dir + "/.logs/profile_log_device.csv");
}

static std::vector<row> rows_of(const device_log &log, const std::string &risc,
				const std::string &name, const std::string &type)
{
	std::vector<row> out;
	for (const auto &r : log.rows)
		if (r.risc == risc && r.name == name && r.type == type)
			out.push_back(r);
	return out;
}

Test(metalium_profiler, device_log_in_tt_metal_format)
{
	std::string dir = fresh_dir();
	// A log left by another process is started afresh.
	cr_assert_eq(mkdir((dir + "/.logs").c_str(), 0755), 0);
	std::ofstream(dir + "/.logs/profile_log_device.csv") << "stale\n";

	const uint32_t n = 4;
	std::vector<event> trace;
	device_log log = run_logged(dir, { n }, &trace);
	std::string src = KERNEL("cxx_profiler_dm.cpp");
	std::string compute_src = KERNEL("cxx_profiler_compute.cpp");

	cr_assert_eq(log.arch_line,
		     "ARCH: wormhole_b0, CHIP_FREQ[MHz]: 1000, Max Compute Cores: 64");
	cr_assert_eq(log.header, log_header);
	cr_assert_gt(log.rows.size(), 0u);

	// Every row: chip 0, logical core (3,2) at NoC (21,20), tt-metal's
	// columns left empty where the emulator has nothing to say.
	std::map<std::string, uint64_t> last_time;
	for (const auto &r : log.rows) {
		cr_assert_eq(r.chip, 0u);
		cr_assert(r.x == 21 && r.y == 20, "a row on core (%u,%u)", r.x, r.y);
		cr_assert_eq(r.run_host_id, "0");
		cr_assert(r.trace_id.empty() && r.trace_count.empty() && r.meta.empty());
		// Each RISC's rows are in time order.
		cr_assert_geq(r.time, last_time[r.risc], "%s: rows out of time order",
			      r.risc.c_str());
		last_time[r.risc] = r.time;
	}

	const char *who[2] = { "brisc", "ncrisc" };
	const char *risc[2] = { "BRISC", "NCRISC" };
	for (unsigned k = 0; k < 2; k++) {
		std::string w = who[k], R = risc[k];
		auto site_ok = [&](const std::vector<row> &rs, const std::string &name,
				   const std::string &macro) {
			unsigned line = line_of(src, macro);
			for (const auto &r : rs) {
				cr_assert(r.file.size() >= 20 &&
						  r.file.compare(r.file.size() - 20, 20,
								 "/cxx_profiler_dm.cpp") == 0,
					  "source file %s", r.file.c_str());
				cr_assert_eq(r.line, line, "%s at line %u, not %u", name.c_str(),
					     r.line, line);
				cr_assert_eq(r.id, timer_id(name, r.file, line), "%s: timer id %u",
					     name.c_str(), r.id);
			}
		};

		auto outer_s = rows_of(log, R, "outer-" + w, "ZONE_START");
		auto outer_e = rows_of(log, R, "outer-" + w, "ZONE_END");
		cr_assert(outer_s.size() == 1 && outer_e.size() == 1, "%s: one outer zone",
			  R.c_str());
		cr_assert_lt(outer_s[0].time, outer_e[0].time);
		site_ok(outer_s, "outer-" + w, "DeviceZoneScopedN(\"outer-\" WHO)");
		site_ok(outer_e, "outer-" + w, "DeviceZoneScopedN(\"outer-\" WHO)");

		auto it_s = rows_of(log, R, "iteration-" + w, "ZONE_START");
		auto it_e = rows_of(log, R, "iteration-" + w, "ZONE_END");
		auto steps = rows_of(log, R, "step-" + w, "TS_DATA");
		auto evs = rows_of(log, R, "", "TS_EVENT");
		cr_assert(it_s.size() == n && it_e.size() == n && steps.size() == n &&
				  evs.size() == n,
			  "%s: %zu, %zu, %zu, %zu rows a loop", R.c_str(), it_s.size(), it_e.size(),
			  steps.size(), evs.size());
		site_ok(it_s, "iteration-" + w, "DeviceZoneScopedN(\"iteration-\" WHO)");
		site_ok(it_e, "iteration-" + w, "DeviceZoneScopedN(\"iteration-\" WHO)");
		site_ok(steps, "step-" + w, "DeviceTimestampedData(");
		auto trace_its = select(trace, "X", "iteration-" + w, pid_of(trace, 3, 2), k);
		cr_assert_eq(trace_its.size(), n);
		for (uint32_t i = 0; i < n; i++) {
			cr_assert(outer_s[0].time < it_s[i].time && it_e[i].time < outer_e[0].time);
			cr_assert(it_s[i].time < steps[i].time && steps[i].time < evs[i].time &&
					  evs[i].time < it_e[i].time,
				  "%s: iteration %u out of order", R.c_str(), i);
			cr_assert_eq(it_s[i].data, 0u);
			cr_assert_eq(steps[i].data, (uint64_t)i << 32 | (i * 3));
			cr_assert_eq(evs[i].id, 100 + i);
			cr_assert(evs[i].line == 0 && evs[i].file.empty() && evs[i].data == 0);
			// The trace's clock: the same durations.
			cr_assert_eq(it_e[i].time - it_s[i].time, trace_its[i].dur,
				     "%s: iteration %u lasts %llu cycles, %llu ns in the trace",
				     R.c_str(), i,
				     (unsigned long long)(it_e[i].time - it_s[i].time),
				     (unsigned long long)trace_its[i].dur);
		}

		// The summed zone: one total, at the RISC's first marker.
		auto sums = rows_of(log, R, "summed-" + w, "ZONE_TOTAL");
		cr_assert_eq(sums.size(), 1u, "%s: one summed zone", R.c_str());
		site_ok(sums, "summed-" + w, "DeviceZoneScopedSumN1(");
		cr_assert_geq(sums[0].data, 10u * n);
		cr_assert_eq(sums[0].time, outer_s[0].time);
		auto trace_sum = select(trace, "i", "summed-" + w, pid_of(trace, 3, 2), k);
		cr_assert_eq(trace_sum.size(), 1u);
		cr_assert_eq(std::to_string(sums[0].data), field(trace_sum[0].args, "total_ns"));
	}
	// The compute kernel's zone, once per TRISC.
	unsigned compute_line = line_of(compute_src, "DeviceZoneScopedN(\"compute\")");
	for (const char *t : { "TRISC_0", "TRISC_1", "TRISC_2" }) {
		auto s = rows_of(log, t, "compute", "ZONE_START");
		auto e = rows_of(log, t, "compute", "ZONE_END");
		cr_assert(s.size() == 1 && e.size() == 1, "%s: one compute zone", t);
		cr_assert_geq(e[0].time - s[0].time, 50u);
		cr_assert_eq(s[0].line, compute_line);
		cr_assert_eq(s[0].id, e[0].id);
	}
	remove_tree(dir);
}

// Each read appends what was marked since the last one; the header is
// written once.
Test(metalium_profiler, device_log_appends_each_read)
{
	std::string dir = fresh_dir();
	device_log log = run_logged(dir, { 2, 3 });
	std::string text = slurp(dir + "/.logs/profile_log_device.csv");

	cr_assert_eq(text.find("ARCH: "), 0u);
	cr_assert_eq(text.find("ARCH: ", 1), std::string::npos, "the header twice");
	// Each write's rows are sorted by RISC: the RISC going back to BRISC
	// starts the second write, which holds the second run.
	static const std::map<std::string, unsigned> rank = { { "BRISC", 0 },
							      { "NCRISC", 1 },
							      { "TRISC_0", 2 },
							      { "TRISC_1", 3 },
							      { "TRISC_2", 4 } };
	unsigned write = 0, iters[2] = {}, outer[2] = {};
	uint64_t first_end = 0;
	for (size_t i = 0; i < log.rows.size(); i++) {
		const row &r = log.rows[i];
		if (i && rank.at(r.risc) < rank.at(log.rows[i - 1].risc))
			write++;
		cr_assert_lt(write, 2u, "more than two writes");
		if (write == 0)
			first_end = std::max(first_end, r.time);
		else
			cr_assert_gt(r.time, first_end,
				     "the second write holds the first run's rows");
		iters[write] += r.name == "iteration-brisc" && r.type == "ZONE_START";
		outer[write] += r.name == "outer-brisc" && r.type == "ZONE_START";
	}
	cr_assert_eq(write, 1u, "one write per read");
	cr_assert(outer[0] == 1 && outer[1] == 1);
	cr_assert(iters[0] == 2 && iters[1] == 3, "%u and %u iterations", iters[0], iters[1]);
	remove_tree(dir);
}

// The device clock counts instructions: two runs write the same log.
Test(metalium_profiler, device_log_is_deterministic)
{
	std::string a = fresh_dir(), b = fresh_dir();
	run_logged(a, { 3 });
	run_logged(b, { 3 });
	std::string la = slurp(a + "/.logs/profile_log_device.csv");
	std::string lb = slurp(b + "/.logs/profile_log_device.csv");
	cr_assert_gt(la.size(), 1000u);
	cr_assert(la == lb, "two runs wrote different logs");
	remove_tree(a);
	remove_tree(b);
}

// A mesh: every chip's markers in the one log, under its chip id.
Test(metalium_profiler, device_log_of_a_mesh)
{
	std::string dir = fresh_dir();
	setenv("TT_EMU_SYSTEM", "1x2", 1);
	setenv("TT_METAL_DEVICE_PROFILER", "1", 1);
	setenv("TT_METAL_PROFILER_DIR", dir.c_str(), 1);
	auto mesh = distributed::MeshDevice::create(
		distributed::MeshDeviceConfig(distributed::MeshShape(1, 2)));
	enqueue_profiled(*mesh, 1, 0, 2);
	mesh->close();
	device_log log = read_log(dir + "/.logs/profile_log_device.csv");

	for (unsigned chip = 0; chip < 2; chip++) {
		unsigned n = 0;
		for (const auto &r : log.rows)
			if (r.chip == chip && r.x == 19 && r.y == 18 &&
			    r.name == "iteration-brisc" && r.type == "ZONE_END")
				n++;
		cr_assert_eq(n, 2u, "chip %u: %u iteration zones", chip, n);
	}
	remove_tree(dir);
}

// Without TT_METAL_DEVICE_PROFILER there is no log, as in tt-metal.
Test(metalium_profiler, no_device_log_without_the_switch)
{
	std::string dir = fresh_dir();
	setenv("TT_METAL_PROFILER_DIR", dir.c_str(), 1);
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	enqueue_profiled(*dev, 0, 0, 1);
	dev->close();
	struct stat st;
	cr_assert_neq(stat((dir + "/.logs").c_str(), &st), 0, "a log folder without the switch");
	remove_tree(dir);
}

// tt-metal's own reader of the log, when the test is given it.
Test(metalium_profiler, tt_metal_reads_the_device_log)
{
	const char *tools = std::getenv("TT_TEST_TRACY_TOOLS");
	const char *py = std::getenv("TT_TEST_PYTHON");
	std::string python = py && *py ? py : "python3";
	if (!tools || !*tools)
		cr_skip_test("TT_TEST_TRACY_TOOLS does not name tt-metal's tools/ folder");
	std::string probe = "cd '" + std::string(tools) + "' && " + python +
			    " -c 'import tracy.process_device_log' >/dev/null 2>&1";
	if (std::system(probe.c_str()) != 0)
		cr_skip_test("%s cannot import tracy.process_device_log from %s", python.c_str(),
			     tools);

	std::string dir = fresh_dir();
	run_logged(dir, { 2 });
	std::string cmd =
		"cd '" + std::string(tools) + "' && TT_METAL_PROFILER_DIR='" + dir + "' " + python +
		" -m tracy.process_device_log -d '" + dir +
		"/.logs/profile_log_device.csv' -o reports --no-artifacts --no-print-stats "
		">'" +
		dir + "/reader.log' 2>&1";
	int rc = std::system(cmd.c_str());
	cr_assert(WIFEXITED(rc) && WEXITSTATUS(rc) == 0, "process_device_log failed:\n%s",
		  slurp(dir + "/reader.log").c_str());
	std::string json = slurp(dir + "/reports/device_analysis_data.json");
	cr_assert(json.find("\"arch\": \"wormhole_b0\"") != std::string::npos, "%s",
		  json.substr(0, 400).c_str());
	cr_assert(json.find("\"freq\": 1000") != std::string::npos);
	cr_assert(json.find("\"(21, 20)\"") != std::string::npos, "core (21,20) not read");
	for (const char *risc : { "BRISC", "NCRISC", "TRISC_0", "TRISC_1", "TRISC_2" })
		cr_assert(json.find("\"" + std::string(risc) + "\": {") != std::string::npos,
			  "%s not read", risc);
	// Its timeseries are Python tuples written as strings.
	for (const char *name :
	     { "outer-brisc", "iteration-ncrisc", "step-brisc", "summed-ncrisc", "compute" })
		cr_assert(json.find("'zone_name': '" + std::string(name) + "'") !=
				  std::string::npos,
			  "%s not read", name);
	for (const char *type : { "ZONE_START", "ZONE_END", "ZONE_TOTAL", "TS_DATA", "TS_EVENT" })
		cr_assert(json.find("'type': '" + std::string(type) + "'") != std::string::npos,
			  "%s not read", type);
	remove_tree(dir);
}
