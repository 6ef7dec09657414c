# The virtual board's browser tests (docs/web.md): the page served by `pomme web`'s server,
# loaded in headless Chromium (Debian's chromium and chromium-driver) through Selenium, played
# with real pointer events. They run from `make test-web` (part of make test), which sets
# POMME_WEB_TESTS=1 (after `npm ci`); a plain `pytest` run skips them (they would otherwise run
# twice). tests/web/device runs everywhere, on CPython and MicroPython.
import os
import shutil

import pytest

from firmware.rules import registry
from tests.rules.support import map_def

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "web-test")


def _why_not():
    if os.environ.get("POMME_WEB_TESTS") != "1":
        return "the virtual board's tests run from `make test-web` (POMME_WEB_TESTS=1)"
    for tool in ("chromium", "chromedriver"):
        if shutil.which(tool) is None:
            return "%s is missing: apt-get install chromium chromium-driver" % tool
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is missing: pip install -e '.[dev]'"
    from host_tools.web import SetupError, check_setup

    try:
        check_setup()
    except SetupError as e:
        return str(e)
    return None


@pytest.fixture(scope="session")
def server():
    why = _why_not()
    if why:
        pytest.skip(why)
    from host_tools import web

    srv = web.serve(port=0, say=lambda line: None)
    yield "http://127.0.0.1:%d/" % srv.server_address[1]
    srv.shutdown()


@pytest.fixture(scope="session")
def browser(server):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    o = Options()
    o.binary_location = shutil.which("chromium") or "chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
              "--disable-dev-shm-usage", "--disable-background-timer-throttling",
              "--disable-renderer-backgrounding"):
        o.add_argument(a)
    d = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=o)
    os.makedirs(OUT, exist_ok=True)
    yield d
    d.quit()


@pytest.fixture(scope="session")
def engine():
    """The rules engine on this side (CPython): what the page's firmware must agree with."""
    rs = registry.load("mls")
    return rs, rs.make_board(map_def())
