//go:build unix

package toolcache

import (
	"os"
	"syscall"
)

// lockKey holds the key's lock file in root (flock: released when the process ends, however
// it ends) until unlock: a second run of the same key, as the tests that start two
// syntheses of one design side by side, waits for the first and restores its files.
func lockKey(root, key string) (unlock func(), err error) {
	f, err := os.OpenFile(lockPath(root, key), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
