#!/usr/bin/env bash
# Re-vendor cytoscape.js (the graph drawing in report.html) from the npm registry at a
# pinned version: its minified build and its MIT licence go to sanon_graph/data/vendor/,
# which report_html.py inlines so the report opens without any network.
# Usage: scripts/vendor_cytoscape.sh [VERSION]   (then update VERSION in report_html.py)
set -euo pipefail
VERSION="${1:-3.34.4}"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="$HERE/sanon_graph/data/vendor"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
(cd "$WORK" && npm pack --silent "cytoscape@$VERSION" >/dev/null && tar xzf "cytoscape-$VERSION.tgz")
mkdir -p "$TARGET"
cp "$WORK/package/dist/cytoscape.min.js" "$TARGET/cytoscape.min.js"
cp "$WORK/package/LICENSE" "$TARGET/cytoscape.LICENSE"
echo "$VERSION" > "$TARGET/cytoscape.VERSION"
sha256sum "$TARGET/cytoscape.min.js"
