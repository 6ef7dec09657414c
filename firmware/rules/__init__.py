# The My Little Scythe rules engine: pure logic, no I/O, runs on MicroPython and CPython.
# Public entry points: board.Board, engine.new_game / engine.State, codes (decision kinds,
# actions, trophies), errors (typed rule errors), content_mls (card and tile data).
