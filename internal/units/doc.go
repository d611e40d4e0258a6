// Package units is the one mechanism for resumable, shardable work: a plan of units with
// stable keys, run in a fixed order, one shard of them or all, each finished unit kept as
// a file, and merged from several output folders into one. The USPS experiment
// (internal/usps) and the bit-width sweep (internal/sweep) both run on it; the results
// they derive from the units are theirs.
//
// # The output folder
//
//	plan.json       the plan's settings (the caller's JSON), written by every run
//	units/KEY.json  one finished unit: its record as one line of JSON, written atomically
//	timing.jsonl    one line per unit finished here: key, name, seconds, GOMAXPROCS
//
// A key is a relative path of slash-separated names (letters, digits and . _ = + -), say
// "split0/H1/class3": the unit's file is units/split0/H1/class3.json.
//
// # Guarantees
//
//   - Atomic units: a unit's file appears complete or not at all (internal/atomicfile);
//     an interrupted or failed unit leaves nothing behind, not even a temporary file.
//   - Resume: a run skips every unit whose file exists, after the caller's Check has
//     accepted its record (same unit, same settings); a refused record stops the run
//     before anything is written.
//   - Shards: with shard i/n (internal/shard) a run takes the units whose index in the
//     plan, mod n, is i. Shards may share one folder or write to their own.
//   - Deterministic bytes: a unit's file depends on the unit only (never on the shard
//     split, the number of workers, GOMAXPROCS or the order units finish in), and Merge
//     copies files byte for byte, so whatever the caller derives from the units of a
//     plan is the same after one run, a resumed one or merged shards. Only timing.jsonl
//     depends on the machine.
//   - Merge gathers folders that ran the same plan (plan.json equal as JSON): every unit
//     present in two places must be byte-identical, and everything is read and checked
//     before anything is written. The timing lines of the units it copies come along.
//
// It must not know what a unit computes or what its record means: callers compute,
// check and interpret records, and draw the results. Shard specs are read by
// internal/shard, flags by cmd/herdsim.
package units
