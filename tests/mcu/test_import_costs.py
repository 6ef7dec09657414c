# tools/mcu/import_costs.py on the emulated board (make test-mcu runs it with POMME_MCU_TESTS=1):
# what a frozen module adds to the heap once imported, in one boot.
import os

import pytest

from tools.mcu import import_costs

pytestmark = pytest.mark.skipif(not os.environ.get("POMME_MCU_TESTS"),
                                reason="the emulated board's tests run in make test-mcu")


def test_a_module_costs_the_heap_it_holds_and_nothing_the_second_time():
    names = ["firmware.rules.core", "firmware.rules.core", "firmware.rules.scythe.engine"]
    rows, total = import_costs.costs(names)
    (m0, core), (m1, again), (m2, engine) = rows
    assert [m0, m1, m2] == names
    assert core > 0 and again == 0
    assert engine > 4 * core   # (the Scythe engine: its modules' functions and tables)
    assert total >= core + engine - 64   # (each figure after a collection; the loop's own names aside)


def test_a_module_the_board_does_not_hold_is_an_error():
    with pytest.raises(RuntimeError, match="ImportError"):
        import_costs.costs(["firmware.no_such_module"])


def test_only_module_names_reach_the_board():
    with pytest.raises(ValueError):
        import_costs.board_script(["os; import machine"])
