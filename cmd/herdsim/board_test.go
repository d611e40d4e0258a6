package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"herdsim/board"
	"herdsim/rtlgen"
	"herdsim/sim"
	"herdsim/testvectors"
)

// emulatedBoard builds herd_board of an RTL folder in Verilator (with defines) and starts it
// behind a pty; the emulator stops with the test.
func emulatedBoard(t *testing.T, rtlDir string, defines ...string) string {
	t.Helper()
	return emulatedTop(t, rtlDir, rtlgen.IceBreaker, defines...)
}

// emulatedTop is emulatedBoard for the top of board b.
func emulatedTop(t *testing.T, rtlDir string, b *rtlgen.Board, defines ...string) string {
	t.Helper()
	if err := sim.CheckSimulator("verilator"); err != nil {
		t.Skipf("%v: the emulated board loop is not run", err)
	}
	ctx := context.Background()
	files := append(append([]string(nil), rtlgen.TiledSourceFiles...), b.Sources()...)
	bin, err := sim.BuildEmulator(ctx, rtlDir, files, t.TempDir(), sim.EmulatedBoard(b), defines...)
	require.NoError(t, err)
	baudDiv, err := boardBaudDiv(rtlDir, b)
	require.NoError(t, err)
	em, err := sim.StartEmulator(ctx, bin, baudDiv, os.Stderr)
	require.NoError(t, err)
	t.Cleanup(func() { _ = em.Stop() })
	return em.PTY
}

// boardLoop generates a tiled vector set and its RTL with the CLI, and returns their folders.
func boardLoop(t *testing.T, vectorArgs ...string) (vectors, rtl string) {
	t.Helper()
	vectors = writeVectorsTiled(t, vectorArgs...)
	rtl = filepath.Join(t.TempDir(), "rtl")
	_, err := run(t, "rtl", "--vectors", vectors, "--out", rtl)
	require.NoError(t, err)
	return vectors, rtl
}

// TestBoardLoopEmulated: the default data's design, emulated behind a pty, is loaded, run
// and read back by "board run" (the code path of a real board) after another host left the
// core busy and the link's last seq at the one board run's RESET takes (both once wedged
// the link: anotherHostLeavesTheCoreBusy), and "verify" passes the
// capture: every record (x*, z*, cycles, overflow) and the final W, b, c. Then the same
// board refuses another design's vector set, naming it (exit 2 in the CLI), and writes no
// capture.
// It is generated for the 36 MHz board clock (9 clocks a bit; the other loops run the
// default 39.75 MHz, 10 a bit): rtl.json carries the clock to the emulator.
func TestBoardLoopEmulated(t *testing.T) {
	vectors := writeVectorsTiled(t, "--hidden", "6", "--tile", "3", "--iters", "4")
	rtl := filepath.Join(t.TempDir(), "rtl")
	_, err := run(t, "rtl", "--vectors", vectors, "--out", rtl, "--board-mhz", "36")
	require.NoError(t, err)
	baudDiv, err := boardBaudDiv(rtl, rtlgen.IceBreaker)
	require.NoError(t, err)
	require.Equal(t, 9, baudDiv)
	board, err := os.ReadFile(filepath.Join(rtl, rtlgen.BoardFile))
	require.NoError(t, err)
	require.Contains(t, string(board), ".DIVF(7'd47)")
	require.Contains(t, string(board), ".BAUD_DIV(9)")
	desc, err := os.ReadFile(filepath.Join(rtl, rtlgen.CoreDescFile))
	require.NoError(t, err)
	require.Contains(t, string(desc), "--freq, 36]")
	pty := emulatedBoard(t, rtl)
	anotherHostLeavesTheCoreBusy(t, pty, vectors)
	capture := filepath.Join(t.TempDir(), "capture.hex")
	msg, err := boardRun(context.Background(), pty, rtlgen.LinkBaud, vectors, capture, 30*time.Second)
	require.NoError(t, err)
	t.Log(msg)
	out, err := verify(vectors, capture)
	require.NoError(t, err)
	require.Contains(t, out, "w_final, b_final, c_final")

	other, _ := boardLoop(t, "--hidden", "9", "--tile", "3", "--iters", "2")
	otherCapture := filepath.Join(t.TempDir(), "capture.hex")
	_, err = boardRun(context.Background(), pty, rtlgen.LinkBaud, other, otherCapture, 10*time.Second)
	require.ErrorContains(t, err, "wrong design on the board")
	require.NoFileExists(t, otherCapture)
}

// anotherHostLeavesTheCoreBusy is a host of its own over the pty, frame by frame: IDENT,
// RESET, the load (a RUN after its first frame refused: the core still loads), no credits,
// RUN 3000 (the core holds once its record buffer is full),
// READ (it waits in the core for the iterations to end), then STOP, which the board must
// refuse at once with the BUSY status instead of holding its receiver (before link
// version 2 nothing was answered again), IDENT still answered, a truncated frame dropped
// after the link's silence instead of swallowing the next, and last a GRANT of 0 with
// seq 2, the seq of board run's RESET, which must not be taken for its retransmission.
func anotherHostLeavesTheCoreBusy(t *testing.T, pty string, vectors string) {
	f, err := os.OpenFile(pty, os.O_RDWR|syscall.O_NOCTTY, 0)
	require.NoError(t, err)
	defer f.Close()
	set, _, err := testvectors.Read(vectors)
	require.NoError(t, err)
	seq := byte(7)
	send := func(typ byte, beats []uint16, replyType byte, replyLen int) []byte {
		t.Helper()
		frame := board.EncodeFrame(typ, seq, beats)
		require.NoError(t, f.SetDeadline(time.Now().Add(3*time.Second)))
		_, err := f.Write(frame)
		require.NoError(t, err)
		reply := make([]byte, 3+replyLen+rtlgen.FrameTrailer)
		_, err = io.ReadFull(f, reply)
		require.NoError(t, err, "no answer to a %q frame with seq %d: the link is wedged", typ, seq)
		require.Equal(t, []byte{rtlgen.BoardSync, replyType, seq}, reply[:3], "the reply to a %q frame", typ)
		require.Zero(t, rtlgen.CRC16(reply[1:]), "the reply's CRC")
		seq++
		return reply[3 : 3+replyLen]
	}
	ack := func(typ byte, beats []uint16) byte { t.Helper(); return send(typ, beats, rtlgen.FrameAck, 1)[0] }
	// The first IDENT until it is answered: the board may still be in its power-on reset.
	reply := make([]byte, 3+rtlgen.IdentLen+rtlgen.FrameTrailer)
	for try := 0; ; try++ {
		require.Less(t, try, 5, "no answer to IDENT")
		require.NoError(t, f.SetDeadline(time.Now().Add(time.Second)))
		_, err := f.Write(board.EncodeFrame(rtlgen.FrameIdent, seq, nil))
		require.NoError(t, err)
		if _, err := io.ReadFull(f, reply); err == nil {
			break
		}
	}
	seq++
	require.Equal(t, byte(rtlgen.StatusOK), ack(rtlgen.FrameReset, nil))
	stream := rtlgen.SetLoadStream(set)
	for i := 0; i < len(stream); i += rtlgen.MaxBeats {
		require.Equal(t, byte(rtlgen.StatusOK), ack(rtlgen.FrameLoad, stream[i:min(i+rtlgen.MaxBeats, len(stream))]))
		if i == 0 { // a load stream cut short: RUN is refused, naming it, not left to hang
			require.Equal(t, byte(rtlgen.StatusLoading), ack(rtlgen.FrameCmd, []uint16{rtlgen.Cmd(rtlgen.CmdRun, 1)}))
		}
	}
	require.Equal(t, byte(rtlgen.StatusOK), ack(rtlgen.FrameCmd, []uint16{rtlgen.Cmd(rtlgen.CmdRun, 3000)}))
	require.Equal(t, byte(rtlgen.StatusOK), ack(rtlgen.FrameCmd, []uint16{rtlgen.Cmd(rtlgen.CmdRead, 0)}))
	require.Equal(t, byte(rtlgen.StatusBusy), ack(rtlgen.FrameCmd, []uint16{rtlgen.Cmd(rtlgen.CmdStop, 0)}), "STOP while READ waits")
	send(rtlgen.FrameIdent, nil, rtlgen.FrameIdentReply, rtlgen.IdentLen)
	// A LOAD frame cut off after two of its ten payload bytes: after the link's silence
	// (2^LinkQuietLog2 clocks: the emulator runs them in well under a second) the board
	// drops it, and the next IDENT is answered, not taken for the rest of its payload.
	truncated := board.EncodeFrame(rtlgen.FrameLoad, seq, []uint16{1, 2, 3, 4, 5})[:6]
	_, err = f.Write(truncated)
	require.NoError(t, err)
	seq++
	time.Sleep(quietWait)
	send(rtlgen.FrameIdent, nil, rtlgen.FrameIdentReply, rtlgen.IdentLen)
	seq = 2
	require.Equal(t, byte(rtlgen.StatusOK), ack(rtlgen.FrameGrant, []uint16{0}))
}

// quietWait is longer than the emulated board takes to run 2^LinkQuietLog2 clocks (about
// 0.5 s on a 2-core machine, at about a million clocks a second).
const quietWait = 3 * time.Second

// TestBoardLoopCatchesACorruptWeightMemory: the same design with a stuck bit in its W
// memory (HERD_FAULT_W) runs through the same loop, and verify exits 1 naming a weight.
func TestBoardLoopCatchesACorruptWeightMemory(t *testing.T) {
	vectors, rtl := boardLoop(t, "--hidden", "6", "--tile", "3", "--iters", "2")
	pty := emulatedBoard(t, rtl, "HERD_FAULT_W")
	capture := filepath.Join(t.TempDir(), "capture.hex")
	_, err := boardRun(context.Background(), pty, rtlgen.LinkBaud, vectors, capture, 30*time.Second)
	require.NoError(t, err)
	_, err = verify(vectors, capture)
	var ee *exitError
	require.True(t, errors.As(err, &ee), "verify passed a corrupt board: %v", err)
	require.Equal(t, 1, ee.code, "%v", err)
	t.Log(err)
}

// TestBoardLoopUSPS: the paper's smallest USPS model (digit 3, K = 50, T = 4, W 18 bits)
// through the emulated board for 3 iterations.
func TestBoardLoopUSPS(t *testing.T) {
	dir := os.Getenv("HERDSIM_USPS_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data", "usps")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("USPS data: %v", err)
	}
	vectors, rtl := boardLoop(t, "--data", "usps", "--usps-dir", dir, "--class", "3", "--hidden", "50", "--mode", "H",
		"--tile", "4", "--weight-bits", "18", "--acc-bits", "22", "--reg", "c=18", "--reg", "vis_field=21",
		"--reg", "update=19", "--reg", "b=2", "--iters", "3")
	pty := emulatedBoard(t, rtl)
	capture := filepath.Join(t.TempDir(), "capture.hex")
	msg, err := boardRun(context.Background(), pty, rtlgen.LinkBaud, vectors, capture, 120*time.Second)
	require.NoError(t, err)
	t.Log(msg)
	_, err = verify(vectors, capture)
	require.NoError(t, err)
}

// TestBoardRunNamesAMissingPort: a port that does not exist is named, exit 2, no capture.
func TestBoardRunNamesAMissingPort(t *testing.T) {
	vectors := writeVectorsTiled(t, "--hidden", "6", "--tile", "3", "--iters", "2")
	capture := filepath.Join(t.TempDir(), "capture.hex")
	_, err := run(t, "board", "run", "--port", "/dev/no-such-tty", "--vectors", vectors, "--capture", capture)
	require.ErrorContains(t, err, "/dev/no-such-tty")
	var ee *exitError
	require.True(t, errors.As(err, &ee))
	require.Equal(t, 2, ee.code)
	require.NoFileExists(t, capture)
	_, err = run(t, "board", "run", "--port", "/dev/null")
	require.ErrorContains(t, err, "needs --port DEV, --vectors DIR and --capture FILE")
}

// writeVectorsTiled writes a vector set with the CLI (args: its other flags).
func writeVectorsTiled(t *testing.T, args ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "v")
	_, err := run(t, append([]string{"vectors", "--out", dir}, args...)...)
	require.NoError(t, err)
	return dir
}

// TestBoardRunNamesABrokenLink: the board going away mid-run (the emulator stopped) is a
// link error that names the port's failure, and no capture is left.
func TestBoardRunNamesABrokenLink(t *testing.T) {
	vectors, rtl := boardLoop(t, "--hidden", "6", "--tile", "6", "--iters", "3000")
	if err := sim.CheckSimulator("verilator"); err != nil {
		t.Skipf("%v", err)
	}
	ctx := context.Background()
	files := append(append([]string(nil), rtlgen.TiledSourceFiles...), rtlgen.BoardSourceFiles...)
	bin, err := sim.BuildEmulator(ctx, rtl, files, t.TempDir(), sim.EmulatedBoard(rtlgen.IceBreaker))
	require.NoError(t, err)
	baudDiv, err := boardBaudDiv(rtl, rtlgen.IceBreaker)
	require.NoError(t, err)
	em, err := sim.StartEmulator(ctx, bin, baudDiv, os.Stderr)
	require.NoError(t, err)
	capture := filepath.Join(t.TempDir(), "capture.hex")
	go func() {
		time.Sleep(1500 * time.Millisecond) // the load is done, the iterations run
		_ = em.Stop()
	}()
	_, err = boardRun(ctx, em.PTY, rtlgen.LinkBaud, vectors, capture, 5*time.Second)
	require.ErrorContains(t, err, "board link")
	require.NoFileExists(t, capture)
	t.Log(err)
}

// TestDesignIDFromTheManifest: the design ID is what docs/link.md says a host computes from
// the vector set alone: the SHA-256 of the manifest's arch object, compacted, bytes 0..3,
// which are IDENT's bytes 6..9, also for a word-skip set (skip_busy in the arch).
func TestDesignIDFromTheManifest(t *testing.T) {
	for _, args := range [][]string{{"--hidden", "6", "--tile", "3", "--iters", "2"}, {"--hidden", "6", "--tile", "3", "--iters", "2", "--mode", "H", "--skip"}} {
		dir := writeVectorsTiled(t, args...)
		raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
		require.NoError(t, err)
		var m struct {
			Arch json.RawMessage `json:"arch"`
		}
		require.NoError(t, json.Unmarshal(raw, &m))
		var compact bytes.Buffer
		require.NoError(t, json.Compact(&compact, m.Arch))
		sum := sha256.Sum256(compact.Bytes())
		set, _, err := testvectors.Read(dir)
		require.NoError(t, err)
		require.Equal(t, sum[:4], rtlgen.Ident(set.Arch)[6:10], "%v", args)
		require.Equal(t, strings.Contains(compact.String(), `"skip_busy"`), slices.Contains(args, "--skip"))
	}
}

// TestBoardTopsEmulated: the ULX3S's and the Arty's tops, each run by "herdsim board
// emulate --board NAME" (Verilator, the oscillator clocking the core) behind its pty,
// load, run and read back a vector set through "board run --board NAME", and "verify"
// passes the capture. The ULX3S top is generated at 75 MHz (--board-clock; 25 clocks a bit
// at its 3 Mbaud), the Arty's at its default 60 MHz (15 at 4 Mbaud): the emulator times the
// bits by the clock rtl.json records.
func TestBoardTopsEmulated(t *testing.T) {
	if err := sim.CheckSimulator("verilator"); err != nil {
		t.Skipf("%v: the emulated board loop is not run", err)
	}
	vectors := writeVectorsTiled(t, "--data", smallData(t), "--hidden", "6", "--tile", "3", "--iters", "3")
	rtl := filepath.Join(t.TempDir(), "rtl")
	_, err := run(t, "rtl", "--vectors", vectors, "--out", rtl, "--board-clock", "ulx3s=75")
	require.NoError(t, err)
	for _, c := range []struct {
		board   *rtlgen.Board
		baudDiv int
	}{{rtlgen.ULX3S, 25}, {rtlgen.Arty, 15}} {
		t.Run(c.board.Name, func(t *testing.T) {
			t.Parallel()
			top, err := os.ReadFile(filepath.Join(rtl, c.board.File))
			require.NoError(t, err)
			require.Contains(t, string(top), fmt.Sprintf(".BAUD_DIV(%d)", c.baudDiv))
			pty := emulateCLI(t, rtl, c.board.Name)
			capture := filepath.Join(t.TempDir(), "capture.hex")
			out, err := run(t, "board", "run", "--board", c.board.Name, "--port", pty, "--vectors", vectors, "--capture", capture, "--timeout", "30s")
			require.NoError(t, err)
			t.Log(strings.TrimSpace(out))
			out, err = verify(vectors, capture)
			require.NoError(t, err)
			require.Contains(t, out, "w_final, b_final, c_final")
		})
	}
}

// emulateCLI runs "herdsim board emulate --rtl rtl --board board" until the test ends and
// returns the pty it prints.
func emulateCLI(t *testing.T, rtl, board string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	cmd := newRootCommand()
	cmd.SetOut(pw)
	cmd.SetErr(io.Discard)
	cmd.SetArgs([]string{"board", "emulate", "--rtl", rtl, "--board", board})
	done := make(chan error, 1)
	go func() {
		done <- cmd.ExecuteContext(ctx)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-done, "board emulate --board %s", board)
	})
	line, err := bufio.NewReader(pr).ReadString('\n')
	require.NoError(t, err, "board emulate --board %s printed no pty", board)
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	pty, ok := strings.CutPrefix(strings.TrimSpace(line), "pty: ")
	require.True(t, ok, "board emulate printed %q", line)
	return pty
}
