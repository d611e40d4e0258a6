// Package parallel splits index ranges over the machine's cores. Callers must make each
// index's result independent of the partition, so output never depends on GOMAXPROCS.
//
// It must not hold state between calls or decide how results are combined.
package parallel
