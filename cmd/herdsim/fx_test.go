package main

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runFx runs `herdsim fx <args>` in-process and returns stdout, stderr and the error.
func runFx(args ...string) (string, string, error) {
	cmd := newFxCommand()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), errOut.String(), err
}

func TestFxCast(t *testing.T) {
	out, _, err := runFx("cast", "--word", "16", "--frac", "12", "--round", "RND_CONV", "--overflow", "SAT", "--", "-3.140625", "0.1", "1e-3", "100")
	require.NoError(t, err)
	assert.Equal(t, `raw=-12864 value=-3.140625
raw=410 value=0.10009765625
raw=4 value=0.0009765625
raw=32767 value=7.999755859375
`, out)
}

// Each rounding mode on the tie 2.5 / -2.5, and each overflow mode on -128 in s8.0.
func TestFxCastModes(t *testing.T) {
	for mode, want := range map[string]string{
		"TRN": "raw=2 value=2\nraw=-3 value=-3\n", "TRN_ZERO": "raw=2 value=2\nraw=-2 value=-2\n",
		"RND": "raw=3 value=3\nraw=-2 value=-2\n", "RND_ZERO": "raw=2 value=2\nraw=-2 value=-2\n",
		"RND_MIN_INF": "raw=2 value=2\nraw=-3 value=-3\n", "RND_INF": "raw=3 value=3\nraw=-3 value=-3\n",
		"RND_CONV": "raw=2 value=2\nraw=-2 value=-2\n",
	} {
		out, _, err := runFx("cast", "--word=8", "--frac=0", "--round", mode, "--overflow", "SAT", "--", "2.5", "-2.5")
		require.NoError(t, err, mode)
		assert.Equal(t, want, out, mode)
	}
	for mode, want := range map[string]string{
		"WRAP": "raw=-128 value=-128\nraw=-56 value=-56\n", "SAT": "raw=-128 value=-128\nraw=127 value=127\n",
		"SAT_ZERO": "raw=-128 value=-128\nraw=0 value=0\n", "SAT_SYM": "raw=-127 value=-127\nraw=127 value=127\n",
	} {
		out, _, err := runFx("cast", "--word=8", "--frac=0", "--round=TRN", "--overflow", mode, "--", "-128", "200")
		require.NoError(t, err, mode)
		assert.Equal(t, want, out, mode)
	}
}

func TestFxCastFormats(t *testing.T) {
	// Unsigned, a negative fraction length, and a fraction longer than the word.
	out, _, err := runFx("cast", "--word", "8", "--frac", "-2", "--unsigned", "--round", "RND", "--overflow", "WRAP", "--", "1022", "6")
	require.NoError(t, err)
	assert.Equal(t, "raw=0 value=0\nraw=2 value=8\n", out) // 1022/4 = 255.5 → 256 wraps to 0
	out, _, err = runFx("cast", "--word", "4", "--frac", "6", "--round", "TRN", "--overflow", "SAT", "--", "0.1", "-1")
	require.NoError(t, err)
	assert.Equal(t, "raw=6 value=0.09375\nraw=-8 value=-0.125\n", out)
	out, _, err = runFx("cast", "--word", "64", "--frac", "0", "--unsigned", "--round", "TRN", "--overflow", "SAT", "--", "1e30")
	require.NoError(t, err)
	assert.Equal(t, "raw=18446744073709551615 value=18446744073709551615\n", out)
}

func TestFxCastErrors(t *testing.T) {
	base := []string{"cast", "--word", "16", "--frac", "8", "--round", "RND", "--overflow", "SAT"}
	for name, c := range map[string]struct {
		args []string
		msg  string
	}{
		"word 0":        {[]string{"cast", "--word", "0", "--frac", "3", "--round", "RND", "--overflow", "SAT", "--", "1"}, "fx cast: --word 0 --frac 3: fixedpoint: word length 0 out of range 1..64 in format s0.3"},
		"word 65":       {[]string{"cast", "--word", "65", "--frac", "3", "--round", "RND", "--overflow", "SAT", "--", "1"}, "word length 65 out of range 1..64"},
		"bad round":     {[]string{"cast", "--word", "8", "--frac", "0", "--round", "nearest", "--overflow", "SAT", "--", "1"}, `fx cast: --round: fixedpoint: unknown quantisation mode "nearest": want one of TRN, TRN_ZERO, RND, RND_ZERO, RND_MIN_INF, RND_INF, RND_CONV`},
		"bad overflow":  {[]string{"cast", "--word", "8", "--frac", "0", "--round", "RND", "--overflow", "clip", "--", "1"}, `fx cast: --overflow: fixedpoint: unknown overflow mode "clip"`},
		"missing flags": {[]string{"cast", "--word", "8", "--", "1"}, "fx cast: missing --frac, --round, --overflow"},
		"no values":     {base, "fx cast: no values given"},
		"bad value":     {append(append([]string{}, base...), "--", "1.5", "abc"), `fx cast: value 2: fixedpoint: "abc" is not a decimal number`},
		"hex value":     {append(append([]string{}, base...), "--", "0x10"), `"0x10" is not a decimal number`},
		"unknown flag":  {append(append([]string{}, base...), "--bits", "3"), "unknown flag: --bits"},
		"bad int flag":  {[]string{"cast", "--word", "eight"}, `invalid argument "eight" for "--word"`},
		"value as flag": {append(append([]string{}, base...), "-3.5"), "negative values go after --"},
		"fx bogus":      {[]string{"bogus"}, `unknown command "bogus" for "fx"`},
	} {
		out, _, err := runFx(c.args...)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), c.msg, name)
		assert.Empty(t, out, name) // nothing printed, not even the values before a bad one
		var ee *exitError
		require.True(t, errors.As(err, &ee), "%s: %v", name, err)
		assert.Equal(t, 2, ee.code, name)
	}
}

func TestFxHelp(t *testing.T) {
	out, _, err := runFx("cast", "--help")
	require.NoError(t, err)
	assert.Contains(t, out, "raw=<integer code> value=<exact decimal of the result>")
	assert.Contains(t, out, "RND_CONV (ties to even)")
	out, _, err = runFx()
	require.NoError(t, err)
	assert.Contains(t, out, "cast")
}

// TestFxCastTakesAnyCase: enumerated flag values are read in any case, as --mode and
// --overflow are elsewhere (issue 17, item 14).
func TestFxCastTakesAnyCase(t *testing.T) {
	lower, _, err := runFx("cast", "--word", "16", "--frac", "12", "--round", "rnd_conv", "--overflow", "sat", "--", "0.1")
	require.NoError(t, err)
	upper, _, err := runFx("cast", "--word", "16", "--frac", "12", "--round", "RND_CONV", "--overflow", "SAT", "--", "0.1")
	require.NoError(t, err)
	assert.Equal(t, upper, lower)
}
