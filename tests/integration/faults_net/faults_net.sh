#!/usr/bin/env bash
# faults_net.sh ROW BIN_DIR WORK_DIR: one row of the fault matrix (docs/faults.md) on the
# namespace test bed: hosts cli 198.18.0.1, srv 198.18.0.2 and, for the proxied rows,
# prx 198.18.0.3. Prints what the client saw and the row's figures; exits 0 when rtorb met
# the row's expected outcome, 1 when it did not, 77 when namespaces cannot be made.
set -euo pipefail
ROW=$1 BIN=$2 WORK=$3
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../../scripts/lib/netns_bed.sh"
PROXY="$HERE/../../support/fault_proxy/fault_proxy.py"
source "$HERE/faults_net_checks.sh"

CLI=198.18.0.1 SRV=198.18.0.2 PRX=198.18.0.3
ENDPOINT="iiop://$SRV:9001"
IOR="$WORK/cubit.ior"

bed_require
rm -rf "$WORK"
bed_start 55 "$WORK"
bed_host cli "$CLI"
bed_host srv "$SRV"

# start_server [args]: the persistent Cubit on srv's fixed endpoint; SERVER is its pid.
start_server() {
  rm -f "$IOR"
  bed_run srv "server$((++SERVER_RUNS))" "$BIN/rtorb-cubit-server" --persistent --ior-file "$IOR" \
    -ORBEndpoint "$ENDPOINT" "$@"
  SERVER=$BED_LAST_PID
  bed_wait_file "$IOR" 10 || fail "the server wrote no reference"
}
SERVER_RUNS=0

# probe NAME [args]: faults-net-probe on cli against the server's reference; PROBE is its pid.
probe() {
  local name=$1
  shift
  bed_run cli "$name" "$BIN/faults-net-probe" "$@"
  PROBE=$BED_LAST_PID
}

# The reference through the proxy: the server's persistent key at prx's address.
via_proxy() {
  "$BIN/rtorb-catior" --corbaloc "file://$IOR" | sed "s/@$SRV:9001/@$PRX:9100/"
}

# start_proxy [fault options]: fault_proxy on prx, from prx:9100 to the server.
start_proxy() {
  bed_host prx "$PRX"
  bed_run prx proxy python3 "$PROXY" --listen "$PRX:9100" --to "$SRV:9001" \
    --ready-file "$WORK/proxy.ready" "$@"
  bed_wait_file "$WORK/proxy.ready" 10 || fail "the proxy did not start"
}

source "$HERE/faults_net_rows.sh"
"row_$ROW"
