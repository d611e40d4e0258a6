package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// apidiffCheck runs `scripts/apidiff.sh check` against the baselines in apiDir ("" for the
// committed api/) and returns its exit code and combined output.
func apidiffCheck(t *testing.T, apiDir string) (int, string) {
	t.Helper()
	cmd := exec.Command("bash", "apidiff.sh", "check")
	cmd.Env = os.Environ()
	if apiDir != "" {
		cmd.Env = append(cmd.Env, "API_DIR="+apiDir)
	}
	out, err := cmd.CombinedOutput()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode(), string(out)
	}
	require.NoError(t, err, "%s", out)
	return 0, string(out)
}

// copyFile copies one file, creating its folder.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
	require.NoError(t, os.WriteFile(to, data, 0o644))
}

// TestAPIDiffCatchesAnIncompatibleChange: `make apidiff` (part of `make test`) passes on the
// committed baselines and fails, naming the package and the change, when the API loses a
// name the baseline has. The doctored baseline is written by apidiff itself from a copy
// of fixedpoint with one more function, so against it the real package has removed that
// function (issue 17, 18).
func TestAPIDiffCatchesAnIncompatibleChange(t *testing.T) {
	makefile, err := os.ReadFile("../Makefile")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^test: .*\bapidiff\b`, string(makefile), "make test runs apidiff")
	require.Regexp(t, `(?m)^apidiff:\n\t.*scripts/apidiff\.sh check$`, string(makefile))
	gomod, err := os.ReadFile("../go.mod")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^tool golang\.org/x/exp/cmd/apidiff$`, string(gomod))

	code, out := apidiffCheck(t, "")
	require.Equal(t, 0, code, "the committed baselines:\n%s", out)
	require.Contains(t, out, "herdsim/fixedpoint")
	require.Contains(t, out, "herdsim/testvectors")

	// A module "herdsim" holding fixedpoint with an extra exported function.
	mod := t.TempDir()
	for _, name := range []string{"go.mod", "go.sum"} {
		copyFile(t, filepath.Join("..", name), filepath.Join(mod, name))
	}
	sources, err := filepath.Glob("../fixedpoint/*.go")
	require.NoError(t, err)
	for _, src := range sources {
		if !strings.HasSuffix(src, "_test.go") {
			copyFile(t, src, filepath.Join(mod, "fixedpoint", filepath.Base(src)))
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(mod, "fixedpoint", "zz_gone.go"),
		[]byte("package fixedpoint\n\n// Gone is in the doctored baseline only.\nfunc Gone(f Format) int { return 0 }\n"), 0o644))

	api := t.TempDir()
	write := exec.Command("go", "tool", "apidiff", "-w", filepath.Join(api, "fixedpoint.api"), "herdsim/fixedpoint")
	write.Dir = mod
	wout, err := write.CombinedOutput()
	require.NoError(t, err, "apidiff -w: %s", wout)
	copyFile(t, "../api/testvectors.api", filepath.Join(api, "testvectors.api"))

	code, out = apidiffCheck(t, api)
	require.Equal(t, 1, code, "a removed function must fail the check:\n%s", out)
	require.Contains(t, out, "herdsim/fixedpoint breaks its API")
	require.Contains(t, out, "Gone: removed")
	require.Contains(t, out, "herdsim/testvectors matches")
}
