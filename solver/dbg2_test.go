package solver

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"hexiom/board"
	"hexiom/solver/internal/search"
)

// DBG2=file,obj,best  : refute best+1 in each orientation
func TestDbgOrient(t *testing.T) {
	spec := os.Getenv("DBG2")
	if spec == "" {
		t.Skip()
	}
	for _, one := range strings.Split(spec, ";") {
		f := strings.Split(one, ",")
		b, _ := os.ReadFile(f[0])
		p, err := board.Parse(f[0], b)
		if err != nil {
			t.Fatal(err)
		}
		obj, _ := ParseObjective(f[1])
		best, _ := strconv.Atoi(f[2])
		prob, _ := problemOf(p)
		if obj == Points {
			for i, t := range prob.Start {
				if t == 0 {
					prob.Start[i] = search.Empty
				}
			}
		}
		buf := make([]int8, len(p.Cells))
		var s search.MaxSearcher
		line := ""
		for vis := range orientations(p.Size) {
			prob.Visit = orientations(p.Size)[vis]
			s.Reset(prob, obj == Points)
			out := s.Search(context.Background(), search.MaxOptions{Best: int32(best), Optimise: true}, buf)
			line += fmt.Sprintf(" %d", out.Nodes)
			if out.Found {
				line += "!"
			}
		}
		fmt.Printf("%s %v best %d:%s\n", f[0], obj, best, line)
	}
}
