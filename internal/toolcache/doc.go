// Package toolcache keeps the output files of external tool runs (Yosys, nextpnr, icetime)
// under a key made of the tool, its arguments and the contents of its input files, so that
// a run whose inputs an earlier run already had restores that run's files instead of
// running again. Yosys and nextpnr with a fixed seed are deterministic: the restored files
// are those the tool would write.
//
// It is off unless HERDSIM_TOOL_CACHE names a folder. `make test` sets it to a fresh folder
// for the one test run, so that the tests which synthesise the same design (as the one
// explore plan run on one machine and in shards) pay for it once; a user's command never
// reads an old one unless asked. Keep it for one set of tools: the key names each tool by
// its path, size and modification time, not by its version.
//
// It owns the cache folder's layout and must not know what the tools do or what their
// files hold: callers name the input and output files.
package toolcache
