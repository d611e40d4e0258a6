package board

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"herdsim/rtlgen"
)

// Frame is one frame from the board: its type, seq and payload.
type Frame struct {
	Type    byte
	Seq     byte
	Payload []byte
}

// LinkError is a failure of the link itself (timeout, corrupt frame, refusal), as opposed
// to a mismatch in what the board computed.
type LinkError struct{ Err error }

func (e *LinkError) Error() string { return "board link: " + e.Err.Error() }
func (e *LinkError) Unwrap() error { return e.Err }

func linkErr(format string, args ...any) error { return &LinkError{fmt.Errorf(format, args...)} }

// Link talks to one board. Frames from the board are parsed by a reader goroutine: replies
// (ACK, IDENT) go to one queue, data (RECORD, READ) to another, so that a reply is never
// stuck behind data the caller has not read yet.
type Link struct {
	port    io.ReadWriteCloser
	seq     byte
	rb      atomic.Int32 // beats of a record, from the IDENT reply: the length of a RECORD frame
	replies chan Frame
	data    chan Frame
	failed  chan struct{} // closed when the reader stops
	mu      sync.Mutex
	err     error // why the reader stopped

	// Timeout is how long Send waits for an ACK before sending again.
	Timeout time.Duration
	// Retries is how many times Send sends a frame before it gives up.
	Retries int
}

// NewLink starts talking over port (a serial port or a pseudo-terminal, already open).
func NewLink(port io.ReadWriteCloser) *Link {
	l := &Link{port: port, seq: 1, replies: make(chan Frame, 16), data: make(chan Frame, 1024),
		failed: make(chan struct{}), Timeout: 2 * time.Second, Retries: 5}
	go l.read()
	return l
}

// Close closes the port; the reader stops.
func (l *Link) Close() error { return l.port.Close() }

// read parses board frames until the port fails.
func (l *Link) read() {
	r := bufio.NewReaderSize(l.port, 1<<16)
	err := func() error {
		for {
			f, err := l.readFrame(r)
			if err != nil {
				return err
			}
			switch f.Type {
			case rtlgen.FrameAck, rtlgen.FrameIdentReply:
				l.replies <- f
			default:
				l.data <- f
			}
		}
	}()
	l.mu.Lock()
	l.err = err
	l.mu.Unlock()
	close(l.failed)
}

// readFrame hunts for SYNC and reads one whole frame; a frame whose CRC fails is an
// error (the board cannot send it again).
func (l *Link) readFrame(r *bufio.Reader) (Frame, error) {
	for {
		b, err := r.ReadByte()
		if err != nil {
			return Frame{}, err
		}
		if b != rtlgen.BoardSync {
			continue
		}
		head := make([]byte, 2)
		if _, err := io.ReadFull(r, head); err != nil {
			return Frame{}, err
		}
		n := rtlgen.BoardPayload(head[0], int(l.rb.Load()))
		if n == 0 {
			return Frame{}, linkErr("a board frame of unknown type %q (or a RECORD before IDENT)", head[0])
		}
		rest := make([]byte, n+rtlgen.FrameTrailer)
		if _, err := io.ReadFull(r, rest); err != nil {
			return Frame{}, err
		}
		all := append(head, rest...)
		if rtlgen.CRC16(all) != 0 {
			return Frame{}, linkErr("a board frame (type %q, seq %d) failed its CRC", head[0], head[1])
		}
		return Frame{Type: head[0], Seq: head[1], Payload: rest[:n]}, nil
	}
}

// readerErr is why the reader stopped.
func (l *Link) readerErr() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	var le *LinkError
	if errors.As(l.err, &le) {
		return l.err
	}
	return linkErr("the port closed: %v", l.err)
}

// EncodeFrame is a host frame of type typ, sequence number seq and payload beats.
func EncodeFrame(typ, seq byte, beats []uint16) []byte {
	if len(beats) > rtlgen.MaxBeats {
		panic(fmt.Sprintf("board: %d beats in a frame, at most %d", len(beats), rtlgen.MaxBeats))
	}
	out := []byte{rtlgen.BoardSync, typ, seq, byte(len(beats))}
	for _, b := range beats {
		out = binary.LittleEndian.AppendUint16(out, b)
	}
	crc := rtlgen.CRC16(out[1:])
	return append(out, byte(crc>>8), byte(crc))
}

// exchange sends a frame and waits for its reply, sending it again after Timeout or a
// CRC refusal; other refusals are errors.
func (l *Link) exchange(ctx context.Context, typ byte, beats []uint16, want byte) (Frame, error) {
	seq := l.seq
	l.seq++
	frame := EncodeFrame(typ, seq, beats)
	for try := 0; try < l.Retries; try++ {
		if _, err := l.port.Write(frame); err != nil {
			return Frame{}, linkErr("writing a %q frame: %v", typ, err)
		}
		timer := time.NewTimer(l.Timeout)
	wait:
		for {
			select {
			case <-ctx.Done():
				timer.Stop()
				return Frame{}, ctx.Err()
			case <-l.failed:
				timer.Stop()
				return Frame{}, l.readerErr()
			case <-timer.C:
				break wait // send again
			case f := <-l.replies:
				if f.Seq != seq {
					continue // a late reply to an earlier try
				}
				timer.Stop()
				if f.Type == want && (want != rtlgen.FrameAck || f.Payload[0] == rtlgen.StatusOK) {
					return f, nil
				}
				if f.Type == rtlgen.FrameAck && f.Payload[0] == rtlgen.StatusCRC {
					break wait // corrupted on the way: send again
				}
				return Frame{}, refusal(typ, f)
			}
		}
	}
	return Frame{}, linkErr("no answer to a %q frame after %d tries %v apart: is the board connected, configured with herdsim's bitstream, and the port right?", typ, l.Retries, l.Timeout)
}

// refusal names why the board refused a frame.
func refusal(typ byte, f Frame) error {
	if f.Type != rtlgen.FrameAck {
		return linkErr("a %q reply to a %q frame", f.Type, typ)
	}
	switch f.Payload[0] {
	case rtlgen.StatusType:
		return linkErr("the board does not know frame type %q: another design or protocol version", typ)
	case rtlgen.StatusNotLoading:
		return linkErr("the core refused a load beat: it is not loading (it already holds a load; reset first)")
	case rtlgen.StatusLoading:
		return linkErr("the core refused a command: it is still loading, the load stream sent is shorter than the design's (send the rtl folder's load.hex, whole)")
	case rtlgen.StatusBusy:
		return linkErr("the core refused a command: it is busy, another command waits in it (READ waits until the iterations end; STOP and RUN wait while a read-back runs)")
	}
	return linkErr("the board answered a %q frame with status %d", typ, f.Payload[0])
}

// Ident asks the board who it is; the reply's RB sets the length of RECORD frames.
func (l *Link) Ident(ctx context.Context) (IdentInfo, error) {
	f, err := l.exchange(ctx, rtlgen.FrameIdent, nil, rtlgen.FrameIdentReply)
	if err != nil {
		return IdentInfo{}, err
	}
	info, err := parseIdent(f.Payload)
	if err == nil {
		l.rb.Store(int32(info.RB))
	}
	return info, err
}

// Send sends a frame of beats (at most rtlgen.MaxBeats) and waits for its ACK.
func (l *Link) Send(ctx context.Context, typ byte, beats []uint16) error {
	_, err := l.exchange(ctx, typ, beats, rtlgen.FrameAck)
	return err
}

// Next waits up to timeout for the board's next RECORD or READ frame.
func (l *Link) Next(ctx context.Context, timeout time.Duration) (Frame, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case f := <-l.data:
		return f, nil
	case <-ctx.Done():
		return Frame{}, ctx.Err()
	case <-l.failed:
		return Frame{}, l.readerErr()
	case <-timer.C:
		return Frame{}, linkErr("no frame from the board for %v", timeout)
	}
}

// IdentInfo is the IDENT reply: the link version, the mode, the design ID and RB.
type IdentInfo struct {
	Version  int
	Mode     int
	DesignID uint32
	RB       int
}

func parseIdent(p []byte) (IdentInfo, error) {
	if len(p) != rtlgen.IdentLen || string(p[:4]) != "HERD" {
		return IdentInfo{}, linkErr("the IDENT reply %x is not a herdsim board's", p)
	}
	return IdentInfo{Version: int(p[4]), Mode: int(p[5]), DesignID: binary.LittleEndian.Uint32(p[6:10]),
		RB: int(binary.LittleEndian.Uint16(p[10:12]))}, nil
}
