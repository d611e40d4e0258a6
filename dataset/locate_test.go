package dataset

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// fakeCheckout builds root/repo/go.mod and root/repo/sub/deeper, and returns root (with
// symbolic links resolved, so paths compare equal to what os.Getwd reports).
func fakeCheckout(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(root, "repo", "sub", "deeper"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "repo", "go.mod"), []byte("module x\n"), 0o644))
	return root
}

func TestResolveUSPSDirExplicit(t *testing.T) {
	root := fakeCheckout(t)
	other := filepath.Join(root, "elsewhere")
	require.NoError(t, os.Mkdir(other, 0o755))
	t.Setenv(USPSDirEnv, filepath.Join(root, "repo"))

	got, err := ResolveUSPSDir(other) // the flag wins over the variable
	require.NoError(t, err)
	require.Equal(t, other, got)

	got, err = ResolveUSPSDir("")
	require.NoError(t, err)
	require.Equal(t, filepath.Join(root, "repo"), got)

	_, err = ResolveUSPSDir(filepath.Join(root, "missing"))
	require.ErrorContains(t, err, "(from --usps-dir) is not an existing directory")

	t.Setenv(USPSDirEnv, filepath.Join(root, "missing"))
	_, err = ResolveUSPSDir("")
	require.ErrorContains(t, err, "(from HERDSIM_USPS_DIR) is not an existing directory")
}

func TestResolveUSPSDirFallbacks(t *testing.T) {
	root := fakeCheckout(t)
	t.Setenv(USPSDirEnv, "")
	t.Chdir(filepath.Join(root, "repo", "sub", "deeper"))

	_, err := ResolveUSPSDir("")
	require.Error(t, err)
	msg := err.Error()
	require.Contains(t, msg, filepath.Join(root, "repo", "sub", "shared", "data", "usps")) // cwd-relative
	require.Contains(t, msg, filepath.Join(root, "shared", "data", "usps"))                // repo-root-relative
	require.Contains(t, msg, "--usps-dir")
	require.Contains(t, msg, USPSDirEnv)

	// Found through the repository root from a nested folder.
	shared := filepath.Join(root, "shared", "data", "usps")
	require.NoError(t, os.MkdirAll(shared, 0o755))
	got, err := ResolveUSPSDir("")
	require.NoError(t, err)
	require.Equal(t, shared, got)

	// The working-directory candidate comes first.
	near := filepath.Join(root, "repo", "sub", "shared", "data", "usps")
	require.NoError(t, os.MkdirAll(near, 0o755))
	got, err = ResolveUSPSDir("")
	require.NoError(t, err)
	require.Equal(t, near, got)
}
