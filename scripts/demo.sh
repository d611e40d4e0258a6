#!/usr/bin/env bash
# herdsim's main job as one chain on the built-in default data (`make demo`, issue 17 item 20):
#
#   1. herd      the float64 reference, SH, K = 16, 2000 iterations, with its pictures
#   2. lockstep  the cycle-level datapath (the default Arch) beside the reference for the same
#                2000 iterations: bit-exact or where it first differs
#   3. vectors   a golden vector set for that Arch (2 iterations, checked bit-exact)
#   4. rtl       the Verilog core, its library modules, the board top, the self-checking
#                testbench and the load stream
#   5. rtlsim    the testbench under Icarus (else Verilator): PASS or the first mismatch;
#                skipped, and said so, when neither simulator is installed
#
# Usage: scripts/demo.sh [OUT]   (OUT defaults to out/demo under the repository root)
# Environment: HERDSIM  the binary (default bin/herdsim under the repository root)
#              DEMO_SIM auto (default: icarus if installed, else verilator), icarus,
#                       verilator or none (skip the simulation)
# Rerunnable: it removes what an earlier run left in OUT's entries below first. It exits
# non-zero if any step fails (a simulator's MISMATCH included).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/out/demo}
herdsim=${HERDSIM:-$root/bin/herdsim}
want_sim=${DEMO_SIM:-auto}
[ -x "$herdsim" ] || { echo "demo: $herdsim not found or not executable (make build)" >&2; exit 2; }

# The Arch of the hardware chain: small enough for Icarus to finish in seconds.
data=(--data default --mode SH --hidden 16) # the default tile: 2 in mode SH, whole W words
vec_iters=2

# The demo's own entries only (never OUT as a whole: it may be a folder of yours).
mkdir -p "$out"
rm -rf "$out/herd" "$out/lockstep.json" "$out/vectors" "$out/rtl" "$out/rtlsim.txt" "$out/rtlsim.log"

step() { echo "demo: $*" >&2; }

step "1/5 herd: float64 reference, 2000 iterations"
herd_line=$("$herdsim" herd "${data[@]}" --iters 2000 --out "$out/herd")

step "2/5 lockstep: tiled datapath model beside the reference, 2000 iterations"
"$herdsim" lockstep "${data[@]}" --iters 2000 >"$out/lockstep.json"
bit_exact=$(sed -n 's/^  "bit_exact": \(true\|false\),$/\1/p' "$out/lockstep.json")
cycles=$(sed -n 's/^  "cycles_per_iteration": \([0-9.]*\),$/\1/p' "$out/lockstep.json")
[ "$bit_exact" = true ] || { echo "demo: lockstep is not bit-exact (bit_exact: ${bit_exact:-?}): see $out/lockstep.json" >&2; exit 1; }

step "3/5 vectors: golden vector set, $vec_iters iterations"
vec_line=$("$herdsim" vectors "${data[@]}" --iters "$vec_iters" --out "$out/vectors")

step "4/5 rtl: Verilog for the vector set's Arch"
rtl_line=$("$herdsim" rtl --vectors "$out/vectors" --out "$out/rtl")

sim=
case $want_sim in
	auto)
		if command -v iverilog >/dev/null 2>&1 && command -v vvp >/dev/null 2>&1; then sim=icarus
		elif command -v verilator >/dev/null 2>&1; then sim=verilator
		fi ;;
	icarus | verilator) sim=$want_sim ;;
	none) ;;
	*) echo "demo: DEMO_SIM=$want_sim: want auto, icarus, verilator or none" >&2; exit 2 ;;
esac
if [ -n "$sim" ]; then
	step "5/5 rtlsim: the testbench under $sim (its output: $out/rtlsim.log)"
	if ! "$herdsim" rtlsim --sim "$sim" --vectors "$out/vectors" --rtl "$out/rtl" \
		>"$out/rtlsim.txt" 2>"$out/rtlsim.log"; then
		cat "$out/rtlsim.txt" >&2
		echo "demo: rtlsim failed: see $out/rtlsim.txt and $out/rtlsim.log" >&2
		exit 1
	fi
	verdict=$(grep -m1 '^PASS' "$out/rtlsim.txt") || { echo "demo: rtlsim printed no PASS: see $out/rtlsim.txt" >&2; exit 1; }
else
	if [ "$want_sim" = none ]; then
		verdict="SKIPPED: DEMO_SIM=none"
	else
		verdict="SKIPPED: no Verilog simulator installed (neither iverilog nor verilator on PATH; apt-get install iverilog)"
	fi
	step "5/5 rtlsim: $verdict"
	echo "$verdict" >"$out/rtlsim.txt"
fi

# What each step wrote, one line each (the commands' own lines without their "-> folder").
cat <<EOF

herdsim demo: the built-in default data, mode SH, K = 16, into $out/
  herd/           the float64 reference over 2000 iterations (trace.jsonl, weights.json, summary.json,
                  samples.png, rates.png, moment_error.png): ${herd_line%% -> *}
  lockstep.json   the tiled datapath's model beside the reference over 2000 iterations:
                  bit_exact $bit_exact, $cycles cycles per iteration
  vectors/        golden vectors: ${vec_line%% -> *}
  rtl/            Verilog: ${rtl_line%% -> *}
  rtlsim.txt      $verdict
EOF
