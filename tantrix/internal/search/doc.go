// Package search is the hot core of the fixed-board Tantrix solver: a
// depth-first search over per-place domains of (tile, rotation) pairs held
// as 60-bit masks, with arc consistency on edge colours, tile counting,
// and a loop tracker that forbids closing a sub-loop.
//
// Everything is sized in New; Solve allocates nothing per search node.
package search
