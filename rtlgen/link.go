package rtlgen

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"herdsim/datapath"
)

// The board link (docs/link.md): UART 8N1 at LinkBaud. A host frame is
// SYNC, type, seq, n (payload beats, 0..255), the payload's beats (16 bits, low byte
// first) and a CRC-16/CCITT-FALSE (high byte first) over type .. payload. A board frame is
// SYNC, type, seq, a payload whose length its type fixes (BoardPayload), and the CRC.
const (
	// LinkBaud is 4 Mbaud: the iCEBreaker's FT2232H makes it exactly (12 MHz / 3), and the
	// board's 39.75 MHz makes it within 0.7 % (10 clocks a bit), its 36 MHz exactly (9); 6
	// and 8 Mbaud, the FTDI's next rates, are 5 % and 17 % off at 39.75 MHz.
	LinkBaud = 4_000_000

	BoardSync = 0xA5 // the first byte of every frame, host's and board's

	FrameIdent      = 'I' // host: who are you (no payload); answered by FrameIdentReply
	FrameReset      = 'Z' // host: reset the core (it then takes a load); ACK
	FrameLoad       = 'L' // host: load stream beats; ACK once the core took them all
	FrameCmd        = 'C' // host: command beats (Cmd); ACK once the core took them all
	FrameGrant      = 'G' // host: one beat, n < 256: room for n more RECORD/READ frames; ACK
	FrameAck        = 'A' // board: the host frame's seq, one byte of status
	FrameIdentReply = 'i' // board: IdentLen bytes (Ident)
	FrameRecord     = 'R' // board: one output record (RB beats); seq counts records mod 256
	FrameRead       = 'B' // board: ReadChunk beats of the read-back (zeros after its end); seq counts chunks mod 256

	StatusOK         = 0 // carried out (or a retransmission of the last frame carried out)
	StatusCRC        = 1 // the CRC did not match: send the frame again
	StatusType       = 2 // unknown frame type
	StatusNotLoading = 3 // a LOAD beat the core did not take: it is not loading (RESET first)
	StatusBusy       = 4 // a CMD beat the core did not take: a command waits in it (READ until the iterations end)
	StatusLoading    = 5 // a CMD frame while the core still loads: the load so far is shorter than the design's

	// LinkQuietLog2: a host frame whose bytes stop for 2^LinkQuietLog2 core clocks (13 ms
	// at 39.75 MHz, 15 at 36) is dropped unanswered, so that a truncated frame does not
	// swallow the next: far below the host's 2 s before it sends a frame again, far above
	// the gaps of a USB serial link within one write.
	LinkQuietLog2 = 19

	MaxBeats     = 255 // beats of a host frame's payload
	ReadChunk    = 256 // beats of a READ frame
	MaxCredit    = 255 // the most RECORD/READ frames the board may owe the host
	IdentLen     = 12
	LinkVersion  = 2 // 2: CMD beats refused with StatusBusy instead of holding the receiver; IDENT starts a session
	FrameHeader  = 4 // SYNC, type, seq, n (host frames; board frames have no n)
	FrameTrailer = 2 // CRC
)

// BoardPayload is the payload bytes of a board frame of type typ for a design whose
// records are rb beats; 0 for a type the board does not send.
func BoardPayload(typ byte, rb int) int {
	switch typ {
	case FrameAck:
		return 1
	case FrameIdentReply:
		return IdentLen
	case FrameRecord:
		return 2 * rb
	case FrameRead:
		return 2 * ReadChunk
	}
	return 0
}

// DesignID names the hardware an Arch generates: the first 4 bytes of the SHA-256 of its
// JSON. The board's IDENT reply carries it, so that the host can refuse a board that holds
// another design.
func DesignID(a datapath.Arch) uint32 {
	j, err := json.Marshal(a)
	if err != nil {
		panic(err) // an Arch is plain data
	}
	sum := sha256.Sum256(j)
	return binary.LittleEndian.Uint32(sum[:4])
}

// Ident is the IDENT reply's payload: "HERD", the link version, the mode (0 H, 1 SH), the
// design ID (4 bytes, low first) and RB, the beats of a record (2 bytes, low first).
func Ident(a datapath.Arch) []byte {
	out := []byte{'H', 'E', 'R', 'D', LinkVersion, byte(a.Mode)}
	out = binary.LittleEndian.AppendUint32(out, DesignID(a))
	return binary.LittleEndian.AppendUint16(out, uint16(a.Sizes().RB))
}

// identHex is Ident as a Verilog hex constant, byte 0 in the low bits.
func identHex(a datapath.Arch) string {
	id := Ident(a)
	s := ""
	for i := len(id) - 1; i >= 0; i-- {
		s += fmt.Sprintf("%02x", id[i])
	}
	return s
}

// CRC16 is CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection), the
// frames' check.
func CRC16(data []byte) uint16 {
	crc := uint16(0xffff)
	for _, b := range data {
		crc ^= uint16(b) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}
