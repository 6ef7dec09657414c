# A reading counts only after N identical scans in a row. Allocation-free: all buffers are
# made once; update() runs inside the scan loop (checked under micropython.heap_lock()).
# Readings are sensed positions (firmware/hal/__init__.py): `stack` tag slots per channel.
#
# Cost: a quiet scan (the same bytes as the last one, every channel settled) is one C-level
# comparison of the whole position. A scan equal to the last one while channels are still
# counting touches only the counters (and copies the channels that settle). Only a scan that
# differs from the last one compares byte by byte in Python.
from firmware.hal import position


class Debouncer:
    def __init__(self, n_channels, scans=3, stack=8):
        self.scans = scans
        self.stack = stack
        self.last = position(n_channels, stack)
        self.count = bytearray(n_channels)
        self.stable = position(n_channels, stack)
        self.settled = False   # every channel read alike `scans` times: stable == last
        self.fresh = bytearray(n_channels)   # 1: the channel's stable reading changed in the last update
        self._fresh = False   # some fresh[] byte is set

    def update(self, raw):
        """Feed one scan; return True if a stable reading changed (then self.fresh says
        which channels did)."""
        last = self.last
        if self.settled and raw == last:
            return False
        count = self.count
        if self._fresh:   # the last update's fresh channels are history now
            fresh = self.fresh
            for ch in range(len(fresh)):
                fresh[ch] = 0
            self._fresh = False
        if raw == last:
            return self._count_on()
        n = self.scans
        w = self.stack
        changed = False
        settled = True
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
                settled = False
            elif self._copy(ch):
                changed = True
        self.settled = settled
        return changed

    def _count_on(self):
        """The scan equals the last one: the channels still counting count one more."""
        count = self.count
        n = self.scans
        changed = False
        settled = True
        for ch in range(len(count)):
            c = count[ch]
            if c < n:
                c += 1
                count[ch] = c
                if c < n:
                    settled = False
                elif self._copy(ch):
                    changed = True
        self.settled = settled
        return changed

    def _copy(self, ch):
        """Channel ch has settled: its reading becomes stable. True if that changed it."""
        last = self.last
        stable = self.stable
        o = ch * self.stack
        changed = False
        for j in range(o, o + self.stack):
            if stable[j] != last[j]:
                stable[j] = last[j]
                changed = True
        if changed:
            self.fresh[ch] = 1
            self._fresh = True
        return changed
