# `pomme flash`'s ROMFS step against a board double that records what mpremote sends
# (tests/host/romfs_double.py): the board is asked (mpremote romfs query), the image pomme
# built with `mpremote romfs build` is written by `mpremote romfs deploy`, and read back.
import pytest

from host_tools import flash
from tests.host.romfs_double import RomfsBoard


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("romfs")
    files = flash.build(str(tmp / "build"))
    path = str(tmp / "firmware.romfs")
    data = flash.build_romfs(files, flash.build_driver(str(tmp / "driver")), path)
    return path, data


def test_the_romfs_image_holds_every_module_and_the_display_driver(image):
    from mpremote.romfs import VfsRomWriter

    _, data = image
    assert data.startswith(VfsRomWriter.ROMFS_HEADER)
    for name in (b"engine.mpy", b"controller.mpy", b"ssd1306.mpy", b"display.mpy"):
        assert name in data
    assert b"boot.py" not in data and b"mls.json" not in data   # those stay on the filesystem


def test_romfs_deploy_writes_the_image_pomme_built_and_the_board_hash_confirms_it(image):
    path, data = image
    board = RomfsBoard(size=512 * 1024)
    try:
        m = flash.Mpremote(board.port)
        info = flash.board_info(m)
        assert info["romfs"] == 512 * 1024
        assert flash.romfs_sha(m, len(data)) != flash.hashlib.sha256(data).hexdigest()
        flash.deploy_romfs(m, path, len(data))
        assert bytes(board.partition[:len(data)]) == data
        prepared = [c for c in board.calls if c[0] == 3]
        writes = [c for c in board.calls if c[0] == 4]
        # prepared (erased) over the whole image, then written chunk after chunk from offset 0
        assert sum(c[3] for c in prepared) >= len(data)
        assert [c[2] for c in writes] == list(range(0, len(data), len(writes[0][3])))
        assert board.calls[-1][0] == 5 or (5,) in [c[:1] for c in board.calls]
        assert any(s.startswith("buf=a2b_base64(") for s in board.sent)   # no deflate on the double
        assert flash.romfs_sha(m, len(data)) == flash.hashlib.sha256(data).hexdigest()
    finally:
        board.close()


def test_a_partition_that_keeps_none_of_the_writes_is_an_error_not_a_success(image):
    path, data = image
    board = RomfsBoard(size=512 * 1024, writable=False)   # as the qemu port's partition
    try:
        with pytest.raises(RuntimeError, match="does not hold the %d-byte image" % len(data)):
            flash.deploy_romfs(flash.Mpremote(board.port), path, len(data))
    finally:
        board.close()


def test_a_board_without_rom_ioctl_has_no_romfs_partition():
    board = RomfsBoard()
    board.vfs = object()  # pyright: ignore[reportAttributeAccessIssue]  (a vfs module without rom_ioctl: a stock Pico)
    try:
        assert flash.board_info(flash.Mpremote(board.port))["romfs"] is None
    finally:
        board.close()
