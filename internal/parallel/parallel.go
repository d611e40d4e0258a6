package parallel

import (
	"runtime"
	"sync"
)

// For calls body on disjoint sub-ranges [lo, hi) that together cover [0, n), using up to
// GOMAXPROCS goroutines. Ranges shorter than minChunk are not split further, so that small
// problems do not pay for goroutines.
func For(n, minChunk int, body func(lo, hi int)) {
	workers := runtime.GOMAXPROCS(0)
	if minChunk < 1 {
		minChunk = 1
	}
	if max := (n + minChunk - 1) / minChunk; workers > max {
		workers = max
	}
	if workers <= 1 {
		if n > 0 {
			body(0, n)
		}
		return
	}
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			body(lo, hi)
		}()
	}
	wg.Wait()
}
