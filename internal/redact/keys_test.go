package redact

import "testing"

// mayMean lets through every name classify gives a meaning.
func TestMayMeanCoversEveryEnd(t *testing.T) {
	for _, l := range [][]string{carrierEnds[:], carriers[:], hashEnds[:], {"id"}} {
		for _, e := range l {
			if !mayMean([2]byte{e[len(e)-2], e[len(e)-1]}) {
				t.Errorf("%q: its end is not in mayMean", e)
			}
		}
	}
}
