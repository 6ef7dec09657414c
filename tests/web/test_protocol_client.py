# The page's protocol client (web/protocol.js) and mirror view (web/mirror.js) in Node against
# the simulated board (the firmware under the MicroPython unix port): the path a page takes to
# mirror a real board over Web Serial, with the serial port replaced by pipes. What needs a
# board - Web Serial's port picker and a USB CDC port - is not tested here (docs/web.md).
import json
import os
import shutil
import subprocess
import sys

import pytest

from firmware.link.protocol import decode, encode

from .conftest import ROOT

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")


def _why_not():
    if os.environ.get("POMME_WEB_TESTS") != "1":
        return "the virtual board's tests run from `make test-web` (POMME_WEB_TESTS=1)"
    if shutil.which("node") is None:
        return "node is missing (Node.js)"
    if not os.path.exists(MICROPYTHON):
        return "the MicroPython unix port is missing (make setup)"
    from host_tools.web import SetupError, check_setup

    try:
        check_setup()
    except SetupError as e:
        return str(e)
    return None


@pytest.fixture(scope="module")
def seen():
    why = _why_not()
    if why:
        pytest.skip(why)
    from host_tools import web

    web.build(say=lambda line: None)
    script = os.path.join(ROOT, "tests", "web", "protocol_client.mjs")
    r = subprocess.run(["node", script, ROOT, MICROPYTHON, "30"], capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_the_page_client_follows_the_simulated_boards_decisions(seen, engine):
    assert seen["errors"] == []
    assert seen["hello"]["caps"]["sim"] == 1 and seen["hello"]["proto"][0] == 1
    assert seen["decisions"] == 30
    assert seen["viewMatched"] == 30          # the WASM engine decodes each snapshot to its hash
    assert seen["matched"] == 29              # each dec's hash is the next snapshot's (one dec lost)
    rs, board = engine
    st = rs.from_bytes(board, bytes.fromhex(seen["last"]["state"]))
    assert st.hash() == seen["last"]["hash"]  # and so does the CPython engine


def test_a_lost_event_makes_the_client_ask_for_a_snapshot(seen):
    assert seen["gaps"] == 1


def test_lines_that_are_not_messages_are_counted_and_ignored(seen):
    assert seen["badLines"] == 2
    assert seen["roundTrip"]


def test_the_javascript_encoding_is_the_boards():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (Node.js)")   # needs no npm package: runs in every pytest
    script = ("import(process.argv[1]).then(m => console.log(JSON.stringify(["
              "m.encode({c:'decide',s:812,a:129,p:1}), m.crc32('abc')])))")
    url = "file://" + os.path.join(ROOT, "web", "protocol.js")
    r = subprocess.run([node, "-e", script, url], capture_output=True, text=True, timeout=30)
    line, crc = json.loads(r.stdout)
    assert line == encode({"c": "decide", "s": 812, "a": 129, "p": 1})
    assert decode(line)["a"] == 129
    assert crc == 0x352441C2
