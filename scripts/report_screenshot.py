"""Screenshot of a report.html in headless chromium, for the README (docs/report.png).

    .venv/bin/python scripts/report_screenshot.py demo-out/report.html docs/report.png

Opens the report from disk offline, clicks the riskiest document with masked values in the
documents table (so the side panel shows its values and masked text) and captures the
graph section.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.browser import open_report, start_chromium  # noqa: E402


def main(report: Path, target: Path) -> None:
    from selenium.webdriver.common.by import By

    with tempfile.TemporaryDirectory() as profile:
        driver = start_chromium(Path(profile), window="1400,1050")
        try:
            open_report(driver, report)
            rows = driver.find_elements(By.CSS_SELECTOR, "#documents-table tr[data-node]")
            # The documents table is sorted by risk; the first row with masked values in its text.
            for row in rows:
                row.click()
                if driver.find_elements(By.CSS_SELECTOR, "#panel pre.masked-text mark"):
                    break
            driver.execute_script("document.getElementById('paths').scrollIntoView()")
            target.parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(target))
        finally:
            driver.quit()
    print(target)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
