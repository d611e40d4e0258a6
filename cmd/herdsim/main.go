package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// exitError carries a specific exit status out of a command (rtlsim's 0/1/2 contract);
// every other error exits with status 1 after its message.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

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
		newUSPSCommand(),
		newVectorsCommand(),
		newVerifyCommand(),
		newRTLCommand(),
		newRTLSimCommand(),
		newSynthCommand(),
		newBenchCommand(),
		newBoardCommand(),
	)
	return root
}

func main() {
	err := newRootCommand().Execute()
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, "herdsim:", err)
	var ee *exitError
	if errors.As(err, &ee) {
		os.Exit(ee.code)
	}
	os.Exit(1)
}
