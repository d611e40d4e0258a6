//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"herdsim/internal/toolcache"
	"herdsim/sim"
	"herdsim/synth"
)

// interruptible is a herdsim process started with its own, empty $TMPDIR.
type interruptible struct {
	cmd    *exec.Cmd
	tmp    string
	stderr bytes.Buffer // read it only once done has delivered
	done   chan error   // the process's exit
}

// startHerdsim starts herdsim with args in dir, with $TMPDIR an empty folder of its own.
func startHerdsim(t *testing.T, dir string, args ...string) *interruptible {
	t.Helper()
	p := &interruptible{tmp: t.TempDir()}
	p.cmd = exec.Command(herdsimBinary(t), args...)
	p.cmd.Dir = dir
	// No tool cache: the tool must be running when the signal comes, not restored.
	p.cmd.Env = append(os.Environ(), "TMPDIR="+p.tmp, "HERDSIM_PROGRESS=0", toolcache.EnvDir+"=")
	p.cmd.Stderr = &p.stderr
	require.NoError(t, p.cmd.Start())
	p.done = make(chan error, 1)
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() { _ = p.cmd.Process.Kill() })
	return p
}

// waitFor polls until the glob matches (the command got as far as making that file).
func waitFor(t *testing.T, p *interruptible, glob string) {
	t.Helper()
	deadline := time.After(2 * time.Minute)
	for {
		if m, _ := filepath.Glob(glob); len(m) > 0 {
			return
		}
		select {
		case err := <-p.done:
			t.Fatalf("herdsim ended (%v) before %s appeared; stderr:\n%s", err, glob, p.stderr.String())
		case <-deadline:
			_ = p.cmd.Process.Kill()
			<-p.done
			t.Fatalf("%s never appeared; stderr:\n%s", glob, p.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// interruptAndCheck sends sig and checks that herdsim says it was interrupted, exits with
// want, and leaves nothing in $TMPDIR nor a tool running in it.
func interruptAndCheck(t *testing.T, p *interruptible, sig syscall.Signal, want int) {
	t.Helper()
	require.NoError(t, p.cmd.Process.Signal(sig))
	var err error
	select {
	case err = <-p.done:
	case <-time.After(30 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
		t.Fatalf("herdsim did not stop within 30 s of %v; stderr:\n%s", sig, p.stderr.String())
	}
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "exit: %v; stderr:\n%s", err, p.stderr.String())
	require.Equal(t, want, ee.ExitCode(), "stderr:\n%s", p.stderr.String())
	require.Contains(t, p.stderr.String(), "interrupted")
	entries, err := os.ReadDir(p.tmp)
	require.NoError(t, err)
	require.Empty(t, entries, "left in $TMPDIR")
	require.Empty(t, processesIn(p.tmp), "tools still running in $TMPDIR")
}

// processesIn lists the processes whose working directory is in dir.
func processesIn(dir string) []string {
	var found []string
	procs, _ := filepath.Glob("/proc/[0-9]*/cwd")
	for _, cwd := range procs {
		if target, err := os.Readlink(cwd); err == nil && strings.HasPrefix(target, dir) {
			found = append(found, cwd+" -> "+target)
		}
	}
	return found
}

// TestSignalHerd: herd interrupted in its run leaves no temporary file in its --out
// folder (.trace.jsonl.tmpNNN), says so, and exits 130 on SIGINT, 143 on SIGTERM.
func TestSignalHerd(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			p := startHerdsim(t, dir, "herd", "--data", "default", "--hidden", "256", "--iters", "1000000", "--out", out)
			waitFor(t, p, filepath.Join(out, ".trace.jsonl.tmp*"))
			interruptAndCheck(t, p, c.sig, c.want)
			entries, err := os.ReadDir(out)
			require.NoError(t, err)
			require.Empty(t, entries, "left in --out")
		})
	}
}

// TestSignalRTLSim: rtlsim interrupted while Verilator (or Icarus) builds the testbench
// kills the simulator and the compilers it started and removes its folders
// ($TMPDIR/herdsim-build-*, with obj_dir, and herdsim-rtlsim-*, where it runs).
func TestSignalRTLSim(t *testing.T) {
	simulator := "verilator"
	if sim.CheckSimulator(simulator) != nil {
		simulator = "icarus"
		if err := sim.CheckSimulator(simulator); err != nil {
			t.Skipf("%v: not run", err)
		}
	}
	vec, rtl := rtlFolders(t)
	p := startHerdsim(t, t.TempDir(), "rtlsim", "--sim", simulator, "--vectors", vec, "--rtl", rtl)
	waitFor(t, p, filepath.Join(p.tmp, "herdsim-build-*", "herd_tb.v"))
	time.Sleep(500 * time.Millisecond) // into the build
	interruptAndCheck(t, p, syscall.SIGINT, 130)
}

// TestSignalSynth: synth interrupted while Yosys runs kills it and removes its work
// folder ($TMPDIR/herdsim-synth-*).
func TestSignalSynth(t *testing.T) {
	if err := synth.CheckTools("ice40-up5k"); err != nil {
		t.Skipf("%v: not run", err)
	}
	_, rtl := rtlFolders(t)
	p := startHerdsim(t, t.TempDir(), "synth", "--rtl", rtl)
	waitFor(t, p, filepath.Join(p.tmp, "herdsim-synth-*", "yosys.out"))
	time.Sleep(300 * time.Millisecond)
	interruptAndCheck(t, p, syscall.SIGTERM, 143)
}
