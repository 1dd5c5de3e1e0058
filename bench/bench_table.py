"""The Table page as a player meets it (a script, not a test): a real ``cities serve`` and
Debian's Chromium, the time from opening ``/table`` to its first legality answer and to a
proven best finish, on ``examples/state-river-bend.json``'s city.

Each run opens the page afresh, loads the example's city (pasted, as a player with the file
would), takes a factory in hand and waits for its legal places to light up, then asks for the
best finish with the example's tiles still to come and waits for "proven optimal".

    python bench/bench_table.py [--runs 5] [--phone]
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CITY = ROOT / "examples" / "state-river-bend.json"
TO_COME = "F S P H O Tm F S P H O Tb S S P H F|O P/H"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def one_run(browser: object, base: str, size: dict[str, int]) -> tuple[float, float]:
    """(seconds to the first legal places, seconds to the proven best finish), both from
    the moment the page is asked for."""
    pg = browser.new_page(viewport=size)  # type: ignore[attr-defined]
    start = time.perf_counter()
    pg.goto(base + "/table")
    pg.wait_for_function("document.getElementById('status').textContent.startsWith('Choose')")
    pg.locator("#file").fill(CITY.read_text())
    pg.get_by_role("button", name="Load").click()
    pg.wait_for_function("document.getElementById('status').textContent === 'City loaded.'")
    pg.get_by_role("button", name="factory", exact=True).click()
    pg.wait_for_function("document.getElementById('status').textContent.includes('legal place')")
    legality = time.perf_counter() - start
    pg.get_by_role("textbox", name="Tiles still to come").fill(TO_COME)
    pg.get_by_role("button", name="Find the best finish").click()
    pg.wait_for_function("document.getElementById('progress').textContent"
                         ".endsWith('proven optimal')", timeout=300_000)
    best = time.perf_counter() - start
    pg.close()
    return legality, best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--phone", action="store_true", help="390x844 instead of 1366x768")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    run = record.start()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", "import cli; cli.main()", "serve",
                               "--port", str(port), "--no-prepare"], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/today", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        size = {"width": 390, "height": 844} if args.phone else {"width": 1366, "height": 768}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                         args=CHROMIUM_ARGS, headless=True)
            runs = [one_run(browser, base, size) for _ in range(args.runs)]
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    legality = [r[0] for r in runs]
    best = [r[1] for r in runs]
    figures = {"runs": args.runs, "size": "phone" if args.phone else "laptop",
               "first_legality_median_s": round(statistics.median(legality), 3),
               "first_legality_max_s": round(max(legality), 3),
               "best_finish_median_s": round(statistics.median(best), 3),
               "best_finish_max_s": round(max(best), 3)}
    print(json.dumps(figures))
    run.save(figures, suite="table")


if __name__ == "__main__":
    main()
