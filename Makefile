# notate: `make` builds build/notate, build/libnotate.a and libnotate.so, `make check`
# runs every test, `make bench` the benchmarks, `make demo` the examples.
#
# Games are found, not listed: every folder src/games/NAME/ is one game that
# defines `nt_game_NAME`; its lexers and grammars are grammar/*.re, *.y.
# SANITIZE=1 builds and tests everything under build/san with ASan+UBSan.

CC ?= cc
BISON ?= bison
RE2C ?= re2c
PKG_CONFIG ?= pkg-config

ifeq ($(SANITIZE),1)
B := build/san
OPT := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
       -fno-sanitize-recover=all
else ifeq ($(SANITIZE),fuzz)
# libFuzzer builds (clang): instrumented for coverage and the sanitizers.
B := build/fuzz
OPT := -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
       -fno-omit-frame-pointer -fno-sanitize-recover=all
# The generated lexers and parsers compare every byte and state against
# constants (re2c's fill checks, bison's tables): tracing those comparisons
# cost most of each execution and taught the mutator nothing that the
# dictionaries (tests/fuzz/*.dict) do not say; their edges are still counted.
GEN_COV := -fno-sanitize-coverage=trace-cmp
# The fast targets' own link flags: ASan's targets replay what the campaign
# found (tools/fuzz-campaign.sh).
FUZZ_LINK := -O1 -g -fsanitize=fuzzer,address,undefined
else ifeq ($(SANITIZE),fuzz-fast)
# The campaign's build (make fuzz-campaign): UBSan, trapping (no runtime),
# without ASan, at -O2: ASan's shadow memory and checks were most of each
# execution (mat 950 to 3,500 exec/s, the others 1-8 K to 8-63 K).  What the
# campaign grows is replayed through build/fuzz's ASan targets afterwards,
# so memory errors are still caught, once per input instead of every time.
B := build/fuzz-fast
OPT := -O2 -g -fsanitize=fuzzer-no-link,undefined -fsanitize-trap=undefined \
       -fno-sanitize-recover=all
GEN_COV := -fno-sanitize-coverage=trace-cmp
FUZZ_LINK := -O2 -g -fsanitize=fuzzer,undefined -fsanitize-trap=undefined
# Backgammon's replay compares loop counters and points against the board's
# constants in every row: tracing those comparisons was half of each mat
# execution and gave the mutator nothing that the move-level mutator
# (tests/fuzz/mutate.c) does not.  Its edges are still counted; the readers
# that compare against magic values (XG's container, SGF's properties)
# keep the tracing.
NO_CMP_OBJ := $(patsubst %,$(B)/obj/src/games/backgammon/%.o,\
  play replay movegen engine posid facts record cell read_sgf)
$(NO_CMP_OBJ): CFLAGS_ALL += -fno-sanitize-coverage=trace-cmp
else ifeq ($(SANITIZE),cov)
# make coverage: gcov's counters over make check (tools/coverage.sh).
B := build/cov
OPT := -O0 -g --coverage
else
B := build
OPT := -O2 -g
endif

WARN := -std=c11 -Wall -Wextra -Wpedantic -Werror
CPPFLAGS_ALL := -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -I$(B)/gen $(CPPFLAGS)
CFLAGS_ALL := $(WARN) $(OPT) $(CFLAGS)
LDFLAGS_ALL := $(OPT) $(LDFLAGS)
DEPFLAGS = -MMD -MP
# The library's objects serve the static and the shared library alike:
# position-independent, and hidden unless notate.h marks them NT_API.
LIB_PIC := -fPIC -fvisibility=hidden

GAMES := $(sort $(notdir $(patsubst %/,%,$(wildcard src/games/*/))))

LEXERS := $(wildcard grammar/*.re)
GRAMMARS := $(wildcard grammar/*.y)
GEN_C := $(LEXERS:grammar/%.re=$(B)/gen/%.c) $(GRAMMARS:grammar/%.y=$(B)/gen/%.c)
GEN_H := $(GRAMMARS:grammar/%.y=$(B)/gen/%.h)

LIB_SRC := $(wildcard src/core/*.c) $(foreach g,$(GAMES),$(wildcard src/games/$(g)/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o) $(GEN_C:$(B)/gen/%.c=$(B)/obj/gen/%.o) \
           $(B)/obj/gen/games.o
CLI_SRC := $(wildcard src/cli/*.c)
CLI_OBJ := $(CLI_SRC:%.c=$(B)/obj/%.o)

TEST_SRC := $(wildcard tests/*.c tests/*/*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/test_suites.o

# Games made for the test suite: a folder tests/NAME/game/ defines
# `nt_game_NAME` (its .c, .re and .y files).  The test runner and the test
# build of the command, $(B)/tests/notate, have them in their registry;
# libnotate.a and $(B)/notate do not.
TEST_GAMES := $(sort $(patsubst tests/%/game/,%,$(wildcard tests/*/game/)))
TEST_GAME_SRC := $(foreach g,$(TEST_GAMES),$(wildcard tests/$(g)/game/*.c))
TEST_GAME_RE := $(foreach g,$(TEST_GAMES),$(wildcard tests/$(g)/game/*.re))
TEST_GAME_Y := $(foreach g,$(TEST_GAMES),$(wildcard tests/$(g)/game/*.y))
TEST_GEN_C := $(TEST_GAME_RE:%.re=$(B)/gen/%.c) $(TEST_GAME_Y:%.y=$(B)/gen/%.c)
TEST_GEN_H := $(TEST_GAME_Y:%.y=$(B)/gen/%.h)
TEST_LIB_OBJ := $(filter-out $(B)/obj/gen/games.o,$(LIB_OBJ)) $(B)/obj/gen/games_test.o \
                $(TEST_GAME_SRC:%.c=$(B)/obj/%.o) $(TEST_GEN_C:$(B)/gen/%.c=$(B)/obj/gen/%.o)
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS = $(shell $(PKG_CONFIG) --libs check 2>/dev/null)
# What libnotate itself links against: Debian's zlib (eXtreme Gammon files).
LIB_LIBS := -lz

.PHONY: include-check python-check python-build shared wasm deps-wasm web-if-present fuzz fuzz-build fuzz-fast-build fuzz-campaign coverage install svg-check all generated deps deps-present check test-run nm-check demo bench clean
.DELETE_ON_ERROR:

all: deps-present $(B)/notate $(B)/libnotate.a shared

# Named here so that make keeps them (they are not disposable intermediates).
generated: $(GEN_C) $(GEN_H) $(B)/gen/games.c $(B)/gen/test_suites.c \
           $(TEST_GEN_C) $(TEST_GEN_H) $(B)/gen/games_test.c

# Recompile everything when the compiler or its flags change.
FLAGS_NOW := $(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(LDFLAGS_ALL) $(LIB_PIC)$(if $(GEN_COV), $(GEN_COV))$(if $(NO_CMP_OBJ), $(NO_CMP_OBJ))
FLAGS_FILE := $(B)/flags.txt
ifneq ($(FLAGS_NOW),$(shell cat $(FLAGS_FILE) 2>/dev/null))
$(shell mkdir -p $(B) && echo '$(FLAGS_NOW)' > $(FLAGS_FILE))
endif

# The game registry follows the folders in src/games/ (and, for the tests'
# registry, tests/*/game/).
GAMES_FILE := $(B)/gen/games.list
ifneq ($(GAMES) / $(TEST_GAMES),$(shell cat $(GAMES_FILE) 2>/dev/null))
$(shell mkdir -p $(B)/gen && echo '$(GAMES) / $(TEST_GAMES)' > $(GAMES_FILE))
endif

registry = { echo '/* Generated from the folders of the games. */'; \
	   echo '\#include "core/game.h"'; \
	   for g in $(1); do echo "extern const struct nt_game nt_game_$$g;"; done; \
	   echo 'const struct nt_game *const nt_games[] = {'; \
	   for g in $(1); do echo "	&nt_game_$$g,"; done; \
	   echo '	NULL'; echo '};'; }

$(B)/gen/games.c: $(GAMES_FILE)
	@mkdir -p $(@D)
	@$(call registry,$(GAMES)) > $@

$(B)/gen/games_test.c: $(GAMES_FILE)
	@mkdir -p $(@D)
	@$(call registry,$(GAMES) $(TEST_GAMES)) > $@

# Every tests/ file may define suites: `Suite *` then a line `NAME_suite(void)`.
$(B)/gen/test_suites.c: $(TEST_SRC)
	@mkdir -p $(@D)
	@names=$$(sed -n 's/^\([a-z0-9_]*_suite\)(void)$$/\1/p' $(TEST_SRC) | sort); \
	{ echo '/* Generated from the suites in tests/. */'; \
	  echo '#include <check.h>'; \
	  for s in $$names; do echo "Suite *$$s(void);"; done; \
	  echo 'Suite *(*const nt_test_suites[])(void) = {'; \
	  for s in $$names; do echo "	$$s,"; done; \
	  echo '	0'; echo '};'; } > $@

$(B)/gen/%.c $(B)/gen/%.h: grammar/%.y
	@mkdir -p $(@D)
	$(BISON) -Wall -Werror -o $(B)/gen/$*.c --header=$(B)/gen/$*.h $<

$(B)/gen/%.c: grammar/%.re
	@mkdir -p $(@D)
	$(RE2C) -W -Werror --no-generation-date --no-version -o $@ $<

$(B)/gen/tests/%.c $(B)/gen/tests/%.h: tests/%.y
	@mkdir -p $(@D)
	$(BISON) -Wall -Werror -o $(B)/gen/tests/$*.c --header=$(B)/gen/tests/$*.h $<

$(B)/gen/tests/%.c: tests/%.re
	@mkdir -p $(@D)
	$(RE2C) -W -Werror --no-generation-date --no-version -o $@ $<

$(LIB_OBJ): OBJ_PIC := $(LIB_PIC)

$(B)/obj/%.o: %.c $(FLAGS_FILE) | $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(OBJ_PIC) $(DEPFLAGS) -c -o $@ $<

$(B)/obj/gen/%.o: $(B)/gen/%.c $(FLAGS_FILE) | $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(OBJ_PIC) $(GEN_COV) $(DEPFLAGS) -c -o $@ $<

$(B)/obj/tests/%.o: tests/%.c $(FLAGS_FILE) | $(GEN_H) $(TEST_GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -I. -Itests $(CHECK_CFLAGS) $(CFLAGS_ALL) $(DEPFLAGS) -c -o $@ $<

# A test game's generated code names its headers from the top of the checkout.
$(B)/obj/gen/tests/%.o: $(B)/gen/tests/%.c $(FLAGS_FILE) | $(GEN_H) $(TEST_GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -I. $(CFLAGS_ALL) $(DEPFLAGS) -c -o $@ $<

$(B)/libnotate.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# The shared library: its soname carries NOTATE_VERSION_MAJOR of notate.h,
# the file the whole version (doc/HACKING.md, "Versions").
VERSION := $(shell sed -n 's/^\#define NOTATE_VERSION "\(.*\)"/\1/p' include/notate/notate.h)
SO_MAJOR := $(shell sed -n 's/^\#define NOTATE_VERSION_MAJOR \([0-9]*\)$$/\1/p' include/notate/notate.h)
SONAME := libnotate.so.$(SO_MAJOR)

shared: $(B)/libnotate.so

$(B)/libnotate.so.$(VERSION): $(LIB_OBJ)
	$(CC) $(LDFLAGS_ALL) -shared -Wl,-soname,$(SONAME) -Wl,--no-undefined \
	  -o $@ $(LIB_OBJ) $(LIB_LIBS) -pthread

$(B)/libnotate.so: $(B)/libnotate.so.$(VERSION)
	ln -sf libnotate.so.$(VERSION) $(B)/$(SONAME)
	ln -sf libnotate.so.$(VERSION) $@

$(B)/notate: $(CLI_OBJ) $(B)/libnotate.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(B)/libnotate.a $(LIB_LIBS) -pthread

# The library with the test games in its registry, for the test runner and
# the test build of the command.
$(B)/tests/libnotate-test.a: $(TEST_LIB_OBJ)
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/tests/check_notate: $(TEST_OBJ) $(B)/tests/libnotate-test.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS_ALL) -o $@ $(TEST_OBJ) $(B)/tests/libnotate-test.a $(LIB_LIBS) $(CHECK_LIBS)

$(B)/tests/notate: $(CLI_OBJ) $(B)/tests/libnotate-test.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(B)/tests/libnotate-test.a $(LIB_LIBS) -pthread

# Installs what the build needs when it is missing (apt-get, as root).
deps:
	@tools/deps.sh --install

# Only says what is missing, naming the package.
deps-present:
	@tools/deps.sh

# The library may not hold writable global data: threads share nothing.
# (Tables of pointers live in .data.rel.ro: read-only once relocated.)
nm-check: $(B)/libnotate.a
	@bad=$$(nm -f sysv $(LIB_OBJ) | awk -F'|' '$$3 ~ /[BbDdGgSsVv]/ && $$7 !~ /rel\.ro/' || true); \
	if [ -n "$$bad" ]; then echo "writable global data in libnotate:"; \
	  echo "$$bad"; exit 1; fi; echo "nm: no writable global data in libnotate"

# No two modules of src/ may include each other (tools/include-cycles.sh);
# the circles tools/include-cycles.known lists are still to be untied.
include-check:
	@tools/include-cycles.sh --self-test
	@tools/include-cycles.sh --known tools/include-cycles.known

# Every reporter of the run appends the codes it reports to CODE_TRACE; the
# last step fails naming each catalogue code that no test emitted.
CODE_TRACE := $(abspath $(B))/code-trace.txt

check: deps
	@$(MAKE) --no-print-directory all $(B)/tests/check_notate $(B)/tests/notate
	@$(MAKE) --no-print-directory web-if-present
ifeq ($(filter 1 cov,$(SANITIZE)),)
	@$(MAKE) --no-print-directory nm-check
endif
	@$(MAKE) --no-print-directory include-check
	@rm -f $(CODE_TRACE)
	@NT_CODE_TRACE=$(CODE_TRACE) $(MAKE) --no-print-directory test-run
	@$(B)/tests/check_notate --code-coverage $(CODE_TRACE)
	@$(MAKE) --no-print-directory SANITIZE= python-check

# The Python package (python/): installed by Debian's pip, as a user would
# but into build/python-site (--target: the system stays untouched, and no
# index is asked: --no-build-isolation uses Debian's setuptools), then
# tested by Debian's pytest against the command and the shared library.
# Always the plain build: an ASan library cannot load into python3.
PYTHON ?= /usr/bin/python3
PY_SITE := build/python-site

python-build: all
	@rm -rf $(PY_SITE)
	@NOTATE_MAKE_ARGS="CC=$(CC)" $(PYTHON) -m pip install -q --no-build-isolation \
	  --no-deps --no-index --target $(PY_SITE) ./python 2>&1 | \
	  { grep -v "Running pip as the 'root' user" || true; }
	@test -f $(PY_SITE)/notate/__init__.py

python-check: python-build
	@NOTATE=$(B)/notate NT_BUILD=$(B) SHARED=$${SHARED:-../shared} \
	  PYTHONPATH=$(abspath $(PY_SITE)) $(PYTHON) -m pytest -q -p no:cacheprovider tests/python

test-run:
	@NOTATE=$(B)/notate NOTATE_TEST=$(B)/tests/notate SHARED=$${SHARED:-../shared} NT_BUILD=$(B) \
	  NT_CC="$(CC)" NT_BUILD_FLAGS="$(OPT)" \
	  NT_MAKE_ARGS="CC=$(CC) SANITIZE=$(SANITIZE)" $(B)/tests/check_notate

demo: deps
	@$(MAKE) --no-print-directory all
	@tools/demo.sh $(B)/notate

bench: deps
	@$(MAKE) --no-print-directory all web-if-present python-build
	@tools/bench.sh $(B)/notate

PREFIX ?= /usr/local
DESTDIR ?=

# The binary, the static and the shared library and their header,
# pkg-config's notate.pc (the shared library; --static adds what the static
# one needs) and notate-static.pc (the static library), the manual page and
# the bash completion.
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/include/notate $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 $(B)/notate $(DESTDIR)$(PREFIX)/bin/notate
	install -m 644 $(B)/libnotate.a $(DESTDIR)$(PREFIX)/lib/libnotate.a
	install -m 755 $(B)/libnotate.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libnotate.so.$(VERSION)
	ln -sf libnotate.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libnotate.so
	install -m 644 include/notate/notate.h $(DESTDIR)$(PREFIX)/include/notate/notate.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' tools/notate.pc.in \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/notate.pc
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' tools/notate-static.pc.in \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/notate-static.pc
	install -m 644 doc/notate.1 $(DESTDIR)$(PREFIX)/share/man/man1/notate.1
	install -m 644 tools/notate.bash-completion \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/notate

# Fuzzing: one libFuzzer target per game (its lexer, parser, replay and
# every converter), each run FUZZ_SECONDS seconds from the sample corpora.
# Inputs that crash are kept in tests/fuzz/regress/GAME/, which make check
# replays.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := $(GAMES:%=$(B)/fuzz-%)

fuzz:
	@command -v clang >/dev/null 2>&1 || apt-get install -y -q clang libclang-rt-14-dev >/dev/null
	@$(MAKE) --no-print-directory SANITIZE=fuzz CC=clang fuzz-build
	@tools/fuzz.sh build/fuzz $(FUZZ_SECONDS) $(GAMES)

# The fast targets: one per reader, each input parsed and replayed once.
FUZZ_READERS := umla pgn mat sgf xg bao
FAST_TARGETS := $(FUZZ_READERS:%=$(B)/fast-%)

# make fuzz-campaign: every fast target to FUZZ_RUNS executions or for
# FUZZ_CAMPAIGN_SECONDS, on FUZZ_JOBS processes, at nice 19
# (tools/fuzz-campaign.sh); FUZZ_KEEP_KB of seeds kept per reader.
FUZZ_RUNS ?= 10000000
FUZZ_CAMPAIGN_SECONDS ?= 3600
FUZZ_JOBS ?= 1
FUZZ_KEEP_KB ?= 128

fuzz-campaign:
	@command -v clang >/dev/null 2>&1 || apt-get install -y -q clang libclang-rt-14-dev >/dev/null
	@$(MAKE) --no-print-directory SANITIZE=fuzz-fast CC=clang fuzz-fast-build
	@$(MAKE) --no-print-directory SANITIZE=fuzz CC=clang fuzz-fast-build
	@nice -n 19 tools/fuzz-campaign.sh build/fuzz-fast build/fuzz $(FUZZ_RUNS) \
	  $(FUZZ_CAMPAIGN_SECONDS) $(FUZZ_JOBS) $(FUZZ_KEEP_KB) $(FUZZ_READERS)

# make coverage: make check built with gcov's counters in build/cov, then
# line and branch coverage per source file (gcov's counters are writable
# globals: that build skips nm-check).
coverage:
	@rm -f $$(find build/cov -name '*.gcda' 2>/dev/null)
	@$(MAKE) --no-print-directory SANITIZE=cov check
	@tools/coverage.sh build/cov $(LIB_SRC) $(CLI_SRC)

fuzz-build: $(FUZZ_TARGETS) $(FAST_TARGETS) $(B)/notate $(B)/xg-seeds
fuzz-fast-build: $(FAST_TARGETS) $(B)/notate $(B)/xg-seeds

FUZZ_SUPPORT := tests/support/xg_build.c

$(B)/fuzz-%: tests/fuzz/entry/fuzz_main.c tests/fuzz/harness.c $(FUZZ_SUPPORT) $(B)/libnotate.a
	$(CC) $(CPPFLAGS_ALL) -Itests $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined \
	  -DFUZZ_GAME='"$*"' -o $@ tests/fuzz/entry/fuzz_main.c tests/fuzz/harness.c \
	  $(FUZZ_SUPPORT) $(B)/libnotate.a $(LIB_LIBS)

# The text readers' targets also mutate moves (tests/fuzz/mutate.c).
$(B)/fast-%: tests/fuzz/entry/fast_main.c tests/fuzz/harness.c tests/fuzz/mutate.c $(FUZZ_SUPPORT) $(B)/libnotate.a
	$(CC) $(CPPFLAGS_ALL) -Itests $(WARN) $(FUZZ_LINK) \
	  -DFUZZ_READER='"$*"' $(if $(filter xg,$*),,-DFUZZ_MOVES) -o $@ \
	  tests/fuzz/entry/fast_main.c tests/fuzz/harness.c tests/fuzz/mutate.c \
	  $(FUZZ_SUPPORT) $(B)/libnotate.a $(LIB_LIBS)

# The seeds of backgammon's XG target: records of the sample XG files.
$(B)/xg-seeds: tests/fuzz/entry/xg_seeds.c $(FUZZ_SUPPORT) $(B)/libnotate.a
	$(CC) $(CPPFLAGS_ALL) -Itests $(WARN) $(OPT) -o $@ tests/fuzz/entry/xg_seeds.c \
	  $(FUZZ_SUPPORT) $(B)/libnotate.a $(LIB_LIBS)

# The web page (make wasm): the library, not the command line, compiled to
# WebAssembly by Debian's clang with wasi-libc and lld, with the entry
# points of src/wasm/, and the page of web/ around it in build/web/.  The
# same generated lexers and parsers as the native build; nothing is
# downloaded.  notate-wasm.js carries the same bytes as base64, for a page
# opened from file://, where a script may not fetch files.
WASM_CC ?= clang
WB := build/wasm
WEB := build/web
WASM_CFLAGS := --target=wasm32-wasi -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc \
               -I$(B)/gen $(WARN) -O2
WASM_LIB_OBJ := $(filter-out $(WB)/src/games/backgammon/xg_archive.o,\
                $(LIB_SRC:%.c=$(WB)/%.o)) $(GEN_C:$(B)/gen/%.c=$(WB)/gen/%.o) \
                $(WB)/gen/games.o
WASM_OBJ := $(patsubst %.c,$(WB)/%.o,$(wildcard src/wasm/*.c))
WEB_FILES := $(patsubst web/%,$(WEB)/%,$(wildcard web/*.html web/*.css web/*.js))

WASM_FLAGS_NOW := $(WASM_CC) $(WASM_CFLAGS)
ifneq ($(WASM_FLAGS_NOW),$(shell cat $(WB)/flags.txt 2>/dev/null))
$(shell mkdir -p $(WB) && echo '$(WASM_FLAGS_NOW)' > $(WB)/flags.txt)
endif

WEB_ALL := $(WEB)/notate.wasm $(WEB)/notate-wasm.js $(WEB_FILES)

wasm: deps-wasm
	@$(MAKE) --no-print-directory $(WEB_ALL)

deps-wasm:
	@tools/deps.sh --install --wasm

# make check builds the page for its browser tests when the toolchain is
# here (its deps step installs it, as root); else those tests say SKIPPED.
web-if-present:
	@if tools/deps.sh --wasm-present; then \
	  $(MAKE) --no-print-directory $(WEB_ALL); \
	else echo "notate: no WebAssembly toolchain (make wasm installs it): the web page is not built" >&2; fi

# Library sources see src/wasm/compat.h first: what WASI lacks (tmpfile).
# There is no zlib for WASI: src/wasm/xg_archive_none.c stands in for the
# XG container reader, and eXtreme Gammon files are refused.
$(WB)/src/wasm/%.o: src/wasm/%.c $(WB)/flags.txt | $(GEN_H)
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(WB)/%.o: %.c $(WB)/flags.txt | $(GEN_H)
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) -include src/wasm/compat.h $(DEPFLAGS) -c -o $@ $<

$(WB)/gen/%.o: $(B)/gen/%.c $(WB)/flags.txt | $(GEN_H)
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) -include src/wasm/compat.h $(DEPFLAGS) -c -o $@ $<

# A reactor: no main; the page calls the exported functions.
$(WEB)/notate.wasm: $(WASM_LIB_OBJ) $(WASM_OBJ)
	@mkdir -p $(@D)
	$(WASM_CC) --target=wasm32-wasi -mexec-model=reactor -O2 -Wl,--strip-all \
	  -o $@ $^

$(WEB)/notate-wasm.js: $(WEB)/notate.wasm
	@{ printf '/* Generated by make wasm: notate.wasm as base64. */\n'; \
	   printf 'self.NOTATE_WASM_BASE64 = "'; base64 -w 0 $<; printf '";\n'; } > $@

$(WEB)/%: web/%
	@mkdir -p $(@D)
	cp $< $@

# Draws one board per game as SVG and checks Chromium's screenshot of it.
svg-check: all
	@command -v chromium >/dev/null 2>&1 || { \
	  [ "$$(id -u)" -eq 0 ] && apt-get install -y -q chromium >/dev/null 2>&1; } || \
	  { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1; } || true
	@tools/svg-check.sh $(B)/notate

clean:
	rm -rf build

-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)
-include $(shell find $(WB) -name '*.d' 2>/dev/null)
