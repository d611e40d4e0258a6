package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"herdsim/internal/interrupt"
	"herdsim/rtlgen"
	"herdsim/testvectors"
)

func newRTLCommand() *cobra.Command {
	var vectors, out string
	var force bool
	var boardMHz float64
	var boardClocks []string
	cmd := &cobra.Command{
		Use:   "rtl",
		Short: "Write the Verilog core, its testbench and memory images for a vector set",
		Long: `rtl reads a vector set (herdsim vectors) and writes to --out the Verilog-2005 for its Arch:
herd_core.v with the library modules herd_acc_array.v and herd_spram.v, the self-checking
testbench herd_tb.v for its iterations, a cocotb testbench in cocotb/ (run.py; docs/
verification.md), the board tops with their constraints: herd_board.v with its .pcf
(iCEBreaker) and .cst (Tang Nano 9K), herd_board_ulx3s.v with its .lpf (ULX3S) and
herd_board_arty.v with its .xdc (Arty A7), load.hex
(the load stream of the initial memories; the core sends each iteration's record on its
m_axis_sample stream; docs/hardware.md), the datasheet and FuseSoC .core, and rtl.json (the
Arch and iteration count it was built for, the vector set's seed, the hashes of the files it
came from and of every file it wrote: rtlsim refuses another set or a changed file). Run it
with herdsim rtlsim. The folder appears whole; an existing one is replaced (whole, no file
of the old design left) only with --force.

--board-mhz sets the iCEBreaker top's PLL clock: 39.75 (the default) or 36, for a design
whose routed Fmax (herdsim synth --freq 36) falls short of 39.75 MHz. --board-clock
BOARD=MHZ sets another board's: ulx3s=60 (the default) or 75, arty=60 (the default), 80 or
100. rtl.json records them, and herdsim board emulate times the link's bits by them.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if vectors == "" || out == "" {
				return &exitError{2, fmt.Errorf("rtl: --vectors and --out are required")}
			}
			clocks, err := parseBoardClocks(boardMHz, boardClocks)
			if err != nil {
				return &exitError{2, fmt.Errorf("rtl: %w", err)}
			}
			set, _, err := testvectors.Read(vectors)
			if err != nil {
				return &exitError{2, fmt.Errorf("rtl: %w", err)}
			}
			names, err := writeRTLFolder(out, set, clocks, force)
			if err != nil {
				return err
			}
			a := set.Arch
			fmt.Fprintf(cmd.OutOrStdout(), "K=%d D=%d N=%d %s mode=%v iterations=%d: %d files -> %s\n", a.K, a.D, a.N, a.SizeText(), a.Mode, set.Iterations, len(names), out)
			return nil
		},
	}
	cmd.Flags().StringVar(&vectors, "vectors", "", "the vector set to build for")
	cmd.Flags().StringVar(&out, "out", "", "folder for the Verilog and memory images (created; see --force)")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing RTL folder at --out, whole")
	cmd.Flags().Float64Var(&boardMHz, "board-mhz", rtlgen.IceBreaker.DefaultClock().MHz, "the iCEBreaker top's PLL clock in MHz: 39.75 or 36")
	cmd.Flags().StringArrayVar(&boardClocks, "board-clock", nil, "another board top's clock, BOARD=MHZ (ulx3s=60 or 75; arty=60, 80 or 100); repeatable")
	return cmd
}

// parseBoardClocks is the boards' clocks of --board-mhz (the iCEBreaker's) and the
// --board-clock BOARD=MHZ flags.
func parseBoardClocks(iceBreakerMHz float64, flags []string) (rtlgen.BoardClocks, error) {
	clocks := rtlgen.DefaultBoardClocks()
	clk, err := rtlgen.IceBreaker.ClockFor(iceBreakerMHz)
	if err != nil {
		return nil, fmt.Errorf("--board-mhz: %w", err)
	}
	clocks[rtlgen.IceBreaker.Name] = clk
	for _, f := range flags {
		name, value, ok := strings.Cut(f, "=")
		mhz, perr := strconv.ParseFloat(value, 64)
		if !ok || perr != nil {
			return nil, fmt.Errorf("--board-clock %q: want BOARD=MHZ, e.g. ulx3s=75", f)
		}
		b, err := rtlgen.BoardNamed(name)
		if err != nil {
			return nil, fmt.Errorf("--board-clock %q: %w", f, err)
		}
		if clocks[b.Name], err = b.ClockFor(mhz); err != nil {
			return nil, fmt.Errorf("--board-clock %q: %w", f, err)
		}
	}
	return clocks, nil
}

// writeRTLFolder writes the RTL of set as the folder out, whole: into a temporary sibling,
// then renamed into place, so that neither a half-written folder nor a stale file of an
// earlier design (another Arch's memory images) remains. An existing out is replaced only
// with force, and only if it is an RTL folder (it holds rtl.json) or empty.
func writeRTLFolder(out string, set *testvectors.Set, clocks rtlgen.BoardClocks, force bool) ([]string, error) {
	info, err := os.Stat(out)
	exists := err == nil
	switch {
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, &exitError{2, fmt.Errorf("rtl: %w", err)}
	case exists && !force:
		return nil, &exitError{2, fmt.Errorf("rtl: %s already exists (--force replaces it whole)", out)}
	case exists && !info.IsDir():
		return nil, &exitError{2, fmt.Errorf("rtl: %s exists and is not a folder; not replacing it", out)}
	case exists:
		entries, err := os.ReadDir(out)
		if err != nil {
			return nil, &exitError{2, fmt.Errorf("rtl: %w", err)}
		}
		if _, err := os.Stat(filepath.Join(out, rtlgen.InfoFile)); len(entries) > 0 && err != nil {
			return nil, &exitError{2, fmt.Errorf("rtl: %s is not an RTL folder (no %s); not replacing it", out, rtlgen.InfoFile)}
		}
	}
	tmp, err := interrupt.TempDir(filepath.Dir(out), "."+filepath.Base(out)+".tmp-")
	if err != nil {
		return nil, &exitError{2, fmt.Errorf("rtl: %w", err)}
	}
	names, err := rtlgen.WriteClocked(tmp, set, clocks)
	if err == nil {
		err = os.Chmod(tmp, 0o755)
	}
	if err == nil && exists {
		err = os.RemoveAll(out)
	}
	if err == nil {
		err = interrupt.Rename(tmp, out)
	}
	if err != nil {
		interrupt.Remove(tmp)
		return nil, fmt.Errorf("rtl: %w", err)
	}
	return names, nil
}
