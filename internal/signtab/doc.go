// Package signtab turns products of a weight matrix with +-1 vectors into table look-ups
// (the "four Russians" trick): the inputs are cut into groups of a few, and for every
// group, sign pattern and output the tables hold the group's signed sum of weights, so a
// D = 256 product is 43 table adds (6-input groups) instead of 256 multiply-adds.
//
// It owns the tables, the sign patterns (Codes) and their AVX2 kernels (kernel_amd64.s),
// and nothing else: classify's RBMs (CD-1, PCD) and datapath's functional model both
// compute their fields with it. The sums are float64 and added group by group in a fixed
// order, so the results do not depend on GOMAXPROCS; on integer weights whose partial sums
// stay below 2^53 they are exact.
package signtab
