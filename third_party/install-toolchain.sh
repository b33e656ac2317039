#!/usr/bin/env bash
# Installs the pinned LLVM/MLIR toolchain and the build tools on Debian
# bookworm (idempotent: already-installed packages are kept).
#
#   bash third_party/install-toolchain.sh
#
# Needs root (or sudo). Packages come from Debian (bookworm-security carries
# LLVM 22); the version is checked against third_party/llvm.version.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=/dev/null
source "$here/llvm.version"

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

packages=(
  "llvm-${LLVM_MAJOR}-dev" "libmlir-${LLVM_MAJOR}-dev" "mlir-${LLVM_MAJOR}-tools"
  "llvm-${LLVM_MAJOR}-tools" "clang-${LLVM_MAJOR}" "libpolly-${LLVM_MAJOR}-dev"
  libzstd-dev libz3-dev libxml2-dev zlib1g-dev cmake ninja-build python3 python3-venv gcc g++ binutils
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "install-toolchain: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

installed="$("$LLVM_PREFIX/bin/llvm-config" --version 2>/dev/null || true)"
if [ "$installed" != "$LLVM_VERSION" ]; then
  echo "install-toolchain: expected LLVM $LLVM_VERSION under $LLVM_PREFIX, found '${installed:-nothing}'" >&2
  echo "install-toolchain: update third_party/llvm.version and the melior/inkwell pins together" >&2
  exit 1
fi
echo "install-toolchain: LLVM/MLIR $installed ready under $LLVM_PREFIX"
