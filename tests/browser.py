"""A real browser for the report.html tests: Debian's chromium, driven by its chromedriver
through Selenium, headless, with a fresh profile and the network emulated offline.

`make test` installs chromium (tests/install_browser.sh). Where it is missing the browser
tests skip, unless SANON_GRAPH_REQUIRE_BROWSER=1 (CI), where they fail.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("SANON_GRAPH_CHROMIUM", "/usr/bin/chromium"))
CHROMEDRIVER = Path(os.environ.get("SANON_GRAPH_CHROMEDRIVER", "/usr/bin/chromedriver"))
# Without these a headless chromium in a closed network keeps trying its background services.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")
LOCAL_SCHEMES = ("file:", "data:", "blob:")


def _unavailable(reason: str) -> None:
    if os.environ.get("SANON_GRAPH_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (SANON_GRAPH_REQUIRE_BROWSER=1: the browser test must run)")
    pytest.skip(reason)


def start_chromium(profile: Path, window: str | None = None):
    """A headless chromium WebDriver with a fresh profile in `profile`, offline."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={window or '1400,1000'}")
    options.add_argument(f"--user-data-dir={profile}")
    # Every request the page makes, for the no-network assertion; console messages for CSP errors.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(180)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})
    return driver


def browser_session(tmp_path_factory):
    """A chromium for a module-scoped fixture (yield from it); skips or fails when missing."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        _unavailable("selenium is not installed (pip install -e '.[test]')")
    if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
        _unavailable(f"{CHROMIUM} or {CHROMEDRIVER} is missing: `make browser` installs them")
    profile = tmp_path_factory.mktemp("chromium-profile")
    driver = start_chromium(profile)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def open_report(driver, path: Path, timeout: float = 120.0) -> None:
    """Open a report.html from disk and wait until its graph is drawn."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get_log("performance")  # drop what earlier pages logged
    driver.get_log("browser")
    driver.get(path.resolve().as_uri())
    WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.ID, "graph").get_attribute("data-ready") == "true")


def requested_urls(driver) -> list[str]:
    """Every URL the browser was asked to load since the last call (DevTools performance log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls
