#!/usr/bin/env bash
# Installs the Debian tools the Linux release needs where they are missing (dpkg-deb,
# desktop-file-validate, appstreamcli, gpg/gpgv, debsigs, debsig-verify, xz), with Qt's libraries.
# Usage: bash packaging/release-deps.sh
exec bash "$(dirname "$0")/system-deps.sh" release
