package dataset

import (
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The MAT file is parsed once per test binary: inflating 2.8 MB takes a moment.
var testUSPS struct {
	once sync.Once
	dir  string
	data *USPS
	err  error
}

// uspsDataDir returns the shared data folder, skipping the test only when it cannot be
// found (a checkout without ../shared/data/usps).
func uspsDataDir(t *testing.T) string {
	t.Helper()
	dir, err := ResolveUSPSDir("")
	if err != nil {
		t.Skipf("USPS data folder not found, skipping (set %s to run this test): %v", USPSDirEnv, err)
	}
	return dir
}

func loadTestUSPS(t *testing.T) *USPS {
	t.Helper()
	dir := uspsDataDir(t)
	testUSPS.once.Do(func() {
		testUSPS.dir = dir
		testUSPS.data, testUSPS.err = LoadUSPS(dir)
	})
	require.NoError(t, testUSPS.err, "the data folder %s exists but usps_all.mat did not load", testUSPS.dir)
	return testUSPS.data
}

// The checks below are the data README's, measured independently of herdsim.
func TestUSPSFirstImage(t *testing.T) {
	u := loadTestUSPS(t)
	img := u.Image(1, 0) // slot 0 holds digit 1
	require.Len(t, img, USPSPixels)
	assert.Equal(t, []uint8{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 33, 121, 68}, img[:16])
	assert.Equal(t, 10937, sum(img))
}

func TestUSPSPerSlotPixelSums(t *testing.T) {
	u := loadTestUSPS(t)
	want := []int{16996640, 18281132, 18235640, 15156227, 16504322, 19162313, 14531125, 19505316, 18041203, 21934616}
	total := 0
	for slot, w := range want {
		digit := USPSDigit(slot)
		s := 0
		for i := range USPSPerDigit {
			s += sum(u.Image(digit, i))
		}
		assert.Equal(t, w, s, "slot %d (digit %d)", slot, digit)
		total += s
	}
	assert.Equal(t, 178348534, total)
}

func TestUSPSBinarisedFractions(t *testing.T) {
	u := loadTestUSPS(t)
	want := []float64{0.291, 0.347, 0.352, 0.291, 0.321, 0.362, 0.278, 0.376, 0.345, 0.402}
	allPlus := 0
	for slot, w := range want {
		digit := USPSDigit(slot)
		plus := 0
		for i := range USPSPerDigit {
			plus += countPlus(BinarizeUSPS(u.Image(digit, i)))
		}
		frac := float64(plus) / float64(USPSPerDigit*USPSPixels)
		assert.Equal(t, w, round(frac, 3), "slot %d (digit %d): +1 fraction %.5f", slot, digit, frac)
		allPlus += plus
	}
	overall := float64(allPlus) / float64(USPSDigits*USPSPerDigit*USPSPixels)
	assert.Equal(t, 0.3365, round(overall, 4), "overall +1 fraction %.6f", overall)
}

func TestUSPSImagesAreDistinctPerDigit(t *testing.T) {
	u := loadTestUSPS(t)
	// Different digits come from different slots: the first images must differ.
	seen := map[string]int{}
	for d := range USPSDigits {
		key := string(u.Image(d, 0))
		prev, dup := seen[key]
		require.False(t, dup, "digit %d image 0 equals digit %d image 0", d, prev)
		seen[key] = d
	}
	require.Panics(t, func() { u.Image(10, 0) })
	require.Panics(t, func() { u.Image(0, USPSPerDigit) })
}

func TestBinarizeUSPSThresholdIsExact(t *testing.T) {
	// X/256 - 0.2 > 0 holds from X = 52 (52/256 = 0.203) but not at 51 (0.199).
	require.Equal(t, []int8{-1, -1, -1, 1, 1}, BinarizeUSPS([]uint8{0, 50, 51, 52, 255}))
	for x := range 256 {
		exact := float64(x)/256-0.2 > 0 // safe here: no x makes X/256 land on 0.2
		assert.Equal(t, exact, BinarizeUSPS([]uint8{uint8(x)})[0] == 1, "X=%d", x)
	}
}

func TestUSPSSlotDigitMapping(t *testing.T) {
	for d := range 10 {
		require.Equal(t, d, USPSDigit(USPSSlot(d)))
	}
	require.Equal(t, 9, USPSSlot(0))
	require.Equal(t, 0, USPSSlot(1))
	require.Equal(t, 8, USPSSlot(9))
}

func sum(b []uint8) int {
	s := 0
	for _, v := range b {
		s += int(v)
	}
	return s
}

func countPlus(x []int8) int {
	n := 0
	for _, v := range x {
		if v == 1 {
			n++
		}
	}
	return n
}

func round(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}
