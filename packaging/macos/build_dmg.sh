#!/usr/bin/env bash
# Tilewise for macOS: freeze Tilewise.app, sign it inside out with the hardened runtime,
# notarize and staple the app, build the DMG, sign, notarize and staple it, then check it all.
# macOS only (codesign, hdiutil, xcrun, spctl); runs in .github/workflows/release.yml and
# cannot run on the Linux development machine (it has never run there).
#
# Environment (CI takes them from protected secrets; nothing is read from the repository):
#   MACOS_SIGN_IDENTITY   "Developer ID Application: <name> (<TEAMID>)", in an unlocked keychain
#   NOTARY_APPLE_ID, NOTARY_TEAM_ID, NOTARY_PASSWORD   (app-specific password) for notarytool
# Without MACOS_SIGN_IDENTITY it builds an unsigned DMG and says so (for local tries); with it,
# every check below must pass or the script (and the release) fails.
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
deepest_first() { awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2-; }
machos() {
  find "$APP/Contents" -type f -print0 | while IFS= read -r -d '' f; do
    if file -b "$f" | grep -q "Mach-O"; then echo "$f"; fi
  done
}
notarize() {  # submit, wait, fail unless Accepted
  xcrun notarytool submit "$1" --apple-id "$NOTARY_APPLE_ID" --team-id "$NOTARY_TEAM_ID" \
    --password "$NOTARY_PASSWORD" --wait --output-format json > "$1.notary.json"
  grep -q '"status" *: *"Accepted"' "$1.notary.json" \
    || { cat "$1.notary.json"; echo "build_dmg.sh: notarization of $1 was not accepted"; exit 1; }
}

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
  # 1. every Mach-O file inside (dylibs, Python extensions, Qt binaries), deepest first
  machos | deepest_first | while IFS= read -r f; do sign "$f"; done
  # 2. framework bundles (Qt), deepest first, then 3. the app itself
  find "$APP/Contents" -name "*.framework" -type d | deepest_first | while IFS= read -r fw; do
    sign "$fw"
  done
  sign "$APP"
  # every nested binary: signed, hardened runtime, secure timestamp
  machos | while IFS= read -r f; do
    info=$(codesign --display --verbose=4 "$f" 2>&1) || { echo "unsigned: $f"; exit 1; }
    echo "$info" | grep -q "(runtime)" || { echo "no hardened runtime: $f"; exit 1; }
    echo "$info" | grep -q "^Timestamp=" || { echo "no secure timestamp: $f"; exit 1; }
  done
  codesign --verify --deep --strict --verbose=2 "$APP"
  # 4. notarize the app (zipped with ditto, as notarytool wants) and staple its ticket
  ditto -c -k --keepParent "$APP" "build/release/Tilewise.zip"
  notarize "build/release/Tilewise.zip"
  xcrun stapler staple "$APP"
  xcrun stapler validate "$APP"
  spctl --assess --type execute --verbose=2 "$APP"
else
  echo "build_dmg.sh: MACOS_SIGN_IDENTITY not set: building an UNSIGNED dmg (not for release)"
fi

# 5. the disk image: the app and a link to /Applications
mkdir -p dist
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
rm -f "$DMG"
hdiutil create -volname "Tilewise $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG"

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
  codesign --force --timestamp --sign "$MACOS_SIGN_IDENTITY" "$DMG"
  codesign --verify --strict --verbose=2 "$DMG"
  # 6. notarize the signed DMG, staple it, and check what Gatekeeper will say
  notarize "$DMG"
  xcrun stapler staple "$DMG"
  xcrun stapler validate "$DMG"
  spctl --assess --type open --context context:primary-signature --verbose=2 "$DMG"
  # 7. the app as a user gets it: mounted from the DMG
  MOUNT=$(mktemp -d)
  hdiutil attach -nobrowse -readonly -mountpoint "$MOUNT" "$DMG"
  trap 'hdiutil detach "$MOUNT" >/dev/null 2>&1 || true; rm -rf "$STAGE"' EXIT
  codesign --verify --deep --strict --verbose=2 "$MOUNT/Tilewise.app"
  spctl --assess --type execute --verbose=2 "$MOUNT/Tilewise.app"
  QT_QPA_PLATFORM=offscreen "$MOUNT/Tilewise.app/Contents/MacOS/tilewise" --self-test
fi
echo "build_dmg.sh: $DMG"
