#!/usr/bin/env bash
# `herdsim explore` in N shards with GNU parallel on this machine or several, then the
# merge (issue 15).
#
# Usage: scripts/explore-parallel.sh --shards N --out DIR [--herdsim PATH] [--jobs J]
#                                    [--sshloginfile FILE] -- [explore flags]
#
#   Runs, J shards at once (parallel -j J; default: one a CPU core of each machine),
#       herdsim explore --shard i/N --out DIR/shard-i --workers 1 <explore flags>
#   for i = 0..N-1 (--workers 1: one unit at a time a shard, so J shards fill J cores; a
#   --workers among the explore flags wins), then, if every shard succeeded,
#       herdsim explore merge --out DIR/merged DIR/shard-0 ... DIR/shard-<N-1>
#   and, if the plan has the narrowing on (explore's default), `herdsim explore --out
#   DIR/merged <explore flags>`, which computes only the narrowing's units. DIR/merged's
#   results.json and table.md are those of a one-machine run of the same flags, byte for byte.
#
# Several machines: --sshloginfile FILE is passed to parallel (one sshlogin a line, e.g.
# "4/user@host"; ":" is this machine). The shards then run by ssh in this same working
# directory (parallel --wd .): DIR, herdsim and the USPS data must be at the same absolute
# paths on every machine (a shared file system); relative paths are made absolute here. The
# merge runs here. Logs: the shards' output, tagged "shard-i", and DIR/logs/parallel.joblog
# (host, start, seconds, exit code of each shard). herdsim: --herdsim, else $HERDSIM, else
# bin/herdsim. A failed shard: run the same command again; finished units are kept and
# every shard resumes. Exit 2: usage error.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source-path=SCRIPTDIR source=lib/explore-shards.bash
source "$root/scripts/lib/explore-shards.bash"
usage() {
  echo "explore-parallel.sh: $*" >&2
  echo "usage: scripts/explore-parallel.sh --shards N --out DIR [--herdsim PATH] [--jobs J] [--sshloginfile FILE] -- [explore flags]" >&2
  exit 2
}

shards='' out='' herdsim=${HERDSIM:-$root/bin/herdsim}
jobs=() remote=()
while [ $# -gt 0 ]; do
  case $1 in
    --shards|--out|--herdsim|--jobs|--sshloginfile) [ $# -ge 2 ] || usage "$1 needs a value" ;;&
    --shards) shards=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --herdsim) herdsim=$2; shift 2 ;;
    --jobs) [[ $2 =~ ^[1-9][0-9]*$ ]] || usage "--jobs J must be a positive integer"; jobs=(-j "$2"); shift 2 ;;
    --sshloginfile) remote=(--sshloginfile "$2"); shift 2 ;;
    --) shift; break ;;
    *) usage "unknown option $1 (explore's flags go after --)" ;;
  esac
done
[[ $shards =~ ^[1-9][0-9]*$ ]] || usage "--shards N is required, N >= 1"
[ -n "$out" ] || usage "--out DIR is required"
check_explore_flags "$@"
command -v parallel >/dev/null 2>&1 || { echo "explore-parallel.sh: GNU parallel not found on PATH (Debian: apt-get install parallel)" >&2; exit 1; }
resolve_paths explore-parallel.sh

# -q: every word reaches herdsim as it is (no shell splitting), {} is the shard's index.
parallel -q "${jobs[@]}" "${remote[@]}" --wd . --line-buffer --tagstring 'shard-{}' \
  --joblog "$out/logs/parallel.joblog" \
  "$herdsim" explore --shard "{}/$shards" --out "$out/shard-{}" --workers 1 "$@" \
  ::: $(seq 0 $((shards - 1))) ||
  { echo "explore-parallel.sh: a shard failed (see $out/logs/parallel.joblog); not merging" >&2; exit 1; }

shard_dirs=()
for ((i = 0; i < shards; i++)); do shard_dirs+=("$out/shard-$i"); done
"$herdsim" explore merge --out "$out/merged" "${usps[@]}" "${shard_dirs[@]}"
if grep -q '"narrow": true' "$out/merged/plan.json"; then
  "$herdsim" explore --out "$out/merged" "$@"
fi
echo "explore-parallel.sh: $shards shards merged into $out/merged"
