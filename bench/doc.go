// Package bench will hold herdsim's cross-cutting speed measurements (reference, Go
// datapath model, Verilator and Icarus on the same Arch), reported as ratios measured in
// one run. Package-local benchmarks stay beside their code.
//
// Status: not implemented yet (issue 5).
package bench
