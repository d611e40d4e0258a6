package sim

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"herdsim/internal/interrupt"
	"herdsim/rtlgen"
)

// The board emulator: herd_board compiled by Verilator with a harness
// (rtlgen.EmulatorSource) that bridges its UART pins to a pseudo-terminal, so that the
// host side talks to the emulated board through the same serial-port code as to a real
// one.

// EmulatorBinary is the emulator's file name in BuildEmulator's obj_dir.
const EmulatorBinary = "herd_emulate"

// emulatorStopTimeout is how long Stop waits after SIGTERM before SIGKILL. The harness
// may spend up to a second handing its last bytes to a host that is slow to read.
const emulatorStopTimeout = 5 * time.Second

// EmulatedTop is the board top an emulator runs: its module and the ports the harness
// drives (the oscillator, the UART into the FPGA) and reads (the UART out of it).
type EmulatedTop struct{ Module, Clock, RX, TX string }

// EmulatedBoard is the EmulatedTop of a board's generated top.
func EmulatedBoard(b *rtlgen.Board) EmulatedTop {
	return EmulatedTop{Module: b.Top, Clock: b.Clock, RX: b.RX, TX: b.TX}
}

// BuildEmulator compiles the Verilog files (names in rtlDir) with the emulator harness
// into workDir/obj_dir, top as its top, and returns the binary's path. The design is built
// with HERD_NO_PLL defined, since the PLL has no simulation model. Errors are *RTLError; a
// failed build's error ends with the tail of Verilator's output. Each of defines is passed
// to Verilator as -D<define> (e.g. the core's test-only HERD_FAULT_W).
func BuildEmulator(ctx context.Context, rtlDir string, files []string, workDir string, top EmulatedTop, defines ...string) (binary string, err error) {
	if err := CheckSimulator("verilator"); err != nil {
		return "", err
	}
	if len(files) == 0 {
		return "", rtlErr("emulator: no Verilog files to build from %s", rtlDir)
	}
	rtlAbs, err := filepath.Abs(rtlDir)
	if err != nil {
		return "", &RTLError{err}
	}
	work, err := filepath.Abs(workDir)
	if err != nil {
		return "", &RTLError{err}
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return "", &RTLError{err}
	}
	harness := filepath.Join(work, rtlgen.EmulatorFile)
	if err := os.WriteFile(harness, []byte(rtlgen.EmulatorSource()), 0o644); err != nil {
		return "", &RTLError{err}
	}
	mdir := filepath.Join(work, "obj_dir")
	// The model is the hot loop: Verilator's own -O3, and the C++ at -O2 instead of the
	// Makefile's default -Os, which runs the eval loop markedly slower.
	argv := []string{"verilator", "--cc", "--exe", "--build", "-O3", "-j", "2",
		"-DHERD_NO_PLL", "--top-module", top.Module, "--prefix", "Vherd_board",
		"-CFLAGS", fmt.Sprintf("-DHERD_CLK=%s -DHERD_RX=%s -DHERD_TX=%s", top.Clock, top.RX, top.TX),
		"-Wno-fatal", "-Wno-lint", "-Wno-style",
		"-MAKEFLAGS", "OPT_FAST=-O2", "-MAKEFLAGS", "OPT_GLOBAL=-O2", "-CFLAGS", "-O2",
		"--Mdir", mdir, "-o", EmulatorBinary, "-I" + rtlAbs}
	argv = append(argv, compilerCache()...)
	for _, d := range defines {
		argv = append(argv, "-D"+d)
	}
	for _, f := range files {
		p := filepath.Join(rtlAbs, f)
		if _, err := os.Stat(p); err != nil {
			return "", rtlErr("emulator: Verilog file %s: %w", p, err)
		}
		argv = append(argv, p)
	}
	argv = append(argv, harness)
	cmd := interrupt.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = work
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := interrupt.Run(cmd); err != nil {
		if ctx.Err() != nil {
			return "", rtlErr("emulator: build cancelled: %w", ctx.Err())
		}
		return "", rtlErr("emulator: verilator build failed (%v):\n%s", err, lastLines(out.String(), 40))
	}
	binary = filepath.Join(mdir, EmulatorBinary)
	if _, err := os.Stat(binary); err != nil {
		return "", rtlErr("emulator: verilator succeeded but wrote no %s: %w", binary, err)
	}
	return binary, nil
}

// Emulator is a running board emulator.
type Emulator struct {
	// PTY is the slave side of the emulator's pseudo-terminal (/dev/pts/N): open it as
	// the board's serial port. It is already in raw mode.
	PTY string

	cmd    *exec.Cmd
	stderr *tailWriter
	done   chan struct{} // closed when the process has exited and err is set
	err    error
	stopMu sync.Mutex
	killed atomic.Bool // by Stop, after SIGTERM did not end it
}

// StartEmulator starts binary (from BuildEmulator) at baudDiv clock cycles per UART bit,
// waits for it to open its pseudo-terminal and returns it running. The emulator's stderr
// (framing errors, failures) goes to stderr, which may be nil. ctx bounds the emulator's
// whole life, as with exec.CommandContext: cancelling it stops the emulator as Stop does.
// Errors are *RTLError.
func StartEmulator(ctx context.Context, binary string, baudDiv int, stderr io.Writer) (*Emulator, error) {
	if baudDiv < 2 {
		return nil, rtlErr("emulator: baud divider %d: need at least 2 clock cycles per bit", baudDiv)
	}
	if _, err := os.Stat(binary); err != nil {
		return nil, rtlErr("emulator binary %s: %w (build it with BuildEmulator)", binary, err)
	}
	if stderr == nil {
		stderr = io.Discard
	}
	e := &Emulator{stderr: &tailWriter{w: stderr, max: 4096}, done: make(chan struct{})}
	cmd := exec.CommandContext(ctx, binary, "--baud-div", strconv.Itoa(baudDiv))
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = emulatorStopTimeout
	cmd.Stderr = e.stderr
	// An *os.File, not StdoutPipe: Wait closes a StdoutPipe as the process exits, which
	// could lose the pty line of an emulator that exits at once.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, &RTLError{err}
	}
	cmd.Stdout = pw
	if err := interrupt.Start(cmd); err != nil {
		pr.Close()
		pw.Close()
		return nil, rtlErr("emulator %s: %w", binary, err)
	}
	pw.Close()
	e.cmd = cmd
	go func() {
		e.err = interrupt.Wait(cmd)
		close(e.done)
	}()
	line := make(chan string, 1)
	go func() {
		defer pr.Close()
		r := bufio.NewReader(pr)
		s, _ := r.ReadString('\n')
		line <- s
		// Stdout must never fill up and stall the simulation.
		_, _ = io.Copy(io.Discard, r)
	}()
	var first string
	select {
	case first = <-line:
	case <-ctx.Done():
		<-e.done
		return nil, rtlErr("emulator %s: cancelled before it opened its pty: %w", binary, ctx.Err())
	}
	pty, ok := strings.CutPrefix(strings.TrimSpace(first), "pty: ")
	if !ok || pty == "" {
		_ = e.Stop()
		<-e.done
		what := fmt.Sprintf("printed %q instead of its pty", first)
		if first == "" {
			what = fmt.Sprintf("exited before it opened its pty (%v)", e.err)
		}
		return nil, rtlErr("emulator %s %s%s", binary, what, e.stderr.tail())
	}
	e.PTY = pty
	return e, nil
}

// Done is closed when the emulator has exited (after Stop, a cycle limit, or a crash).
func (e *Emulator) Done() <-chan struct{} { return e.done }

// Wait waits for the emulator to exit and returns what Stop returns.
func (e *Emulator) Wait() error {
	<-e.done
	return e.exitErr()
}

// Stop asks the emulator to finish (SIGTERM: it flushes its last bytes and exits 0),
// kills it if it has not exited within a few seconds, and waits for it. It returns nil
// for a clean exit, also when the emulator had already exited cleanly; calling it again
// returns the same.
func (e *Emulator) Stop() error {
	e.stopMu.Lock()
	defer e.stopMu.Unlock()
	select {
	case <-e.done:
		return e.exitErr()
	default:
	}
	_ = e.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-e.done:
		return e.exitErr()
	case <-time.After(emulatorStopTimeout):
	}
	e.killed.Store(true)
	_ = e.cmd.Process.Kill()
	<-e.done
	return e.exitErr()
}

// exitErr is the process's exit as an error, with the tail of its stderr to say why.
func (e *Emulator) exitErr() error {
	if e.killed.Load() {
		return rtlErr("emulator %s did not stop within %v of SIGTERM and was killed", e.cmd.Path, emulatorStopTimeout)
	}
	// A cancelled ctx stops the emulator as Stop does; a clean exit then is no error.
	if e.err == nil || e.cmd.ProcessState.Success() {
		return nil
	}
	var ee *exec.ExitError
	if errors.As(e.err, &ee) {
		return rtlErr("emulator %s: %v%s", e.cmd.Path, ee, e.stderr.tail())
	}
	return rtlErr("emulator %s: %w", e.cmd.Path, e.err)
}

// tailWriter passes writes through and keeps the last max bytes, so that an error can
// say what the process printed before it failed.
type tailWriter struct {
	w   io.Writer
	max int
	mu  sync.Mutex
	buf []byte
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	t.mu.Unlock()
	return t.w.Write(p)
}

// tail is the kept output as an error suffix ("" when there is none).
func (t *tailWriter) tail() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(t.buf))
	if s == "" {
		return ""
	}
	return ":\n" + s
}

// lastLines is the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
