# The board's line reader on its serial stdin: whole lines to the link, an oversized line
# reported as too long without being kept, and Ctrl-C just a byte.
import os

from firmware.link.protocol import MAX_LINE
from firmware.link.stdio import LineReader


def test_lines_arrive_whole_and_an_oversized_line_is_cut_off():
    r, w = os.pipe()
    stream = os.fdopen(r, "rb", buffering=0)
    reader = LineReader(stream)
    got = []
    os.write(w, b"first\nsec")
    reader.read_lines(got.append)
    assert got == [b"first"]
    os.write(w, b"ond\x03\n" + b"y" * (MAX_LINE + 50) + b"\nlast\n")
    for _ in range(40):
        reader.read_lines(got.append)
    assert got[1] == b"second\x03"
    assert len(got[2]) == MAX_LINE + 1      # the link refuses it as too long
    assert got[3] == b"last"
    os.close(w)
    stream.close()
