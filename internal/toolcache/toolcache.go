package toolcache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"

	"herdsim/internal/interrupt"
)

// EnvDir is the environment variable naming the cache folder ("" or unset: no cache).
const EnvDir = "HERDSIM_TOOL_CACHE"

// Step is one tool run in a folder: the tool, its arguments, the files of the folder it
// reads and those it writes (an output the run did not write is not kept).
type Step struct {
	Dir     string   // where the tool runs
	Tool    string   // its path
	Args    []string // its arguments
	Inputs  []string // the files of Dir it reads
	Outputs []string // the files of Dir it writes
}

// Run runs the step with run, or, when the cache holds a run of the same key, restores that
// run's outputs into Dir instead; it reports whether it restored them. A run that fails is
// not kept. Runs of one key wait for each other (where flock exists), so that the second
// restores the first's files.
func Run(s Step, run func() error) (restored bool, err error) {
	root := os.Getenv(EnvDir)
	if root == "" {
		return false, run()
	}
	key, err := s.key()
	if err != nil {
		return false, err
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return false, err
	}
	unlock, err := lockKey(root, key)
	if err != nil {
		return false, err
	}
	defer unlock()
	entry := filepath.Join(root, key)
	if ok, err := restore(entry, s.Dir); ok || err != nil {
		return ok, err
	}
	if err := run(); err != nil {
		return false, err
	}
	return false, store(root, entry, s)
}

// key hashes the tool's identity (path, size, modification time), the arguments and the
// inputs' names and contents.
func (s Step) key() (string, error) {
	h := sha256.New()
	tool, err := exec.LookPath(s.Tool)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(tool)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "tool %s %d %d\n", tool, st.Size(), st.ModTime().UnixNano())
	args, _ := json.Marshal(s.Args)
	fmt.Fprintf(h, "args %s\n", args)
	inputs := append([]string(nil), s.Inputs...)
	sort.Strings(inputs)
	for _, name := range inputs {
		f, err := os.Open(filepath.Join(s.Dir, name))
		if err != nil {
			return "", fmt.Errorf("toolcache: input %s: %w", name, err)
		}
		fmt.Fprintf(h, "input %q\n", name)
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
		fmt.Fprintln(h)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// restore copies a cache entry's files into dir; false if there is no entry.
func restore(entry, dir string) (bool, error) {
	files, err := os.ReadDir(entry)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	for _, f := range files {
		if err := copyFile(filepath.Join(entry, f.Name()), filepath.Join(dir, f.Name())); err != nil {
			return false, err
		}
	}
	return true, nil
}

func lockPath(root, key string) string { return filepath.Join(root, key+".lock") }

// store keeps the step's outputs as the entry: written to a temporary folder, then renamed,
// so that a reader sees a whole entry or none (two runs of one key: the first rename wins).
func store(root, entry string, s Step) error {
	tmp, err := interrupt.TempDir(root, "tmp-*")
	if err != nil {
		return err
	}
	defer interrupt.Remove(tmp)
	for _, name := range s.Outputs {
		err := copyFile(filepath.Join(s.Dir, name), filepath.Join(tmp, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
	}
	if err := interrupt.Rename(tmp, entry); err != nil {
		if _, serr := os.Stat(entry); serr != nil { // not another run's entry of this key
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
