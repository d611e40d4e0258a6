#!/usr/bin/env bash
# Times the accuracy of herdsim explore's points against the float reference (issue 15,
# item 4: at most 2x): BenchmarkAccuracy of ./internal/explore (USPS split 0, ten digits,
# K = 50, 1000 + 1000 iterations; the --quick preset's four points), COUNT rounds (default
# 3), each round the float reference and then every point, so that the host's drift falls
# on all alike. Writes every round and the medians, with each point's ratio to the float
# reference, to results/bench/explore-accuracy.txt (through a temporary file). Needs the
# USPS data; about 2 minutes a round on the 2-core machine; nothing else should run.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-3}
load_before=$(cut -d" " -f1-3 /proc/loadavg)
out=results/bench/explore-accuracy.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
GOEXPERIMENT=simd go test -c -o "$work/explore.test" ./internal/explore 2>/dev/null ||
	go test -c -o "$work/explore.test" ./internal/explore
for round in $(seq "$count"); do
	echo "bench-explore-accuracy: round $round/$count" >&2
	(cd internal/explore && "$work/explore.test" -test.run NONE -test.bench Accuracy -test.benchtime 1x) |
		tee -a "$work/raw.txt" >&2
done
{
	echo "# scripts/bench-explore-accuracy.sh: $count rounds of -bench Accuracy -benchtime 1x ./internal/explore"
	echo "# (one op: the ten digits of one point); commit $(git rev-parse --short HEAD); $(date -u +%Y-%m-%d);"
	echo "# load average (1, 5, 15 min) before: $load_before, after: $(cut -d" " -f1-3 /proc/loadavg)"
	echo
	echo "| run | median s (ten digits) | rounds (s) | x float |"
	echo "| --- | --- | --- | --- |"
	awk '/^BenchmarkAccuracy\// {
		name = $1; sub(/^BenchmarkAccuracy\//, "", name); sub(/-[0-9]+$/, "", name)
		if (!(name in n)) order[++names] = name
		t[name, ++n[name]] = $3 / 1e9
	}
	function median(name,   i, j, v, m, tmp) {
		m = n[name]
		for (i = 1; i <= m; i++) v[i] = t[name, i]
		for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { tmp = v[i]; v[i] = v[j]; v[j] = tmp }
		return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
	}
	END {
		ref = median("float")
		for (k = 1; k <= names; k++) {
			name = order[k]; rounds = ""
			for (i = 1; i <= n[name]; i++) rounds = rounds sprintf("%s%.1f", i > 1 ? ", " : "", t[name, i])
			printf "| %s | %.1f | %s | %.2f |\n", name, median(name), rounds, median(name) / ref
		}
	}' "$work/raw.txt"
	echo
	echo "=== raw"
	cat "$work/raw.txt"
} >"$work/out.txt"
mkdir -p "$(dirname "$out")"
mv "$work/out.txt" "$out"
echo "bench-explore-accuracy: wrote $out" >&2
