package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
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

// Share runs body over the indexes [0, n) in chunks of chunk indexes, on the calling
// goroutine and workers-1 more, each taking the next chunk as it finishes one (worker is
// 0..workers-1, for per-worker scratch). On a machine shared with other jobs a worker whose
// thread the system holds back delays the whole pass by at most the chunk in its hands,
// where fixed halves would wait for its whole half: the other workers take the rest.
// Callers make every index's result independent of the chunks and workers (sums of
// exact integers, maxima), so the bytes do not depend on the split.
func Share(n, chunk, workers int, body func(worker, lo, hi int)) {
	if workers <= 1 || n <= chunk {
		if n > 0 {
			body(0, 0, n)
		}
		return
	}
	var next atomic.Int64
	run := func(w int) {
		for {
			lo := int(next.Add(int64(chunk))) - chunk
			if lo >= n {
				return
			}
			body(w, lo, min(lo+chunk, n))
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(w)
		}()
	}
	run(0)
	wg.Wait()
}

// Workers is how many workers a pass of work units (about a nanosecond each) should
// use: one per grain of work, at most GOMAXPROCS. Small passes stay on the calling
// goroutine, where waking another would cost more than it saves.
func Workers(work, grain int) int {
	return max(1, min(runtime.GOMAXPROCS(0), work/grain))
}

// Grain is the work (about a nanosecond each: a field, a weight) worth a worker.
const Grain = 1 << 15
