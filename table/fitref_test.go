package table

import "sort"

// fitReference is Fit as it was before it was made n·log n and before a
// table was held to its width (commit a1d3c22): one column dropped per pass,
// each pass scanning every column. Fit must agree with it wherever its layout
// fits the width.
func fitReference(cols []Column, natural []int, opt Options) Layout {
	vis := make([]int, 0, len(cols))
	for i := range cols {
		vis = append(vis, i)
	}
	if opt.Width <= 0 {
		return Layout{Cols: vis, Widths: pickReference(natural, vis)}
	}
	avail := opt.Width - opt.Indent
	minWidth := func(i int) int {
		if cols[i].Flex && cols[i].Min < natural[i] {
			return max(cols[i].Min, 1)
		}
		return natural[i]
	}
	total := func(width func(int) int) int {
		t := opt.Gap * max(len(vis)-1, 0)
		for _, i := range vis {
			t += width(i)
		}
		return t
	}
	wantWidth := func(i int) int {
		if cols[i].Flex && cols[i].Want > cols[i].Min {
			return min(cols[i].Want, natural[i])
		}
		return minWidth(i)
	}
	// Drop the least valuable columns until the rest fit at their minimums,
	// then low-value ones until free text has the room it wants.
	dropUntilFits := func(width func(int) int, below int) {
		for total(width) > avail && len(vis) > 1 {
			drop := -1
			for k, i := range vis {
				if cols[i].Keep < below && (drop < 0 || cols[i].Keep <= cols[vis[drop]].Keep) {
					drop = k
				}
			}
			if drop < 0 {
				return
			}
			vis = append(vis[:drop], vis[drop+1:]...)
		}
	}
	dropUntilFits(minWidth, Essential)
	dropUntilFits(wantWidth, LowValue)
	widths := pickReference(natural, vis)
	over := total(func(i int) int { return natural[i] }) - avail
	var flex, all []int
	for k, i := range vis {
		if cols[i].Flex {
			flex = append(flex, k)
		}
		all = append(all, k)
	}
	// Free text gives way first, the least valuable first, each down to its
	// readable minimum (equals share the cut, widest first); then, when
	// nothing is left to drop, everything gives way down to a sliver.
	sort.SliceStable(flex, func(a, b int) bool { return cols[vis[flex[a]]].Keep < cols[vis[flex[b]]].Keep })
	for start := 0; start < len(flex); {
		end := start
		for end < len(flex) && cols[vis[flex[end]]].Keep == cols[vis[flex[start]]].Keep {
			end++
		}
		over = shrinkReference(widths, flex[start:end], func(k int) int { return minWidth(vis[k]) }, over)
		start = end
	}
	over = shrinkReference(widths, flex, func(int) int { return 1 }, over)
	shrinkReference(widths, all, func(k int) int { return min(natural[vis[k]], 3) }, over)
	return Layout{Cols: vis, Widths: widths}
}

func pickReference(natural []int, idx []int) []int {
	w := make([]int, len(idx))
	for k, i := range idx {
		w[k] = natural[i]
	}
	return w
}

// shrinkReference is shrink as it was: it takes up to over columns away
// from widths[idx...], widest first (water-filling), never below floor, and
// returns what could not be taken. A frozen copy, so that the reference does
// not follow changes to shrink.
func shrinkReference(widths []int, idx []int, floor func(int) int, over int) int {
	if over <= 0 || len(idx) == 0 {
		return over
	}
	taken := func(level int) int {
		t := 0
		for _, k := range idx {
			if lim := max(level, floor(k)); widths[k] > lim {
				t += widths[k] - lim
			}
		}
		return t
	}
	top := 0
	for _, k := range idx {
		top = max(top, widths[k])
	}
	if taken(0) < over { // cannot make it: shrink all to their floors
		got := taken(0)
		for _, k := range idx {
			widths[k] = min(widths[k], floor(k))
		}
		return over - got
	}
	// The highest level that frees enough.
	level := sort.Search(top+1, func(l int) bool { return taken(l) < over }) - 1
	extra := taken(level) - over
	for _, k := range idx {
		if lim := max(level, floor(k)); widths[k] > lim {
			widths[k] = lim
			if extra > 0 && lim == level {
				widths[k]++ // give back what was taken beyond need
				extra--
			}
		}
	}
	return 0
}
