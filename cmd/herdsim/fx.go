package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"herdsim/fixedpoint"
)

// newFxCommand returns `herdsim fx`, the command-line face of package fixedpoint.
func newFxCommand() *cobra.Command {
	fx := &cobra.Command{
		Use:   "fx",
		Short: "Bit-exact fixed-point arithmetic (package fixedpoint)",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageError(cmd, fmt.Errorf("unknown command %q for %q", args[0], cmd.CommandPath()))
			}
			return nil
		},
		RunE:          func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	fx.AddCommand(newFxCastCommand())
	return fx
}

// fxCastFlags are the settings of `herdsim fx cast`.
type fxCastFlags struct {
	word     int
	frac     int
	unsigned bool
	round    string
	overflow string
}

func newFxCastCommand() *cobra.Command {
	var fl fxCastFlags
	cmd := &cobra.Command{
		Use:   "cast --word W --frac F [--unsigned] --round MODE --overflow MODE -- VALUE...",
		Short: "Cast exact decimal values to a fixed-point format",
		Long: `cast converts each decimal VALUE exactly into the format of --word bits with --frac
bits after the binary point (value = code x 2^-frac; --frac may be negative or exceed
--word), quantising with --round and handling overflow with --overflow, and prints one
line per value:

  raw=<integer code> value=<exact decimal of the result>

Rounding modes: TRN (floor), TRN_ZERO (toward zero), RND (nearest, ties toward +inf),
RND_ZERO (ties toward zero), RND_MIN_INF (ties toward -inf), RND_INF (ties away from
zero), RND_CONV (ties to even). Overflow modes: WRAP (two's complement), SAT (clamp),
SAT_ZERO (zero), SAT_SYM (clamp to +-max, never the most negative code).

Put the values after "--" so that negative ones are not read as flags. Values are
decimals such as 3, -0.75, 1e-3; "0.1" is rounded exactly once, per --round.`,
		Example: `  herdsim fx cast --word 16 --frac 12 --round RND_CONV --overflow SAT -- -3.140625 0.1
  raw=-12864 value=-3.140625
  raw=410 value=0.10009765625`,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFxCast(cmd, fl, args)
		},
	}
	fs := cmd.Flags()
	fs.IntVar(&fl.word, "word", 0, "word length in bits, sign bit included (1..64; required)")
	fs.IntVar(&fl.frac, "frac", 0, "fraction length: bits after the binary point, may be negative (required)")
	fs.BoolVar(&fl.unsigned, "unsigned", false, "unsigned format (default signed, two's complement)")
	fs.StringVar(&fl.round, "round", "", "quantisation mode: TRN, TRN_ZERO, RND, RND_ZERO, RND_MIN_INF, RND_INF or RND_CONV (required)")
	fs.StringVar(&fl.overflow, "overflow", "", "overflow mode: WRAP, SAT, SAT_ZERO or SAT_SYM (required)")
	cmd.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		if strings.Contains(err.Error(), "unknown shorthand flag") {
			err = fmt.Errorf("%w; negative values go after --", err)
		}
		return usageError(cmd, err)
	})
	return cmd
}

func runFxCast(cmd *cobra.Command, fl fxCastFlags, args []string) error {
	var missing []string
	for _, name := range []string{"word", "frac", "round", "overflow"} {
		if !cmd.Flags().Changed(name) {
			missing = append(missing, "--"+name)
		}
	}
	if len(missing) > 0 {
		return usageError(cmd, fmt.Errorf("fx cast: missing %s", strings.Join(missing, ", ")))
	}
	f, err := fixedpoint.NewFormat(!fl.unsigned, fl.word, fl.frac)
	if err != nil {
		return usageError(cmd, fmt.Errorf("fx cast: --word %d --frac %d: %w", fl.word, fl.frac, err))
	}
	r, err := anyCase(fl.round, fixedpoint.ParseRound)
	if err != nil {
		return usageError(cmd, fmt.Errorf("fx cast: --round: %w", err))
	}
	o, err := anyCase(fl.overflow, fixedpoint.ParseOverflow)
	if err != nil {
		return usageError(cmd, fmt.Errorf("fx cast: --overflow: %w", err))
	}
	if len(args) == 0 {
		return usageError(cmd, fmt.Errorf("fx cast: no values given (put them after --, e.g. -- -3.25 0.1)"))
	}
	// Parse every value before printing any, so a bad one leaves no partial output.
	results := make([]fixedpoint.Value, len(args))
	for i, s := range args {
		if results[i], _, err = fixedpoint.ParseDecimal(s, f, r, o); err != nil {
			return usageError(cmd, fmt.Errorf("fx cast: value %d: %w", i+1, err))
		}
	}
	out := cmd.OutOrStdout()
	for _, v := range results {
		if _, err := fmt.Fprintf(out, "raw=%s value=%s\n", v.RawBig(), v); err != nil {
			return err
		}
	}
	return nil
}

// anyCase reads an enumerated flag value in any case with parse (which takes the canonical
// upper-case names), its error naming the value as given.
func anyCase[T any](s string, parse func(string) (T, error)) (T, error) {
	if v, err := parse(strings.ToUpper(s)); err == nil {
		return v, nil
	}
	return parse(s)
}
