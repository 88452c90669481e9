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
	zmin := math.Inf(1)
	bs := make([]float64, n)
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
	zmin -= 1
	// Tableau: 8 rows (the constraints) and the objective row; columns:
	// π (n), ρ (7), the slacks (8), the right-hand side.
	const rows = 8
	cols := n + 7 + rows + 1
	t := make([]float64, (rows+1)*cols)
	at := func(r, c int) *float64 { return &t[r*cols+c] }
	rhs := cols - 1
	for i := range n {
		*at(0, i) = 1
	}
	*at(0, rhs) = 1
	for k := range 7 {
		for i, c := range cuts {
			*at(1+k, i) = -c.g[k]
		}
		*at(1+k, n+k) = -1
	}
	for r := range rows {
		*at(r, n+7+r) = 1
	}
	// The objective row holds z_j − c_j (maximising c·x): −c at first.
	obj := rows
	for i := range n {
		*at(obj, i) = -(bs[i] - zmin)
	}
	for k := range 7 {
		*at(obj, n+k) = u[k]
	}
	basis := make([]int, rows)
	for r := range rows {
		basis[r] = n + 7 + r
	}
	for iter := 0; iter < 1000; iter++ {
		// Bland: the first column with a negative reduced cost.
		enter := -1
		for j := 0; j < rhs; j++ {
			if *at(obj, j) < -1e-9 {
				enter = j
				break
			}
		}
		if enter < 0 {
			break
		}
		leave, best := -1, math.Inf(1)
		for r := range rows {
			if a := *at(r, enter); a > 1e-9 {
				q := *at(r, rhs) / a
				if q < best-1e-12 || q < best+1e-12 && leave >= 0 && basis[r] < basis[leave] {
					leave, best = r, q
				}
			}
		}
		if leave < 0 {
			break // unbounded: cannot be (Σ π ≤ 1 and ρ costs)
		}
		p := *at(leave, enter)
		for j := range cols {
			*at(leave, j) /= p
		}
		for r := 0; r <= rows; r++ {
			if r == leave {
				continue
			}
			f := *at(r, enter)
			if f == 0 {
				continue
			}
			for j := range cols {
				*at(r, j) -= f * *at(leave, j)
			}
		}
		basis[leave] = enter
	}
	var lam [7]float64
	for k := range 7 {
		mu := min(max(*at(obj, n+7+1+k), 0), u[k])
		lam[k] = lo[k] + mu
	}
	return lam, *at(obj, rhs) + zmin
}
