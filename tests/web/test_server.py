# `pomme web`'s server (host_tools/web.py): the firmware built as `pomme flash` builds it plus
# the mock hardware, served with the page and the npm package's WebAssembly module on
# localhost; nothing outside its three folders; a missing `npm ci` said in words.
import json
import os
import urllib.error
import urllib.request

import pytest

from host_tools import web


def test_the_page_gets_the_files_pomme_flash_copies_and_the_mock_hardware():
    m = web.build(say=lambda line: None)
    assert "firmware/hosts/web_board.mpy" in m["files"] and "hardware/maps/mls.json" in m["files"]
    page_only = set(m["files"]) - set(m["flash"])
    log = {f for f in page_only if os.path.basename(f).startswith("narrate")}   # the log in words
    assert page_only - log == {
        "firmware/hosts/bench.mpy", "firmware/hal/mock.mpy", "firmware/hosts/web_board.mpy",
        "firmware/hosts/web_campaign.mpy", "firmware/hosts/web_finish.mpy", "firmware/hosts/web_games.mpy"}
    assert {"firmware/rules/narrate.mpy", "firmware/rules/mls/narrate.mpy",
            "firmware/rules/scythe/narrate.mpy", "firmware/rules/scythe/narrate_words.mpy"} <= log
    for f in m["files"]:
        assert os.path.isfile(os.path.join(web.BUILD, f))


def test_an_unchanged_firmware_is_not_compiled_again():
    web.build(say=lambda line: None)
    said = []
    web.build(say=said.append)
    assert said == []


def test_paths_outside_the_served_folders_are_not_found():
    assert web._route("/fw/../../pyproject.toml") is None
    assert web._route("/web/../host_tools/web.py") is None
    assert web._route("/mp/../../../etc/passwd") is None
    assert str(web._route("/web/board.js")).endswith(os.path.join("web", "board.js"))
    assert str(web._route("/?lang=es")).endswith("index.html")


def test_without_npm_ci_pomme_web_says_to_run_it(monkeypatch, tmp_path):
    monkeypatch.setattr(web, "MP_DIR", str(tmp_path))
    with pytest.raises(web.SetupError, match="npm ci"):
        web.check_setup()


def test_the_server_serves_the_page_the_firmware_and_the_webassembly_module():
    try:
        web.check_setup()
    except web.SetupError as e:
        pytest.skip(str(e))
    srv = web.serve(port=0, say=lambda line: None)
    base = "http://127.0.0.1:%d" % srv.server_address[1]
    try:
        with urllib.request.urlopen(base + "/mp/micropython.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm" and r.read(4) == b"\0asm"
        with urllib.request.urlopen(base + "/fw/manifest.json") as r:
            assert "firmware/board/controller.mpy" in json.load(r)["files"]
        with urllib.request.urlopen(base + "/") as r:
            assert b"/web/board.js" in r.read()
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(base + "/fw/../pyproject.toml")
        assert e.value.code == 404
    finally:
        srv.shutdown()


def test_a_link_out_of_the_served_folders_is_not_followed(tmp_path, monkeypatch):
    outside = tmp_path / "secret.txt"
    outside.write_text("not for the page")
    page = tmp_path / "web"
    page.mkdir()
    (page / "board.js").write_text("// served")
    (page / "leak.txt").symlink_to(outside)
    monkeypatch.setattr(web, "WEB_DIR", str(page))
    assert web._route("/web/board.js") == str(page / "board.js")
    assert web._route("/web/leak.txt") is None
