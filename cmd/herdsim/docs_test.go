package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"herdsim/internal/docs"
)

// TestDocsCommandLinesParse is the docs check's part that needs the CLI: every herdsim
// command line in the repository's Markdown names a subcommand that exists and flags it
// has; a line from a fenced shell block (meant to be run as written) must parse in full,
// values and arguments included.
func TestDocsCommandLinesParse(t *testing.T) {
	all, err := docs.LoadAll(filepath.Join("..", ".."))
	require.NoError(t, err)
	var problems []string
	checked := 0
	for _, d := range all {
		lines, bad := docs.Commands(d)
		for _, p := range bad {
			problems = append(problems, p.String())
		}
		for _, l := range lines {
			checked++
			if err := checkCommandLine(l); err != nil {
				problems = append(problems, fmt.Sprintf("%s:%d: herdsim %s: %v", l.Path, l.Line, strings.Join(l.Args, " "), err))
			}
		}
	}
	assert.Greater(t, checked, 30, "the docs' command lines were found")
	assert.Empty(t, problems, strings.Join(problems, "\n"))
}

func TestCheckCommandLineCatchesWhatIsWrong(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		complete bool
		want     string
	}{
		{[]string{"herd", "--data", "default", "--iters", "20"}, true, ""},
		{[]string{"sweep", "--hidden", "K"}, false, ""},
		{[]string{"nosuch", "--x"}, false, "unknown command \"nosuch\""},
		{[]string{"--data", "x"}, false, "no subcommand"},
		{[]string{"herd", "--hiden", "4"}, false, "unknown flag: --hiden"},
		{[]string{"herd", "--hidden", "K"}, true, "invalid argument"},
		{[]string{"rtl", "extra"}, true, "unknown command"},
		{[]string{"board", "run", "--port"}, true, "flag needs an argument"},
	} {
		err := checkCommandLine(docs.CommandLine{Args: tc.args, Complete: tc.complete})
		if tc.want == "" {
			assert.NoError(t, err, tc.args)
		} else {
			assert.ErrorContains(t, err, tc.want, tc.args)
		}
	}
}

// checkCommandLine parses a documented command line with a fresh root command, without
// running it.
func checkCommandLine(l docs.CommandLine) error {
	root := newRootCommand()
	cmd, rest, err := root.Find(l.Args)
	if err != nil {
		return err
	}
	if cmd == root || (!cmd.Runnable() && cmd.HasSubCommands()) {
		return fmt.Errorf("no subcommand: %q", strings.Join(l.Args, " "))
	}
	if !l.Complete {
		return flagNamesExist(cmd, rest)
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return err
	}
	return cmd.ValidateArgs(cmd.Flags().Args())
}

// flagNamesExist checks only that every --flag is one of cmd's: a line with placeholders
// (`--hidden K`) has values that do not parse.
func flagNamesExist(cmd *cobra.Command, args []string) error {
	flags := cmd.Flags()
	flags.AddFlagSet(cmd.InheritedFlags())
	for _, a := range args {
		if a == "--" {
			return nil
		}
		name, ok := strings.CutPrefix(a, "--")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, "=")
		if flags.Lookup(name) == nil && name != "help" {
			return fmt.Errorf("unknown flag: --%s", name)
		}
	}
	return nil
}
