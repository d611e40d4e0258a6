package herding

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// shareWork runs body over the indexes [0, n) in chunks of chunk indexes, on the calling
// goroutine and workers-1 more, each taking the next chunk as it finishes one (worker is
// 0..workers-1, for per-worker scratch). On a machine shared with other jobs a worker whose
// thread the system holds back delays the whole pass by at most the chunk in its hands,
// where fixed halves would wait for its whole half: the other workers take the rest.
// Callers make every index's result independent of the chunks and workers (sums of
// exact integers, maxima), so the bytes do not depend on the split.
func shareWork(n, chunk, workers int, body func(worker, lo, hi int)) {
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

// workersFor is how many workers a pass of work units (about a nanosecond each) should
// use: one per grain of work, at most GOMAXPROCS. Small passes stay on the calling
// goroutine, where waking another would cost more than it saves.
func workersFor(work, grain int) int {
	return max(1, min(runtime.GOMAXPROCS(0), work/grain))
}

// parallelGrain is the work (about a nanosecond each: a field, a weight) worth a worker.
const parallelGrain = 1 << 15
