#!/usr/bin/env bash
# Installs the system libraries Qt 6 needs (and Xvfb for screenshots) where they are missing.
# Debian/Ubuntu only; on other systems it prints what to install and carries on.
# Usage: bash packaging/system-deps.sh [gui] [release] [a11y]
#   gui:     adds the X11/xcb libraries for a real window
#   release: adds the release tools (dpkg-deb, desktop-file-validate, appstreamcli, gpg/gpgv,
#            debsigs, debsig-verify, xz, patchelf, lintian and man for the .deb check,
#            apt-ftparchive from apt-utils for the apt repository) and the gui libraries, which
#            the .deb depends on: the apt repository test installs it (in a private root)
#   a11y:    the real screen-reader stack for `make a11y` and `make test` (tests/a11y/atspi_probe.py): the AT-SPI
#            bus (at-spi2-core), its Python client (python3-pyatspi, for the system python3),
#            a session bus (dbus, dbus-x11) and Xvfb, plus the gui libraries
set -u
pkgs=(libegl1 libgl1 libxkbcommon0 libfontconfig1 libfreetype6 libdbus-1-3 libglib2.0-0
      gettext)  # gettext: GNU msgfmt, which i18n-check and the catalog tests hold catalogs to
gui=(libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0
     libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0 libxcb-randr0 hicolor-icon-theme)
for extra in "$@"; do
  case "$extra" in
    gui) pkgs+=("${gui[@]}") ;;
    release) pkgs+=("${gui[@]}" dpkg desktop-file-utils appstream gnupg gpgv debsigs debsig-verify
                    xz-utils patchelf lintian man-db apt-utils git) ;;
    a11y) pkgs+=("${gui[@]}" at-spi2-core python3-pyatspi dbus dbus-x11 xvfb) ;;
    *) echo "system-deps: unknown group '$extra' (gui, release, a11y)"; exit 2 ;;
  esac
done
if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "system-deps: not a Debian system; make sure these (or their equivalents) are installed: ${pkgs[*]}"
  exit 0
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "system-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null \
  || { echo "system-deps: could not install ${missing[*]}; install them by hand"; exit 1; }
