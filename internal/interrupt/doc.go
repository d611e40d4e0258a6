// Package interrupt is how herdsim stops on SIGINT or SIGTERM without leaving anything
// behind: it knows every temporary file and directory the process created and every
// external tool it is running, and Stop kills those tools and removes those paths.
//
// Every temporary path is made here (TempDir, TempFile; atomicfile's files too) and goes
// away through Remove, or is published through Rename; every external tool (Yosys,
// nextpnr, Icarus, Verilator and the compilers it runs) starts through Start or Run, in a
// process group of its own that Stop kills whole. cmd/herdsim's main calls Stop once,
// when the signal arrives, and then exits: the computation itself (a herding loop, a
// lockstep run) need not watch for the signal. After Stop, nothing is created or
// published any more: TempDir, TempFile, Rename and Start return ErrInterrupted.
//
// It must not know what the files hold or what the tools do.
package interrupt
