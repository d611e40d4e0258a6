// Package splitmix implements splitmix64, the one pseudo-random generator herdsim uses
// (docs/spec.md, "Initialisation"). Every seeded choice in herdsim (initial weights, data
// splits, the default data set's noise) draws from it, so results are the same bytes on
// every machine and for every GOMAXPROCS.
//
// It must not touch anything else: callers decide what to draw and in which order.
package splitmix
