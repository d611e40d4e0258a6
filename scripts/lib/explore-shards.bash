# Shared by scripts/explore-slurm.sh and scripts/explore-parallel.sh (sourced, not run):
# the checks and paths both make before they start shards. The caller defines usage().

# check_explore_flags FLAGS...: refuses the flags the scripts set themselves, and sets the
# array usps to explore's --usps-dir (the merge reads the data too).
# shellcheck disable=SC2034 # usps is read by the caller
check_explore_flags() {
  usps=()
  local i j
  for ((i = 1; i <= $#; i++)); do
    case ${!i} in
      --out|--out=*|--shard|--shard=*|--merge|--merge=*) usage "${!i} is set by the script, not an explore flag to pass" ;;
      --usps-dir=*) usps=("${!i}") ;;
      --usps-dir) j=$((i + 1)); usps=(--usps-dir "${!j:-}") ;;
    esac
  done
}

# resolve_paths NAME: checks herdsim, makes $out/logs, and makes herdsim and out absolute
# (the shards may run in other working directories or on other machines).
resolve_paths() {
  [ -x "$herdsim" ] || { echo "$1: $herdsim not found or not executable (make build, or --herdsim PATH)" >&2; exit 1; }
  herdsim=$(cd "$(dirname "$herdsim")" && pwd)/$(basename "$herdsim")
  mkdir -p "$out/logs"
  out=$(cd "$out" && pwd)
}
