# pdn tools: one plain GNU Makefile.
#
# Targets: all check bench install uninstall clean, plus asan (the test suite
# under AddressSanitizer and UBSan), fuzz (libFuzzer targets, clang),
# install-data (the part of install that builds nothing: man pages,
# profiles, bash completion) and install-pc (the part that writes
# libpdn.pc).
# Honours CC CFLAGS CPPFLAGS LDFLAGS PREFIX DESTDIR BINDIR LIBDIR INCLUDEDIR
# MANDIR DATADIR BASHCOMPDIR; NATIVE=1 builds for this machine's CPU only;
# SHARED=0 leaves out the shared library; V=1 shows the commands; RPATH
# (see libpdn.pc below).

PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
LIBDIR   ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR   ?= $(PREFIX)/share/man
DATADIR  ?= $(PREFIX)/share/pdn-tools
# bash-completion's directory, whose loader reads completions/NAME when
# the command NAME is first completed.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions

CC       ?= cc
# The default build runs on any machine of the target architecture.
# NATIVE=1 adds -march=native: code for this machine's CPU, which may die
# with SIGILL on another one.
NATIVE   ?= 0
MARCH     = $(if $(filter-out 0 no,$(NATIVE)),-march=native)
OPT      ?= -O3
CFLAGS   ?= $(OPT) -g
WARN      = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	    -Wmissing-prototypes -Wpointer-arith -Wcast-qual -Wwrite-strings \
	    -Wvla -Wformat=2 -Werror=implicit-function-declaration
PKG_CONFIG ?= pkg-config
YAML_CFLAGS := $(shell $(PKG_CONFIG) --cflags yaml-0.1 2>/dev/null)
YAML_LIBS   := $(shell $(PKG_CONFIG) --libs yaml-0.1 2>/dev/null || echo -lyaml)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null || echo -lcmocka)

# The library's layers, from the bottom up (lib/README.md): each is a
# folder of lib/ compiled with -I of itself and of the layers it stands
# on, and of no other, so that an include of a layer above does not
# compile.  rules and write both stand on play, and not on each other.
LAYERS       = core record play rules write
LAYER_core   = core
LAYER_record = record core
LAYER_play   = play record core
LAYER_rules  = rules play record core
LAYER_write  = write play record core
layer_inc    = $(addprefix -Ilib/,$(LAYER_$(1)))
# Everything outside the library (tools, tests, benches, fuzzers) sees its
# public headers as installed, <pdn/pdn.h>, and the internal ones of every
# layer (the tests look inside).
ALL_CPPFLAGS = -D_DEFAULT_SOURCE -Iinclude $(call layer_inc,rules) \
	       -Ilib/write $(YAML_CFLAGS) $(CPPFLAGS)
ALL_CFLAGS   = $(WARN) $(CFLAGS) $(MARCH) -MMD -MP
LIBS         = $(YAML_LIBS) -lpthread
# The library exports only what its public headers declare: they mark
# their declarations visibility("default") and everything else is hidden.
LIB_CFLAGS   = -fvisibility=hidden
# The shared library's copy; calls between its exported functions stay
# direct (no interposition through the PLT), as in the static library.
PIC_CFLAGS   = -fPIC -fno-semantic-interposition

# The public headers: the umbrella <pdn/pdn.h> and each layer's own, all
# installed in INCLUDEDIR/pdn/.
PUBLIC_HEADERS = include/pdn/pdn.h $(sort $(wildcard lib/*/pdn/*.h))
VERSION_HEADER = lib/core/pdn/core.h

# The library's version, read from lib/core/pdn/core.h (PDN_VERSION_MAJOR, _MINOR,
# _PATCH): the shared library is libpdn.so.MAJOR.MINOR.PATCH, its soname
# libpdn.so.MAJOR.
pdn_version = $(shell sed -n 's/^.define[[:space:]]*PDN_VERSION_$(1)[[:space:]][[:space:]]*\([0-9][0-9]*\).*/\1/p' $(VERSION_HEADER) | head -n 1)
VERSION_MAJOR := $(call pdn_version,MAJOR)
VERSION_MINOR := $(call pdn_version,MINOR)
VERSION_PATCH := $(call pdn_version,PATCH)
ifeq ($(VERSION_MAJOR),)
$(error cannot read PDN_VERSION_MAJOR from $(VERSION_HEADER))
endif
VERSION   = $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)

ifeq ($(V),1)
Q =
else
Q = @
endif

BUILD   ?= build
LIB_SRC  = $(sort $(foreach l,$(LAYERS),$(wildcard lib/$(l)/*.c)))
LIB_OBJ  = $(LIB_SRC:lib/%.c=$(BUILD)/lib/%.o)
PIC_OBJ  = $(LIB_SRC:lib/%.c=$(BUILD)/pic/%.o)
LIBPDN   = $(BUILD)/libpdn.a
# The shared library, its soname link and its link-time name.
SHLIB_NAME = libpdn.so.$(VERSION)
SONAME   = libpdn.so.$(VERSION_MAJOR)
SHARED  ?= 1
SHLIBS   = $(if $(filter-out 0 no,$(SHARED)),$(BUILD)/$(SHLIB_NAME) \
	    $(BUILD)/$(SONAME) $(BUILD)/libpdn.so)
# The tools' layers (cmd/README.md), from the bottom up, as the library's:
# each is a folder of cmd/ compiled with -I of itself and of the layers it
# stands on.  kit is what every tool runs on (options, inputs, the run,
# output); games what several tools know of games; then the folders of
# the tools that have modules of their own.  A tool's main, cmd/pdn-X.c,
# sees kit, games and its own folder cmd/X/ when it has one.
CMD_LAYERS    = kit games select standings index match
CMD_LAYER_kit = kit
CMD_LAYER_games = games kit
CMD_LAYER_select = select games kit
CMD_LAYER_standings = standings games kit
CMD_LAYER_index = index games kit
CMD_LAYER_match = match games kit
CMD_TOOLS     = select standings index match
cmd_inc       = $(addprefix -Icmd/,$(CMD_LAYER_$(1)))
# The layers a tool's main stands on: its own folder's, else games'.
main_layer    = $(if $(filter $(1),$(CMD_TOOLS)),$(1),games)
CMD_SRC  = $(sort $(wildcard cmd/pdn-*.c))
cmd_src  = $(sort $(wildcard cmd/$(1)/*.c))
cmd_obj  = $(patsubst cmd/%.c,$(BUILD)/cmd/%.o,$(call cmd_src,$(1)))
# kit and games are archives: a tool links the objects it calls, and no
# other (pdn-perft has no use for the opening tree).
KIT_OBJ  = $(call cmd_obj,kit)
GAMES_OBJ = $(call cmd_obj,games)
KIT      = $(BUILD)/cmd/libkit.a
GAMES    = $(BUILD)/cmd/libgames.a
CMD_OBJ  = $(foreach l,$(CMD_LAYERS),$(call cmd_obj,$(l)))
SQLITE_CFLAGS := $(shell $(PKG_CONFIG) --cflags sqlite3 2>/dev/null)
SQLITE_LIBS   := $(shell $(PKG_CONFIG) --libs sqlite3 2>/dev/null || echo -lsqlite3)
PROGS    = $(CMD_SRC:cmd/%.c=$(BUILD)/bin/%)
TEST_SRC = $(sort $(wildcard tests/test_*.c))
TEST_COMMON_SRC = $(filter-out tests/test_%.c,$(wildcard tests/*.c))
TEST_COMMON_OBJ = $(TEST_COMMON_SRC:tests/%.c=$(BUILD)/tests/%.o)
TESTS    = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# The Hub engine the tests of pdn-match play against (tests/hub/), and
# the DXP one (tests/dxp/).
HUB_ENGINE = $(BUILD)/tests/hub-engine
DXP_ENGINE = $(BUILD)/tests/dxp-engine
# The fuzz targets (fuzz/NAME.c; fuzz/driver.c is the main that stands
# in for libFuzzer's), also built with CC as $(BUILD)/fuzz/NAME, which
# runs the target once on each file it is given: make check replays
# their seeds and regression inputs (tests/fuzz.sh).
FUZZ_SRC = $(filter-out fuzz/driver.c,$(sort $(wildcard fuzz/*.c)))
FUZZ_RUNS = $(FUZZ_SRC:fuzz/%.c=$(BUILD)/fuzz/%)
BENCH_SRC = $(sort $(wildcard bench/*.c))
BENCHES  = $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
MANPAGES = $(sort $(wildcard man/*.[1-9]))
PROFILES = $(sort $(wildcard profiles/*.yaml))
# One script, installed under the name of each tool.
COMPLETION = completion/pdn-tools.bash

.PHONY: all check bench install install-data install-pc uninstall clean \
	asan lint-man \
	fuzz layer-flags cmd-layer-flags FORCE

# Objects are intermediate files to make (built on the way to a program):
# keep them, so that make does not delete and rebuild them every run.
.SECONDARY:

all: $(PROGS) $(LIBPDN) $(SHLIBS)

# Every object depends on a stamp holding the compiler and the flags: it
# changes when they do (make NATIVE=1 after make, another CFLAGS), and
# then everything is rebuilt with them.
FLAGS_STAMP = $(BUILD)/flags.stamp
BUILD_FLAGS = $(CC) $(CPPFLAGS) $(YAML_CFLAGS) $(CFLAGS) $(MARCH) $(LDFLAGS)
sq = $(subst ','\'',$(1))
comma := ,
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(call sq,$(BUILD_FLAGS))' >$@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

# A module of the library sees its own layer and the layers below only,
# and a position as its fields (lib/core/layout.h), where a program sees
# opaque bytes.
$(foreach l,$(LAYERS),$(eval $(BUILD)/lib/$(l)/%.o $(BUILD)/pic/$(l)/%.o: \
    LIB_CPPFLAGS = -D_DEFAULT_SOURCE -include lib/core/layout.h \
    $(call layer_inc,$(l)) $$(YAML_CFLAGS) $$(CPPFLAGS)))

$(BUILD)/lib/%.o: lib/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(LIB_CPPFLAGS) $(ALL_CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

$(BUILD)/pic/%.o: lib/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $< (PIC)")
	$(Q)$(CC) $(LIB_CPPFLAGS) $(ALL_CFLAGS) $(LIB_CFLAGS) $(PIC_CFLAGS) \
	    -c -o $@ $<

# The -I flags of each layer, for tests/layers.sh: "LAYER: FLAGS".
layer-flags:
	@$(foreach l,$(LAYERS),echo '$(l): $(call layer_inc,$(l))';)

# The -I flags of each layer of cmd/, for tests/layers.sh.
# A tool's main is named by its file: "pdn-X: FLAGS".
cmd-layer-flags:
	@$(foreach l,$(CMD_LAYERS),echo '$(l): $(call cmd_inc,$(l))';)
	@$(foreach m,$(CMD_SRC:cmd/pdn-%.c=%),echo 'pdn-$(m): $(call cmd_inc,$(call main_layer,$(m)))';)

# A module of the tools sees the layers of cmd/ it stands on, before
# the library's headers.
$(foreach l,$(CMD_LAYERS),$(eval $(BUILD)/cmd/$(l)/%.o: \
    CMD_CPPFLAGS = $(call cmd_inc,$(l))))
$(foreach m,$(CMD_SRC:cmd/pdn-%.c=%),$(eval $(BUILD)/cmd/pdn-$(m).o: \
    CMD_CPPFLAGS = $(call cmd_inc,$(call main_layer,$(m)))))
$(BUILD)/cmd/%.o: cmd/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CMD_CPPFLAGS) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<
# pdn-index's modules see SQLite's header too.
$(BUILD)/cmd/index/%.o: ALL_CPPFLAGS += $(SQLITE_CFLAGS)

$(KIT): $(KIT_OBJ)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && $(AR) rcs $@ $^
$(GAMES): $(GAMES_OBJ)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && $(AR) rcs $@ $^

# Where `--rules NAME` finds the installed profiles.
$(BUILD)/cmd/kit/drv_options.o: ALL_CPPFLAGS += -DPDN_DATADIR='"$(DATADIR)"'
# The installed profiles' directory is compiled in: a stamp holding it
# changes when PREFIX or DATADIR does, and rebuilds what uses it.
$(BUILD)/cmd/kit/drv_options.o: $(BUILD)/datadir.stamp
$(BUILD)/datadir.stamp: FORCE
	@mkdir -p $(@D)
	@echo '$(DATADIR)' >$@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi
FORCE:

$(BUILD)/tests/%.o: tests/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(TEST_CPPFLAGS) $(ALL_CPPFLAGS) $(CMOCKA_CFLAGS) $(ALL_CFLAGS) \
	    -c -o $@ $<

$(BUILD)/fuzz/%.o: fuzz/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/bench/%.o: bench/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(LIBPDN): $(LIB_OBJ)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && $(AR) rcs $@ $^

# The shared library links libyaml and pthreads itself, so that a program
# needs only -lpdn; --no-undefined makes sure nothing is missing.
$(BUILD)/$(SHLIB_NAME): $(PIC_OBJ)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,$(SONAME) \
	    -Wl,--no-undefined $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/$(SONAME) $(BUILD)/libpdn.so: $(BUILD)/$(SHLIB_NAME)
	$(Q)ln -sf $(SHLIB_NAME) $@

# The tools and the tests link the static library (no LD_LIBRARY_PATH,
# no indirection through the PLT).  A tool links its main, the modules of
# its own folder, then the archives of the layers below.
$(foreach m,$(CMD_SRC:cmd/pdn-%.c=%),$(eval $(BUILD)/bin/pdn-$(m): \
    $(BUILD)/cmd/pdn-$(m).o $(if $(filter $(m),$(CMD_TOOLS)),$(call cmd_obj,$(m)))))
$(BUILD)/bin/%: $(GAMES) $(KIT) $(LIBPDN)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^) \
	    $(filter-out %.o,$^) $(LIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_COMMON_OBJ) $(LIBPDN)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(filter-out $(LIBPDN),$^) \
	    $(LIBPDN) $(CMOCKA_LIBS) $(LIBS)

# pdn-standings and pdn-match need libm; pdn-index links SQLite, which
# the library does not.
$(BUILD)/bin/pdn-standings: LIBS += -lm
$(BUILD)/bin/pdn-index: LIBS += $(SQLITE_LIBS)
$(BUILD)/bin/pdn-match: LIBS += -lm

# The test engine: the Hub notation of pdn-match, and the library.
$(BUILD)/tests/hub/%.o: tests/hub/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) -Icmd/match $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<
$(HUB_ENGINE): $(BUILD)/tests/hub/hub-engine.o $(BUILD)/tests/hub/choose.o \
    $(BUILD)/cmd/match/hub.o $(LIBPDN)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)
$(BUILD)/tests/dxp/%.o: tests/dxp/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) -Icmd/match -Itests/hub $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<
$(DXP_ENGINE): $(BUILD)/tests/dxp/dxp-engine.o $(BUILD)/tests/hub/choose.o \
    $(BUILD)/cmd/match/dxp.o $(BUILD)/cmd/match/hub.o $(LIBPDN)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# The tests of the tools' shared helpers and of their diagnostics' table
# link them; those of pdn-select's file names and of pdn-standings'
# rating fit, their modules; those of what several tools know of games,
# the archives of games and kit.
$(BUILD)/tests/test_cli: $(BUILD)/cmd/kit/cli.o $(BUILD)/cmd/kit/tooldiag.o
$(BUILD)/tests/test_cli.o: TEST_CPPFLAGS = -Icmd/kit
$(BUILD)/tests/test_tooldiag: $(BUILD)/cmd/kit/tooldiag.o
$(BUILD)/tests/test_tooldiag.o: TEST_CPPFLAGS = -Icmd/kit
$(BUILD)/tests/test_partname: $(BUILD)/cmd/select/partname.o
$(BUILD)/tests/test_partname.o: TEST_CPPFLAGS = -Icmd/select
$(BUILD)/tests/test_fit: $(BUILD)/cmd/standings/fit.o
$(BUILD)/tests/test_fit: LIBS += -lm
$(BUILD)/tests/test_fit.o: TEST_CPPFLAGS = -Icmd/standings
CMD_TESTS = dups emit player reach tags tree
$(CMD_TESTS:%=$(BUILD)/tests/test_%): $(GAMES) $(KIT)
$(CMD_TESTS:%=$(BUILD)/tests/test_%.o): TEST_CPPFLAGS = -Icmd/games -Icmd/kit

$(BUILD)/fuzz/%: $(BUILD)/fuzz/%.o $(BUILD)/fuzz/driver.o $(LIBPDN)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/bench/%: $(BUILD)/bench/%.o $(LIBPDN)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# The unit tests (cmocka), the golden command-line cases, the README's
# examples, the man page lint and the install test (tests/install.sh,
# which installs into a temporary DESTDIR with this make); the runner
# prints one closing line "N passed, N failed".
# The install test's make is this one, for the same paths.
# READONLY=0 leaves out tests/readonly.sh (the suite again as an
# unprivileged user in a tree it cannot write; it needs root).
MAKE_CMD := $(MAKE)
READONLY ?= 1
check: all $(TESTS) $(FUZZ_RUNS) $(HUB_ENGINE) $(DXP_ENGINE)
	$(Q)BUILD='$(BUILD)' SHARED=$(if $(SHLIBS),1,0) MAKE='$(MAKE_CMD)' \
	    READONLY='$(READONLY)' \
	    CC='$(CC)' PREFIX='$(PREFIX)' BINDIR='$(BINDIR)' LIBDIR='$(LIBDIR)' \
	    INCLUDEDIR='$(INCLUDEDIR)' MANDIR='$(MANDIR)' DATADIR='$(DATADIR)' \
	    BASHCOMPDIR='$(BASHCOMPDIR)' sh tests/run.sh $(TESTS)

# The same suite under AddressSanitizer and UndefinedBehaviorSanitizer, in a
# build tree of its own, without the shared library (whose install test is
# skipped: a library built with the sanitizers needs their runtime loaded
# first), and without tests/readonly.sh (make check runs it; the layout
# it checks is the same).
asan:
	$(Q)$(MAKE) --no-print-directory BUILD=build-asan SHARED=0 READONLY=0 \
	    OPT="-O1 -fno-omit-frame-pointer" \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" check

# Each fuzz/NAME.c is a libFuzzer target, built with clang against a
# sanitized copy of the library as build-fuzz/fuzz-NAME, run first on its
# regression inputs (testdata/fuzz/NAME: what it found once), then for
# FUZZ_SECONDS on a corpus (build-fuzz/corpus-NAME, kept between runs)
# that starts from its seeds and those inputs.  A finding (a crash, a
# leak, a broken promise: the target aborts; a slow input) stops make
# with status 2, its input saved as build-fuzz/NAME-crash-... (or
# -leak-, -timeout-, -slow-unit-).  FUZZ_TARGETS names the targets to
# run (default all), FUZZ_SECONDS how long each (default 40: seven
# targets in about five minutes, as CI runs them).  Needs clang and its
# fuzzer runtime (Debian: clang, libclang-rt-dev; scripts/deps.sh).
FUZZ_SECONDS ?= 40
FUZZ_TARGETS ?= $(FUZZ_SRC:fuzz/%.c=%)
# The library and the targets are built without libFuzzer's hooks on
# comparisons (trace-cmp).  What they feed it: for operands of 4 and 8
# bytes, a table of recent comparisons whose values the mutator looks for
# in the input and swaps (a word compared with a constant becomes that
# constant); for 1 and 2 bytes, only the value profile, which these runs
# do not use (-use_value_profile=0).  This code compares the input a byte
# at a time (a char against '[', say), and its words are lengths,
# pointers, bit masks and squares, never bytes of the input, so the table
# held nothing the mutator could use, while the hooks were 39.5% of
# fuzz/reader's processor time (perf, 40 s run from the seeds).  The
# words the input holds (tag names, keywords) are still learnt: the
# sanitizer's memcmp and strcmp interceptors report them, hooks or not.
# 40 s runs from the seeds, with hooks and without (runs; in brackets the
# edges at the end): reader 66,917 and 82,936 against 124,601 and 123,975
# (2,996 and 3,005 edges against 3,036 and 3,022); replay 178,604 against
# 346,229 (2,479 against 2,507); spans 35,503 against 84,897 (2,593
# against 2,643); skim 97,347 against 206,814 (2,014 against 2,093); fen
# 2,339,920 against 5,294,609 (683 both); played 79,569 against 178,956
# (1,956 against 2,011); profile 1,674,082 against 1,748,380 (214 against
# 218).  Every target ran more, and reached as many edges or more.
FUZZ_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	     -fno-sanitize-coverage=trace-cmp
# Inputs of at most 2,048 bytes.  libFuzzer's own bound is the longest
# seed (20,000 bytes for fuzz/replay, 7,776 for fuzz/reader), and a run's
# time grows with its input (fuzz/reader reads, replays and writes it and
# its canonical output; fuzz/spans reads it, its parts and an edited
# copy): an input of 2,048 bytes holds a long game and its tags, or
# several short ones, variations nested as deep as the reader allows, 33
# games for the file hint that reads 32, the 50 moves of a draw rule; in
# 30 s runs from the seeds the shorter bound reached about
# the coverage of 4,096 (reader 2,917-2,948 edges against 2,929-2,941,
# replay 2,259-2,270 against 2,285-2,298) in twice the runs.
FUZZ_MAX_LEN ?= 2048
# libFuzzer's entropic schedule counts, at every run, each feature (an
# edge and its hit count) that is still rare, looking it up in the list
# of rare ones: a feature is rare until seen 255 times by default, so in
# the first tens of thousands of runs (all that FUZZ_SECONDS gives) the
# list holds thousands and the lookups dominate.  In 3,000 runs of
# fuzz/reader from its seeds (built without ASan, callgrind) they took
# 11.9 G of 16.1 G instructions, the target 2.2 G; with a feature rare
# until seen 32 times, 2.9 G of 7.0 G.  In 40 s runs on this 2-core
# machine (which varies by 20% from one run to the next) fuzz/reader did
# 1,315-1,432 runs a second with the default and 1,423-1,694 with 32,
# and reached as much coverage (2,924-2,930 edges against 2,888-2,904).
# The schedule still favours the inputs that reach rare features; what
# each target checks is the same.
FUZZ_RUN_FLAGS ?= -entropic_feature_frequency_threshold=32
fuzz:
	$(Q)$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang \
	    CFLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" build-fuzz/libpdn.a
	$(Q)for n in $(FUZZ_TARGETS); do \
	    clang $(ALL_CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer \
	        -o build-fuzz/fuzz-$$n fuzz/$$n.c build-fuzz/libpdn.a \
	        $(LIBS) || exit 1; \
	    c=build-fuzz/corpus-$$n; mkdir -p $$c; \
	    for s in fuzz/seeds/$$n testdata/fuzz/$$n; do \
	        [ ! -d $$s ] || cp -n $$s/* $$c/ 2>/dev/null; \
	    done; \
	    rm -f $$c/README; \
	    r=$$(ls -d testdata/fuzz/$$n/* 2>/dev/null | grep -v /README); \
	    [ -z "$$r" ] || build-fuzz/fuzz-$$n $$r >build-fuzz/$$n.log \
	        2>&1 || { cat build-fuzz/$$n.log; exit 1; }; \
	    echo "fuzzing $$n for $(FUZZ_SECONDS) s"; \
	    build-fuzz/fuzz-$$n -max_total_time=$(FUZZ_SECONDS) -timeout=25 \
	        -max_len=$(FUZZ_MAX_LEN) $(FUZZ_RUN_FLAGS) \
	        -print_final_stats=1 -artifact_prefix=build-fuzz/$$n- $$c \
	        >build-fuzz/$$n.log 2>&1; \
	    rc=$$?; \
	    grep -E "^stat::number_of_executed_units" build-fuzz/$$n.log; \
	    if [ $$rc -ne 0 ]; then \
	        grep -v -E "^#[0-9]|in fuzzer::|in __libc_start|in _start" \
	            build-fuzz/$$n.log | tail -n 40; \
	        echo "fuzz: $$n found a problem (status $$rc)"; exit 1; \
	    fi; \
	done

# What was built says what is measured: portable, or for one CPU only.
BUILD_KIND = $(if $(findstring -march=native,$(CFLAGS) $(MARCH)),native \
	(-march=native: for this CPU only),$(if $(findstring -march=,$(CFLAGS)),\
	CPU-specific ($(filter -march=%,$(CFLAGS))),portable \
	(no -march; make NATIVE=1 bench measures a build for this CPU)))
bench: $(PROGS) $(BENCHES) $(HUB_ENGINE)
	@echo "== build: $(strip $(BUILD_KIND)), in $(BUILD)/"
	@printf '   flags: %s\n' '$(call sq,$(strip $(CC) $(CPPFLAGS) $(CFLAGS) $(MARCH) $(LDFLAGS)))'
	@printf '   compiler: %s\n' "$$($(CC) --version 2>/dev/null | head -n 1)"
	@sed -n 's/^model name[[:space:]]*: */   cpu: /p' /proc/cpuinfo 2>/dev/null | head -n 1
	@printf '   cpus: %s, load average: %s\n' "$$(nproc 2>/dev/null)" "$$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)"
	$(Q)BUILD=$(BUILD) sh bench/run.sh

lint-man:
	mandoc -T lint -W warning $(MANPAGES)

# The pkg-config file: paths under PREFIX are written relative to
# ${prefix}, so that pkg-config --define-prefix can move them.
pc_path = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
# libyaml by its own .pc when pkg-config knows it (which then gives -lyaml
# and what libyaml needs), else by name: each library once in
# `pkg-config --static --libs libpdn`.
YAML_PC := $(shell $(PKG_CONFIG) --exists yaml-0.1 2>/dev/null && echo yes)
# A program linked with `pkg-config --libs libpdn` must find libpdn.so
# when it runs: in a LIBDIR the dynamic linker searches (those of the
# system, and /usr/local/lib, which ldconfig adds on Debian) it does;
# in another one, a PREFIX of the user's own ($$HOME/opt), the .pc's Libs
# carry -Wl,-rpath,LIBDIR, so that the program runs as built, with no
# LD_LIBRARY_PATH.  RPATH=yes or RPATH=no decides otherwise.
MULTIARCH = $(shell $(CC) -print-multiarch 2>/dev/null)
SYSTEM_LIBDIRS = /lib /usr/lib /lib64 /usr/lib64 /usr/local/lib \
	$(if $(MULTIARCH),/lib/$(MULTIARCH) /usr/lib/$(MULTIARCH))
RPATH ?= $(if $(filter $(patsubst %/,%,$(LIBDIR)),$(SYSTEM_LIBDIRS)),no,yes)
PC_SED = -e 's|@requires_private@|$(if $(YAML_PC),Requires.private: yaml-0.1\n)|' \
	 -e 's|@libs_private@|$(if $(YAML_PC),,-lyaml )-lpthread|' \
	 -e 's|@rpath@|$(if $(filter yes,$(RPATH)),-Wl$(comma)-rpath$(comma)$${libdir} )|' \
	 -e 's|@prefix@|$(PREFIX)|g' \
	 -e 's|@libdir@|$(call pc_path,$(LIBDIR))|g' \
	 -e 's|@includedir@|$(call pc_path,$(INCLUDEDIR))|g' \
	 -e 's|@version@|$(VERSION)|g'

# The man pages and the completion name the default data directory,
# /usr/local/share/pdn-tools; the installed copies name DATADIR (the sed
# replacement with its \, & and | escaped, in single quotes).
sed_repl = $(call sq,$(subst |,\|,$(subst &,\&,$(subst \,\\,$(1)))))
DATADIR_SED = -e 's|/usr/local/share/pdn-tools|$(call sed_repl,$(DATADIR))|g'

# The directories install makes are listed in DIRS_MANIFEST (without
# DESTDIR), for uninstall to remove them again: those that were not there
# before, and only those.
INSTALL_DIRS  = DESTDIR='$(call sq,$(DESTDIR))' sh scripts/installdirs.sh
DIRS_MANIFEST = $(DATADIR)/installed-dirs

# Installs the tools, the man pages (each in its section), the profiles,
# the bash completion (under each tool's name), the public headers, the
# static and the shared library and libpdn.pc.
install: all install-data
	$(INSTALL_DIRS) make $(DIRS_MANIFEST) $(DATADIR) $(BINDIR) \
	    $(INCLUDEDIR)/pdn $(LIBDIR) $(LIBDIR)/pkgconfig
	install -m 755 $(PROGS) $(DESTDIR)$(BINDIR)
	install -m 644 $(PUBLIC_HEADERS) $(DESTDIR)$(INCLUDEDIR)/pdn
	install -m 644 $(LIBPDN) $(DESTDIR)$(LIBDIR)
	$(if $(SHLIBS),install -m 755 $(BUILD)/$(SHLIB_NAME) $(DESTDIR)$(LIBDIR))
	$(if $(SHLIBS),ln -sf $(SHLIB_NAME) $(DESTDIR)$(LIBDIR)/$(SONAME))
	$(if $(SHLIBS),ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libpdn.so)
	$(install_pc)
	@# The dynamic linker's cache learns of the library (as root only).
	@if [ -z "$(DESTDIR)" ] && [ -n "$(SHLIBS)" ] && \
	    [ "$$(id -u)" = 0 ]; then ldconfig 2>/dev/null || true; fi

# libpdn.pc, into LIBDIR/pkgconfig: part of install, and a target of its
# own (it builds nothing), with which tests/install.sh checks the rpath of
# a private PREFIX.
define install_pc
	$(INSTALL_DIRS) make $(DIRS_MANIFEST) $(DATADIR) $(LIBDIR)/pkgconfig
	sed $(PC_SED) lib/libpdn.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/libpdn.pc
	chmod 644 $(DESTDIR)$(LIBDIR)/pkgconfig/libpdn.pc
endef
install-pc:
	$(install_pc)

# What install writes that is not built: the man pages, the profiles and
# the completion (the tools' names come from cmd/, nothing is compiled).
install-data:
	$(INSTALL_DIRS) make $(DIRS_MANIFEST) $(DATADIR) \
	    $(addprefix $(MANDIR)/man,$(sort $(subst .,,$(suffix $(MANPAGES))))) \
	    $(if $(PROFILES),$(DATADIR)/profiles) $(BASHCOMPDIR)
	for m in $(MANPAGES); do \
	    s=$${m##*.}; d=$(DESTDIR)$(MANDIR)/man$$s; \
	    sed $(DATADIR_SED) $$m >$$d/$${m##*/} && \
	    chmod 644 $$d/$${m##*/} || exit 1; \
	done
	$(if $(PROFILES),install -m 644 $(PROFILES) $(DESTDIR)$(DATADIR)/profiles)
	for p in $(notdir $(PROGS)); do \
	    sed $(DATADIR_SED) $(COMPLETION) >$(DESTDIR)$(BASHCOMPDIR)/$$p && \
	    chmod 644 $(DESTDIR)$(BASHCOMPDIR)/$$p || exit 1; \
	done

# Removes exactly the files install wrote, then the directories install
# made (DIRS_MANIFEST lists them) and those of pdn-tools' own data, each
# only when it is empty: a file of the user's stays, and so does its
# directory.
uninstall:
	for p in $(notdir $(PROGS)); do rm -f $(DESTDIR)$(BINDIR)/$$p; done
	for m in $(MANPAGES); do \
	    s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$$(basename $$m); \
	done
	for p in $(notdir $(PROFILES)); do \
	    rm -f $(DESTDIR)$(DATADIR)/profiles/$$p; \
	done
	rmdir $(DESTDIR)$(DATADIR)/profiles $(DESTDIR)$(DATADIR) 2>/dev/null || true
	for p in $(notdir $(PROGS)); do rm -f $(DESTDIR)$(BASHCOMPDIR)/$$p; done
	for h in $(notdir $(PUBLIC_HEADERS)); do \
	    rm -f $(DESTDIR)$(INCLUDEDIR)/pdn/$$h; \
	done
	rmdir $(DESTDIR)$(INCLUDEDIR)/pdn 2>/dev/null || true
	rm -f $(DESTDIR)$(LIBDIR)/libpdn.a $(DESTDIR)$(LIBDIR)/$(SHLIB_NAME) \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libpdn.so \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/libpdn.pc
	$(INSTALL_DIRS) remove $(DIRS_MANIFEST)
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then \
	    ldconfig 2>/dev/null || true; fi

clean:
	rm -rf build build-asan build-fuzz

-include $(LIB_OBJ:.o=.d) $(PIC_OBJ:.o=.d) $(CMD_OBJ:.o=.d) \
	$(BUILD)/tests/hub/hub-engine.d $(BUILD)/tests/hub/choose.d \
	$(BUILD)/tests/dxp/dxp-engine.d \
	$(PROGS:$(BUILD)/bin/%=$(BUILD)/cmd/%.d) \
	$(TESTS:=.d) $(TEST_COMMON_OBJ:.o=.d) $(BENCHES:=.d) \
	$(FUZZ_RUNS:=.d) $(BUILD)/fuzz/driver.d
