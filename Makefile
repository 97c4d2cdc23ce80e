# pdn tools: one plain GNU Makefile.
#
# Targets: all check bench install uninstall clean, plus asan (the test suite
# under AddressSanitizer and UBSan) and fuzz (libFuzzer targets, clang).  Honours CC CFLAGS CPPFLAGS LDFLAGS
# PREFIX DESTDIR; V=1 shows the commands.

PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
DATADIR  ?= $(PREFIX)/share/pdn-tools

CC       ?= cc
OPT      ?= -O3 -march=native
CFLAGS   ?= $(OPT) -g
WARN      = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	    -Wmissing-prototypes -Wpointer-arith -Wcast-qual -Wwrite-strings \
	    -Wvla -Wformat=2
PKG_CONFIG ?= pkg-config
YAML_CFLAGS := $(shell $(PKG_CONFIG) --cflags yaml-0.1 2>/dev/null)
YAML_LIBS   := $(shell $(PKG_CONFIG) --libs yaml-0.1 2>/dev/null || echo -lyaml)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null || echo -lcmocka)

ALL_CPPFLAGS = -D_DEFAULT_SOURCE -Ilib $(YAML_CFLAGS) $(CPPFLAGS)
ALL_CFLAGS   = $(WARN) $(CFLAGS) -MMD -MP
LIBS         = $(YAML_LIBS) -lpthread

ifeq ($(V),1)
Q =
else
Q = @
endif

BUILD   ?= build
LIB_SRC  = $(sort $(wildcard lib/*.c))
LIB_OBJ  = $(LIB_SRC:lib/%.c=$(BUILD)/lib/%.o)
LIBPDN   = $(BUILD)/libpdn.a
CMD_SRC  = $(sort $(wildcard cmd/pdn-*.c))
CMD_COMMON_SRC = $(filter-out cmd/pdn-%.c,$(wildcard cmd/*.c))
CMD_COMMON_OBJ = $(CMD_COMMON_SRC:cmd/%.c=$(BUILD)/cmd/%.o)
PROGS    = $(CMD_SRC:cmd/%.c=$(BUILD)/bin/%)
TEST_SRC = $(sort $(wildcard tests/test_*.c))
TEST_COMMON_SRC = $(filter-out tests/test_%.c,$(wildcard tests/*.c))
TEST_COMMON_OBJ = $(TEST_COMMON_SRC:tests/%.c=$(BUILD)/tests/%.o)
TESTS    = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BENCH_SRC = $(sort $(wildcard bench/*.c))
BENCHES  = $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
MANPAGES = $(sort $(wildcard man/*.[1-9]))
PROFILES = $(sort $(wildcard profiles/*.yaml))

.PHONY: all check bench install uninstall clean asan lint-man fuzz FORCE

# Objects are intermediate files to make (built on the way to a program):
# keep them, so that make does not delete and rebuild them every run.
.SECONDARY:

all: $(PROGS)

$(BUILD)/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/cmd/%.o: cmd/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

# Where `--rules NAME` finds the installed profiles.
$(BUILD)/cmd/pdn-adjudicate.o: ALL_CPPFLAGS += -DPDN_DATADIR='"$(DATADIR)"'
# The installed profiles' directory is compiled in: a stamp holding it
# changes when PREFIX or DATADIR does, and rebuilds what uses it.
$(BUILD)/cmd/pdn-adjudicate.o: $(BUILD)/datadir.stamp
$(BUILD)/datadir.stamp: FORCE
	@mkdir -p $(@D)
	@echo '$(DATADIR)' >$@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi
FORCE:

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CPPFLAGS) $(CMOCKA_CFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/bench/%.o: bench/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(LIBPDN): $(LIB_OBJ)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(BUILD)/bin/%: $(BUILD)/cmd/%.o $(CMD_COMMON_OBJ) $(LIBPDN)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_COMMON_OBJ) $(LIBPDN)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(CMOCKA_LIBS) $(LIBS)

# The test of the tools' shared helpers links them.
$(BUILD)/tests/test_cli: $(BUILD)/cmd/cli.o

$(BUILD)/bench/%: $(BUILD)/bench/%.o $(LIBPDN)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# The unit tests (cmocka) and the golden command-line cases; the runner
# prints one closing line "N passed, N failed".
check: $(PROGS) $(TESTS)
	$(Q)BUILD=$(BUILD) sh tests/run.sh $(TESTS)

# The same suite under AddressSanitizer and UndefinedBehaviorSanitizer, in a
# build tree of its own.
asan:
	$(Q)$(MAKE) --no-print-directory BUILD=build-asan \
	    OPT="-O1 -fno-omit-frame-pointer" \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" check

# Each fuzz/NAME.c is a libFuzzer target, built with clang against a
# sanitized copy of the library and run for FUZZ_SECONDS on a corpus that
# starts from the test data.  Needs clang and its fuzzer runtime
# (Debian: clang, libclang-rt-14-dev).
FUZZ_SECONDS ?= 60
FUZZ_SRC = $(sort $(wildcard fuzz/*.c))
FUZZ_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all
fuzz:
	$(Q)$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang \
	    CFLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" build-fuzz/libpdn.a
	$(Q)for f in $(FUZZ_SRC); do \
	    n=$$(basename $$f .c); \
	    clang $(ALL_CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer \
	        -o build-fuzz/fuzz-$$n $$f build-fuzz/libpdn.a $(LIBS) || exit 1; \
	    mkdir -p build-fuzz/corpus-$$n; \
	    cp -n fuzz/seeds/$$n/* build-fuzz/corpus-$$n/ 2>/dev/null; \
	    echo "fuzzing $$n for $(FUZZ_SECONDS) s"; \
	    build-fuzz/fuzz-$$n -max_total_time=$(FUZZ_SECONDS) \
	        -print_final_stats=1 build-fuzz/corpus-$$n 2>&1 | \
	        grep -E "^(stat::number_of_executed_runs|==|SUMMARY)" ; \
	    [ -z "$$(ls crash-* leak-* timeout-* 2>/dev/null)" ] || exit 1; \
	done

bench: $(PROGS) $(BENCHES)
	$(Q)BUILD=$(BUILD) sh bench/run.sh

lint-man:
	mandoc -T lint -W warning $(MANPAGES)

install: $(PROGS)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	install -m 755 $(PROGS) $(DESTDIR)$(BINDIR)
	for m in $(MANPAGES); do \
	    s=$${m##*.}; install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s; \
	done
	$(if $(PROFILES),install -d $(DESTDIR)$(DATADIR)/profiles && \
	    install -m 644 $(PROFILES) $(DESTDIR)$(DATADIR)/profiles)

uninstall:
	for p in $(notdir $(PROGS)); do rm -f $(DESTDIR)$(BINDIR)/$$p; done
	for m in $(MANPAGES); do \
	    s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$$(basename $$m); \
	done
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build build-asan build-fuzz

-include $(LIB_OBJ:.o=.d) $(CMD_COMMON_OBJ:.o=.d) $(PROGS:$(BUILD)/bin/%=$(BUILD)/cmd/%.d) \
	$(TESTS:=.d) $(TEST_COMMON_OBJ:.o=.d) $(BENCHES:=.d)
