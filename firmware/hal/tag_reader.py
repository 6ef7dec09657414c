# The tag reader seam: an object with read_tags(buf) -> the number of tag ids it wrote into
# buf (a bytearray) for the antenna currently selected by the multiplexers, or -1 when
# nothing can be read. The reference build's reader
# chip is not chosen in the design (any RFID/NFC front end that can report several tags
# fits); its driver plugs in here. Until one is written, make_reader() refuses clearly.


class ReaderNotConfigured(Exception):
    pass


def make_reader(config, machine):
    """Build the tag reader named in the pin map's sensors.reader entry."""
    kind = config.get("chip")
    raise ReaderNotConfigured(
        "no tag reader driver for %r: write one with read_tags(buf) (see hardware/wiring.md)" % (kind,))
