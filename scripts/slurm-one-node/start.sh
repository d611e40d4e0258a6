#!/usr/bin/env bash
# Start a one-node Slurm cluster on this machine to try scripts/explore-slurm.sh for real:
# munged, slurmctld and slurmd by hand (as root, no systemd), with ./slurm.conf installed as
# /etc/slurm/slurm.conf (CPUs set to this machine's nproc; slurmd runs as node "localhost").
#
#   apt-get install -y slurm-wlm munge       # Debian 12: Slurm 22.05, munge 0.5.15
#   scripts/slurm-one-node/start.sh          # then sbatch, squeue, sinfo work
#   scripts/slurm-one-node/stop.sh           # stops the three daemons
#
# Logs: /var/log/slurm/ (slurmctld.log, slurmd.log, jobcomp.log: one line per finished job).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ "$(id -u)" = 0 ] || { echo "start.sh: run as root" >&2; exit 1; }
for cmd in munged slurmctld slurmd; do
  command -v "$cmd" >/dev/null || { echo "start.sh: $cmd missing (apt-get install slurm-wlm munge)" >&2; exit 1; }
done

mkdir -p /run/munge /var/lib/munge /var/log/munge /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
chown munge:munge /run/munge /var/lib/munge /var/log/munge
chown slurm:slurm /var/spool/slurmctld /var/log/slurm
[ -s /etc/munge/munge.key ] || mungekey --create
chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
munge -n >/dev/null 2>&1 || runuser -u munge -- munged  # unless one runs already
sed "s/^\(NodeName=localhost .*\)CPUs=[0-9]*/\1CPUs=$(nproc)/" "$here/slurm.conf" >/etc/slurm/slurm.conf

slurmctld
slurmd -N localhost
for _ in $(seq 30); do
  sinfo -h -o %T 2>/dev/null | grep -qx idle && { sinfo; exit 0; }
  sleep 1
done
echo "start.sh: the node is not idle after 30 s (see /var/log/slurm/*.log):" >&2
sinfo >&2 || true
exit 1
