# Shared by the examples' run scripts (sourced, not run): start a server, wait for the
# reference it writes, run a client with a time limit and compare what it prints, and
# stop every server started, whatever happens. Everything listens on 127.0.0.1 only.
#
#   source "$(dirname "$0")/../run_lib.sh"      sets EXAMPLE, BUILD (the first argument,
#                                               default <example>/build) and WORK (a temp dir)
set -euo pipefail

EXAMPLE=$(basename "$(cd "$(dirname "$0")" && pwd)")
BUILD=${1:-$(dirname "$0")/build}
if [[ ! -d $BUILD ]]; then
  echo "$EXAMPLE: no build directory $BUILD (build the example first, see its CMakeLists.txt)" >&2
  exit 1
fi
BUILD=$(cd "$BUILD" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/rtorb-example-$EXAMPLE.XXXXXX")
SERVERS=()

cleanup() {
  local pid
  for pid in "${SERVERS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${SERVERS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "$EXAMPLE: FAILED: $*" >&2
  exit 1
}

# start_server IOR-FILE COMMAND...: runs a server in the background (killed after 60 s at
# the latest) and returns once it has written IOR-FILE; SERVER is its process id.
start_server() {
  local ior=$1
  shift
  rm -f "$ior"
  timeout 60 "$@" >> "$WORK/server.log" 2>&1 &
  SERVER=$!
  SERVERS+=("$SERVER")
  local tries
  for tries in $(seq 100); do
    [[ -s $ior ]] && return 0
    if ! kill -0 "$SERVER" 2>/dev/null; then
      cat "$WORK/server.log" >&2
      fail "$1 exited before writing $ior"
    fi
    sleep 0.1
  done
  fail "$1 wrote no reference to $ior within 10 s"
}

# stop_server: stops the last server started (SIGTERM) and waits for it.
stop_server() {
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
}

# expect EXPECTED COMMAND...: runs a client (for 20 s at most) and fails unless its
# output is exactly EXPECTED.
expect() {
  local expected=$1
  shift
  local output
  if ! output=$(timeout 20 "$@" 2>&1); then
    printf '%s\n' "$output" >&2
    fail "$(basename "$1") failed"
  fi
  printf '%s\n' "$output"
  if [[ $output != "$expected" ]]; then
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$output") >&2 || true
    fail "$(basename "$1") printed something else (diff: expected < > printed)"
  fi
}

passed() {
  echo "$EXAMPLE: ok"
}

# free_port: prints a TCP port on 127.0.0.1 that nothing listens on right now.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
