# herdsim: the two set-up commands of the README are `make demo` and `make test`.
GO ?= go
BIN := bin/herdsim

.PHONY: all build demo test check docs-check doc-tables fuzz vet fmt-check tidy-check apidiff api-update bench bench-step bench-explore-accuracy clean usps-full usps-pack usps-walltime

all: build

# The fast build is the default: with GOEXPERIMENT=simd (Go 1.26's simd/archsimd) herding
# gets its AVX-512 kernels, chosen at run time, so the binary still runs (portable kernels)
# on a CPU without AVX-512; `herdsim herd` names the kernels that ran. The probe: a toolchain
# that supports the experiment type-checks ./herding under it (`go vet`); one that does not
# (older Go, or an experiment renamed) fails, and make builds the portable binary and says
# so. PORTABLE=1 make build forces the portable build; HERDSIM_PORTABLE=1 makes a simd
# binary run its portable kernels (the same bytes, slower).
SIMD_PROBE = GOEXPERIMENT=simd $(GO) vet ./herding >/dev/null 2>&1
build:
	@if [ -z "$(PORTABLE)" ] && $(SIMD_PROBE); then \
		echo "GOEXPERIMENT=simd $(GO) build -o $(BIN) ./cmd/herdsim"; \
		GOEXPERIMENT=simd $(GO) build -o $(BIN) ./cmd/herdsim; \
	else \
		[ -n "$(PORTABLE)" ] || echo "make build: this Go toolchain does not build herding with GOEXPERIMENT=simd: portable kernels only"; \
		echo "$(GO) build -o $(BIN) ./cmd/herdsim"; \
		$(GO) build -o $(BIN) ./cmd/herdsim; \
	fi

# herdsim's main job as a chain on the built-in default data, into out/demo
# (scripts/demo.sh): the float64 reference with its pictures (herd/), the datapath model in
# lockstep with it (lockstep.json), golden vectors (vectors/), Verilog (rtl/) and Icarus's
# or Verilator's verdict (rtlsim.txt; skipped, and said so, without a simulator).
demo: build
	HERDSIM=$(BIN) scripts/demo.sh out/demo

# Everything CI checks: vet, formatting, the whole test suite, every benchmark run once
# (-short: shorter warm-ups) to prove it runs, not timed (`make bench` for the figures);
# herding again with GOEXPERIMENT=simd, whose AVX-512 kernels (sign pass, flips, rows;
# herding/*_simd.go) must give the portable kernels' bits, and herd's kernel tests in the
# simd build, where HERDSIM_PORTABLE=1 compares the binary's two paths end to end.
# -timeout 25m: a slower or busier machine must not hit go test's default of 10 minutes a
# package. The longest packages come first (LONG_PACKAGES): go test runs them in the order
# given, as many at a time as there are CPUs, and sim, listed last by ./..., ran its 9
# minutes alone at the end with a CPU idle.
LONG_PACKAGES := ./sim ./synth ./cmd/herdsim ./rtlgen ./scripts
#
# HERDSIM_TOOL_CACHE (internal/toolcache): the tests that synthesise or route a design
# another test already did restore that run's files, within this run only (a fresh folder,
# removed after it).
test: vet fmt-check tidy-check apidiff docs-check
	cache=$$(mktemp -d) && trap 'rm -rf "$$cache"' EXIT && \
		HERDSIM_TOOL_CACHE=$$cache $(GO) test -timeout 25m $(LONG_PACKAGES) ./...
	$(GO) test -short -run NONE -bench . -benchtime 1x ./...
	GOEXPERIMENT=simd $(GO) vet ./herding
	GOEXPERIMENT=simd $(GO) test ./herding
	GOEXPERIMENT=simd $(GO) test -run 'TestHerdPortableSwitch|TestHerdNamesItsKernels' ./cmd/herdsim
	$(MAKE) fuzz FUZZTIME=3s

# The inner loop: vet, formatting and the Go tests as on a machine without the hardware
# tools (scripts/without-eda.sh hides the simulators, synthesis, the SMT solvers and GNU
# parallel, so the tests that need them skip and say so) and -short (the tests that take
# long without them, as the synthesis cost of a sweep, skip too). `make test` runs all.
check: vet fmt-check docs-check
	scripts/without-eda.sh $(GO) test -short ./...

# The docs check: every relative link and #anchor in the Markdown resolves, the generated
# tables equal their results, README.md stays within 16 KB, and every herdsim command line
# in the docs parses (subcommand, flags and, in shell blocks, values).
docs-check:
	$(GO) test -count=1 -run 'TestRepositoryDocs|TestDocsCommandLinesParse' ./internal/docs ./cmd/herdsim

# The tables of figures in the docs, rendered from results/ (between `<!-- generated: NAME
# (make doc-tables) -->` markers).
doc-tables:
	$(GO) run ./scripts/doctables

# The fuzz targets of the inputs a user hands herdsim (a vector set's manifest and hex
# files, its arch.json, the Arch's flag values), each for FUZZTIME: they must return a
# value or an error, never panic. `make test` runs them briefly; a finding is kept in the
# package's testdata/fuzz and then runs in every go test.
FUZZTIME ?= 30s
FUZZ_TARGETS := testvectors:FuzzReadManifest testvectors:FuzzReadHexFile datapath:FuzzArchJSON cmd/herdsim:FuzzArchFlagValues
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "$(GO) test ./$${t%%:*} -run NONE -fuzz ^$${t##*:}\$$ -fuzztime $(FUZZTIME)"; \
		$(GO) test ./$${t%%:*} -run NONE -fuzz "^$${t##*:}\$$" -fuzztime $(FUZZTIME) || exit 1; \
	done

vet:
	$(GO) vet ./...

# go.mod and go.sum as `go mod tidy` would leave them (it prints the diff and fails if not).
tidy-check:
	$(GO) mod tidy -diff

# The public API of fixedpoint and testvectors against the baselines in api/ (apidiff from
# golang.org/x/exp, a tool of go.mod): fails on a removed or changed name
# (scripts/apidiff.sh). api-update records a deliberate change.
apidiff:
	GO=$(GO) scripts/apidiff.sh check

api-update:
	GO=$(GO) scripts/apidiff.sh update

fmt-check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# The cocotb testbench that herdsim rtl writes beside the core (rtl/cocotb/run.py): Python,
# cocotb and cocotbext-axi at the versions of rtlgen/cocotb/requirements.txt, in a virtual
# environment in .venv made from Debian's python3 (cocotb embeds its libpython into
# Icarus). `make cocotb` runs it on the default data's vector set of `make demo`'s Arch
# (COCOTB_ITERS iterations) into out/cocotb; results.xml lands in out/cocotb/run.
COCOTB_VENV ?= .venv
COCOTB_PYTHON ?= /usr/bin/python3
COCOTB_OUT := out/cocotb
COCOTB_ITERS ?= 2
.PHONY: cocotb cocotb-venv fpga-venv
cocotb-venv:
	[ -x $(COCOTB_VENV)/bin/python ] || $(COCOTB_PYTHON) -m venv $(COCOTB_VENV)
	$(COCOTB_VENV)/bin/pip install --disable-pip-version-check -q -r rtlgen/cocotb/requirements.txt

# The YoWASP place-and-route tools of herdsim synth's ECP5 and Gowin targets (and Gowin's
# Yosys), pinned in synth/requirements.txt, into the same .venv (HERDSIM_VENV=.venv finds them).
fpga-venv:
	[ -x $(COCOTB_VENV)/bin/python ] || $(COCOTB_PYTHON) -m venv $(COCOTB_VENV)
	$(COCOTB_VENV)/bin/pip install --disable-pip-version-check -q -r synth/requirements.txt

cocotb: build cocotb-venv
	rm -rf $(COCOTB_OUT)
	$(BIN) vectors --data default --mode SH --hidden 16 --iters $(COCOTB_ITERS) --out $(COCOTB_OUT)/vectors
	$(BIN) rtl --vectors $(COCOTB_OUT)/vectors --out $(COCOTB_OUT)/rtl
	$(COCOTB_VENV)/bin/python $(COCOTB_OUT)/rtl/cocotb/run.py --vectors $(COCOTB_OUT)/vectors --out $(COCOTB_OUT)/run

# iCEBreaker bitstream (iCE40 UP5K): the default data's tiled core (mode SH, K = 16, T = 2:
# 17-bit weights, two a W word, are lossless for the 100 iterations), its board top with the
# host link (herdsim board) and the PLL at 39.75 MHz, synthesised with Yosys, placed and
# routed with nextpnr-ice40 at two seeds (the better one is kept; synth exits 1 if it misses
# the board clock), packed by icepack into out/fpga/herd.bin (docs/fpga.md; flash it with
# iceprog out/fpga/herd.bin).
FPGA_OUT := out/fpga
FPGA_ITERS ?= 100
FPGA_SEEDS ?= 1-2
.PHONY: bitstream
bitstream: build
	rm -rf $(FPGA_OUT)
	$(BIN) vectors --data default --mode SH --hidden 16 --tile 2 --weight-bits 17 --iters $(FPGA_ITERS) --out $(FPGA_OUT)/vectors
	$(BIN) rtl --vectors $(FPGA_OUT)/vectors --out $(FPGA_OUT)/rtl
	$(BIN) synth --target ice40-up5k --rtl $(FPGA_OUT)/rtl --freq 39.75 --seeds $(FPGA_SEEDS) --keep $(FPGA_OUT)/synth > $(FPGA_OUT)/synth.json
	icepack $(FPGA_OUT)/synth/herd.asc $(FPGA_OUT)/herd.bin
	@echo "wrote $(FPGA_OUT)/herd.bin (report: $(FPGA_OUT)/synth.json)"

# The same design for the ULX3S (ECP5-85F, docs/fpga.md "The ULX3S"): its top with the
# EHXPLLL at 60 MHz, placed and routed on the board's pins by YoWASP's nextpnr-ecp5, packed
# by YoWASP's ecppack (both from the fpga-venv) into out/ulx3s/herd.bit.
ULX3S_OUT := out/ulx3s
VENV_BIN = $(abspath $(COCOTB_VENV))/bin
.PHONY: bitstream-ulx3s
bitstream-ulx3s: build fpga-venv
	rm -rf $(ULX3S_OUT)
	$(BIN) vectors --data default --mode SH --hidden 16 --tile 2 --weight-bits 17 --iters $(FPGA_ITERS) --out $(ULX3S_OUT)/vectors
	$(BIN) rtl --vectors $(ULX3S_OUT)/vectors --out $(ULX3S_OUT)/rtl
	HERDSIM_VENV=$(abspath $(COCOTB_VENV)) $(BIN) synth --target ecp5-85k --top ulx3s --rtl $(ULX3S_OUT)/rtl --keep $(ULX3S_OUT)/synth > $(ULX3S_OUT)/synth.json
	cd $(ULX3S_OUT)/synth && $(VENV_BIN)/yowasp-ecppack --compress herd.config herd.bit
	mv $(ULX3S_OUT)/synth/herd.bit $(ULX3S_OUT)/herd.bit
	@echo "wrote $(ULX3S_OUT)/herd.bit (report: $(ULX3S_OUT)/synth.json)"

# The USPS experiment's full grid (docs/usps.md): 16 models x 4 splits, 1 h 12 min from
# scratch on this 2-core machine (two units at a time). Its finished units are committed
# in results/usps-full/ (one xz tarball per split): usps-full unpacks them into
# out/usps-full (keeping any newer local files) and resumes the grid; usps-pack repacks
# what out/usps-full holds, to commit.
USPS_OUT := out/usps-full
USPS_ARCHIVE := results/usps-full
.PHONY: usps-full usps-pack
usps-full: build
	mkdir -p $(USPS_OUT)
	for a in $(USPS_ARCHIVE)/*.tar.xz; do [ ! -e "$$a" ] || tar -xJf "$$a" -C $(USPS_OUT) --skip-old-files; done
	for f in plan.json timing.jsonl; do [ ! -e $(USPS_ARCHIVE)/$$f ] || cp -n $(USPS_ARCHIVE)/$$f $(USPS_OUT)/; done
	$(BIN) usps --models all --out $(USPS_OUT)

usps-pack:
	mkdir -p $(USPS_ARCHIVE)
	for d in $(USPS_OUT)/units/split*; do \
		s=$$(basename $$d); \
		tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cJf $(USPS_ARCHIVE)/$$s.tar.xz.tmp -C $(USPS_OUT) units/$$s && \
		mv $(USPS_ARCHIVE)/$$s.tar.xz.tmp $(USPS_ARCHIVE)/$$s.tar.xz; \
	done
	cp $(USPS_OUT)/plan.json $(USPS_OUT)/timing.jsonl $(USPS_ARCHIVE)/
	for f in results.json results.md results.png; do [ ! -e $(USPS_OUT)/$$f ] || cp $(USPS_OUT)/$$f $(USPS_ARCHIVE)/; done

# The sum of the grid's unit times (timing.jsonl), in hours. Units run --workers at a time
# (default GOMAXPROCS), so the grid's wall time is about this sum over the workers
# (docs/usps.md has the measured wall time).
usps-walltime:
	@awk -F'"seconds":' '{split($$2, a, ","); s += a[1]; n++} END {printf "%d units, %.0f s = %.2f h of unit time\n", n, s, s/3600}' $(USPS_ARCHIVE)/timing.jsonl

bench:
	$(GO) test -run NONE -bench . -benchmem ./...

# Issue 7's table: herding's step, direct against incremental, portable and simd builds,
# COUNT alternating rounds (default 3), medians into results/bench/herding-step.txt.
bench-step:
	scripts/bench-step.sh

# Issue 15's accuracy speed: the --quick points' USPS accuracy against the float reference,
# COUNT rounds (default 3), medians into results/bench/explore-accuracy.txt.
bench-explore-accuracy:
	scripts/bench-explore-accuracy.sh

clean:
	rm -rf bin out
