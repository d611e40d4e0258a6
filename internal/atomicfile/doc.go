// Package atomicfile writes files so that a reader never sees a partial one: the content
// goes to a temporary file in the same directory, which is renamed over the target only
// after a successful write, sync and close. On any error the temporary file is removed,
// and on SIGINT or SIGTERM too: temporary files are package interrupt's.
//
// It must not know what it writes: formats belong to their packages.
package atomicfile
