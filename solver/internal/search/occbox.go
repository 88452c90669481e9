package search

import "math"

// boxCut is a piece of the Lagrangian bound (see Steps): L(λ) ≥ a + g·λ.
type boxCut struct {
	a float64    // w·h
	g [7]float64 // pool − h
}

// boxLP minimises max_i (a_i + g_i·λ) over lo ≤ λ ≤ hi; it returns the λ
// and the least value. It solves the dual programme by the simplex
// method (Bland's rule), whose origin is feasible: with μ = λ − lo, u =
// hi − lo, z the value less zmin (a lower bound), the primal is min z s.t.
// z − g_i·μ ≥ b_i = a_i + g_i·lo − zmin, 0 ≤ μ ≤ u, z ≥ 0; the dual is
// max Σ b_i π_i − Σ u_k ρ_k s.t. Σ π_i ≤ 1, −Σ_i g_ik π_i − ρ_k ≤ 0,
// π, ρ ≥ 0, and the primal's μ and z are the dual's row prices.
func boxLP(cuts []boxCut, lo, hi [7]float64) ([7]float64, float64) {
	n := len(cuts)
	var u [7]float64
	for k := range 7 {
		u[k] = hi[k] - lo[k]
	}
	bs := make([]float64, n)
	zmin := boxRHS(bs, cuts, lo, u)
	tb := newBoxTableau(cuts, bs, zmin, u)
	tb.simplex()
	var lam [7]float64
	for k := range 7 {
		mu := min(max(*tb.at(boxRows, n+7+1+k), 0), u[k])
		lam[k] = lo[k] + mu
	}
	return lam, *tb.at(boxRows, tb.cols-1) + zmin
}

// boxRHS puts in bs the primal's right-hand sides b_i + zmin and returns
// zmin: one less than the least any cut reaches in the box lo + [0, u].
// (bs is made by boxLP: a few cuts' stay on its stack.)
func boxRHS(bs []float64, cuts []boxCut, lo, u [7]float64) float64 {
	zmin := math.Inf(1)
	for i, c := range cuts {
		bi, low := c.a, c.a
		for k := range 7 {
			bi += c.g[k] * lo[k]
			low += c.g[k] * lo[k]
			if c.g[k] < 0 {
				low += c.g[k] * u[k]
			}
		}
		bs[i] = bi
		zmin = min(zmin, low)
	}
	return zmin - 1
}

// boxRows is the number of boxLP's constraints; the tableau's row boxRows
// is the objective's.
const boxRows = 8

// boxTableau is boxLP's simplex tableau: boxRows rows (the constraints)
// and the objective row; columns: π (n), ρ (7), the slacks (boxRows), the
// right-hand side. basis holds each row's basic column.
type boxTableau struct {
	t     []float64
	cols  int
	basis [boxRows]int
}

func (tb *boxTableau) at(r, c int) *float64 { return &tb.t[r*tb.cols+c] }

// newBoxTableau sets up the dual of boxLP with the origin as its basis.
func newBoxTableau(cuts []boxCut, bs []float64, zmin float64, u [7]float64) boxTableau {
	n := len(cuts)
	const rows = boxRows
	cols := n + 7 + rows + 1
	tb := boxTableau{t: make([]float64, (rows+1)*cols), cols: cols}
	rhs := cols - 1
	for i := range n {
		*tb.at(0, i) = 1
	}
	*tb.at(0, rhs) = 1
	for k := range 7 {
		for i, c := range cuts {
			*tb.at(1+k, i) = -c.g[k]
		}
		*tb.at(1+k, n+k) = -1
	}
	for r := range rows {
		*tb.at(r, n+7+r) = 1
	}
	// The objective row holds z_j − c_j (maximising c·x): −c at first.
	obj := rows
	for i := range n {
		*tb.at(obj, i) = -(bs[i] - zmin)
	}
	for k := range 7 {
		*tb.at(obj, n+k) = u[k]
	}
	for r := range rows {
		tb.basis[r] = n + 7 + r
	}
	return tb
}

// simplex runs the simplex method by Bland's rule, at most 1000 pivots.
func (tb *boxTableau) simplex() {
	const rows, obj = boxRows, boxRows
	cols, basis := tb.cols, &tb.basis
	rhs := cols - 1
	for iter := 0; iter < 1000; iter++ {
		// Bland: the first column with a negative reduced cost.
		enter := -1
		for j := 0; j < rhs; j++ {
			if *tb.at(obj, j) < -1e-9 {
				enter = j
				break
			}
		}
		if enter < 0 {
			break
		}
		leave, best := -1, math.Inf(1)
		for r := range rows {
			if a := *tb.at(r, enter); a > 1e-9 {
				q := *tb.at(r, rhs) / a
				if q < best-1e-12 || q < best+1e-12 && leave >= 0 && basis[r] < basis[leave] {
					leave, best = r, q
				}
			}
		}
		if leave < 0 {
			break // unbounded: cannot be (Σ π ≤ 1 and ρ costs)
		}
		tb.pivot(leave, enter)
	}
}

// pivot makes column enter basic in row leave.
func (tb *boxTableau) pivot(leave, enter int) {
	cols := tb.cols
	p := *tb.at(leave, enter)
	for j := range cols {
		*tb.at(leave, j) /= p
	}
	for r := 0; r <= boxRows; r++ {
		if r == leave {
			continue
		}
		f := *tb.at(r, enter)
		if f == 0 {
			continue
		}
		for j := range cols {
			*tb.at(r, j) -= f * *tb.at(leave, j)
		}
	}
	tb.basis[leave] = enter
}
