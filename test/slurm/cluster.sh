#!/usr/bin/env bash
# A real two-node Slurm on this one machine, for distribute's Slurm tests (issue 42): munge, one
# slurmctld and two slurmd (NodeName n1 and n2, both NodeHostname localhost, each with its own
# port, spool and log), under a state directory of their own; nothing of /etc/slurm is used.
#   cluster.sh install        slurm-wlm and munge from Debian when missing (root and apt-get only)
#   cluster.sh start DIR      writes DIR/slurm.conf, starts its own munged, slurmctld, slurmd n1 and n2,
#                             waits until both nodes are idle; prints `export SLURM_CONF=DIR/slurm.conf`
#   cluster.sh stop DIR       stops every daemon started under DIR (by the pids it wrote), its munged included
#   cluster.sh slurmd-pid DIR NODE   the pid of a node's slurmd (a test kills it)
# Exit code 77 (skip) when Slurm is missing and cannot be installed here: not root, or no apt-get.
set -euo pipefail

# Three ports from a base: slurmctld, n1's and n2's slurmd. TXANON_SLURM_PORT names the base; else
# the first base from 6917 up (in steps of 10) where none of the three answers, so two test runs on
# one host each get their own cluster.
port_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port_base() {
  local base
  for base in $(seq 6917 10 7907); do
    port_answers "$base" || port_answers $((base + 1)) || port_answers $((base + 2)) || { echo "$base"; return; }
  done
  echo 6917
}

install() {
  if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null && command -v sbatch >/dev/null; then
    return 0
  fi
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "slurm tests skipped: slurm-wlm and munge are not installed, and installing them needs root and apt-get" >&2
    exit 77
  fi
  echo "== installing Debian's slurm-wlm and munge for the Slurm tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null && apt-get install -y -q slurm-wlm munge >/dev/null || {
    echo "slurm tests skipped: apt-get install slurm-wlm munge failed" >&2
    exit 77
  }
}

wait_for() { # seconds, command...
  local limit=$1; shift
  for _ in $(seq 1 $((limit * 5))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  return 1
}

start() {
  local dir; dir="$(mkdir -p "$1" && cd "$1" && pwd)"
  if [ "$(id -u)" != 0 ]; then
    echo "slurm tests skipped: the test cluster's daemons run as root (SlurmUser=root)" >&2
    exit 77
  fi
  mkdir -p "$dir/ctld" "$dir/n1" "$dir/n2" "$dir/munge"
  local cpus; cpus=1
  PORT_BASE="${TXANON_SLURM_PORT:-$(free_port_base)}"
  cat > "$dir/slurm.conf" <<CONF
ClusterName=txanontest
SlurmctldHost=localhost
SlurmctldPort=$PORT_BASE
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CryptoType=crypto/munge
StateSaveLocation=$dir/ctld
SlurmctldPidFile=$dir/ctld/slurmctld.pid
SlurmctldLogFile=$dir/ctld/slurmctld.log
SlurmdSpoolDir=$dir/%n
SlurmdPidFile=$dir/%n/slurmd.pid
SlurmdLogFile=$dir/%n/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmdTimeout=10
SlurmctldTimeout=10
MessageTimeout=5
InactiveLimit=0
KillWait=5
MinJobAge=600
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
NodeName=n1 NodeHostname=localhost NodeAddr=127.0.0.1 Port=$((PORT_BASE + 1)) CPUs=$cpus RealMemory=1000 State=UNKNOWN
NodeName=n2 NodeHostname=localhost NodeAddr=127.0.0.1 Port=$((PORT_BASE + 2)) CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=n1,n2 Default=YES MaxTime=60 State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"
  # This cluster's own munged, on a socket under DIR (AuthInfo above): two test runs on one host
  # (or a site's munged) never share one, so stopping this cluster cannot break another.
  munged --force --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed"
  wait_for 10 munge -n --socket="$dir/munge/munge.socket" || {
    echo "munged does not answer (log: $dir/munge/munged.log)" >&2
    exit 1
  }
  slurmctld -f "$dir/slurm.conf" -i
  wait_for 30 scontrol ping || { echo "slurmctld does not answer (log: $dir/ctld/slurmctld.log)" >&2; tail -5 "$dir/ctld/slurmctld.log" >&2; exit 1; }
  for node in n1 n2; do slurmd -f "$dir/slurm.conf" -N "$node"; done
  idle() { [ "$(sinfo -h -N -o '%N %t' | grep -c ' idle$')" = 2 ]; }
  wait_for 60 idle || { echo "the nodes did not come up: $(sinfo -h -N -o '%N %t %E' | tr '\n' ';')" >&2; exit 1; }
  echo "export SLURM_CONF=$dir/slurm.conf"
}

pkill_ours() { # a pid file: the process it names, ended
  local f=$1
  [ -s "$f" ] || return 0
  local pid; pid="$(cat "$f")"
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
}

stop() {
  local dir=$1
  export SLURM_CONF="$dir/slurm.conf"
  # Any job still there ends first, then the daemons by the pids they wrote.
  [ -s "$dir/ctld/slurmctld.pid" ] && scancel -u "$(id -un)" 2>/dev/null || true
  for f in "$dir/n1/slurmd.pid" "$dir/n2/slurmd.pid" "$dir/ctld/slurmctld.pid" "$dir/munge/munged.pid"; do pkill_ours "$f"; done
  # slurmstepd processes of a killed slurmd outlive it: end those under this cluster's spool.
  for pid in $(pgrep -f "slurmstepd" 2>/dev/null || true); do
    if grep -qs "$dir" "/proc/$pid/environ" "/proc/$pid/cmdline" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
  done
}

case "${1:-}" in
  install) install ;;
  start) install; start "$2" ;;
  stop) stop "$2" ;;
  slurmd-pid) cat "$2/$3/slurmd.pid" ;;
  *) echo "usage: $0 install | start DIR | stop DIR | slurmd-pid DIR NODE" >&2; exit 2 ;;
esac
