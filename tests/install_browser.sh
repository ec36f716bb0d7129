#!/usr/bin/env bash
# The report.html browser test needs Debian's chromium and its chromedriver. `make test`
# runs this before pytest: it installs them once when /usr/bin/chromium is missing, and
# does nothing otherwise. Without root (a developer's laptop) it only says how, and the
# browser test skips (or fails under SANON_GRAPH_REQUIRE_BROWSER=1, as in CI).
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "note: chromium/chromedriver missing: 'apt-get install chromium chromium-driver' (as root) for the report.html browser test" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
echo "installed: $(/usr/bin/chromium --version)"
