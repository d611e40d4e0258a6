# herdsim: the two set-up commands of the README are `make demo` and `make test`.
GO ?= go
BIN := bin/herdsim

.PHONY: all build demo test vet fmt-check bench clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/herdsim

# The main job on the built-in default data: herd with safe herding and write the trace,
# weights, summary and pictures to out/demo.
demo: build
	$(BIN) herd --data default --mode SH --hidden 16 --iters 2000 --out out/demo
	@echo "wrote out/demo: trace.jsonl weights.json summary.json samples.png rates.png moment_error.png"

# Everything CI checks: vet, formatting, and the whole test suite (benchmarks are not timed
# as tests; run `make bench` for the figures).
test: vet fmt-check
	$(GO) test ./...

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

bench:
	$(GO) test -run NONE -bench . -benchmem ./...

clean:
	rm -rf bin out
