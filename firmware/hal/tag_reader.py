# The tag reader seam: an object with read_tags(buf) -> the number of tag ids it wrote into
# buf (a bytearray) for the space currently selected by the multiplexers, or -1 when
# nothing can be read. The reference build has one NXP MFRC522 module per space, its chip
# select and MISO routed by the multiplexers (hardware/reader.md); its driver is
# firmware/hal/mfrc522.py. A UID the pairing table does not know reads as UNKNOWN_TAG.
from firmware.hal.mfrc522 import UNKNOWN_TAG  # noqa: F401  (part of the seam)


class ReaderNotConfigured(Exception):
    pass


def make_reader(config, machine, pairing=None, stack=8):
    """Build the tag reader named in the pin map's sensors.reader entry ("chip"), listing up to
    one tag more than a space reports (`stack`, the ruleset's max_stack): a space holding more
    reads CROWDED (firmware/hal/rp2040.py), not a part of its pieces."""
    kind = config.get("chip")
    if kind != "mfrc522":
        raise ReaderNotConfigured(
            "no tag reader driver for %r: the pin map's sensors.reader.chip must be \"mfrc522\" "
            "(see hardware/reader.md)" % (kind,))
    from firmware.hal.mfrc522 import MFRC522

    bus = config.get("bus", "spi0")
    try:
        bus_id = int(bus[3:]) if bus.startswith("spi") else int(bus)
    except ValueError:
        raise ReaderNotConfigured("sensors.reader.bus %r is not spi<n>" % (bus,)) from None
    Pin = machine.Pin
    spi = machine.SPI(bus_id, baudrate=config.get("baudrate", 4000000), polarity=0, phase=0,
                      sck=Pin(config["sck"]), mosi=Pin(config["mosi"]), miso=Pin(config["miso"]))
    cs = Pin(config["cs"], Pin.OUT, value=1)
    return MFRC522(spi, cs, pairing, None, config.get("field_on_us", 5000), stack + 1)
