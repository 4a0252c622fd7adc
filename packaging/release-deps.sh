#!/usr/bin/env bash
# Installs the Debian tools the Linux release needs where they are missing: dpkg-deb (dpkg),
# desktop-file-validate, appstreamcli, gpg/gpgv, debsigs and debsig-verify, xz.
# Debian/Ubuntu only; elsewhere it prints what to install and carries on.
# Usage: bash packaging/release-deps.sh
set -u
bash "$(dirname "$0")/system-deps.sh" || exit 1
pkgs=(dpkg desktop-file-utils appstream gnupg gpgv debsigs debsig-verify xz-utils)
if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "release-deps: not a Debian system; install: ${pkgs[*]}"
  exit 0
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "release-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null \
  || { echo "release-deps: could not install ${missing[*]}; install them by hand"; exit 1; }
