package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"herdsim/internal/interrupt"
)

// The exit statuses of every subcommand (doc.go has the contract).
const (
	exitOK          = 0
	exitVerdict     = 1   // a mismatch, a design that does not fit or misses its clock
	exitUsage       = 2   // a usage, input or tool error: every error without another status
	exitInterrupted = 130 // SIGINT (128 + 2); SIGTERM exits 143 (128 + 15)
)

// exitError carries a command's exit status out of it: exitVerdict for a negative verdict
// (and exitUsage where a command says so explicitly). An error without one exits with
// exitUsage.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// exitStatus is the exit status of a command that returned err.
func exitStatus(err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return exitUsage
}

// usageError marks a bad command line (an unknown flag or command, an extra argument, a
// bad flag value) and points at the command's help.
func usageError(cmd *cobra.Command, err error) error {
	return &exitError{code: exitUsage, err: fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())}
}

// annInterrupted is the cobra annotation whose text main adds to the message of a command
// that was interrupted (what is kept, how to resume).
const annInterrupted = "herdsim/interrupted"

func newRootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:           "herdsim",
		Short:         "Herding (Welling, UAI 2009) from the paper to an FPGA",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(
		newHerdCommand(),
		newFxCommand(),
		newLockstepCommand(),
		newSweepCommand(),
		newUSPSCommand(), newExploreCommand(),
		newVectorsCommand(),
		newVerifyCommand(),
		newRTLCommand(),
		newRTLSimCommand(),
		newSynthCommand(),
		newBenchCommand(),
		newBoardCommand(),
	)
	root.SetFlagErrorFunc(usageError) // inherited by every subcommand
	usageArgs(root)
	return root
}

// usageArgs makes the argument check of cmd and of every command below it return a
// usageError.
func usageArgs(cmd *cobra.Command) {
	if check := cmd.Args; check != nil {
		cmd.Args = func(c *cobra.Command, args []string) error {
			err := check(c, args)
			var ee *exitError
			if err == nil || errors.As(err, &ee) {
				return err
			}
			return usageError(c, err)
		}
	}
	for _, sub := range cmd.Commands() {
		usageArgs(sub)
	}
}

func main() {
	os.Exit(runMain(os.Args[1:], os.Stderr))
}

// runMain executes the command line args and returns the exit status. On SIGINT or SIGTERM it
// cancels the command's context (cmd.Context()), stops it (interrupt.Stop kills its
// external tools and removes its temporary files), says so on stderr and returns 130
// (SIGINT) or 143 (SIGTERM): the command itself need not watch for the signal.
func runMain(args []string, stderr io.Writer) int {
	root := newRootCommand()
	root.SetArgs(args)
	target, _, err := root.Find(args) // for the message, before Execute changes the tree
	if err != nil {
		target = root
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	select {
	case err := <-done:
		if err != nil {
			fmt.Fprintln(stderr, "herdsim:", err)
		}
		return exitStatus(err)
	case sig := <-sigs:
		cancel()
		return interrupted(stderr, target, sig)
	}
}

// interrupted stops the command cmd after sig, reports it and returns the exit status.
func interrupted(stderr io.Writer, cmd *cobra.Command, sig os.Signal) int {
	left := interrupt.Stop()
	name := "SIGINT"
	if sig == syscall.SIGTERM {
		name = "SIGTERM"
	}
	msg := fmt.Sprintf("%s: interrupted (%s): stopped, no temporary file left", cmd.CommandPath(), name)
	if len(left) > 0 {
		msg = fmt.Sprintf("%s: interrupted (%s): stopped, but could not remove %q", cmd.CommandPath(), name, left)
	}
	if note := cmd.Annotations[annInterrupted]; note != "" {
		msg += "; " + note
	}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		msg = "\n" + msg // after the ^C or a progress bar
	}
	fmt.Fprintln(stderr, msg)
	if sig == syscall.SIGTERM {
		return 128 + int(syscall.SIGTERM)
	}
	return exitInterrupted
}
