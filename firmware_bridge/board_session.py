"""The board's side of the link, sans-IO: answers the host, queues input events and resends them.

Runs unchanged on CPython and MicroPython. Driven by feed(bytes), tick(now_ms) and outbox();
commands the host sends (LEDs, display) are left in `actions` for the firmware to carry out.
"""

try:
    from firmware_bridge import codec, messages, protocol
except ImportError:  # on the board every module sits flat in the root
    import codec  # type: ignore[import-not-found, no-redef]
    import messages  # type: ignore[import-not-found, no-redef]
    import protocol  # type: ignore[import-not-found, no-redef]


class BoardSession:
    """Everything the board says on the link, decided from what it heard and the time.

    Events are made and sent only while a host that speaks our major version listens: from its
    HELLO until its BYE, or until it has been silent for `host_timeout_ms`. A press made while
    nobody listens is not kept (counted in `unheard`): delivered later, it would arrive as if made
    that moment (a stale roll). Events made while a host listened are kept across a lost link. Up to
    `window` events are in flight. When the host reports a gap (an ACK with `resend`), the
    oldest unacknowledged event is sent again at once; when no acknowledgement has moved things
    on for `resend_ms`, everything in flight is sent again (the host drops the copies), and the
    wait doubles each time up to `max_resend_ms`, so a busy host is not flooded. A full
    queue drops the newest event and counts it in `dropped`: the board has only so much memory.
    """

    def __init__(self, firmware, board_id, capabilities=0, leds=0, display_digits=0, boot=0,
                 queue_size=64, window=32, resend_ms=20, max_resend_ms=200,
                 host_timeout_ms=3500):
        self.firmware = firmware
        self.board_id = board_id
        self.capabilities = capabilities
        self.leds = leds
        self.display_digits = display_digits
        self.boot = boot & 0xFFFF
        self.queue_size = queue_size
        self.window = window
        self.resend_ms = resend_ms
        self.max_resend_ms = max_resend_ms
        self._wait_ms = resend_ms
        self.host_timeout_ms = host_timeout_ms
        self.connected = False
        self.actions = []
        self.dropped = 0
        self.unheard = 0
        self.resends = 0
        self._decoder = codec.Decoder()
        self._out = bytearray()
        self._seq = 0
        self._pending = []
        self._in_flight = 0
        self._next_id = 0
        self._announced = False
        self._now = 0
        self._last_heard = 0
        self._resend_due = 0
        self._resend_first = False

    def push(self, kind, code=0, value=0):
        """Queue one input event: its id, or None when no host listens or the queue is full."""
        if not self.connected:
            self.unheard += 1
            return None
        if len(self._pending) >= self.queue_size:
            self.dropped += 1
            return None
        event_id = self._next_id
        self._pending.append(messages.Event(event_id, kind, code, value))
        self._next_id = (event_id + 1) & protocol.SEQ_MASK
        return event_id

    def room(self):
        return self.queue_size - len(self._pending)

    def pending(self):
        return len(self._pending)

    def feed(self, data):
        for frame in self._decoder.feed(data):
            self._last_heard = self._now
            self._answer(frame)

    def tick(self, now_ms):
        self._now = now_ms
        if not self._announced:
            self._announced = True
            self._send(self.hello_ack())
        if not self.connected:
            return
        if now_ms - self._last_heard > self.host_timeout_ms:
            self.link_down()
            return
        if self._in_flight and now_ms >= self._resend_due:
            self.resends += 1
            self._wait_ms = min(self._wait_ms * 2, self.max_resend_ms)
            self._go_back()
        elif self._resend_first and self._in_flight:
            self._send(self._pending[0])
        self._resend_first = False
        while self._in_flight < len(self._pending) and self._in_flight < self.window:
            if not self._in_flight:
                self._resend_due = now_ms + self._wait_ms
            self._send(self._pending[self._in_flight])
            self._in_flight += 1

    def outbox(self):
        """The bytes to write to the host now; the session forgets them."""
        out = bytes(self._out)
        self._out = bytearray()
        return out

    def link_down(self):
        """The host is gone (it said BYE, the cable is out, or it was silent too long): keep the
        queue, stop sending, and make no more events until the next HELLO."""
        self.connected = False
        self._in_flight = 0

    def hello_ack(self):
        first = self._pending[0].event_id if self._pending else self._next_id
        return messages.HelloAck(protocol.PROTOCOL_MAJOR, protocol.PROTOCOL_MINOR, self.firmware,
                              self.board_id, self.capabilities, self.leds,
                              self.display_digits, self.boot, first,
                              1 if self.connected else 0)

    def _send(self, message):
        self._out.extend(codec.encode_frame(message, self._seq))
        self._seq = (self._seq + 1) & protocol.SEQ_MASK

    def _go_back(self):
        self._in_flight = 0

    def _answer(self, frame):
        message = frame.message
        kind = message.TYPE
        if kind == protocol.HELLO:
            if frame.major == protocol.PROTOCOL_MAJOR:
                self.connected = True
                self._go_back()
                self._send(self.hello_ack())
            else:
                self._send(self.hello_ack())
                self.link_down()
                self._send(messages.Err(protocol.E_VERSION, frame.seq,
                                     "board speaks protocol %d.%d, host %d.%d" % (
                                         protocol.PROTOCOL_MAJOR, protocol.PROTOCOL_MINOR,
                                         frame.major, frame.minor)))
        elif kind == protocol.BYE:
            self.link_down()  # no answer: the host is leaving
        elif isinstance(message, messages.Unknown):
            code = protocol.E_UNKNOWN_TYPE if kind not in messages.MESSAGES else protocol.E_BAD_PAYLOAD
            self._send(messages.Err(code, frame.seq, message.reason))
        elif not self.connected:
            self._send(messages.Err(protocol.E_NOT_READY, frame.seq, "say HELLO first"))
        elif kind == protocol.PING:
            self._send(messages.Pong(frame.seq))
        elif kind == protocol.ACK:
            self._acknowledged(message)
        elif kind == protocol.SET_LED:
            if message.led >= self.leds:
                self._send(messages.Err(protocol.E_NO_SUCH_LED, frame.seq,
                                     "LED %d: the board has %d" % (message.led, self.leds)))
            else:
                self.actions.append(message)
                self._send(messages.Ok(frame.seq))
        elif kind == protocol.SHOW_NUMBER:
            if not self.display_digits:
                self._send(messages.Err(protocol.E_NO_DISPLAY, frame.seq, "the board has no display"))
            else:
                self.actions.append(message)
                self._send(messages.Ok(frame.seq))
        # Anything else (OK, ERR, PONG...) needs no answer from the board.

    def _acknowledged(self, ack):
        removed = 0
        while self._pending and not protocol.seq_after(self._pending[0].event_id, ack.event_id):
            self._pending.pop(0)
            removed += 1
        self._in_flight = max(0, self._in_flight - removed)
        if removed:
            self._wait_ms = self.resend_ms
            self._resend_due = self._now + self._wait_ms
        if ack.resend:
            self._resend_first = True
