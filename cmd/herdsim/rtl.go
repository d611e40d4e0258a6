package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"herdsim/rtlgen"
	"herdsim/testvectors"
)

func newRTLCommand() *cobra.Command {
	var vectors, out string
	cmd := &cobra.Command{
		Use:   "rtl",
		Short: "Write the Verilog core, its testbench and memory images for a vector set",
		Long: `rtl reads a vector set (herdsim vectors) and writes to --out the Verilog-2005 for its Arch
(herd_core.v, herd_lane.v), the self-checking testbench herd_tb.v for its iterations, the
core's $readmemh memory images (x.hex, c.hex, w_bank<l>.hex, b_bank<l>.hex: lane l holds
rows i = g L + l at word g D + j) and rtl.json (the Arch and iteration count it was built
for). For a tiled Arch (--arch tiled) it writes herd_core.v with the library modules
herd_acc_array.v and herd_spram.v, the board top herd_board.v and its .pcf, and load.hex,
the load stream of the initial memories (the core sends each iteration's record on its
m_axis_sample stream; docs/fpga.md). Run it with herdsim rtlsim.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if vectors == "" || out == "" {
				return &exitError{2, fmt.Errorf("rtl: --vectors and --out are required")}
			}
			set, _, err := testvectors.Read(vectors)
			if err != nil {
				return &exitError{2, fmt.Errorf("rtl: %w", err)}
			}
			names, err := rtlgen.Write(out, set)
			if err != nil {
				return fmt.Errorf("rtl: %w", err)
			}
			a := set.Arch
			fmt.Fprintf(cmd.OutOrStdout(), "K=%d D=%d N=%d %s mode=%v iterations=%d: %d files -> %s\n", a.K, a.D, a.N, a.SizeText(), a.Mode, set.Iterations, len(names), out)
			return nil
		},
	}
	cmd.Flags().StringVar(&vectors, "vectors", "", "the vector set to build for")
	cmd.Flags().StringVar(&out, "out", "", "folder for the Verilog and memory images (created)")
	return cmd
}
