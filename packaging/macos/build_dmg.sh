#!/usr/bin/env bash
# Tilewise for macOS: freeze Tilewise.app, sign it inside out, build the DMG, sign, notarize,
# staple. macOS only (codesign, hdiutil, xcrun); runs in CI (packaging/ci/release.yml) and
# cannot run on the Linux development machine.
#
# Environment (CI takes them from protected secrets; nothing is read from the repository):
#   MACOS_SIGN_IDENTITY   "Developer ID Application: <name> (<TEAMID>)", in an unlocked keychain
#   NOTARY_APPLE_ID, NOTARY_TEAM_ID, NOTARY_PASSWORD   (app-specific password) for notarytool
# Without MACOS_SIGN_IDENTITY it builds an unsigned DMG and says so (for local tries).
# Usage: bash packaging/macos/build_dmg.sh [--skip-checks]
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PY:-python3}
VERSION=$("$PY" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
ARCH=$(uname -m)
APP=build/release/dist/Tilewise.app
DMG=dist/tilewise-$VERSION-macos-$ARCH.dmg
ENTITLEMENTS=packaging/macos/entitlements.plist

"$PY" packaging/build.py freeze "$@"

sign() {  # hardened runtime + secure timestamp, never --deep
  codesign --force --timestamp --options runtime --entitlements "$ENTITLEMENTS" \
    --sign "$MACOS_SIGN_IDENTITY" "$1"
}

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
  # 1. every Mach-O file inside (dylibs, Python extensions, Qt binaries), deepest first
  find "$APP/Contents" -type f -print0 | while IFS= read -r -d '' f; do
    if file -b "$f" | grep -q "Mach-O"; then echo "$f"; fi
  done | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2- | while IFS= read -r f; do
    sign "$f"
  done
  # 2. framework bundles (Qt), deepest first, then 3. the app itself
  find "$APP/Contents" -name "*.framework" -type d | awk '{ print length($0) "\t" $0 }' \
    | sort -rn | cut -f2- | while IFS= read -r fw; do sign "$fw"; done
  sign "$APP"
  codesign --verify --strict --deep --verbose=2 "$APP"
else
  echo "build_dmg.sh: MACOS_SIGN_IDENTITY not set: building an UNSIGNED dmg (not for release)"
fi

# 4. the disk image: the app and a link to /Applications
mkdir -p dist
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
rm -f "$DMG"
hdiutil create -volname "Tilewise $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG"

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
  codesign --force --timestamp --sign "$MACOS_SIGN_IDENTITY" "$DMG"
  # 5. notarize the signed DMG (the app inside is covered), then staple the ticket
  xcrun notarytool submit "$DMG" --apple-id "$NOTARY_APPLE_ID" --team-id "$NOTARY_TEAM_ID" \
    --password "$NOTARY_PASSWORD" --wait
  xcrun stapler staple "$DMG"
  xcrun stapler validate "$DMG"
  spctl --assess --type open --context context:primary-signature --verbose "$DMG"
fi
echo "build_dmg.sh: $DMG"
