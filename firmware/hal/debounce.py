# A reading counts only after N identical scans in a row. Allocation-free: all buffers are
# made once; update() runs inside the scan loop (checked under micropython.heap_lock()).
# Readings are sensed positions (firmware/hal/__init__.py): `stack` tag slots per channel.
from firmware.hal import position


class Debouncer:
    def __init__(self, n_channels, scans=3, stack=8):
        self.scans = scans
        self.stack = stack
        self.last = position(n_channels, stack)
        self.count = bytearray(n_channels)
        self.stable = position(n_channels, stack)

    def update(self, raw):
        """Feed one scan; return True if a stable reading changed."""
        changed = False
        last = self.last
        count = self.count
        stable = self.stable
        n = self.scans
        w = self.stack
        for ch in range(len(count)):
            o = ch * w
            same = True
            for j in range(o, o + w):
                if raw[j] != last[j]:
                    same = False
                    last[j] = raw[j]
            if same:
                if count[ch] < n:
                    count[ch] += 1
            else:
                count[ch] = 1
            if count[ch] >= n:
                for j in range(o, o + w):
                    if stable[j] != last[j]:
                        stable[j] = last[j]
                        changed = True
        return changed
