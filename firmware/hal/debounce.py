# A reading counts only after N identical scans in a row. Allocation-free: all buffers are
# made once; update() runs inside the scan loop (checked under micropython.heap_lock()).
# Readings are sensed positions (firmware/hal/__init__.py): `stack` tag slots per channel.
#
# Cost: a quiet scan (the same bytes as the last one, every channel settled) is one C-level
# comparison of the whole position. A scan equal to the last one while channels are still
# counting touches only those channels' counters (and copies the ones that settle). Only a
# scan that differs from the last one compares byte by byte in Python.
#
# The stable reading may be written straight into the caller's buffer in its own order
# (`out`, with `place`: channel -> slot group, 0xFF for a channel no place reads): the table
# hands the controller's sensed position over that way, so a board keeps no third copy.
from firmware.hal import position


class Debouncer:
    def __init__(self, n_channels, scans=3, stack=8, out=None, place=None):
        self.scans = scans
        self.stack = stack
        self.last = position(n_channels, stack)
        self.count = bytearray(n_channels)
        # The stable reading: channel ch's slots at place[ch] * stack of `out` (by default its
        # own buffer in channel order); a channel whose place is 0xFF is debounced, not kept.
        self.stable = position(n_channels, stack) if out is None else out
        self.place = place
        # The channels still counting (pending[:n_pending]): none settled at power-up.
        self.pending = bytearray(range(n_channels))
        self.n_pending = n_channels
        # The channels whose stable reading changed in the last update that returned True.
        self.fresh = bytearray(n_channels)
        self.n_fresh = 0

    @property
    def settled(self):
        """Every channel read alike `scans` times: stable holds the last reading."""
        return not self.n_pending

    def update(self, raw):
        """Feed one scan; return True if a stable reading changed (then
        self.fresh[:self.n_fresh] says which channels did)."""
        last = self.last
        if raw == last:
            if not self.n_pending:
                return False   # the quiet scan
            return self._count_on()
        count = self.count
        pending = self.pending
        n = self.scans
        w = self.stack
        self.n_fresh = 0
        k = 0
        changed = False
        for ch in range(len(count)):
            o = ch * w
            same = True
            for j in range(o, o + w):
                if raw[j] != last[j]:
                    same = False
                    last[j] = raw[j]
            c = count[ch]
            if same:
                if c >= n:
                    continue   # settled before: stable already holds this reading
                c += 1
            else:
                c = 1
            count[ch] = c
            if c < n:
                pending[k] = ch
                k += 1
            elif self._copy(ch):
                changed = True
        self.n_pending = k
        return changed

    def _count_on(self):
        """The scan equals the last one: the channels still counting count one more."""
        count = self.count
        pending = self.pending
        n = self.scans
        self.n_fresh = 0
        changed = False
        k = 0
        for i in range(self.n_pending):
            ch = pending[i]
            c = count[ch] + 1
            count[ch] = c
            if c < n:
                pending[k] = ch
                k += 1
            elif self._copy(ch):
                changed = True
        self.n_pending = k
        return changed

    def _copy(self, ch):
        """Channel ch has settled: its reading becomes stable. True if that changed it."""
        last = self.last
        stable = self.stable
        w = self.stack
        o = ch * w
        d = o
        if self.place is not None:
            d = self.place[ch]
            if d == 0xFF:
                return False   # a channel no place reads
            d *= w
        changed = False
        for j in range(w):
            if stable[d + j] != last[o + j]:
                stable[d + j] = last[o + j]
                changed = True
        if changed:
            self.fresh[self.n_fresh] = ch
            self.n_fresh += 1
        return changed
