package board

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// SyntaxError is a bad level file: where, and what was expected there.
type SyntaxError struct {
	File string
	Line int // 1-based
	Col  int // 1-based, 0 when the whole line is at fault
	Msg  string
}

func (e *SyntaxError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// maxLevelBytes bounds what Read accepts; the largest board is well under it.
const maxLevelBytes = 1 << 16

// Read parses one level in the text format from r; name is used in errors.
// It accepts CRLF line ends, trailing blanks, a missing final newline and
// blank lines after the board, and rejects anything else with a *SyntaxError.
func Read(name string, r io.Reader) (Position, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxLevelBytes+1))
	if err != nil {
		return Position{}, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxLevelBytes {
		return Position{}, &SyntaxError{name, 1, 0, fmt.Sprintf("file larger than %d bytes, not a level", maxLevelBytes)}
	}
	return Parse(name, data)
}

// Parse is Read on a byte slice.
func Parse(name string, data []byte) (Position, error) {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1024), maxLevelBytes+1)
	for sc.Scan() {
		lines = append(lines, strings.TrimRight(sc.Text(), " \t\r"))
	}
	bad := func(line, col int, format string, args ...any) (Position, error) {
		return Position{}, &SyntaxError{name, line, col, fmt.Sprintf(format, args...)}
	}
	if len(lines) == 0 || strings.TrimSpace(lines[0]) == "" {
		return bad(1, 1, "expected the board size (a number 1..%d) on the first line", MaxSize)
	}
	head := strings.TrimSpace(lines[0])
	s, err := strconv.Atoi(head)
	if err != nil || !ValidSize(s) {
		col := strings.Index(lines[0], head) + 1
		return bad(1, col, "expected the board size, a number 1..%d, found %s", MaxSize, clip(head))
	}
	p := New(s)
	rows := 2*s - 1
	for y := 0; y < rows; y++ {
		ln := y + 2
		if ln-1 >= len(lines) {
			return bad(ln, 0, "expected board row %d of %d, found end of file", y+1, rows)
		}
		if col, msg := parseRow(p, y, lines[ln-1]); msg != "" {
			return bad(ln, col, "%s", msg)
		}
	}
	for i := rows + 1; i < len(lines); i++ {
		if lines[i] != "" {
			return bad(i+1, 1, "expected nothing after the %d board rows, found %s", rows, clip(lines[i]))
		}
	}
	return p, nil
}

// parseRow reads board row y (from 0) of p from line into p's cells: on a
// syntax error, the 1-based column and what was wrong.
func parseRow(p Position, y int, line string) (col int, msg string) {
	s, g := p.Size, p.Geom()
	indent := abs(s - 1 - y)
	lo, hi := RowRange(s, y)
	ncells := hi - lo + 1
	for c := 0; c < indent && c < len(line); c++ {
		if line[c] != ' ' {
			return c + 1, fmt.Sprintf("expected %d spaces of indentation for row %d, found %q", indent, y+1, line[c])
		}
	}
	for k := 0; k < ncells; k++ {
		pc := indent + 2*k // prefix column, 0-based
		sc := pc + 1
		if sc >= len(line) {
			return len(line) + 1, fmt.Sprintf("expected %d cells in row %d, found %d", ncells, y+1, k)
		}
		cell := Cell{Tile: None}
		switch line[pc] {
		case ' ':
		case '+':
			cell.Fixed = true
		default:
			return pc + 1, fmt.Sprintf("expected ' ' or '+' before cell %d of row %d, found %q", k+1, y+1, line[pc])
		}
		switch ch := line[sc]; {
		case ch == '.':
		case ch >= '0' && ch <= '6':
			cell.Tile = int8(ch - '0')
		default:
			return sc + 1, fmt.Sprintf("expected '.' or a digit 0-6 in cell %d of row %d, found %q", k+1, y+1, ch)
		}
		p.Cells[g.Index(lo+k, y)] = cell
	}
	if end := indent + 2*ncells; len(line) > end {
		return end + 1, fmt.Sprintf("expected the end of row %d after %d cells, found %s", y+1, ncells, clip(line[end:]))
	}
	return 0, ""
}

// Format writes p in the text format, with LF line ends and no trailing blanks.
func (p Position) Format() string {
	var b strings.Builder
	g := p.Geom()
	fmt.Fprintf(&b, "%d\n", p.Size)
	for y := 0; y < 2*p.Size-1; y++ {
		b.WriteString(strings.Repeat(" ", abs(p.Size-1-y)))
		lo, hi := RowRange(p.Size, y)
		for x := lo; x <= hi; x++ {
			c := p.Cells[g.Index(x, y)]
			if c.Fixed {
				b.WriteByte('+')
			} else {
				b.WriteByte(' ')
			}
			if c.Tile == None {
				b.WriteByte('.')
			} else {
				b.WriteByte(byte('0' + c.Tile))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// String is Format.
func (p Position) String() string { return p.Format() }

// clip quotes s for an error message, cut to its first 40 characters: a
// message echoes what it found, not a whole file.
func clip(s string) string {
	const max = 40
	r := []rune(s)
	if len(r) <= max {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(string(r[:max])), len(s))
}

// abs is |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
