#!/usr/bin/env bash
# Times herding's step, direct against incremental, on one USPS class (issue 7): the
# Step, StepLate and EvalEnergies benchmarks of ./herding, in the portable build and the
# GOEXPERIMENT=simd build, COUNT rounds (default 3) that alternate the two builds so that
# the host's drift falls on both alike. Writes the raw output and benchstat's medians to
# results/bench/herding-step.txt (through a temporary file). Needs the USPS data and
# benchstat (go install golang.org/x/perf/cmd/benchstat@latest). Takes about 3 minutes a
# round on the 2-core machine; nothing else should run meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-3}
out=results/bench/herding-step.txt
benchstat=${BENCHSTAT:-$(command -v benchstat || echo "$(go env GOPATH)/bin/benchstat")}
[ -x "$benchstat" ] || { echo "bench-step: benchstat not found; go install golang.org/x/perf/cmd/benchstat@latest" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go test -c -o "$work/portable.test" ./herding
GOEXPERIMENT=simd go test -c -o "$work/simd.test" ./herding
for round in $(seq "$count"); do
	for build in portable simd; do
		echo "bench-step: round $round/$count, $build build" >&2
		(cd herding && "$work/$build.test" -test.run NONE -test.bench 'Step/|StepLate|EvalEnergies' \
			-test.benchtime 60x) >>"$work/$build.txt"
	done
done
{
	echo "# scripts/bench-step.sh: $count alternating rounds of -bench 'Step/|StepLate|EvalEnergies' -benchtime 60x ./herding,"
	echo "# portable and GOEXPERIMENT=simd builds; commit $(git rev-parse --short HEAD); $(date -u +%Y-%m-%d)"
	echo "# medians (benchstat; ± is the 95% confidence interval over the rounds)"
	"$benchstat" portable="$work/portable.txt" simd="$work/simd.txt"
	for build in portable simd; do
		echo
		echo "=== raw, $build build"
		cat "$work/$build.txt"
	done
} >"$work/out.txt"
mv "$work/out.txt" "$out"
echo "bench-step: wrote $out" >&2
