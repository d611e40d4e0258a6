// Package shard reads and applies the shard specs "i/n" that split a grid of work between
// machines: shard i of n takes the items whose index in the grid's fixed order, mod n, is
// i. internal/units applies it to every plan of units (the sweep's points, the USPS
// experiment's units), and Parse is the one reader of the spec. Its errors quote
// the value and name no flag: the command that read the value adds its flag
// (fmt.Errorf("--shard %w", err)).
//
// It must not know what the items are: it sees indexes only.
package shard
