#!/usr/bin/env bash
# Stop what scripts/slurm-one-node/start.sh started: slurmd, slurmctld and munged, each by
# its pid file (and only if that pid is still the daemon named).
set -uo pipefail
for entry in slurmd:/run/slurmd.pid slurmctld:/run/slurmctld.pid munged:/run/munge/munged.pid; do
  name=${entry%%:*} pidfile=${entry#*:}
  pid=$(cat "$pidfile" 2>/dev/null) || continue
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ] && kill "$pid" && echo "stopped $name ($pid)"
  rm -f "$pidfile"
done
exit 0
