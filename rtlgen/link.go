package rtlgen

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"herdsim/datapath"
)

// The board link (docs/fpga.md, "The board link"): UART 8N1 at LinkBaud; frames
// SYNC, type, seq, length (2 bytes, low first), payload, CRC-16/CCITT-FALSE (2 bytes, high
// first) over type .. payload. Payload beats are 16 bits, low byte first.
const (
	// LinkBaud is 4 Mbaud: the iCEBreaker's FT2232H makes it exactly (12 MHz / 3), and the
	// board's 39.75 MHz makes it within 0.7 % (10 clocks a bit); 6 and 8 Mbaud, the FTDI's
	// next rates, are 5 % and 17 % off at 39.75 MHz.
	LinkBaud = 4_000_000

	FrameIdent      = 'I' // host: who are you (no payload); answered by FrameIdentReply
	FrameReset      = 'Z' // host: reset the core (it then takes a load); ACK
	FrameLoad       = 'L' // host: load stream beats; ACK once the core took them all
	FrameCmd        = 'C' // host: command beats (Cmd); ACK once the core took them all
	FrameGrant      = 'G' // host: one beat, n: the host has room for n more RECORD/READ frames; ACK
	FrameAck        = 'A' // board: the host frame's seq, one byte of status
	FrameIdentReply = 'i' // board: IdentLen bytes (Ident)
	FrameRecord     = 'R' // board: one output record (RB beats); seq counts records mod 256
	FrameRead       = 'B' // board: up to ReadChunk beats of the read-back; seq counts chunks mod 256

	StatusOK         = 0 // carried out (or a retransmission of the last frame carried out)
	StatusCRC        = 1 // the CRC did not match: send the frame again
	StatusType       = 2 // unknown frame type
	StatusLength     = 3 // odd length, or more than MaxPayload bytes
	StatusNotLoading = 4 // a LOAD beat the core did not take: it is not loading (RESET first)

	MaxPayload   = 512 // bytes of a host frame's payload (the board's frame buffer)
	ReadChunk    = 256 // beats of a READ frame, the last one of a read-back shorter
	IdentLen     = 12
	LinkVersion  = 1
	FrameHeader  = 5 // SYNC, type, seq, length
	FrameTrailer = 2 // CRC
)

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
func identHex(a datapath.Arch, _ uint32) string {
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
