//go:build !unix

package interrupt

import "os/exec"

// ownGroup does nothing where there are no process groups: Stop kills the tool alone.
func ownGroup(*exec.Cmd) {}

func signalGroup(cmd *exec.Cmd, _ bool) { _ = cmd.Process.Kill() }

func groupAlive(*exec.Cmd) bool { return false }
