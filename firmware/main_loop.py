# The board's main loop: asyncio tasks for scanning (sensors + dials, and the LED frame at
# once when they changed anything, then the display's prompt), rendering the LEDs (what time
# alone changes: blinking, a mismatch shown once settled) with the idle collection, and the
# watchdog, which is fed only while both other tasks are seen making progress (a
# hung task resets the board, which then resumes the saved game). The serial link joins
# these tasks with the host-link issue.
try:
    import asyncio
except ImportError:  # pragma: no cover - every supported port has asyncio
    import uasyncio as asyncio

import time

_clock = getattr(time, "ticks_ms", None)


def ticks_ms():
    if _clock is not None:
        return _clock()
    return int(time.time() * 1000) & 0x3FFFFFFF   # CPython (tests)

SCAN_MS = 10
RENDER_MS = 33
WATCHDOG_MS = 1000


async def _sleep_ms(ms):
    if hasattr(asyncio, "sleep_ms"):
        await asyncio.sleep_ms(ms)
    else:
        await asyncio.sleep(ms / 1000)


async def scan_task(table, stop):
    while not stop[0]:
        table.step(ticks_ms())   # scan, dials, the frame when they changed anything, the prompt
        await _sleep_ms(SCAN_MS)


async def render_task(table, stop):
    while not stop[0]:
        table.render(ticks_ms())
        table.idle()          # garbage collected between gestures, not during one
        await _sleep_ms(RENDER_MS)


async def watchdog_task(table, wdt, stop):
    """Feed the watchdog only when scans and frames both advanced since the last check."""
    scans = table.scans
    renders = table.renders
    while not stop[0]:
        await _sleep_ms(WATCHDOG_MS)
        if table.scans != scans and table.renders != renders:
            wdt.feed()
            table.fed += 1
        scans = table.scans
        renders = table.renders


async def run_for(table, wdt, ms):
    """Run the tasks for ms milliseconds (tests and the simulator), then stop them."""
    stop = [False]
    tasks = [asyncio.create_task(scan_task(table, stop)), asyncio.create_task(render_task(table, stop))]
    if wdt is not None:
        tasks.append(asyncio.create_task(watchdog_task(table, wdt, stop)))
    await _sleep_ms(ms)
    stop[0] = True
    for t in tasks:
        await t


async def link_task(reader, link, stop, heartbeat_ms=5000):
    """The serial link: handle each received line; a snapshot as a heartbeat."""
    idle = 0
    while not stop[0]:
        reader.read_lines(link.on_line)
        await _sleep_ms(SCAN_MS)
        idle += SCAN_MS
        if idle >= heartbeat_ms:
            link.snapshot()
            idle = 0


def run_forever(table, wdt, reader=None, link=None):
    stop = [False]

    async def main():
        tasks = [scan_task(table, stop), render_task(table, stop)]
        if link is not None:
            tasks.append(link_task(reader, link, stop))
        if wdt is not None:
            tasks.append(watchdog_task(table, wdt, stop))
        await asyncio.gather(*tasks)

    asyncio.run(main())
