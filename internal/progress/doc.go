// Package progress draws progress bars on stderr for anything that runs longer than a few
// seconds. Bars never touch stdout, so machine-readable output stays clean, and they are
// silent when stderr is not a terminal unless HERDSIM_PROGRESS=1 asks for them.
//
// It must never write to stdout or change what a command computes.
package progress
