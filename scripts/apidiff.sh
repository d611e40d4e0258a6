#!/usr/bin/env bash
# Guards the public API of the packages whose API is a contract (issue 17 item 18):
# fixedpoint (the fixed-point formats every layer shares) and testvectors (the golden
# vector format, versioned in testvectors/FORMAT.md). apidiff (golang.org/x/exp/cmd/apidiff,
# a `tool` of go.mod, run with `go tool apidiff`) compares each package with its baseline,
# the export data committed in api/<package>.api.
#
#   scripts/apidiff.sh check    fail (exit 1) on an incompatible change (a removed or
#                               changed name); list compatible ones (additions) and pass
#   scripts/apidiff.sh update   rewrite the baselines from the working tree: after a
#                               deliberate change of the API (with FORMAT.md's version, for
#                               testvectors)
#
# API_DIR overrides the folder of the baselines (the test points it at a doctored one).
# The baselines are binary export data (gcexportdata); the file positions in them name the
# checkout that wrote them and play no part in the comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
api_dir=${API_DIR:-api}
packages=(fixedpoint testvectors)
go=${GO:-go}

case ${1:-check} in
	update)
		mkdir -p "$api_dir"
		for p in "${packages[@]}"; do
			"$go" tool apidiff -w "$api_dir/$p.api" "herdsim/$p"
			echo "apidiff: wrote $api_dir/$p.api (herdsim/$p)"
		done ;;
	check)
		fail=0
		for p in "${packages[@]}"; do
			base=$api_dir/$p.api
			[ -f "$base" ] || { echo "apidiff: no baseline $base (scripts/apidiff.sh update writes it)" >&2; exit 2; }
			# apidiff exits 0 whatever it finds: the verdict is whether it printed anything.
			incompatible=$("$go" tool apidiff -incompatible "$base" "herdsim/$p")
			if [ -n "$incompatible" ]; then
				echo "apidiff: herdsim/$p breaks its API against $base:" >&2
				echo "$incompatible" >&2
				fail=1
				continue
			fi
			all=$("$go" tool apidiff "$base" "herdsim/$p")
			if [ -n "$all" ]; then
				echo "apidiff: herdsim/$p is compatible with $base, with additions (record them: make api-update):"
				echo "$all"
			else
				echo "apidiff: herdsim/$p matches $base"
			fi
		done
		if [ "$fail" -ne 0 ]; then
			echo "apidiff: an incompatible API change; if it is deliberate, update the baselines (make api-update) and say so" >&2
			exit 1
		fi ;;
	*) echo "usage: scripts/apidiff.sh [check|update]" >&2; exit 2 ;;
esac
