#!/usr/bin/env bash
# `herdsim explore` on a Slurm cluster: a job array of N shards, then a merge job (issue 15).
#
# Usage: scripts/explore-slurm.sh --shards N --out DIR [--herdsim PATH] [--cpus C] -- [explore flags]
#
#   Task i of the array (i = 0..N-1) runs, on C CPUs (sbatch --cpus-per-task, default 2):
#       herdsim explore --shard i/N --out DIR/shard-i --workers C <explore flags>
#   (--workers C: C units at once, one a CPU; a --workers among the explore flags wins).
#   The merge job waits for the whole array (--dependency=afterok; Slurm cancels it if a
#   shard fails) and runs
#       herdsim explore merge --out DIR/merged DIR/shard-0 ... DIR/shard-<N-1>
#   then, if the plan has the narrowing on (explore's default), `herdsim explore --out
#   DIR/merged <explore flags>`, which computes only the narrowing's units. DIR/merged's
#   results.json and table.md are those of a one-machine run of the same flags, byte for byte.
#
# Prints the ids it submitted: "shards <array job id>" and "merge <job id>". Logs: DIR/logs/.
# DIR, herdsim (--herdsim, else $HERDSIM, else bin/herdsim) and the USPS data must be on a
# file system the nodes share; relative paths are made absolute here. Partition, time limit,
# memory, account: sbatch's environment (SBATCH_PARTITION, SBATCH_TIMELIMIT,
# SBATCH_MEM_PER_CPU, SBATCH_ACCOUNT, ...). A failed shard: run the same command again;
# finished units are kept and every shard resumes. Exit 2: usage error.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source-path=SCRIPTDIR source=lib/explore-shards.bash
source "$root/scripts/lib/explore-shards.bash"
usage() {
  echo "explore-slurm.sh: $*" >&2
  echo "usage: scripts/explore-slurm.sh --shards N --out DIR [--herdsim PATH] [--cpus C] -- [explore flags]" >&2
  exit 2
}

shards='' out='' cpus=2 herdsim=${HERDSIM:-$root/bin/herdsim}
while [ $# -gt 0 ]; do
  case $1 in
    --shards|--out|--herdsim|--cpus) [ $# -ge 2 ] || usage "$1 needs a value" ;;&
    --shards) shards=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --herdsim) herdsim=$2; shift 2 ;;
    --cpus) cpus=$2; shift 2 ;;
    --) shift; break ;;
    *) usage "unknown option $1 (explore's flags go after --)" ;;
  esac
done
[[ $shards =~ ^[1-9][0-9]*$ ]] || usage "--shards N is required, N >= 1"
[ -n "$out" ] || usage "--out DIR is required"
[[ $cpus =~ ^[1-9][0-9]*$ ]] || usage "--cpus C must be a positive integer"
check_explore_flags "$@"
command -v sbatch >/dev/null 2>&1 || { echo "explore-slurm.sh: sbatch not found on PATH (is Slurm installed?)" >&2; exit 1; }
resolve_paths explore-slurm.sh
q() { printf ' %q' "$@"; }  # shell-quoted words for the job scripts

array=$(sbatch --parsable --job-name=explore-shard --array="0-$((shards - 1))" \
  --cpus-per-task="$cpus" --output="$out/logs/shard-%a.out" <<EOF
#!/bin/bash
set -euo pipefail
i=\$SLURM_ARRAY_TASK_ID
exec$(q "$herdsim" explore) --shard "\$i/$shards" --out$(q "$out")/shard-"\$i" --workers $cpus$(q "$@")
EOF
)
array=${array%%;*}  # "id;cluster" on a multi-cluster setup
echo "shards $array"

merge=$(sbatch --parsable --job-name=explore-merge --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --cpus-per-task="$cpus" --output="$out/logs/merge.out" <<EOF
#!/bin/bash
set -euo pipefail
$(q "$herdsim" explore merge --out "$out/merged" "${usps[@]}")$(for ((i = 0; i < shards; i++)); do q "$out/shard-$i"; done)
if grep -q '"narrow": true' $(q "$out/merged/plan.json"); then
 $(q "$herdsim" explore --out "$out/merged" --workers "$cpus" "$@")
fi
EOF
)
echo "merge ${merge%%;*}"
