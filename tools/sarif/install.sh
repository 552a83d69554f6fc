#!/bin/sh
# Installs the SARIF checkers (npm registry) into build/tools/sarif, once.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dest=${SARIF_TOOLS:-$here/../../build/tools/sarif}
[ -x "$dest/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool" ] && exit 0
if ! command -v npm >/dev/null 2>&1; then
	echo "notate: npm is missing (apt-get install npm); SARIF checks will be skipped" >&2
	exit 1
fi
mkdir -p "$dest"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
(cd "$dest" && npm ci --no-audit --no-fund --ignore-scripts >/dev/null 2>&1) || {
	echo "notate: could not install the SARIF checkers from npm" >&2
	exit 1
}
chmod u+x "$dest/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
