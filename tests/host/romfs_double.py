# A board double for `mpremote romfs`: a pseudo-terminal that speaks MicroPython's raw REPL
# (Ctrl-A, the "raw REPL; CTRL-B to exit" banner, soft reboot, raw-paste refused with
# "R\x00", "OK", output, \x04, error, \x04, ">") and runs each piece of code mpremote sends
# under CPython with a `vfs` module whose rom_ioctl is a ROMFS partition in a bytearray, as
# ports/*/vfs_rom_ioctl.c gives one: 1 partitions, 2 the partition (a memoryview), 3 prepare
# (erase) a range, 4 write, 5 end writing, 6 block size. Every code piece is kept in `sent`,
# every rom_ioctl call in `calls`. writable=False answers 3 and 4 with -EINVAL (-22) and
# writes nothing, as the qemu port's vfs_rom_ioctl.c does (it has no write commands).
import builtins
import contextlib
import io
import os
import pty
import threading
import traceback
import tty

BANNER = b"raw REPL; CTRL-B to exit\r\n>"


class _Vfs:
    def __init__(self, board):
        self.board = board

    def rom_ioctl(self, op, *args):
        b = self.board
        b.calls.append((op,) + tuple(bytes(a) if isinstance(a, (bytes, bytearray, memoryview)) else a
                                     for a in args))
        if op == 1:
            return 1
        if op == 2:
            return memoryview(b.partition) if args[0] == 0 else -22
        if op == 6:
            return b.block
        if not b.writable and op in (3, 4):
            return -22
        if op == 3:   # (id, length) or (id, offset, length): erase those blocks
            off, n = (0, args[1]) if len(args) == 2 else (args[1], args[2])
            b.partition[off:off + n] = b"\xff" * n
            return 4  # the smallest write
        if op == 4:
            off, data = args[1], bytes(args[2])
            b.partition[off:off + len(data)] = data
            return 0
        return 0

    def umount(self, path):
        raise OSError(22, "EINVAL")


class RomfsBoard:
    def __init__(self, size=256 * 1024, block=4096, writable=True, image=b""):
        self.partition = bytearray(b"\xff" * size)
        self.partition[:len(image)] = image
        self.block = block
        self.writable = writable
        self.sent = []
        self.calls = []
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.vfs = _Vfs(self)
        self.names = {}
        self._stop = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _import(self, name, *a, **kw):
        if name == "vfs":
            return self.vfs
        if name == "deflate":   # not on this board: mpremote sends base64 chunks
            raise ImportError("no module named 'deflate'")
        return builtins.__import__(name, *a, **kw)

    def _run(self, code):
        out = io.StringIO()
        err = ""
        g = self.names
        g["__builtins__"] = dict(vars(builtins), __import__=self._import)
        try:
            with contextlib.redirect_stdout(out):
                exec(code, g)
        except Exception:
            err = traceback.format_exc(limit=0)
        return out.getvalue().encode(), err.encode()

    def _serve(self):
        raw = False
        code = b""
        while not self._stop:
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            i = 0
            while i < len(data):
                c = data[i:i + 1]
                i += 1
                if not raw:
                    if c == b"\x01":
                        raw, code = True, b""
                        os.write(self.master, b"\r\n" + BANNER)
                    continue
                if c == b"\x02":
                    raw = False
                    os.write(self.master, b"\r\n>>> ")
                elif c == b"\x03":
                    code = b""
                elif c == b"\x01":
                    code = b""
                    os.write(self.master, b"\r\n" + BANNER)
                elif c == b"\x05" and not code:   # raw-paste request "\x05A\x01": refused
                    i += 2
                    os.write(self.master, b"R\x00")
                elif c == b"\x04" and not code:   # soft reboot
                    self.names = {}
                    os.write(self.master, b"OK\r\nMPY: soft reboot\r\n" + BANNER)
                elif c == b"\x04":
                    os.write(self.master, b"OK")
                    text = code.decode()
                    self.sent.append(text)
                    out, err = self._run(text)
                    code = b""
                    os.write(self.master, out.replace(b"\n", b"\r\n") + b"\x04" + err + b"\x04>")
                else:
                    code += c

    def close(self):
        self._stop = True
        os.close(self.slave)
        os.close(self.master)
