//go:build unix

package interrupt

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd the leader of a new process group, which its children join.
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// signalGroup sends SIGTERM, or with force SIGKILL, to cmd's whole process group.
func signalGroup(cmd *exec.Cmd, force bool) {
	sig := syscall.SIGTERM
	if force {
		sig = syscall.SIGKILL
	}
	_ = syscall.Kill(-cmd.Process.Pid, sig)
}

// groupAlive reports whether a process of cmd's group still exists (a zombie not yet
// reaped counts).
func groupAlive(cmd *exec.Cmd) bool {
	return syscall.Kill(-cmd.Process.Pid, 0) == nil
}
