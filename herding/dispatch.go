package herding

import "os"

// PortableEnv names the environment variable that makes a GOEXPERIMENT=simd build run its
// portable kernels even on a CPU with AVX-512: set to anything but "" or "0" (for example
// HERDSIM_PORTABLE=1), it is read once, when the program starts. Both kernels give the same
// bits (tested), so it changes the speed only; CI uses it to run the portable path inside
// the simd build.
const PortableEnv = "HERDSIM_PORTABLE"

// portableRequested reports whether PortableEnv asks for the portable kernels.
func portableRequested() bool {
	v := os.Getenv(PortableEnv)
	return v != "" && v != "0"
}

// Kernels says which kernels the flip-driven form runs in this process and why: "avx512"
// or "portable", with the reason in parentheses (the build, the CPU or PortableEnv).
// `herdsim herd` prints it, so a user can tell which build they run.
func Kernels() string {
	name, why := kernelChoice()
	return name + " (" + why + ")"
}
