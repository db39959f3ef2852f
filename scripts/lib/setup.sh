# Shared set-up for the scripts: install missing Debian packages, find the repository root.
# Sourced, not run.

RTORB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Everything any script needs; installing it all once keeps every entry point self-sufficient.
RTORB_PACKAGES=(
  cmake ninja-build g++ pkg-config python3
  libgtest-dev libbenchmark-dev
  clang libclang-rt-14-dev
  libomniorb4-dev omniidl omniorb omniorb-idl omniorb-nameserver
  omnievents libomnievents-dev  # the CosEvent interop peer (tests/interop/omnievents)
  default-jdk-headless maven  # the JacORB interop peer: Maven fetches JacORB at build time
  python3-matplotlib strace util-linux binutils
  iproute2  # the fault matrix's hosts: ip netns, veth, tc (tests/integration/faults_net)
  dpkg-dev file  # cpack's .deb: dpkg-shlibdeps finds the programs' dependencies
)

ensure_packages() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  if ((${#missing[@]} > 0)); then
    echo "== installing: ${missing[*]}"
    local sudo=()
    [[ $(id -u) -ne 0 ]] && sudo=(sudo)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
}

# configure_and_build <preset> [extra cmake args...]
configure_and_build() {
  local preset="$1"
  shift
  cmake --preset "$preset" -DRTORB_WERROR=ON "$@"
  cmake --build --preset "$preset"
}
