#!/bin/sh
# Installs playwright-core (npm registry, from the committed lock file) into
# build/tools/web, once: the web page's tests and benchmark drive Debian's
# Chromium with it.  Playwright's own browser download is never used.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dest=${WEB_TOOLS:-$here/../../build/tools/web}
[ -f "$dest/node_modules/playwright-core/package.json" ] &&
	cmp -s "$here/package-lock.json" "$dest/package-lock.json" && exit 0
if ! command -v npm >/dev/null 2>&1; then
	echo "notate: npm is missing (apt-get install npm); the web page's tests will be skipped" >&2
	exit 1
fi
mkdir -p "$dest"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
(cd "$dest" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund \
	--ignore-scripts >/dev/null 2>&1) || {
	echo "notate: could not install playwright-core from npm" >&2
	exit 1
}
