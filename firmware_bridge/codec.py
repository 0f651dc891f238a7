"""The serial board protocol's frames: COBS framing, CRC-16, encode and decode.

This file, like `protocol` and `messages`, runs unchanged on CPython (the host) and on MicroPython (the
board), so it uses nothing newer than MicroPython offers: no typing, no dataclasses, %-formatting only.

A frame on the wire is COBS(body) followed by one 0x00 byte, where body is
    version(1) type(1) seq(2, big-endian) length(1) payload(length) crc16(2, big-endian)
and the CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) covers everything before it.
The envelope never changes between protocol versions, so a peer speaking another major version
can still be read well enough to be refused by name. See docs/protocol.md.
"""

import struct

try:
    from binascii import crc_hqx as _crc_hqx
except ImportError:  # MicroPython's binascii has no crc_hqx
    _crc_hqx = None  # type: ignore[assignment]

try:
    from firmware_bridge import messages, protocol
except ImportError:  # on the board every module sits flat in the root
    import messages  # type: ignore[import-not-found, no-redef]
    import protocol  # type: ignore[import-not-found, no-redef]

HEADER_SIZE = 5
CRC_SIZE = 2
MAX_BODY = HEADER_SIZE + protocol.MAX_PAYLOAD + CRC_SIZE
# COBS adds one byte per 254 and one overhead byte; anything longer is garbage.
MAX_ENCODED = MAX_BODY + MAX_BODY // 254 + 1


def _build_crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = None if _crc_hqx is not None else _build_crc_table()


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of `data`: binascii's C code on CPython, a table on MicroPython."""
    if _crc_hqx is not None:
        return _crc_hqx(data, crc)
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ byte) & 0xFF]
    return crc


def cobs_encode(data):
    """`data` with every zero byte removed, as Consistent Overhead Byte Stuffing does it."""
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out.extend(block)
            block = bytearray()
        else:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out.extend(block)
                block = bytearray()
    out.append(len(block) + 1)
    out.extend(block)
    return bytes(out)


def cobs_decode(data):
    """The bytes COBS-encoded as `data`; raises ValueError when `data` is not valid COBS."""
    out = bytearray()
    index = 0
    end = len(data)
    while index < end:
        code = data[index]
        if code == 0:
            raise ValueError("zero byte inside a COBS block")
        block_end = index + code
        if block_end > end:
            raise ValueError("COBS block runs past the end")
        chunk = data[index + 1:block_end]
        if chunk.find(b"\x00") >= 0:
            raise ValueError("zero byte inside a COBS block")
        out.extend(chunk)
        index = block_end
        if code != 255 and index < end:
            out.append(0)
    return bytes(out)


def version_byte(major, minor):
    return ((major & 0x0F) << 4) | (minor & 0x0F)


def encode_frame(message, seq, major=protocol.PROTOCOL_MAJOR, minor=protocol.PROTOCOL_MINOR):
    """The bytes to write for `message` as frame number `seq`, delimiter included."""
    payload = messages.message_payload(message)
    if len(payload) > protocol.MAX_PAYLOAD:
        raise ValueError("payload of %d bytes is over %d" % (len(payload), protocol.MAX_PAYLOAD))
    body = bytearray(struct.pack(">BBHB", version_byte(major, minor), message.TYPE,
                                 seq & protocol.SEQ_MASK, len(payload)))
    body.extend(payload)
    crc = crc16(body)
    body.append(crc >> 8)
    body.append(crc & 0xFF)
    return cobs_encode(body) + b"\x00"


class Frame:
    """One decoded frame: the sender's protocol version, its sequence number and the message."""

    def __init__(self, major, minor, seq, message):
        self.major = major
        self.minor = minor
        self.seq = seq
        self.message = message

    def __repr__(self):
        return "Frame(v%d.%d seq=%d %s%r)" % (self.major, self.minor, self.seq,
                                             type(self.message).__name__, self.message.fields())


def decode_body(encoded):
    """The Frame inside one delimiter-free chunk; raises ValueError for anything damaged."""
    if len(encoded) > MAX_ENCODED:
        raise ValueError("frame too long")
    body = cobs_decode(encoded)
    if len(body) < HEADER_SIZE + CRC_SIZE:
        raise ValueError("frame too short")
    if crc16(body[:-CRC_SIZE]) != (body[-2] << 8) | body[-1]:
        raise ValueError("CRC mismatch")
    version, type_, seq, length = struct.unpack(">BBHB", body[:HEADER_SIZE])
    if HEADER_SIZE + length + CRC_SIZE != len(body):
        raise ValueError("length field does not match the frame")
    payload = body[HEADER_SIZE:HEADER_SIZE + length]
    return Frame(version >> 4, version & 0x0F, seq, messages.parse_message(type_, payload))


class Decoder:
    """Splits a byte stream into frames; damaged frames are counted and skipped, never raised.

    After any lost, added or flipped byte the decoder loses at most the frames touching the
    damage: the next 0x00 delimiter starts a clean frame.
    """

    def __init__(self):
        self._buffer = bytearray()
        self._overflow = False
        self.frames = 0
        self.damaged = 0
        self.last_error = ""

    def feed(self, data):
        """Every complete, undamaged frame in `data` (plus what was buffered), in order."""
        frames = []  # type: list[Frame]
        start = 0
        while True:
            end = data.find(b"\x00", start)
            if end < 0:
                self._keep(data[start:])
                return frames
            chunk = data[start:end]
            start = end + 1
            if self._overflow:
                self._overflow = False
                self._buffer = bytearray()
                self._damaged("frame too long")
                continue
            if self._buffer:
                self._buffer.extend(chunk)
                chunk = bytes(self._buffer)
                self._buffer = bytearray()
            if not chunk:
                continue  # an empty frame: a delimiter sent to flush the line
            try:
                frames.append(decode_body(chunk))
                self.frames += 1
            except (ValueError, IndexError) as error:
                self._damaged(str(error))

    def _keep(self, tail):
        if self._overflow:
            return
        self._buffer.extend(tail)
        if len(self._buffer) > MAX_ENCODED:
            self._buffer = bytearray()
            self._overflow = True

    def _damaged(self, reason):
        self.damaged += 1
        self.last_error = reason
