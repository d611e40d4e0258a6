package synth

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A netlist by hand: FD q -> LUT2 a -> CARRY4 c -> LUT6 b -> MUXF7 m -> FD; and a LUT1 from
// an input buffer. The longest path: a, b, m = 3 levels (the carry counts none).
const levelsNetlist = `{"modules": {"top": {"cells": {
 "q": {"type": "FDRE", "port_directions": {"C": "input", "D": "input", "Q": "output"}, "connections": {"C": [2], "D": [9], "Q": [3]}},
 "a": {"type": "LUT2", "port_directions": {"I0": "input", "I1": "input", "O": "output"}, "connections": {"I0": [3], "I1": ["0"], "O": [4]}},
 "c": {"type": "CARRY4", "port_directions": {"DI": "input", "S": "input", "O": "output", "CO": "output"}, "connections": {"DI": [4, "0", "0", "0"], "S": [4, 4, 4, 4], "O": [5, 20, 21, 22], "CO": [23, 24, 25, 26]}},
 "b": {"type": "LUT6", "port_directions": {"I0": "input", "O": "output"}, "connections": {"I0": [5], "O": [6]}},
 "m": {"type": "MUXF7", "port_directions": {"I0": "input", "I1": "input", "S": "input", "O": "output"}, "connections": {"I0": [6], "I1": [6], "S": [3], "O": [9]}},
 "i": {"type": "IBUF", "port_directions": {"I": "input", "O": "output"}, "connections": {"I": [10], "O": [11]}},
 "l": {"type": "LUT1", "port_directions": {"I0": "input", "O": "output"}, "connections": {"I0": [11], "O": [12]}}
}}}}`

func TestLUTLevels(t *testing.T) {
	path := filepath.Join(t.TempDir(), "n.json")
	require.NoError(t, os.WriteFile(path, []byte(levelsNetlist), 0o644))
	n, err := LUTLevels(path, "top")
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	_, err = LUTLevels(path, "other")
	assert.ErrorContains(t, err, "no module other")
}
