// Package shard reads and applies the shard specs "i/n" that split a grid of work between
// machines: shard i of n takes the items whose index in the grid's fixed order, mod n, is
// i. The sweep's points (internal/sweep) and the USPS experiment's units (internal/usps)
// are sharded this way, and Parse is the one reader of the spec for both. Its errors quote
// the value and name no flag: the command that read the value adds its flag
// (fmt.Errorf("--shard %w", err)).
//
// It must not know what the items are: it sees indexes only.
package shard
