package scripts

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
)

// tinyPlan is an explore plan of one point, one design, that still runs every kind of unit
// (10 float references, 10 accuracy runs, the dynamics, one synthesis): K = 4, T = 3, W 14.
// The synthesis maps to xilinx7 (Yosys alone, half the time of the UP5K's place and route):
// the test is about the shards, and a synthesis unit is one unit like the others.
var tinyPlan = []string{
	"--hidden", "4", "--tile", "3", "--weight-bits", "14", "--acc-bits", "16", "--overflow", "wrap", "--target", "xilinx7",
	"--learn", "20", "--collect", "20", "--dyn-iters", "20", "--narrow=false",
}

// TestExploreParallelEqualsOneMachine: scripts/explore-parallel.sh runs a tiny plan in three
// shards with GNU parallel and merges them; the merged results.json and table.md are those
// of a one-machine run of the same plan, byte for byte (issue 15).
func TestExploreParallelEqualsOneMachine(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (Debian package parallel): scripts/explore-parallel.sh is not tested")
	}
	usps, err := dataset.ResolveUSPSDir("")
	require.NoError(t, err, "the test needs the USPS data (../shared/data/usps or %s)", dataset.USPSDirEnv)
	herdsim := buildHerdsim(t)
	plan := append([]string{"--usps-dir", usps}, tinyPlan...)
	base := t.TempDir()
	start := time.Now()

	// The one-machine run beside the shards (two syntheses of the one design, one in each):
	// one unit at a time, so that at most three processes share the machine.
	one := exec.Command(herdsim, append(append([]string{"explore", "--out", filepath.Join(base, "one")}, plan...), "--workers", "1")...)
	var oneLog bytes.Buffer
	one.Stdout, one.Stderr = &oneLog, &oneLog
	require.NoError(t, one.Start())
	defer func() {
		if one.ProcessState == nil {
			_ = one.Process.Kill()
			_ = one.Wait()
		}
	}()

	par := filepath.Join(base, "par")
	cmd := exec.Command("bash", append([]string{"explore-parallel.sh", "--shards", "3", "--jobs", "2",
		"--herdsim", herdsim, "--out", par, "--"}, plan...)...)
	out, err := cmd.CombinedOutput()
	t.Logf("explore-parallel.sh (%s):\n%s", time.Since(start).Round(time.Second), out)
	require.NoError(t, err)
	require.NoError(t, one.Wait(), "one-machine run:\n%s", oneLog.String())
	t.Logf("both runs done in %s", time.Since(start).Round(time.Second))

	joblog, err := os.ReadFile(filepath.Join(par, "logs", "parallel.joblog"))
	require.NoError(t, err)
	require.Len(t, strings.Split(strings.TrimSpace(string(joblog)), "\n"), 4, "a header and three shards:\n%s", joblog)
	for i := range 3 {
		require.DirExists(t, filepath.Join(par, fmt.Sprintf("shard-%d", i), "units"))
	}
	for _, name := range []string{"results.json", "table.md"} {
		want, err := os.ReadFile(filepath.Join(base, "one", name))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(par, "merged", name))
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "%s: merged shards against one machine", name)
	}
}

// runScript runs a script of this folder with PATH set to path (if not empty) and returns
// its stdout, stderr and exit code.
func runScript(t *testing.T, path string, args ...string) (string, string, int) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	require.NoError(t, err)
	cmd := exec.Command(bash, args...)
	if path != "" {
		cmd.Env = append(os.Environ(), "PATH="+path)
	}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		require.NoError(t, err)
	}
	return stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()
}

// linkTools makes a folder of links to the named commands, to use as PATH.
func linkTools(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range names {
		path, err := exec.LookPath(name)
		require.NoError(t, err)
		require.NoError(t, os.Symlink(path, filepath.Join(dir, name)))
	}
	return dir
}

// TestExploreScaleOutErrors: both scripts refuse a bad command line with exit 2 and a usage
// line, and say which tool is missing (exit 1); explore-slurm.sh submits a job array and a
// merge job that depends on it, given an sbatch (here a fake that records its job scripts).
func TestExploreScaleOutErrors(t *testing.T) {
	herdsim := filepath.Join(t.TempDir(), "herdsim")
	require.NoError(t, os.WriteFile(herdsim, []byte("#!/bin/sh\n"), 0o755))
	out := filepath.Join(t.TempDir(), "ex")

	for _, script := range []string{"explore-slurm.sh", "explore-parallel.sh"} {
		for _, c := range []struct {
			args []string
			want string
		}{
			{nil, "--shards N is required"},
			{[]string{"--shards", "0", "--out", out}, "--shards N is required"},
			{[]string{"--shards", "2"}, "--out DIR is required"},
			{[]string{"--shards", "2", "--out"}, "--out needs a value"},
			{[]string{"--shards", "2", "--out", out, "--hidden", "4"}, "unknown option --hidden (explore's flags go after --)"},
			{[]string{"--shards", "2", "--out", out, "--", "--shard", "0/2"}, "--shard is set by the script"},
			{[]string{"--shards", "2", "--out", out, "--", "--out=x"}, "--out=x is set by the script"},
		} {
			_, stderr, code := runScript(t, "", append([]string{script}, c.args...)...)
			require.Equal(t, 2, code, "%s %q: %s", script, c.args, stderr)
			require.Contains(t, stderr, c.want, "%s %q", script, c.args)
			require.Contains(t, stderr, "usage: scripts/"+script)
		}
	}

	noTools := linkTools(t, "bash", "dirname")
	args := []string{"--shards", "2", "--out", out, "--herdsim", herdsim, "--", "--hidden", "4"}
	_, stderr, code := runScript(t, noTools, append([]string{"explore-slurm.sh"}, args...)...)
	require.Equal(t, 1, code, stderr)
	require.Contains(t, stderr, "sbatch not found on PATH")
	_, stderr, code = runScript(t, noTools, append([]string{"explore-parallel.sh"}, args...)...)
	require.Equal(t, 1, code, stderr)
	require.Contains(t, stderr, "GNU parallel not found on PATH")
	require.NoDirExists(t, out, "nothing is created before the checks")

	// A fake sbatch: records its arguments and the job script, answers ids 100, 101.
	tools := linkTools(t, "bash", "dirname", "basename", "mkdir", "cat")
	jobs := t.TempDir()
	fake := "#!/bin/bash\nn=$((100 + $(ls " + jobs + " | wc -l)))\n{ echo \"$*\"; cat; } >" + jobs + "/$n\necho \"$n;cluster\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(tools, "sbatch"), []byte(fake), 0o755))
	for _, name := range []string{"ls", "wc"} {
		path, err := exec.LookPath(name)
		require.NoError(t, err)
		require.NoError(t, os.Symlink(path, filepath.Join(tools, name)))
	}
	stdout, stderr, code := runScript(t, tools, append([]string{"explore-slurm.sh", "--cpus", "3"}, append(args, "--usps-dir", "/data/usps")...)...)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "shards 100\nmerge 101\n", stdout)
	array, err := os.ReadFile(filepath.Join(jobs, "100"))
	require.NoError(t, err)
	require.Contains(t, string(array), "--parsable --job-name=explore-shard --array=0-1 --cpus-per-task=3 --output="+out+"/logs/shard-%a.out\n")
	require.Contains(t, string(array), "exec "+herdsim+` explore --shard "$i/2" --out `+out+`/shard-"$i" --workers 3 --hidden 4 --usps-dir /data/usps`)
	merge, err := os.ReadFile(filepath.Join(jobs, "101"))
	require.NoError(t, err)
	require.Contains(t, string(merge), "--dependency=afterok:100 ")
	require.Contains(t, string(merge), herdsim+" explore merge --out "+out+"/merged --usps-dir /data/usps "+out+"/shard-0 "+out+"/shard-1\n")
	require.DirExists(t, filepath.Join(out, "logs"))
}
