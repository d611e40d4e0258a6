package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTestProfile: scripts/test-profile.sh runs the packages' tests with the EDA tools
// behind its logging shim: a Verilator lint test passes through the shim (its runs are
// counted, the summary names the test and the package), the folder holds the events, the
// tool log and the summary; an existing folder is refused with exit 2 and left as it was,
// and so is an OUT whose parent folder does not exist, before the tests run.
func TestTestProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs a package's test under go test")
	}
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not on PATH (apt-get install verilator): the shim is not exercised")
	}
	out := filepath.Join(t.TempDir(), "profile")
	stdout, stderr, code := runScript(t, "", "test-profile.sh", out, "-run", "^TestHDLLintOnItsOwn$", "./rtlgen")
	require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	require.Regexp(t, `go test: exit 0, \d+ s wall, \d+ CPU-s`, stdout)
	require.Contains(t, stdout, "rtlgen TestHDLLintOnItsOwn")
	require.Regexp(t, regexp.MustCompile(`(?m)^  verilator +[1-9]\d* +\d+\.\d`), stdout, "no verilator run logged")
	for _, f := range []string{"test.json", "tools.log", "summary.txt"} {
		require.FileExists(t, filepath.Join(out, f))
	}
	summary, err := os.ReadFile(filepath.Join(out, "summary.txt"))
	require.NoError(t, err)
	require.Equal(t, stdout, string(summary))

	_, stderr, code = runScript(t, "", "test-profile.sh", out, "./internal/junit")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "exists")
	entries, err := os.ReadDir(out)
	require.NoError(t, err)
	require.Len(t, entries, 3, "the existing folder is left as it was")

	_, stderr, code = runScript(t, "", "test-profile.sh", filepath.Join(out, "no", "profile"), "./internal/junit")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "is not a folder")
}
