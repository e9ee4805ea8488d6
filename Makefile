# SPDX-License-Identifier: Apache-2.0
#
# tensix-emu: one non-recursive Makefile, out of tree into $(O).
# `make help` lists targets and variables.

O ?= build
V ?= 0
CROSS_COMPILE ?= riscv64-unknown-elf-
TESTS ?= *
JOBS ?= $(shell nproc)

MAKEFLAGS += -r --no-print-directory
# One job per CPU unless the command line says otherwise (make -j1).
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(JOBS)
endif
.SUFFIXES:
.DELETE_ON_ERROR:
.SECONDARY:

src := $(CURDIR)
obj := $(abspath $(O))
ifeq ($(obj),$(src))
$(error O=$(O) is the source tree; pick a separate build directory)
endif

# QEMU=<path> uses an existing build of our QEMU instead of building one.
ifeq ($(origin QEMU),undefined)
QEMU := $(obj)/qemu/build/qemu-system-riscv32
build-qemu := y
endif
sysroot := $(obj)/sysroot/riscv64-unknown-elf

ifeq ($(V),1)
Q :=
msg = @true
else
Q := @
msg = @printf '  %-7s %s\n' '$(1)' '$(patsubst $(obj)/%,%,$(2))'
endif

.PHONY: all
all: deps qemu firmware host metalium tools tests

# ---------------------------------------------------------------------------
# Debian packages (installs when root, prints the apt-get line otherwise)

deps-stamp := $(obj)/.deps-ok
.PHONY: deps
deps: $(deps-stamp)
$(deps-stamp): tools/deps.sh
	$(Q)mkdir -p $(obj)
	$(Q)bash tools/deps.sh
	$(Q)touch $@

# ---------------------------------------------------------------------------
# QEMU with the tensix machine, newlib

# ninja tracks QEMU's own dependencies (our device/ and hal/ files included):
# always ask it, a no-op build takes a fraction of a second.
.PHONY: qemu device FORCE
qemu device: $(QEMU)
ifeq ($(build-qemu),y)
$(QEMU): FORCE | $(deps-stamp)
	$(Q)bash device/qemu/build-qemu.sh $(src) $(obj)
endif

newlib-stamp := $(obj)/sysroot/.newlib-stamp
$(newlib-stamp): firmware/build-newlib.sh | $(deps-stamp)
	$(Q)CROSS_COMPILE=$(CROSS_COMPILE) bash firmware/build-newlib.sh $(obj)

# gcc 12 does not map -march=rv32im_zicsr to its rv32im multilib: put the
# right libgcc where firmware and kernels link from.
libgcc := $(sysroot)/lib/libgcc.a
$(libgcc): $(newlib-stamp)
	$(Q)cp "$$($(CROSS_COMPILE)gcc -march=rv32im -mabi=ilp32 -print-libgcc-file-name)" $@

# ---------------------------------------------------------------------------
# Firmware and linker scripts

riscs := brisc ncrisc trisc0 trisc1 trisc2
RISC_brisc := BRISC
RISC_ncrisc := NCRISC
RISC_trisc0 := TRISC0
RISC_trisc1 := TRISC1
RISC_trisc2 := TRISC2
LOCAL_brisc := TT_MEM_BRISC_LOCAL_SIZE
LOCAL_ncrisc := TT_MEM_NCRISC_LOCAL_SIZE
LOCAL_trisc0 := TT_MEM_TRISC_LOCAL_SIZE
LOCAL_trisc1 := TT_MEM_TRISC_LOCAL_SIZE
LOCAL_trisc2 := TT_MEM_TRISC_LOCAL_SIZE

hal-inc := -I$(src)/hal -I$(src)/hal/wormhole
rv-arch := -march=rv32im_zicsr -mabi=ilp32 -mno-relax -mcmodel=medlow --param=min-pagesize=0
fw-cflags := $(rv-arch) -Os -g -std=gnu11 -Wall -Wextra -Werror -ffreestanding \
	-ffunction-sections -fdata-sections -fno-common $(hal-inc) \
	-I$(src)/firmware -I$(src)/kernels/include -isystem $(sysroot)/include -MMD -MP
fw-objs := crt0.o trap.o fw_common.o syscalls.o
fw-main-brisc := brisc.o
fw-main-sub := subordinate.o
fw-exports := -w -K 'fw_*' -K errno -K _write -K _read -K _sbrk -K _close \
	-K _fstat -K _isatty -K _lseek -K _getpid -K _kill -K _exit

$(obj)/firmware/%.o: firmware/%.c $(newlib-stamp)
	$(call msg,FWCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CROSS_COMPILE)gcc $(fw-cflags) -c $< -o $@

$(obj)/firmware/%.o: firmware/%.S | $(deps-stamp)
	$(call msg,FWAS,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CROSS_COMPILE)gcc $(fw-cflags) -c $< -o $@

# The entry of every kernel: built against newlib's headers.
$(obj)/firmware/kernel_entry.o: firmware/kernel_entry.c $(newlib-stamp)
	$(call msg,FWCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CROSS_COMPILE)gcc $(rv-arch) -Os -g -std=gnu11 -Wall -Wextra -Werror \
		-ffunction-sections -fdata-sections $(hal-inc) -isystem $(sysroot)/include \
		-MMD -MP -c $< -o $@

$(obj)/linker/firmware_%.ld: linker/firmware.ld.S hal/wormhole/tt_mem_map.h hal/tt_l1_layout.h | $(deps-stamp)
	$(call msg,LDS,$@)
	$(Q)mkdir -p $(@D)
	$(Q)cpp -P -undef $(hal-inc) -DFW_RISC_TEXT=TT_MEM_$(RISC_$*)_FIRMWARE_BASE \
		-DFW_LOCAL_SIZE=$(LOCAL_$*) $< -o $@

$(obj)/linker/kernel_%.ld: linker/kernel.ld.S hal/wormhole/tt_mem_map.h hal/tt_l1_layout.h | $(deps-stamp)
	$(call msg,LDS,$@)
	$(Q)mkdir -p $(@D)
	$(Q)cpp -P -undef $(hal-inc) -DKERNEL_TEXT=TT_MEM_$(RISC_$*)_KERNEL_BASE \
		-DKERNEL_LOCAL_SIZE=$(LOCAL_$*) $< -o $@

fw-deps = $(addprefix $(obj)/firmware/,$(fw-objs) $(if $(filter brisc,$*),$(fw-main-brisc),$(fw-main-sub)))

.SECONDEXPANSION:
$(obj)/firmware/%.elf: $$(fw-deps) $(obj)/linker/firmware_%.ld $(libgcc)
	$(call msg,FWLD,$@)
	$(Q)$(CROSS_COMPILE)gcc $(rv-arch) -nostdlib -nostartfiles \
		-T $(obj)/linker/firmware_$*.ld -Wl,--gc-sections \
		$(fw-deps) -L$(sysroot)/lib -lgcc -o $@

$(obj)/firmware/%.syms.elf: $(obj)/firmware/%.elf
	$(call msg,SYMS,$@)
	$(Q)$(CROSS_COMPILE)objcopy --strip-all $(fw-exports) $< $@

fw-images := $(foreach r,$(riscs),$(obj)/firmware/$(r).elf $(obj)/firmware/$(r).syms.elf)
kernel-lds := $(foreach r,$(riscs),$(obj)/linker/kernel_$(r).ld)

.PHONY: firmware kernels
firmware: $(fw-images) $(kernel-lds) $(obj)/firmware/kernel_entry.o
kernels: firmware

# ---------------------------------------------------------------------------
# Host library (libtt): an optimised build, and a sanitised one for tests

# libtt's sources sit in one folder per job (docs/architecture.md); each
# file names the folder of an internal header it includes ("device/device.h").
host-srcs := $(wildcard host/src/*.c host/src/*/*.c)
host-cflags := -std=gnu11 -g -Wall -Wextra -Werror -MMD -MP \
	-I$(src)/host/include -I$(src)/host/src $(hal-inc) \
	-DTT_DEFAULT_SRC='"$(src)"' -DTT_DEFAULT_BUILD='"$(obj)"'
san := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
host-libs := -lxxhash -lm

$(obj)/host/%.o: host/src/%.c | $(deps-stamp)
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(host-cflags) -O2 -c $< -o $@

$(obj)/san/host/%.o: host/src/%.c | $(deps-stamp)
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(host-cflags) -O1 $(san) -c $< -o $@

# The list of a library's sources, rewritten only when it changes.  The
# libraries depend on it, so a source that moves or appears rebuilds them
# even when no source is newer than the library: under .SECONDARY, make
# does not miss an object file that is not there.
define source-list
$(Q)mkdir -p $(@D)
$(Q)echo '$(1)' | cmp -s - $@ || echo '$(1)' > $@
endef
host-list := $(obj)/host/sources.txt
$(host-list): FORCE
	$(call source-list,$(host-srcs))

$(obj)/host/libtt.a: $(patsubst host/src/%.c,$(obj)/host/%.o,$(host-srcs)) $(host-list)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

$(obj)/san/host/libtt.a: $(patsubst host/src/%.c,$(obj)/san/host/%.o,$(host-srcs)) $(host-list)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

# ThreadSanitizer build, for test-tsan only (ASan and TSan do not mix).
tsan := -fsanitize=thread -fno-omit-frame-pointer

$(obj)/tsan/host/%.o: host/src/%.c | $(deps-stamp)
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(host-cflags) -O1 $(tsan) -c $< -o $@

$(obj)/tsan/host/libtt.a: $(patsubst host/src/%.c,$(obj)/tsan/host/%.o,$(host-srcs)) $(host-list)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

.PHONY: host
host: $(obj)/host/libtt.a $(obj)/san/host/libtt.a

# ---------------------------------------------------------------------------
# TT-Metalium: tt-metal's C++ host API as a library over libtt's public C
# API (host/metalium), and the CMake package that lets tt-metal programs'
# own CMakeLists.txt build against it (docs/coming-from-tt-metal.md).

mtl-srcs := $(wildcard host/metalium/src/*.cpp)
mtl-inc := -I$(src)/host/metalium/include
mtl-cxxflags := -std=c++20 -g -Wall -Wextra -Werror -MMD -MP $(mtl-inc) \
	-I$(src)/host/include $(hal-inc)
# MPI (Debian's Open MPI) carries the DistributedContext between ranks
# (src/mpi_context.cpp, the one source that includes mpi.h): every program
# linking the package links libmpi.  Expanded when used, after deps.
mpi-cflags = $(shell pkg-config --cflags mpi-c)
mpi-libs = $(shell pkg-config --libs mpi-c)
mtl-libs = -lfmt $(mpi-libs)
# tt-metal's configs are meant for partial designated initialisers.
mtl-test-flags := -Wno-missing-field-initializers
# The project's version (VERSION), shared by the CMake and pkg-config
# packages and the Debian packages.
mtl-version := $(strip $(file < VERSION))
mtl-pkg := $(obj)/metalium

$(obj)/metalium/obj/%.o: host/metalium/src/%.cpp
	$(call msg,CXX,$@)
	$(Q)mkdir -p $(@D)
	$(Q)g++ $(mtl-cxxflags) $(mpi-cflags) -O2 -c $< -o $@

$(obj)/san/metalium/%.o: host/metalium/src/%.cpp
	$(call msg,CXX,$@)
	$(Q)mkdir -p $(@D)
	$(Q)g++ $(mtl-cxxflags) $(mpi-cflags) -O1 $(san) -c $< -o $@

mtl-list := $(obj)/metalium/sources.txt
$(mtl-list): FORCE
	$(call source-list,$(mtl-srcs))

$(mtl-pkg)/lib/libtt_metalium.a: $(patsubst host/metalium/src/%.cpp,$(obj)/metalium/obj/%.o,$(mtl-srcs)) $(mtl-list)
	$(call msg,AR,$@)
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

$(obj)/san/metalium/libtt_metalium.a: $(patsubst host/metalium/src/%.cpp,$(obj)/san/metalium/%.o,$(mtl-srcs)) $(mtl-list)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

# The build-tree package: cmake -DCMAKE_PREFIX_PATH=$(O)/metalium
mtl-cmake := $(mtl-pkg)/lib/cmake/TT-Metalium
$(mtl-cmake)/TT-MetaliumConfig.cmake: host/metalium/cmake/TT-MetaliumConfig.cmake.in Makefile
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(@D)
	$(Q)sed -e 's|@PREFIX_NOTE@|This copy points into a build tree.|' \
		-e 's|@LIBKIND@|STATIC|g' -e 's|@TT_LIBS@|xxhash;m|' \
		-e 's|@PREFIX_SETUP@|set(_tt_metalium_include "$(src)/host/metalium/include")\nset(_tt_metalium_tt_include "$(src)/host/include")\nset(_tt_metalium_lib "$(mtl-pkg)/lib/libtt_metalium.a")\nset(_tt_metalium_libtt "$(obj)/host/libtt.a")|' \
		$< > $@
$(mtl-cmake)/TT-MetaliumConfigVersion.cmake: host/metalium/cmake/TT-MetaliumConfigVersion.cmake.in
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(@D)
	$(Q)sed -e 's|@VERSION@|$(mtl-version)|' $< > $@

# pkg-config files of the build tree (static libraries, absolute paths):
# PKG_CONFIG_PATH=$(O)/metalium/lib/pkgconfig pkg-config --libs tt-metalium
$(mtl-pkg)/lib/pkgconfig/tt.pc: Makefile
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(@D)
	$(Q)printf '%s\n' 'Name: tt' 'Description: libtt, the tensix-emu host C library (build tree)' \
		'Version: $(mtl-version)' 'Cflags: -I$(src)/host/include' \
		'Libs: $(obj)/host/libtt.a -lxxhash -lm' > $@
$(mtl-pkg)/lib/pkgconfig/tt-metalium.pc: Makefile
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(@D)
	$(Q)printf '%s\n' 'Name: tt-metalium' 'Description: TT-Metalium C++ host API on tensix-emu (build tree)' \
		'Version: $(mtl-version)' 'Requires: fmt tt mpi-c' \
		'Cflags: -std=c++20 -I$(src)/host/metalium/include' \
		'Libs: $(mtl-pkg)/lib/libtt_metalium.a' > $@

.PHONY: metalium
metalium: $(mtl-pkg)/lib/libtt_metalium.a $(obj)/san/metalium/libtt_metalium.a \
	$(mtl-cmake)/TT-MetaliumConfig.cmake $(mtl-cmake)/TT-MetaliumConfigVersion.cmake \
	$(mtl-pkg)/lib/pkgconfig/tt.pc $(mtl-pkg)/lib/pkgconfig/tt-metalium.pc

# ---------------------------------------------------------------------------
# make install PREFIX=dir: one relocatable tree.  Shared libtt and
# libtt_metalium find the rest of the tree from their own location
# (host/src/base/paths.c, TT_RELOCATABLE); nothing in it names this source or
# build tree.
#   include/tt, include/metalium     libtt and TT-Metalium headers
#   include/metalium-test-support     tt-metal internals its unit tests include
#   lib/libtt.so, lib/libtt_metalium.so, lib/cmake/TT-Metalium, lib/pkgconfig
#   lib/libtt.a, lib/libtt_metalium.a  static, for a tree at $(PREFIX)
#   lib/tensix-emu/                   firmware, linker scripts, newlib, QEMU
#   share/tensix-emu/                 kernel API headers and hal/

PREFIX ?= /usr/local
inst = $(DESTDIR)$(PREFIX)
pic-flags := -fPIC -ffile-prefix-map=$(obj)=build -ffile-prefix-map=$(src)=.
pic-host := $(patsubst host/src/%.c,$(obj)/pic/host/%.o,$(host-srcs))
pic-mtl := $(patsubst host/metalium/src/%.cpp,$(obj)/pic/metalium/%.o,$(mtl-srcs))

$(obj)/pic/host/%.o: host/src/%.c
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(filter-out -DTT_DEFAULT_%,$(host-cflags)) -O2 $(pic-flags) -DTT_RELOCATABLE -c $< -o $@

$(obj)/pic/metalium/%.o: host/metalium/src/%.cpp
	$(call msg,CXX,$@)
	$(Q)mkdir -p $(@D)
	$(Q)g++ $(mtl-cxxflags) $(mpi-cflags) -O2 $(pic-flags) -c $< -o $@

$(obj)/pic/lib/libtt.so: $(pic-host) $(host-list)
	$(call msg,LD,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc -shared -Wl,-soname,libtt.so $(pic-host) $(host-libs) -o $@

$(obj)/pic/lib/libtt_metalium.so: $(pic-mtl) $(obj)/pic/lib/libtt.so $(mtl-list)
	$(call msg,LD,$@)
	$(Q)g++ -shared -Wl,-soname,libtt_metalium.so $(pic-mtl) -L$(obj)/pic/lib -ltt $(mtl-libs) \
		-Wl,-rpath,'$$ORIGIN' -o $@

# The static libraries of an install: the same objects, but a static libtt
# is part of the program and cannot find the tree from its own location,
# so its paths.c names $(PREFIX)'s folders (the environment still
# overrides them).
pic-prefix := $(obj)/pic/prefix.txt
$(pic-prefix): FORCE
	$(call source-list,$(PREFIX))

$(obj)/pic/host/base/paths_prefix.o: host/src/base/paths.c $(pic-prefix)
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(filter-out -DTT_DEFAULT_%,$(host-cflags)) -O2 $(pic-flags) \
		-DTT_DEFAULT_SRC='"$(PREFIX)/share/tensix-emu"' \
		-DTT_DEFAULT_BUILD='"$(PREFIX)/lib/tensix-emu"' -c $< -o $@

$(obj)/pic/lib/libtt.a: $(filter-out $(obj)/pic/host/base/paths.o,$(pic-host)) \
		$(obj)/pic/host/base/paths_prefix.o $(host-list)
	$(call msg,AR,$@)
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

$(obj)/pic/lib/libtt_metalium.a: $(pic-mtl) $(mtl-list)
	$(call msg,AR,$@)
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

.PHONY: install
install-needs := deps qemu firmware tools $(obj)/pic/lib/libtt.so $(obj)/pic/lib/libtt_metalium.so \
	$(obj)/pic/lib/libtt.a $(obj)/pic/lib/libtt_metalium.a
install: $(install-needs)
	$(call msg,INSTALL,$(inst))
	$(Q)install -d $(inst)/include/tt $(inst)/include/metalium $(inst)/lib/pkgconfig \
		$(inst)/lib/cmake/TT-Metalium $(inst)/lib/tensix-emu/firmware $(inst)/lib/tensix-emu/linker \
		$(inst)/lib/tensix-emu/qemu/build $(inst)/lib/tensix-emu/sysroot $(inst)/share/tensix-emu
	$(Q)install -m 644 host/include/tt/*.h $(inst)/include/tt/
	$(Q)cp -RL host/metalium/include/. $(inst)/include/metalium/
	$(Q)rm -rf $(inst)/include/metalium-test-support
	$(Q)cp -RL host/metalium/test-support $(inst)/include/metalium-test-support
	$(Q)install -m 755 $(obj)/pic/lib/libtt.so $(obj)/pic/lib/libtt_metalium.so $(inst)/lib/
	$(Q)install -m 644 $(obj)/pic/lib/libtt.a $(obj)/pic/lib/libtt_metalium.a $(inst)/lib/
	$(Q)install -m 644 $(fw-images) $(obj)/firmware/kernel_entry.o $(inst)/lib/tensix-emu/firmware/
	$(Q)install -m 644 $(kernel-lds) $(inst)/lib/tensix-emu/linker/
	$(Q)rm -rf $(inst)/lib/tensix-emu/sysroot/riscv64-unknown-elf
	$(Q)cp -R $(sysroot) $(inst)/lib/tensix-emu/sysroot/
	$(Q)install -m 755 $(QEMU) $(inst)/lib/tensix-emu/qemu/build/qemu-system-riscv32
	$(Q)rm -rf $(inst)/share/tensix-emu/kernels $(inst)/share/tensix-emu/hal
	$(Q)mkdir -p $(inst)/share/tensix-emu/kernels
	$(Q)cp -R kernels/include $(inst)/share/tensix-emu/kernels/
	$(Q)cp -R hal $(inst)/share/tensix-emu/
	$(Q)rm -rf $(inst)/share/tensix-emu/tools $(inst)/lib/tensix-emu/gdb
	$(Q)mkdir -p $(inst)/share/tensix-emu/tools/gdb $(inst)/lib/tensix-emu/gdb
	$(Q)cp -R tools/gdb/tensix_gdb $(inst)/share/tensix-emu/tools/gdb/
	$(Q)install -m 755 tools/tt-gdb.sh $(inst)/share/tensix-emu/tools/
	$(Q)install -m 644 $(gdb-support) $(inst)/lib/tensix-emu/gdb/
	$(Q)sed -e 's|@PREFIX_NOTE@|This copy finds its tree from its own location.|' \
		-e 's|@LIBKIND@|SHARED|g' -e 's|@TT_LIBS@||' \
		-e 's|@PREFIX_SETUP@|get_filename_component(_tt_prefix "$${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)\nset(_tt_metalium_include "$${_tt_prefix}/include/metalium")\nset(_tt_metalium_tt_include "$${_tt_prefix}/include")\nset(_tt_metalium_lib "$${_tt_prefix}/lib/libtt_metalium.so")\nset(_tt_metalium_libtt "$${_tt_prefix}/lib/libtt.so")|' \
		host/metalium/cmake/TT-MetaliumConfig.cmake.in > $(inst)/lib/cmake/TT-Metalium/TT-MetaliumConfig.cmake
	$(Q)sed -e 's|@VERSION@|$(mtl-version)|' host/metalium/cmake/TT-MetaliumConfigVersion.cmake.in \
		> $(inst)/lib/cmake/TT-Metalium/TT-MetaliumConfigVersion.cmake
	$(Q)for pc in tt tt-metalium; do \
		sed -e 's|@PREFIX@|$${pcfiledir}/../..|' -e 's|@VERSION@|$(mtl-version)|' \
			host/metalium/cmake/$$pc.pc.in > $(inst)/lib/pkgconfig/$$pc.pc; done

# make deb: the installed tree (PREFIX=/usr) as two Debian packages in
# $(O)/deb, split as tt-metal ships tt-metalium and tt-metalium-dev:
# tensix-emu (run) and tensix-emu-dev (build); tools/mkdeb.sh.  The version
# is VERSION's, with the commit's date and hash in a git tree.
# test-deb installs both into a scratch root and builds an example against
# them (tests/deb/test-deb.sh).
deb-dir := $(obj)/deb
deb-version = $(mtl-version)$(shell git -C $(src) log -1 --format='+git%cd.%h' \
	--date=format:%Y%m%d 2>/dev/null)
.PHONY: deb test-deb
deb: deps
	$(Q)rm -rf $(deb-dir)/root
	$(Q)$(MAKE) install DESTDIR=$(deb-dir)/root PREFIX=/usr
	$(Q)bash tools/mkdeb.sh --root $(deb-dir)/root --out $(deb-dir) --version '$(deb-version)' \
		--static-libs '$(host-libs) $(filter -l%,$(mtl-libs))'
	$(Q)rm -rf $(deb-dir)/root
test-deb: deb
	$(Q)bash tests/deb/test-deb.sh --debs $(deb-dir) --version '$(deb-version)' \
		--work $(obj)/deb-test

# conformance: tt-metal's programming examples, each built with its own
# CMakeLists.txt against the package above, run and checked.
TT_METAL_HOME ?= $(if $(wildcard $(src)/../shared/tt-metal/tt_metal),$(abspath $(src)/../shared/tt-metal))
.PHONY: conformance
conformance-run = TT_EMU_CACHE=$(obj)/cache bash tools/conformance.sh --build $(obj) \
	--src $(src) --tt-metal-home '$(TT_METAL_HOME)' --examples '$(EXAMPLES)'
conformance: all
	$(Q)$(conformance-run)

# tt-metal-tests: tt-metal's own GoogleTest suites from TT_METAL_HOME's
# tests/, built unmodified against the package and counted per group
# (tools/tt-metal-tests.py; docs/coming-from-tt-metal.md).  GROUPS picks
# some (api llk data_movement integration legacy misc noc sfpi mesh).
GROUPS ?=
.PHONY: tt-metal-tests
tt-metal-tests-run = TT_EMU_CACHE=$(obj)/cache python3 tools/tt-metal-tests.py --build $(obj) \
	--src $(src) --tt-metal-home '$(TT_METAL_HOME)' --groups '$(GROUPS)' \
	--expect tests/tt-metal-expected.txt
tt-metal-tests: deps qemu firmware $(mtl-pkg)/lib/libtt_metalium.a $(obj)/host/libtt.a
	$(Q)$(tt-metal-tests-run)

# ---------------------------------------------------------------------------
# Tools built from C (tools/*.c, each one program on libtt)

tools := $(patsubst tools/%.c,$(obj)/tools/%,$(wildcard tools/*.c))

$(obj)/tools/%: tools/%.c $(obj)/host/libtt.a
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(host-cflags) -O2 $< $(obj)/host/libtt.a $(host-libs) -o $@

# gdb's Python layer (tools/gdb, docs/gdb.md) reads hal/'s layout facts
# from a module generated here, and decodes tiles with the model's own
# format code, loaded as a library.
gdb-support := $(obj)/gdb/tt_hal.py $(obj)/gdb/libttx_format.so $(obj)/gdb/bootrom.elf

$(obj)/gdb/hal_constants: tools/gdb/hal_constants.c $(wildcard hal/*.h hal/*/*.h) \
		host/include/tt/program.h | $(deps-stamp)
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc -std=gnu11 -Wall -Wextra -Werror $(hal-inc) -I$(src)/host/include $< -o $@

$(obj)/gdb/tt_hal.py: $(obj)/gdb/hal_constants
	$(call msg,GEN,$@)
	$(Q)$< > $@.tmp && mv $@.tmp $@

$(obj)/gdb/bootrom.elf: firmware/bootrom.S hal/wormhole/tt_mem_map.h | $(deps-stamp)
	$(call msg,FWLD,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CROSS_COMPILE)gcc $(rv-arch) $(hal-inc) -nostdlib -nostartfiles -g -Wl,-e,tt_boot_rom \
		-Wl,--section-start=.bootrom=$$(echo TT_MMIO_BOOTROM_BASE | \
		cpp -P -undef $(hal-inc) -include tt_mem_map.h -) $< -o $@.tmp
	$(Q)$(CROSS_COMPILE)objcopy --strip-all -K tt_boot_rom $@.tmp $@ && rm -f $@.tmp

$(obj)/gdb/libttx_format.so: device/model/ttx_format.c device/model/ttx_tile.h | $(deps-stamp)
	$(call msg,LD,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc -std=gnu11 -O2 -Wall -Wextra -Werror -shared -fPIC $(hal-inc) \
		-I$(src)/device/model $< -o $@

.PHONY: tools
tools: $(tools) $(gdb-support)

# ---------------------------------------------------------------------------
# Tests, one tier per folder, each binary named uniquely across tiers:
#   unit    tests/unit/<module>_test        host only, no QEMU
#   device  tests/device/<block>_model_test the device model, no QEMU
#   e2e     tests/e2e/<feature>_e2e_test    host programs and kernels under QEMU
#   fw      tests/fw/<name>_test            on-target test programs (tests/fw/*.c)

model-srcs := $(wildcard device/model/*.c)
test-cflags := $(host-cflags) -O1 $(san) -I$(src)/device/model -I$(src)/tests/lib \
	-DTT_TEST_KERNELS='"$(src)/tests/e2e/kernels"' \
	-DTT_SRC_DIR='"$(src)"' -DTT_BUILD_DIR='"$(obj)"' \
	-DTT_EXAMPLE_KERNELS='"$(src)/examples"'

examples := $(patsubst examples/%/main.c,$(obj)/examples/%,$(wildcard examples/*/main.c))
unit-tests := $(patsubst tests/unit/%.c,$(obj)/tests/unit/%,$(wildcard tests/unit/*_test.c))
unit-tests-cxx := $(patsubst tests/unit/%.cpp,$(obj)/tests/unit/%,$(wildcard tests/unit/*_test.cpp))
unit-tests += $(unit-tests-cxx)
device-tests := $(patsubst tests/device/%.c,$(obj)/tests/device/%,$(wildcard tests/device/*_test.c))
e2e-tests := $(patsubst tests/e2e/%.c,$(obj)/tests/e2e/%,$(wildcard tests/e2e/*_test.c))
e2e-tests-cxx := $(patsubst tests/e2e/%.cpp,$(obj)/tests/e2e/%,$(wildcard tests/e2e/*_test.cpp))
e2e-tests += $(e2e-tests-cxx)
fw-tests := $(patsubst tests/fw/%.c,$(obj)/tests/fw/%,$(wildcard tests/fw/*_test.c))

$(obj)/tests/unit/%: tests/unit/%.c $(obj)/san/host/libtt.a
	$(call msg,TESTCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(test-cflags) $< $(obj)/san/host/libtt.a -lcriterion $(host-libs) -o $@

$(unit-tests-cxx): $(obj)/tests/unit/%: tests/unit/%.cpp $(obj)/san/metalium/libtt_metalium.a \
		$(obj)/san/host/libtt.a
	$(call msg,TESTCXX,$@)
	$(Q)mkdir -p $(@D)
	$(Q)g++ $(mtl-cxxflags) $(mtl-test-flags) -O1 $(san) -I$(src)/tests/lib $< $(obj)/san/metalium/libtt_metalium.a \
		$(obj)/san/host/libtt.a -lcriterion $(mtl-libs) $(host-libs) -o $@

$(obj)/tests/device/%: tests/device/%.c $(model-srcs) | $(deps-stamp)
	$(call msg,TESTCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(test-cflags) $< $(model-srcs) -lcriterion -lm -o $@

$(e2e-tests-cxx): $(obj)/tests/e2e/%: tests/e2e/%.cpp $(obj)/san/metalium/libtt_metalium.a \
		$(obj)/san/host/libtt.a
	$(call msg,TESTCXX,$@)
	$(Q)mkdir -p $(@D)
	$(Q)g++ $(mtl-cxxflags) $(mtl-test-flags) -O1 $(san) -I$(src)/tests/lib -DTT_TEST_KERNELS='"$(src)/tests/e2e/kernels"' -DTT_SRC_DIR='"$(src)"' \
		$< $(obj)/san/metalium/libtt_metalium.a $(obj)/san/host/libtt.a -lcriterion $(mtl-libs) \
		$(host-libs) -o $@

# compute_e2e_test checks the guest's results against the tile-engine library.
compute-e2e := $(obj)/tests/e2e/compute_e2e_test
$(compute-e2e): e2e-model := $(model-srcs)
$(compute-e2e): $(model-srcs)

$(obj)/tests/e2e/%: tests/e2e/%.c $(obj)/san/host/libtt.a
	$(call msg,TESTCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(test-cflags) $< $(e2e-model) $(obj)/san/host/libtt.a -lcriterion \
		$(host-libs) -o $@

# The host program the gdb tests debug (tests/e2e/gdb_e2e_test.c).
$(obj)/tests/e2e/gdb_target: tests/e2e/gdb_target.c $(obj)/host/libtt.a
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(host-cflags) -O2 -DTT_TEST_KERNELS='"$(src)/tests/e2e/kernels"' $< \
		$(obj)/host/libtt.a $(host-libs) -o $@

$(obj)/tests/fw/%: tests/fw/%.c $(obj)/san/host/libtt.a
	$(call msg,TESTCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(test-cflags) $< $(obj)/san/host/libtt.a -lcriterion $(host-libs) -o $@

# libFuzzer harness over the host C API: libtt built again with clang,
# ASan and UBSan.  `make test` runs a fixed number of inputs from the
# checked-in corpus with a fixed seed (the same inputs every run);
# `make fuzz` runs for FUZZ_SECONDS and keeps what it finds in the build.
fuzz-cflags := $(host-cflags) -O1 -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=undefined -fno-omit-frame-pointer
fuzz-bin := $(obj)/fuzz/host_api_fuzz
FUZZ_RUNS ?= 5000
FUZZ_SECONDS ?= 300

$(obj)/fuzz/host/%.o: host/src/%.c | $(deps-stamp)
	$(call msg,CLANG,$@)
	$(Q)mkdir -p $(@D)
	$(Q)clang $(fuzz-cflags) -c $< -o $@

$(obj)/fuzz/host_api_fuzz.o: tests/fuzz/host_api_fuzz.c | $(deps-stamp)
	$(call msg,CLANG,$@)
	$(Q)mkdir -p $(@D)
	$(Q)clang $(fuzz-cflags) -DTT_FUZZ_KERNEL='"$(src)/tests/e2e/kernels/empty.c"' \
		-c $< -o $@

$(fuzz-bin): $(obj)/fuzz/host_api_fuzz.o $(patsubst host/src/%.c,$(obj)/fuzz/host/%.o,$(host-srcs)) \
		$(host-list)
	$(call msg,CLANG,$@)
	$(Q)clang $(fuzz-cflags) -fsanitize=fuzzer $(filter %.o,$^) $(host-libs) -o $@

.PHONY: fuzz fuzz-smoke
fuzz-smoke: $(fuzz-bin)
	$(Q)rm -rf $(obj)/fuzz/new && mkdir -p $(obj)/fuzz/new
	$(Q)if $(test-env) $(fuzz-bin) -seed=1 -runs=$(FUZZ_RUNS) -max_len=4096 \
		-artifact_prefix=$(obj)/fuzz/ \
		$(obj)/fuzz/new tests/fuzz/corpus > $(obj)/fuzz/smoke.log 2>&1; then \
		echo "fuzz: $(FUZZ_RUNS) inputs through the host API, clean"; \
	else cat $(obj)/fuzz/smoke.log; echo "fuzz: FAILED (log above)"; exit 1; fi

fuzz: $(fuzz-bin)
	$(Q)mkdir -p $(obj)/fuzz/corpus
	$(Q)$(fuzz-bin) -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=$(obj)/fuzz/ \
		$(obj)/fuzz/corpus tests/fuzz/corpus

.PHONY: tests
tests: $(unit-tests) $(device-tests) $(e2e-tests) $(fw-tests) $(examples) $(fuzz-bin) \
	$(obj)/tests/e2e/gdb_target

test-env := TT_EMU_CACHE=$(obj)/cache ASAN_OPTIONS=detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(src)/tests/lsan.supp \
	UBSAN_OPTIONS=print_stacktrace=1

# The edit loop's quick tier: formatting, the host and model tiers, and the
# end-to-end tests of the main paths (firmware, CBs, the NoC, hang reports, TT-Metalium,
# meshes of chips); `make test` runs everything.
CHECK_E2E := firmware_e2e_test cb_e2e_test noc_e2e_test hang_e2e_test metalium_e2e_test mesh_e2e_test \
	system_e2e_test mesh_layout_e2e_test link_e2e_test
.PHONY: check
check: format-check $(unit-tests) $(device-tests) deps qemu firmware \
	$(addprefix $(obj)/tests/e2e/,$(CHECK_E2E))
	$(Q)$(test-env) bash tests/run-tests.sh '*' $(unit-tests) $(device-tests) \
		$(addprefix $(obj)/tests/e2e/,$(CHECK_E2E))

.PHONY: test test-unit test-device test-e2e test-fw
# The tiers, then tt-metal's programming examples (skipped, saying so, when
# there is no tt-metal checkout, or when TESTS picks some): both run even
# when the first fails.
test: all analyze format-check
	$(Q)$(MAKE) fuzz-smoke
	$(Q)$(MAKE) tsan-smoke
	$(Q)$(MAKE) test-deb
	$(Q)rc=0; $(test-env) bash tests/run-tests.sh '$(TESTS)' $(unit-tests) $(device-tests) \
		$(e2e-tests) $(fw-tests) || rc=1; \
	$(if $(filter-out *,$(TESTS)),,$(conformance-run) || rc=1; $(tt-metal-tests-run) || rc=1;) \
	exit $$rc
test-unit: $(unit-tests)
	$(Q)$(test-env) bash tests/run-tests.sh '$(TESTS)' $(unit-tests)
test-device: $(device-tests)
	$(Q)$(test-env) bash tests/run-tests.sh '$(TESTS)' $(device-tests)
test-e2e: all
	$(Q)$(test-env) bash tests/run-tests.sh '$(TESTS)' $(e2e-tests)
test-fw: all
	$(Q)$(test-env) bash tests/run-tests.sh '$(TESTS)' $(fw-tests)

# Many more runs of the determinism cases, printing each case's distinct
# instruction counts (200 runs per case); not part of `make test`.
.PHONY: stress-determinism
stress-determinism: all
	$(Q)$(test-env) TT_DETERMINISM_SCALE=10 $(obj)/tests/e2e/determinism_e2e_test --short-filename

# Two devices in two threads under ThreadSanitizer; TT_TEST_RUNS=n per thread.
tsan-tests := $(patsubst tests/tsan/%.c,$(obj)/tests/tsan/%,$(wildcard tests/tsan/*.c))

$(obj)/tests/tsan/%: tests/tsan/%.c $(obj)/tsan/host/libtt.a
	$(call msg,TESTCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(host-cflags) -O1 $(tsan) -I$(src)/tests/lib \
		-DTT_TEST_KERNELS='"$(src)/tests/e2e/kernels"' $< $(obj)/tsan/host/libtt.a $(host-libs) -o $@

# The device model driven by one thread per core (its parallel mode), under
# ThreadSanitizer: the same source as the ASan device test, with its own
# main() (TT_TSAN_MAIN), since Criterion does not start under TSan.
tsan-model-tests := $(obj)/tests/tsan/threads_model_test

$(obj)/tests/tsan/%_model_test: tests/device/%_model_test.c $(model-srcs) | $(deps-stamp)
	$(call msg,TESTCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(host-cflags) -O1 $(tsan) -DTT_TSAN_MAIN -I$(src)/device/model \
		-I$(src)/tests/lib $< $(model-srcs) -lm -o $@

# Part of `make test`: a data race there would go unseen by every other tier.
.PHONY: tsan-smoke
tsan-smoke: $(tsan-model-tests)
	$(Q)if TSAN_OPTIONS=halt_on_error=1 $(tsan-model-tests) > $(obj)/tests/tsan/smoke.log 2>&1; \
	then echo "tsan: the model's threads (parallel mode, the tile thread)," \
		"$$(grep -c passed $(obj)/tests/tsan/smoke.log) tests, no data race"; \
	else cat $(obj)/tests/tsan/smoke.log; echo "tsan: FAILED (log above)"; exit 1; fi

.PHONY: test-tsan
test-tsan: all $(tsan-tests) $(tsan-model-tests)
	$(Q)for t in $(tsan-tests) $(tsan-model-tests); do echo "== $$(basename $$t)"; \
		TT_EMU_CACHE=$(obj)/cache TSAN_OPTIONS=halt_on_error=1 $$t || exit 1; done

# ---------------------------------------------------------------------------
# Static analysis: clang-tidy over libtt, the device model and the tools,
# one stamp per file so only what changed is looked at again; the checks
# are listed, with their reasons, in tools/analyze.sh.

analyze-srcs := $(host-srcs) $(wildcard device/model/*.c tools/*.c)
analyze-hdrs := $(wildcard host/include/tt/*.h host/src/*/*.h device/model/*.h hal/*.h hal/*/*.h)

$(obj)/analyze/%.ok: % $(analyze-hdrs) tools/analyze.sh | $(deps-stamp)
	$(call msg,TIDY,$<)
	$(Q)mkdir -p $(@D)
	$(Q)bash tools/analyze.sh $< -- -std=gnu11 -I$(src)/host/include -I$(src)/host/src \
		$(hal-inc) -I$(src)/device/model -DTT_DEFAULT_SRC='"$(src)"' \
		-DTT_DEFAULT_BUILD='"$(obj)"'
	$(Q)touch $@

# The floor plan's arrows (docs/architecture.md): libtt's folders call and
# include only the folders below them, and no model block includes another.
$(obj)/analyze/layers.ok: tools/check-layers.sh $(obj)/host/libtt.a $(wildcard device/model/*)
	$(call msg,LAYERS,host/src device/model)
	$(Q)mkdir -p $(@D)
	$(Q)bash tools/check-layers.sh $(obj)
	$(Q)touch $@

.PHONY: analyze
analyze: $(patsubst %,$(obj)/analyze/%.ok,$(analyze-srcs)) $(obj)/analyze/layers.ok

# ---------------------------------------------------------------------------
# Examples, demo, gdb

example-cflags := $(host-cflags) -O2 -DTT_EXAMPLE_KERNELS='"$(src)/examples"'

$(obj)/examples/%: examples/%/main.c $(obj)/host/libtt.a
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(example-cflags) $< $(obj)/host/libtt.a $(host-libs) -o $@

.PHONY: examples demo run
examples: all $(examples)
# The demo builds only what running an example needs (no test, fuzz or
# sanitizer builds: those belong to `make test`).  On a cold kernel cache
# the last example runs a second time, to show what the cache saves.
DEMO ?= hello_world matmul_multi_core
demo-needs := deps qemu firmware $(obj)/host/libtt.a $(mtl-pkg)/lib/libtt_metalium.a \
	$(mtl-cmake)/TT-MetaliumConfig.cmake $(mtl-cmake)/TT-MetaliumConfigVersion.cmake
demo run: $(demo-needs) $(addprefix $(obj)/examples/,$(DEMO))
	$(Q)cold=$$([ -d $(obj)/cache ] || echo y); \
	for d in $(DEMO); do echo "== examples/$$d"; \
		TT_EMU_CACHE=$(obj)/cache $(obj)/examples/$$d || exit 1; done; \
	if [ -n "$$cold" ]; then d=$(lastword $(DEMO)); \
		echo "== examples/$$d again: kernel builds are cached ($(O)/cache), so this run" \
			"compiles nothing"; \
		out=$$(TT_EMU_CACHE=$(obj)/cache $(obj)/examples/$$d) || { echo "$$out"; exit 1; }; \
		echo "$$out" | grep -E "^  time" || echo "$$out"; \
	fi

GDB_CORE ?= 0,0
GDB_RISC ?= brisc
GDB_PORT ?= 1234
.PHONY: gdb
GDB_DEMO ?= hello_world
gdb: all $(obj)/examples/$(GDB_DEMO)
	$(Q)TT_EMU_CACHE=$(obj)/cache bash tools/tt-gdb.sh --build $(obj) --port $(GDB_PORT) \
		--core $(GDB_CORE) --risc $(GDB_RISC) -- $(obj)/examples/$(GDB_DEMO)

# ---------------------------------------------------------------------------
# Benchmarks (never part of `make test`)

bench-dirs := $(patsubst bench/%/,%,$(wildcard bench/*/))
bench-bins := $(addprefix $(obj)/bench/,$(bench-dirs))

# A static pattern: a plain $(obj)/bench/% would also match the .d files
# make tries to remake before including them, and link nothing.
$(bench-bins): $(obj)/bench/%: $$(wildcard bench/%/*.c) $(obj)/host/libtt.a
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(host-cflags) -O2 -DTT_EXAMPLE_KERNELS='"$(src)/examples"' -DTT_SRC_DIR='"$(src)"' \
		-I$(src)/bench/$* $(wildcard bench/$*/*.c) \
		$(obj)/host/libtt.a $(host-libs) -o $@

# Then the 640^3 matmul demo end to end against the host's fp32 matmul
# (its "vs host" line): one run to warm the kernel cache, then three as
# the demo runs by default, then one with the matmul arithmetic kept on the
# harts' thread (TT_EMU_TILE_THREAD=0) for comparison.
BENCH_DEMO := matmul_multi_core

.PHONY: bench
bench: all $(bench-bins) $(obj)/examples/$(BENCH_DEMO)
	$(Q)for b in $(bench-bins); do TT_EMU_CACHE=$(obj)/cache $$b || exit 1; done
	$(Q)echo "640^3 matmul demo (examples/$(BENCH_DEMO), deterministic mode), warm kernel cache"
	$(Q)for i in 0 1 2 3 off; do \
		TT_EMU_TILE_THREAD=$$([ $$i = off ] && echo 0 || echo 1) TT_EMU_CACHE=$(obj)/cache \
			$(obj)/examples/$(BENCH_DEMO) > $(obj)/bench-demo.out || \
			{ cat $(obj)/bench-demo.out; exit 1; }; \
		[ $$i = 0 ] || grep "vs host" $(obj)/bench-demo.out | \
			sed "s/^  vs host  /  $$([ $$i = off ] && echo 'no thread' || echo 'vs host  ')/"; \
	done

# ---------------------------------------------------------------------------
# Formatting, cleaning, help

# Every C and C++ source of the project (hal/ and device/ carry their own
# .clang-format; hal/'s hand-aligned tables are left alone).
fmt-files = $(shell find host hal firmware kernels tests examples bench tools device/model \
	device/qemu -type f \( -name '*.[ch]' -o -name '*.cpp' -o -name '*.hpp' \) | sort)
.PHONY: format format-check
format:
	$(Q)clang-format -i $(fmt-files)
format-check:
	$(Q)if clang-format --dry-run --Werror $(fmt-files); then \
		echo "format: $(words $(fmt-files)) files as clang-format writes them"; \
	else echo "format: the lines above differ from clang-format's; run 'make format'"; exit 1; fi

.PHONY: clean distclean
clean:
	$(Q)rm -rf $(obj)/host $(obj)/san $(obj)/tsan $(obj)/firmware $(obj)/linker $(obj)/tests $(obj)/gdb \
		$(obj)/metalium $(obj)/pic $(obj)/analyze $(obj)/deb $(obj)/deb-test \
		$(obj)/tools $(obj)/examples $(obj)/bench $(obj)/cache
distclean:
	$(Q)rm -rf $(obj)

.PHONY: help
help:
	@echo 'tensix-emu build targets'
	@echo '  all (default)  QEMU, newlib, firmware, libtt and the test programs'
	@echo '  deps           install missing Debian packages (as root) or print the line'
	@echo '  qemu, device   QEMU with the tensix machine (device/)'
	@echo '  firmware       resident firmware, linker scripts, kernel entry'
	@echo '  tools          tt-fwtest (on-target tests, docs/firmware-tests.md)'
	@echo '  host           libtt (optimised and sanitised builds)'
	@echo '  metalium       the TT-Metalium C++ library and its CMake package ($$(O)/metalium)'
	@echo '  install        one relocatable tree in $$(PREFIX) (libs, headers, firmware, QEMU, CMake, pkg-config)'
	@echo '  deb            Debian packages tensix-emu and tensix-emu-dev in $$(O)/deb'
	@echo '  test-deb       install them in a scratch root, build and run an example against them'
	@echo '  conformance    build, run and check tt-metal'"'"'s programming examples ($$(TT_METAL_HOME))'
	@echo '  tt-metal-tests build and run tt-metal'"'"'s GoogleTest suites ($$(TT_METAL_HOME)/tests), GROUPS=...'
	@echo '  test           every tier, then one summary line; non-zero on failure'
	@echo '  check          the quick tier for the edit loop: host, model and main end-to-end tests'
	@echo '  test-unit      host-only unit tests'
	@echo '  test-device    device-model tests, no QEMU'
	@echo '  test-e2e       firmware and kernels under QEMU'
	@echo '  test-fw        on-target test programs (tests/fw) on the harts'
	@echo '  stress-determinism  200 runs of each determinism case, distinct counts'
	@echo '  test-tsan      two devices in two threads, and the model one thread per core, under TSan'
	@echo '  fuzz           libFuzzer over the host C API for $$(FUZZ_SECONDS) s (test runs $$(FUZZ_RUNS) inputs)'
	@echo '  demo, run      run the examples in $$(DEMO) (default: hello_world matmul_multi_core)'
	@echo '  examples       build every example'
	@echo '  gdb            run $$(GDB_DEMO) halted under gdb-multiarch (docs/gdb.md)'
	@echo '  bench          benchmarks (bench/*), never part of test'
	@echo '  format, format-check   clang-format every C/C++ source (check: part of test)'
	@echo '  analyze        clang-tidy: bugprone, NULL dereference, unchecked returns;'
	@echo '                 the floor plan'"'"'s arrows (tools/check-layers.sh); part of test'
	@echo '  clean          remove our objects (keeps QEMU and newlib)'
	@echo '  distclean      remove the whole build directory'
	@echo 'Variables'
	@echo '  O=dir          build directory (default build)'
	@echo '  V=1            show full commands'
	@echo '  CROSS_COMPILE  RISC-V toolchain prefix (default riscv64-unknown-elf-)'
	@echo '  QEMU           qemu-system-riscv32 to use (default: the one built)'
	@echo '  TESTS=glob     run only test binaries whose name matches'
	@echo '  FUZZ_RUNS=n FUZZ_SECONDS=s   inputs of the fuzz run in test (5000), length of make fuzz (300)'
	@echo '  DEMO=names     examples run by demo; GDB_DEMO=name for gdb'
	@echo '  TT_METAL_HOME  tt-metal checkout for conformance (default ../shared/tt-metal)'
	@echo '  EXAMPLES=glob  conformance programs to run (default all)'
	@echo '  GDB_CORE=x,y GDB_RISC=brisc|ncrisc|trisc0..2 GDB_PORT=n   for make gdb'

-include $(shell find $(obj)/firmware $(obj)/host $(obj)/san $(obj)/tsan $(obj)/fuzz $(obj)/metalium $(obj)/pic $(obj)/bench -name '*.d' 2>/dev/null)
