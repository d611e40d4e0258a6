// Package parallel splits index ranges over the machine's cores: For in fixed parts, Share
// in chunks that workers take as they finish one (on a shared machine a held-back core then
// delays a pass by one chunk). Callers must make each
// index's result independent of the partition, so output never depends on GOMAXPROCS.
//
// It must not hold state between calls or decide how results are combined.
package parallel
