package dataset

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// USPSDirEnv names the environment variable that points herdsim at the USPS data folder.
const USPSDirEnv = "HERDSIM_USPS_DIR"

// uspsRelDir is where the shared data folder sits next to a checkout.
const uspsRelDir = "../shared/data/usps"

// ResolveUSPSDir finds the folder holding usps_all.mat and the ESL files. Search order:
//
//  1. flag (the --usps-dir option), if non-empty;
//  2. the environment variable HERDSIM_USPS_DIR, if non-empty;
//  3. ../shared/data/usps relative to the working directory;
//  4. ../shared/data/usps relative to the repository root, the nearest directory at or
//     above the working directory that holds go.mod, so commands and tests work from any
//     folder of the checkout.
//
// A folder named by the flag or the variable must exist: it is an error, not a reason to
// look elsewhere, since the user asked for it. Steps 3 and 4 accept the first existing
// directory. The path returned is absolute. The error lists every place tried.
func ResolveUSPSDir(flag string) (string, error) {
	if flag != "" {
		return explicitDir(flag, "--usps-dir")
	}
	if env := os.Getenv(USPSDirEnv); env != "" {
		return explicitDir(env, USPSDirEnv)
	}
	tried := uspsCandidates()
	for _, dir := range tried {
		if isDir(dir) {
			return dir, nil
		}
	}
	return "", fmt.Errorf("USPS data folder not found; tried %s (%s unset); point herdsim at the folder holding %s with --usps-dir DIR or %s=DIR",
		strings.Join(tried, ", "), USPSDirEnv, USPSFile, USPSDirEnv)
}

// explicitDir checks a folder the user named.
func explicitDir(dir, source string) (string, error) {
	if !isDir(dir) {
		return "", fmt.Errorf("USPS data folder %s (from %s) is not an existing directory", dir, source)
	}
	return absolute(dir), nil
}

// uspsCandidates lists the fallback places in search order, without duplicates.
func uspsCandidates() []string {
	var dirs []string
	add := func(d string) {
		for _, seen := range dirs {
			if seen == d {
				return
			}
		}
		dirs = append(dirs, d)
	}
	add(absolute(uspsRelDir))
	if root, ok := repoRoot(); ok {
		add(filepath.Join(root, uspsRelDir))
	}
	return dirs
}

// repoRoot walks up from the working directory to the first directory holding go.mod.
func repoRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if info, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !info.IsDir() {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

func absolute(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}
