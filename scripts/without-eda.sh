#!/usr/bin/env bash
# Runs a command as on a machine without the hardware tools: PATH is a folder of links to
# every command of the current PATH except the simulators, synthesis, place and route, the
# SMT solvers and GNU parallel. `make check` runs the Go tests under it, so every test that
# needs one of them skips, saying which (the same skips a user without them sees), and the
# inner loop stays within a minute and a half.
#
# Usage: scripts/without-eda.sh COMMAND [ARGS...]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: scripts/without-eda.sh COMMAND [ARGS...]" >&2; exit 2; }

declare -A hidden
for name in iverilog iverilog-vpi vvp verilator verilator_bin verilator_bin_dbg yosys yosys-abc \
  yosys-config yosys-filterlib yosys-smtbmc nextpnr-ice40 icetime icepack iceunpack icepll icebram \
  z3 boolector parallel sbatch; do
  hidden[$name]=1
done
bin=$(mktemp -d "${TMPDIR:-/tmp}/herdsim-without-eda.XXXXXX")
trap 'rm -rf "$bin"' EXIT

IFS=: read -r -a dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  [ -d "$dir" ] || continue
  for path in "$dir"/*; do
    name=${path##*/}
    [ -n "${hidden[$name]:-}" ] && continue
    [ -x "$path" ] && [ ! -e "$bin/$name" ] && ln -s "$path" "$bin/$name"
  done
done
PATH=$bin "$@"
