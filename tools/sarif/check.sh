#!/bin/sh
# Checks SARIF logs with two consumers: the SARIF 2.1.0 schema (as shipped
# with Microsoft's SARIF Multitool) through ajv, and the Multitool's own
# `validate` command, whose errors (not its advice-level warnings) fail.
# Usage: tools/sarif/check.sh FILE...   (after tools/sarif/install.sh)
# Exit: 0 valid, 1 invalid, 77 when the tools are not installed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
tools=${SARIF_TOOLS:-$here/../../build/tools/sarif}
mt=$tools/node_modules/@microsoft/sarif-multitool-linux
if ! command -v node >/dev/null 2>&1 || [ ! -x "$mt/Sarif.Multitool" ]; then
	echo "SKIPPED: SARIF tools not installed (tools/sarif/install.sh)" >&2
	exit 77
fi
status=0
NODE_PATH=$tools/node_modules node "$here/validate.js" "$mt/sarif-2.1.0.json" "$@" || status=1
for f in "$@"; do
	out=$(DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 "$mt/Sarif.Multitool" validate "$f" 2>&1)
	if printf '%s\n' "$out" | grep -q ': error '; then
		printf '%s\n' "$out" | grep ': error '
		status=1
	fi
done
exit $status
