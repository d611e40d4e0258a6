// Package herdrun runs one herding job and writes its output folder: trace.jsonl,
// weights.json, summary.json and the pictures. It owns that folder's layout; the dynamics
// belong to package herding and the data to package dataset. Every file is written under a
// temporary name and renamed only when the whole run succeeded, so a failed run leaves no
// partial output.
//
// It must not change the dynamics (package herding) or read data (package dataset).
package herdrun
