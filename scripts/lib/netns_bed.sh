# shellcheck shell=bash
# The multi-host test bed (docs/faults.md): hosts made of network namespaces on one switch,
# rtorb processes started in them, and the faults the kernel offers (a link taken down, a
# blackhole route, tbf). Sourced by a driver; every run removes what it made.
#
# Hosts are namespaces "rtfx-<pid>-<host>" on one bridge in "rtfx-<pid>-sw", each with one
# veth "eth0" addressed in 198.18.0.0/24 (the benchmarking range), with no default route
# and no link to the machine's own namespace, so no packet can leave. The veth pairs are
# created inside the namespaces, so no interface name is ever taken in the machine's.
# bed_start sweeps the namespaces of runs whose process is gone (a run killed with -9),
# and a trap removes this run's on any exit; a watchdog ends a run that outlives its bound.

readonly BED_PREFIX=rtfx
readonly BED_SKIP=77  # ctest's SKIP_RETURN_CODE
BED_ID="$BED_PREFIX-$$"
BED_HOSTS=()
BED_PIDS=()
BED_WATCHDOG=""
BED_LOG_DIR=""

bed_log() { printf '[bed %(%T)T] %s\n' -1 "$*" >&2; }

# Exits with the skip code, saying why, when this machine cannot make namespaces.
bed_require() {
  local why=""
  if [[ $(id -u) != 0 ]]; then
    why="network namespaces need root (uid $(id -u))"
  elif ! command -v ip >/dev/null; then
    why="iproute2's ip is not installed"
  elif ! ip netns add "$BED_ID-probe" 2>/dev/null; then
    why="ip netns add failed: namespaces are not available here"
  elif ! ip -n "$BED_ID-probe" link add vp0 type veth peer name vp1 2>/dev/null ||
       ! ip -n "$BED_ID-probe" link add br0 type bridge 2>/dev/null; then
    why="veth or bridge links cannot be made here"
  fi
  ip netns del "$BED_ID-probe" 2>/dev/null || true
  if [[ -n $why ]]; then
    echo "SKIP: $why" >&2
    exit "$BED_SKIP"
  fi
}

# Kills what runs in namespace $1 and deletes it (its veth ends go with it).
bed_remove_namespace() {
  local ns=$1 pid
  for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
  ip netns del "$ns" 2>/dev/null || true
}

# Leftovers of runs whose process no longer exists; a live run's namespaces are its own.
bed_sweep() {
  local ns owner
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}'); do
    [[ $ns == "$BED_PREFIX"-* ]] || continue
    owner=${ns#"$BED_PREFIX"-}
    owner=${owner%%-*}
    [[ $owner =~ ^[0-9]+$ ]] || continue
    if ! kill -0 "$owner" 2>/dev/null; then
      bed_log "sweeping $ns (run $owner is gone)"
      bed_remove_namespace "$ns"
    fi
  done
}

bed_cleanup() {
  local status=$?
  trap - EXIT INT TERM
  local pid
  for pid in "${BED_PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  for pid in "${BED_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  local host
  for host in "${BED_HOSTS[@]}"; do bed_remove_namespace "$BED_ID-$host"; done
  bed_remove_namespace "$BED_ID-sw"
  if [[ -n $BED_WATCHDOG ]]; then kill "$BED_WATCHDOG" 2>/dev/null || true; fi
  exit "$status"
}

# bed_start SECONDS LOG_DIR: sweeps, arms the cleanup and a watchdog that ends the run
# (SIGTERM, so the trap still cleans up) after SECONDS, and makes the switch.
bed_start() {
  local bound=$1
  BED_LOG_DIR=$2
  mkdir -p "$BED_LOG_DIR"
  bed_sweep
  trap bed_cleanup EXIT
  trap 'exit 143' INT TERM
  # The sleep holds no output: a reader of ours (ctest) would wait for it to end.
  (sleep "$bound" </dev/null >/dev/null 2>&1 && echo "bed: run exceeded ${bound}s, stopping it" >&2 &&
    kill -TERM $$) &
  BED_WATCHDOG=$!
  ip netns add "$BED_ID-sw"
  ip -n "$BED_ID-sw" link add br0 type bridge
  ip -n "$BED_ID-sw" link set br0 up
}

bed_ns() { echo "$BED_ID-$1"; }

# bed_host NAME ADDRESS: a host on the switch with ADDRESS/24 on its eth0.
bed_host() {
  local name=$1 address=$2 ns="$BED_ID-$1"
  ip netns add "$ns"
  BED_HOSTS+=("$name")
  ip -n "$ns" link set lo up
  ip -n "$ns" link add eth0 type veth peer name "p-$name" netns "$BED_ID-sw"
  ip -n "$ns" addr add "$address/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$BED_ID-sw" link set "p-$name" master br0
  ip -n "$BED_ID-sw" link set "p-$name" up
}

# bed_run HOST NAME COMMAND...: starts COMMAND in HOST, its output in LOG_DIR/NAME.log;
# its pid is in BED_LAST_PID. The cleanup kills it if the driver has not.
bed_run() {
  local host=$1 name=$2
  shift 2
  ip netns exec "$BED_ID-$host" "$@" >"$BED_LOG_DIR/$name.log" 2>&1 &
  BED_LAST_PID=$!
  BED_PIDS+=("$BED_LAST_PID")
}

# bed_wait_file FILE SECONDS: true once FILE exists and is not empty.
bed_wait_file() {
  local file=$1 deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    [[ -s $file ]] && return 0
    sleep 0.05
  done
  return 1
}

# bed_wait_pid PID SECONDS: waits for PID to end; kills it and fails if it does not.
bed_wait_pid() {
  local pid=$1 deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    if ! kill -0 "$pid" 2>/dev/null; then
      wait "$pid" 2>/dev/null || true
      return 0
    fi
    sleep 0.05
  done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  return 1
}

# Faults. A host's link is its switch port: taken down, the host neither sends nor
# receives, and nothing tells its peers (no FIN, no RST: a host gone, or a partition).
bed_link_down() { ip -n "$BED_ID-sw" link set "p-$1" down; }
bed_link_up() { ip -n "$BED_ID-sw" link set "p-$1" up; }
# bed_blackhole HOST ADDRESS: HOST silently drops what it sends to ADDRESS.
bed_blackhole() { ip -n "$BED_ID-$1" route add blackhole "$2/32"; }
bed_unblackhole() { ip -n "$BED_ID-$1" route del blackhole "$2/32"; }
# bed_rate HOST RATE: HOST sends at most RATE (tc tbf, e.g. 1mbit).
bed_rate() { tc -n "$BED_ID-$1" qdisc add dev eth0 root tbf rate "$2" burst 16kbit latency 200ms; }

# A sleep a signal cuts short: bash runs a trap only once its foreground command ends, and
# `wait` ends at once, so a run stopped mid-fault cleans up at once.
bed_sleep() {
  sleep "$1" </dev/null >/dev/null 2>&1 &
  wait $! || true
}
