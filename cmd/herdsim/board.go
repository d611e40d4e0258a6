package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"go.bug.st/serial"

	"herdsim/board"
	"herdsim/internal/atomicfile"
	"herdsim/internal/interrupt"
	"herdsim/internal/progress"
	"herdsim/rtlgen"
	"herdsim/sim"
	"herdsim/testvectors"
)

func newBoardCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "board",
		Short: "Run a vector set on the board (or its emulation) and capture what it computes",
		Long: `board talks to a board top of the core over its UART link (framed, docs/link.md):
herd_board on the iCEBreaker (4 Mbaud), herd_board_ulx3s on the ULX3S (3 Mbaud) or
herd_board_arty on the Arty A7 (4 Mbaud), chosen with --board. "board run" loads a vector
set and captures the run, "board emulate" runs the board top in Verilator behind a
pseudo-terminal, so that "board run --port <its pty>" takes the same code path as with a
real board.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() }, // runnable, so that Args is checked
	}
	cmd.AddCommand(newBoardRunCommand(), newBoardEmulateCommand())
	return cmd
}

func newBoardRunCommand() *cobra.Command {
	var port, vectors, capture, junitPath, boardName string
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Load a vector set into the board, run its T iterations and capture every result",
		Long: `run opens --port at the link rate of --board (the iCEBreaker's second FTDI channel, e.g.
/dev/ttyUSB1; the ULX3S's or the Arty's USB UART; or the pty of "herdsim board emulate"), checks that the board holds the vector set's design (IDENT), resets
the core, loads the set's data and initial weights, runs its T iterations, receives every
record (x*, z*, cycles, overflow) and then the final W, b and c, and writes them to
--capture in the sectioned capture format that "herdsim verify" checks
(testvectors/FORMAT.md).

Exit status: 0 on success; 2 on a usage or input error or a link failure (no answer, a
corrupt frame, the wrong design on the board), naming it. On any failure or Ctrl-C no
capture file is left behind. With --junit FILE it also checks the capture as "herdsim
verify" does, writes that verdict as JUnit XML (a test case per file of the set) and exits
1 on a mismatch.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if port == "" || vectors == "" || capture == "" {
				return &exitError{code: 2, err: errors.New("board run needs --port DEV, --vectors DIR and --capture FILE")}
			}
			b, err := rtlgen.BoardNamed(boardName)
			if err != nil {
				return &exitError{code: 2, err: fmt.Errorf("board run --board: %w", err)}
			}
			msg, err := boardRun(cmd.Context(), port, b.Baud, vectors, capture, timeout)
			if err != nil {
				return writeErrorReport(junitPath, "board run", &exitError{code: 2, err: err})
			}
			fmt.Fprintln(cmd.OutOrStdout(), msg)
			if junitPath == "" {
				return nil
			}
			msg, err = verifyReport(vectors, capture, junitPath)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), msg)
			return nil
		},
	}
	cmd.Flags().StringVar(&port, "port", "", "serial port of the board, or the emulator's pty")
	cmd.Flags().StringVar(&boardName, "board", rtlgen.IceBreaker.Name, boardFlagHelp)
	cmd.Flags().StringVar(&vectors, "vectors", "", "vector set to run (its Arch must be the board's design)")
	cmd.Flags().StringVar(&capture, "capture", "", "capture file to write")
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "longest wait for any one frame from the board")
	cmd.Flags().StringVar(&junitPath, "junit", "", "also check the capture against the set and write the verdict as JUnit XML to this file")
	return cmd
}

// boardFlagHelp is the help of --board.
var boardFlagHelp = func() string {
	var names []string
	for _, b := range rtlgen.Boards {
		names = append(names, b.Name)
	}
	return "the board: " + strings.Join(names, ", ")
}()

// boardRun runs a vector set on the board at port (baud bits a second) and writes the
// capture.
func boardRun(ctx context.Context, port string, baud int, vectors, capture string, timeout time.Duration) (string, error) {
	set, _, err := testvectors.Read(vectors)
	if err != nil {
		return "", fmt.Errorf("unusable vector set: %w", err)
	}
	sp, err := serial.Open(port, &serial.Mode{BaudRate: baud, DataBits: 8, Parity: serial.NoParity, StopBits: serial.OneStopBit})
	if err != nil {
		return "", fmt.Errorf("opening %s: %w", port, err)
	}
	l := board.NewLink(sp)
	defer l.Close()
	bars := map[string]*progress.Bar{}
	last := map[string]int{}
	res, err := board.Run(ctx, l, set, board.RunOptions{FrameTimeout: timeout, Progress: func(stage string, done, total int) {
		if bars[stage] == nil {
			bars[stage] = progress.New(total, stage)
		}
		bars[stage].Add(done - last[stage])
		last[stage] = done
		if done == total {
			bars[stage].Finish()
		}
	}})
	if err != nil {
		return "", err
	}
	data := testvectors.FormatCapture(set.Arch, set.Iterations, res.Words,
		fmt.Sprintf("herdsim board run: %s on %s, design %08x, %d iterations", filepath.Base(vectors), port, rtlgen.DesignID(set.Arch), set.Iterations))
	if err := atomicfile.WriteBytes(capture, data); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s: %d iterations, load %d beats in %v, run %v (%.1f iterations/s), read-back %d beats in %v",
		capture, set.Iterations, res.LoadBeats, res.Load.Round(time.Millisecond), res.Running.Round(time.Millisecond),
		float64(set.Iterations)/res.Running.Seconds(), res.ReadBeats, res.Read.Round(time.Millisecond)), nil
}

func newBoardEmulateCommand() *cobra.Command {
	var rtlDir, work, boardName string
	cmd := &cobra.Command{
		Use:   "emulate",
		Short: "Run the board top in Verilator behind a pseudo-terminal",
		Long: `emulate builds the top of --board (herd_board, the iCEBreaker's, unless it says
otherwise) from --rtl (the output of "herdsim rtl") with Verilator, its oscillator clocking
the core directly (the PLL has no model), bridges its UART pins to a pseudo-terminal at the board's bit time, prints the
pty's path ("pty: /dev/pts/N") and runs until Ctrl-C. "herdsim board run --port <pty>" then
talks to it exactly as to a board. The build (about a minute for USPS) goes to --work, or
to a temporary directory removed on exit.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if rtlDir == "" {
				return &exitError{code: 2, err: errors.New("board emulate needs --rtl DIR")}
			}
			b, err := rtlgen.BoardNamed(boardName)
			if err != nil {
				return &exitError{code: 2, err: fmt.Errorf("board emulate --board: %w", err)}
			}
			return boardEmulate(cmd.Context(), cmd, rtlDir, work, b)
		},
	}
	cmd.Flags().StringVar(&rtlDir, "rtl", "", "RTL folder (herdsim rtl)")
	cmd.Flags().StringVar(&boardName, "board", rtlgen.IceBreaker.Name, boardFlagHelp)
	cmd.Flags().StringVar(&work, "work", "", "build directory (default: a temporary one)")
	return cmd
}

func boardEmulate(ctx context.Context, cmd *cobra.Command, rtlDir, work string, b *rtlgen.Board) error {
	files := append(append([]string(nil), rtlgen.TiledSourceFiles...), b.Sources()...)
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(rtlDir, f)); err != nil {
			return &exitError{code: 2, err: fmt.Errorf("%s is not an RTL folder with a board top (herdsim rtl): %w", rtlDir, err)}
		}
	}
	if work == "" {
		tmp, err := interrupt.TempDir("", "herdsim-emulate-")
		if err != nil {
			return err
		}
		defer interrupt.Remove(tmp)
		work = tmp
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "building the emulator in %s ...\n", work)
	bin, err := sim.BuildEmulator(ctx, rtlDir, files, work, sim.EmulatedBoard(b))
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	baudDiv, err := boardBaudDiv(rtlDir, b)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	em, err := sim.StartEmulator(ctx, bin, baudDiv, cmd.ErrOrStderr())
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	fmt.Fprintf(cmd.OutOrStdout(), "pty: %s\n", em.PTY)
	select {
	case <-ctx.Done():
		return em.Stop()
	case <-em.Done():
		return &exitError{code: 2, err: fmt.Errorf("the emulator stopped: %v", em.Wait())}
	}
}

// boardBaudDiv is the link's bit time in clocks of a board's top in an RTL folder (at its
// rtl.json's clock of the board).
func boardBaudDiv(rtlDir string, b *rtlgen.Board) (int, error) {
	info, err := rtlgen.ReadInfo(rtlDir)
	if err != nil {
		return 0, err
	}
	clk, err := info.BoardClock(b)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", rtlgen.InfoFile, err)
	}
	return b.BaudDiv(clk), nil
}
