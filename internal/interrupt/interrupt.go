package interrupt

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"sync"
	"time"
)

// ErrInterrupted is what TempDir, TempFile, Rename and Start return once Stop ran.
var ErrInterrupted = errors.New("interrupted")

// The process-wide registry. mu is held while a path is created, published or removed and
// while a tool starts, so that Stop sees each either not yet begun or registered.
var (
	mu      sync.Mutex
	stopped bool
	paths   = map[string]struct{}{}
	groups  = map[*exec.Cmd]struct{}{}
)

// TempDir is os.MkdirTemp, the directory registered for Stop.
func TempDir(dir, pattern string) (string, error) {
	mu.Lock()
	defer mu.Unlock()
	if stopped {
		return "", ErrInterrupted
	}
	p, err := os.MkdirTemp(dir, pattern)
	if err == nil {
		paths[p] = struct{}{}
	}
	return p, err
}

// TempFile is os.CreateTemp, the file registered for Stop.
func TempFile(dir, pattern string) (*os.File, error) {
	mu.Lock()
	defer mu.Unlock()
	if stopped {
		return nil, ErrInterrupted
	}
	f, err := os.CreateTemp(dir, pattern)
	if err == nil {
		paths[f.Name()] = struct{}{}
	}
	return f, err
}

// Remove removes a temporary path (and everything in it) and forgets it. A path already
// gone is no error.
func Remove(path string) error {
	mu.Lock()
	defer mu.Unlock()
	delete(paths, path)
	return os.RemoveAll(path)
}

// Rename publishes the temporary path tmp as dst (os.Rename) and forgets it. After Stop it
// publishes nothing.
func Rename(tmp, dst string) error {
	mu.Lock()
	defer mu.Unlock()
	if stopped {
		return ErrInterrupted
	}
	if err := os.Rename(tmp, dst); err != nil {
		return err
	}
	delete(paths, tmp)
	return nil
}

// Start starts cmd in a process group of its own (its children, such as the compilers
// Verilator runs, belong to it) that Stop kills whole. Wait for it with Wait.
func Start(cmd *exec.Cmd) error {
	mu.Lock()
	defer mu.Unlock()
	if stopped {
		return ErrInterrupted
	}
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	groups[cmd] = struct{}{}
	return nil
}

// Wait is cmd.Wait for a command Start started.
func Wait(cmd *exec.Cmd) error {
	err := cmd.Wait()
	mu.Lock()
	delete(groups, cmd)
	mu.Unlock()
	return err
}

// CommandContext is exec.CommandContext for a command run with Start or Run: cancelling
// ctx ends the command's whole process group, not only its first process (SIGTERM; the
// first process is killed if it has not exited a second later).
func CommandContext(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Cancel = func() error {
		signalGroup(cmd, false)
		return nil
	}
	cmd.WaitDelay = time.Second
	return cmd
}

// Run starts cmd with Start and waits for it.
func Run(cmd *exec.Cmd) error {
	if err := Start(cmd); err != nil {
		return err
	}
	return Wait(cmd)
}

// Stop ends every running tool's process group (SIGTERM, so that a compiler removes its
// own temporary files, then SIGKILL for what is left a second later), removes every
// temporary path and refuses new ones. It returns the paths it could not remove.
// cmd/herdsim calls it once, on SIGINT or SIGTERM, and then exits.
func Stop() []string {
	mu.Lock()
	defer mu.Unlock()
	stopped = true
	for _, force := range []bool{false, true} {
		for cmd := range groups {
			signalGroup(cmd, force)
		}
		deadline := time.Now().Add(time.Second)
		for cmd := range groups {
			for groupAlive(cmd) && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
		}
	}
	var left []string
	for p := range paths {
		// A tool killed a moment ago, or a goroutine still writing, may add a file while
		// the directory is emptied: try again until it is gone.
		var err error
		for try := 0; try < 50; try++ {
			if err = os.RemoveAll(p); err == nil {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if err != nil {
			left = append(left, p)
		}
		delete(paths, p)
	}
	return left
}
