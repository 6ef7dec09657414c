# A reading counts only after N identical scans in a row. Allocation-free: all buffers are
# made once; update() runs inside the scan loop (checked under micropython.heap_lock()).
from array import array


class Debouncer:
    def __init__(self, n_channels, scans=3):
        self.scans = scans
        self.last = array("H", [0] * n_channels)
        self.count = bytearray(n_channels)
        self.stable = array("H", [0] * n_channels)

    def update(self, raw):
        """Feed one scan; return True if a stable reading changed."""
        changed = False
        last = self.last
        count = self.count
        stable = self.stable
        n = self.scans
        for i in range(len(raw)):
            v = raw[i]
            if v == last[i]:
                if count[i] < n:
                    count[i] += 1
            else:
                last[i] = v
                count[i] = 1
            if count[i] >= n and stable[i] != v:
                stable[i] = v
                changed = True
        return changed
