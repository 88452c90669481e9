//go:build cgo

package reader_test

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"hexiom/board"
	"hexiom/internal/fixture"
	"hexiom/internal/tier"
	"hexiom/vision"
	"hexiom/vision/reader"
)

const testdata = "../testdata" // vision/testdata

// load returns fixture name of vision/testdata, loaded once for the
// package while the pictures kept take under cacheBudget bytes: the tests
// look at the same pictures many times over (some 2,500 loads of 360
// fixtures, a PNG decoded in some 8 ms of CPU), and none changes a fixture
// (a test that draws on a picture draws on a copy). Past the budget a
// fixture is loaded afresh each time (all of them kept took 1.76 GB).
func load(t testing.TB, name string) *fixture.Fixture {
	t.Helper()
	if f, ok := fixtures.Load(name); ok {
		return f.(*fixture.Fixture)
	}
	f, err := fixture.Load(testdata, name)
	if err != nil {
		t.Fatal(err)
	}
	b := f.Image.Bounds()
	size := int64(b.Dx()) * int64(b.Dy()) * 4
	if cached.Add(size) > cacheBudget {
		cached.Add(-size)
		return f
	}
	g, loaded := fixtures.LoadOrStore(name, f)
	if loaded {
		cached.Add(-size)
	}
	return g.(*fixture.Fixture)
}

// cacheBudget bounds the pictures load keeps (RGBA bytes), so that the
// test binary stays small beside the e2e tests' browsers on a small
// machine.
const cacheBudget = 640 << 20

var (
	fixtures sync.Map     // the fixtures load kept, by name
	cached   atomic.Int64 // their pictures' bytes
)

// readFixture is reader.Read of fixture f, as load returned it, with its
// own area and the set tpl, read once for the package: several tests read the same
// fixture with the same set (the built-in set on the neon fixtures, a set
// on the boards it must read that it read already); the Reading is shared,
// and none changes it.
func readFixture(f *fixture.Fixture, tpl *vision.Templates) (vision.Reading, error) {
	if g, ok := fixtures.Load(f.Name); !ok || g != f {
		return reader.Read(f.Image, f.Meta.Area, tpl) // not as loaded
	}
	k := readKey{f.Name, tpl}
	readsMu.Lock()
	d, ok := reads[k]
	readsMu.Unlock()
	if ok {
		return d.r, d.err
	}
	r, err := reader.Read(f.Image, f.Meta.Area, tpl)
	readsMu.Lock()
	reads[k] = readDone{r, err}
	readsMu.Unlock()
	return r, err
}

// readKey is a read readFixture made: the fixture's name and the set (the
// map holds the set, so no other set is made at its address).
type readKey struct {
	name string
	tpl  *vision.Templates
}

type readDone struct {
	r   vision.Reading
	err error
}

var (
	readsMu sync.Mutex
	reads   = map[readKey]readDone{}
)

func names(t testing.TB, pattern string, want int) []string {
	t.Helper()
	ns, err := fixture.Names(testdata, pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(ns) < want {
		t.Fatalf("%d fixtures match %s, want at least %d", len(ns), pattern, want)
	}
	return ns
}

// builtin returns the built-in set, one for the package (its prepared
// forms made once; no test changes it).
func builtin(t testing.TB) *vision.Templates {
	t.Helper()
	tpl, err := builtinOnce()
	if err != nil {
		t.Fatal(err)
	}
	if m := tpl.Missing(); len(m) > 0 {
		t.Fatalf("built-in templates lack %v", m)
	}
	return tpl
}

var builtinOnce = sync.OnceValues(vision.Builtin)

// checkRead reads fixture f with tpl and fails unless every cell is read
// right and with confidence.
func checkRead(t *testing.T, f *fixture.Fixture, tpl *vision.Templates) {
	t.Helper()
	r, err := reader.Read(f.Image, f.Meta.Area, tpl)
	if err != nil {
		t.Fatalf("%s (%s, %s): %v", f.Name, f.Meta.Source, f.Meta.Window, err)
	}
	if r.Size != f.Truth.Size {
		t.Fatalf("%s: read a size-%d board, truth is size %d (size scores %.2f)", f.Name, r.Size, f.Truth.Size, r.SizeScore[2:7])
	}
	bad := 0
	for i := range r.Pos.Cells {
		if r.Pos.Cells[i] != f.Truth.Cells[i] {
			bad++
			t.Errorf("%s: cell %d read %q (conf %.2f), truth %+v", f.Name, i, r.Cells[i].Label(), r.Conf[i], f.Truth.Cells[i])
		}
	}
	if bad > 0 {
		t.Fatalf("%s: %d cells wrong; read\n%s\ntruth\n%s", f.Name, bad, r.Pos.Format(), f.Truth.Format())
	}
	if cs := r.Centres(f.Meta.Area); len(cs) != len(r.Pos.Cells) || cs[0].Dist(f.Meta.Area.Centre(r.Size, 0)) > 0.4*f.Meta.Area.Radius(r.Size) {
		t.Fatalf("%s: centres %v", f.Name, cs[:1])
	}
	if len(r.Conf) != len(r.Pos.Cells) {
		t.Fatalf("%s: %d confidences for %d cells", f.Name, len(r.Conf), len(r.Pos.Cells))
	}
}

// One golden test per classic fixture: the start of the 40 official levels
// and 21 random size-6 boards after a few moves, at three window sizes.
func TestGoldenClassic(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	levels := names(t, "level[0-9][0-9]-*", 120)
	random := names(t, "random6-*", 60)
	for _, n := range append(levels, random...) {
		t.Run(n, func(t *testing.T) { checkRead(t, load(t, n), tpl) })
	}
}

// The random fixtures show what the issue asks for: locked tiles and tiles of
// all three colours (right, too few, too many neighbours).
func TestRandomFixturesCoverColours(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	var status [4]int
	locked := 0
	for _, n := range names(t, "random6-*", 60) {
		f := load(t, n)
		for i, c := range f.Truth.Cells {
			status[f.Truth.StatusOf(i)]++
			if c.Locked() {
				locked++
			}
		}
	}
	if status[board.Right] == 0 || status[board.TooFew] == 0 || status[board.TooMany] == 0 || locked == 0 {
		t.Fatalf("tiles right/too few/too many: %v, locked %d: want all present", status[1:], locked)
	}
}

// learn generalises: the neon theme has other tile colours, another digit
// font and another background, and the built-in templates were made from
// classic fixtures only. After learning one neon board, every neon fixture
// reads right.
func TestLearnNeon(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	classic := builtin(t)
	if !strings.Contains(classic.Name, "classic") {
		t.Fatalf("built-in set is %q", classic.Name)
	}
	lf := load(t, "neon-learn-1280x800")
	if lf.Meta.Theme != "neon" {
		t.Fatalf("learn fixture theme %q", lf.Meta.Theme)
	}
	tpl, err := reader.Learn(nil, lf.Image, lf.Meta.Area, lf.Truth)
	if err != nil {
		t.Fatal(err)
	}
	if m := tpl.Missing(); len(m) > 0 {
		t.Fatalf("learnt set lacks %v", m)
	}
	path := filepath.Join(t.TempDir(), "neon.json")
	if err := tpl.Save(path); err != nil {
		t.Fatal(err)
	}
	tpl, err = vision.LoadTemplates(path)
	if err != nil {
		t.Fatal(err)
	}
	classicWrong := 0
	for _, n := range names(t, "neon-level*", 30) {
		f := load(t, n)
		t.Run(n, func(t *testing.T) { checkRead(t, f, tpl) })
		if r, err := readFixture(f, classic); err != nil || !r.Pos.Equal(f.Truth) {
			classicWrong++
		}
	}
	for _, n := range names(t, "neon-random6-*", 15) {
		t.Run(n, func(t *testing.T) { checkRead(t, load(t, n), tpl) })
	}
	t.Logf("the built-in classic templates misread or doubted %d neon level fixtures", classicWrong)

	// With the learnt set, FindArea finds neon boards too (their plate is
	// another colour, which the learnt hole template gives): every board
	// of the smallest window, and a large one, each with every cell within
	// 2 px, none saved at another size or place (findAll).
	all := append(names(t, "neon-[lr][ea]*[0-9]-800x600", 18), "neon-random6-04-1920x1080")
	if found := findAll(t, tpl, all); found != len(all) {
		t.Errorf("FindArea found %d of %d neon boards", found, len(all))
	}
}

// Learning merges: a set learnt from two boards holds both boards' crops.
func TestLearnMerges(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	a := load(t, "level10-1280x800")
	b := load(t, "level33-800x600")
	t1, err := reader.Learn(nil, a.Image, a.Meta.Area, a.Truth)
	if err != nil {
		t.Fatal(err)
	}
	if t1.Digits[5] != nil {
		t.Fatal("level 10 has no 5, yet a digit-5 template was learnt")
	}
	t2, err := reader.Learn(t1, b.Image, b.Meta.Area, b.Truth)
	if err != nil {
		t.Fatal(err)
	}
	if t2.Digits[5] == nil || t2.Digits[1].N <= t1.Digits[1].N {
		t.Fatalf("merge lost crops: digit 5 %v, digit 1 crops %d then %d", t2.Digits[5], t1.Digits[1].N, t2.Digits[1].N)
	}
	// every cell is learnt as drawn and as it would look drawn smaller (up
	// to three crops each)
	if n, c := t1.Digits[1].N, countDigit(a.Truth, 1); n < c || n > 3*c || n%c != 0 {
		t.Errorf("digit 1 learnt from %d crops, level 10 has %d", n, c)
	}
	// Learning from a picture of another level must fail, not learn junk.
	wrong := load(t, "level11-1280x800")
	_, err = reader.Learn(t2, wrong.Image, wrong.Meta.Area, a.Truth)
	var le *vision.LearnError
	if !errors.As(err, &le) {
		t.Fatalf("learnt level 10 from a picture of level 11: %v", err)
	}
	// It names the cells that disagree, as the level has them and as read.
	bad := 0
	for i, c := range a.Truth.Cells {
		if wrong.Truth.Size == a.Truth.Size && wrong.Truth.Cells[i] != c {
			bad++
		}
	}
	if len(le.Cells) == 0 || len(le.Cells) < bad {
		t.Fatalf("%d cells named, the two levels differ in %d: %v", len(le.Cells), bad, err)
	}
	d := le.Cells[0]
	if !strings.Contains(err.Error(), fmt.Sprintf("cell %d (row %d, column %d): the level has %q, read %q", d.Cell, d.Coord.Y, d.Coord.X, d.Was, d.Read)) {
		t.Errorf("the message does not name cell %d: %v", d.Cell, err)
	}
	if le.Reading.Size == 0 {
		t.Error("no reading to draw the debug picture from")
	}
}

func countDigit(p board.Position, d int8) int {
	n := 0
	for _, c := range p.Cells {
		if c.Tile == d {
			n++
		}
	}
	return n
}

// A cell the templates cannot vouch for is named in a DoubtError and never
// guessed; Read writes no file (the caller draws a picture if it wants one,
// package picture).
func TestDoubtNamesCellAndWritesNothing(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	f := load(t, "random6-03-1280x800")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	// Smear cell 40: paint a grey bar across its middle.
	img := image.NewRGBA(f.Image.Rect)
	copy(img.Pix, f.Image.Pix)
	p := f.Meta.Area.Centre(6, 40)
	R := f.Meta.Area.Radius(6)
	for y := int(p.Y - 0.15*R); y < int(p.Y+0.15*R); y++ {
		for x := int(p.X - 0.8*R); x < int(p.X+0.8*R); x++ {
			img.Set(x, y, color.RGBA{140, 140, 140, 255})
		}
	}
	_, err := reader.Read(img, f.Meta.Area, tpl)
	var de *vision.DoubtError
	if !errors.As(err, &de) {
		t.Fatalf("smeared cell: err %v, want a DoubtError", err)
	}
	found := false
	for _, d := range de.Doubts {
		found = found || d.Cell == 40
	}
	if !found || !strings.Contains(err.Error(), "cell 40 ") {
		t.Fatalf("doubts %+v do not name cell 40: %v", de.Doubts, err)
	}
	if len(de.Reading.Cells) != board.NumCells(6) || de.Reading.Cells[40].Doubt == "" {
		t.Fatalf("the reading of the refusal does not mark cell 40: %+v", de.Reading.Cells)
	}
	if ents, err := os.ReadDir(tmp); err != nil || len(ents) > 0 {
		t.Fatalf("Read wrote into the temporary folder: %v %v", ents, err)
	}
}

// No board in view (the sky only): an error, not a reading.
func TestNoBoard(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	f := load(t, "level01-1280x800")
	img := image.NewRGBA(f.Image.Rect)
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = 10, 14, 40, 255
	}
	if _, err := reader.Read(img, f.Meta.Area, tpl); !errors.Is(err, vision.ErrNoBoard) {
		t.Fatalf("blank picture: %v, want ErrNoBoard", err)
	}
}

// A calibration a little off (2 px, as the calibrate test allows) still
// reads every cell right.
func TestCalibrationOffByTwo(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	for _, n := range []string{"random6-05-800x600", "level40-1280x800", "level22-1920x1080"} {
		f := load(t, n)
		for _, d := range [][2]float64{{2, 0}, {0, -2}, {-1.4, 1.4}} {
			g := *f
			g.Meta.Area = f.Meta.Area.Shift(d[0], d[1])
			t.Run(n, func(t *testing.T) { checkRead(t, &g, tpl) })
		}
	}
}

// FindArea finds the game area in a fixture with no calibration, close
// enough that every cell centre is within 2 px of where the clone drew it.
func TestFindArea(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	for _, n := range []string{"level01-800x600", "level09-1280x800", "level23-1920x1080", "level38-800x600", "random6-11-1280x800", "random6-12-1920x1080"} {
		f := load(t, n)
		a, r, err := reader.FindArea(f.Image, tpl)
		if err != nil {
			t.Errorf("%s: %v", n, err)
			continue
		}
		if !r.Pos.Equal(f.Truth) {
			t.Errorf("%s: read\n%s", n, r.Pos.Format())
		}
		worst := 0.0
		for s := 2; s <= 6; s++ {
			for i := 0; i < board.NumCells(s); i++ {
				worst = max(worst, a.Centre(s, i).Dist(f.Meta.Area.Centre(s, i)))
			}
		}
		if worst > 2 {
			t.Errorf("%s: found %v, truth %v: a cell centre %.2f px off", n, a, f.Meta.Area, worst)
		}
	}
}

// Never guess: with templates made for another look, every fixture is either
// read right or refused with an error, never misread. The classic set on the
// neon fixtures, and a set learnt from one neon board on the classic ones.
func TestWrongTemplatesNeverGuess(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	classic := builtin(t)
	lf := load(t, "neon-learn-1280x800")
	neon, err := reader.Learn(nil, lf.Image, lf.Meta.Area, lf.Truth)
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	check := func(pattern string, tpl *vision.Templates, want int) {
		for _, n := range names(t, pattern, want) {
			f := load(t, n)
			r, err := readFixture(f, tpl)
			if err != nil {
				refused++
				continue
			}
			if !r.Pos.Equal(f.Truth) {
				t.Errorf("%s: misread with no error:\n%s\ntruth\n%s", n, r.Pos.Format(), f.Truth.Format())
			}
		}
	}
	check("neon-*", classic, 55)
	check("level[0-9][0-9]-*", neon, 120)
	check("random6-*", neon, 60)
	t.Logf("%d of the fixtures refused with the other look's templates", refused)
}

// A size-3 board whose outer ring the templates do not know (neon holes read
// with the classic set) matches the size-2 lattice perfectly; it must be
// refused, not read as size 2.
func TestSizeTwoNeedsSkyAround(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	f := load(t, "neon-level10-1280x800")
	r, err := readFixture(f, builtin(t))
	if !errors.Is(err, vision.ErrSize) {
		t.Fatalf("read size %d, err %v; want ErrSize", r.Size, err)
	}
	// A real size-2 board is still read.
	checkRead(t, load(t, "level02-800x600"), builtin(t))
}

// Noise (another renderer, a lossy capture): up to ±8 grey levels per
// channel every cell still reads right; at ±16 cells may be refused but
// none is misread.
func TestNoise(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	tpl := builtin(t)
	for _, amp := range []int{4, 8, 16} {
		for _, n := range []string{"random6-01-800x600", "random6-05-800x600", "level40-1280x800", "level18-800x600"} {
			f := load(t, n)
			img := image.NewRGBA(f.Image.Rect)
			copy(img.Pix, f.Image.Pix)
			rng := rand.New(rand.NewPCG(uint64(amp), 2))
			for i := range img.Pix {
				if i%4 != 3 {
					img.Pix[i] = byte(max(0, min(255, int(img.Pix[i])+rng.IntN(2*amp+1)-amp)))
				}
			}
			r, err := reader.Read(img, f.Meta.Area, tpl)
			switch {
			case err == nil && !r.Pos.Equal(f.Truth):
				t.Errorf("noise ±%d, %s: misread with no error:\n%s", amp, n, r.Pos.Format())
			case err != nil && amp <= 8:
				t.Errorf("noise ±%d, %s: %v", amp, n, err)
			}
		}
	}
}

// TestLearnStateColours (issue 40): the Flash build's flat look colours a
// tile by its state, some faces lighter than the plate and some darker, and
// its holes are the plain background. Learn reads its start back only with
// a template a colour (Templates.KindAlts) and one more for the holes at
// the board's edge; the set read back exact, saved and loaded the same. A
// level the picture does not show (one tile of it on an empty cell) is
// still refused: the cells read as another kind are never learnt as their
// own template. A board with locked tiles in a colour the start's locked
// tiles were not is read exact too.
func TestLearnStateColours(t *testing.T) {
	tier.Heavy(t, tier.OpenCV)
	f := load(t, "swf/flat-learn-z100")
	tpl, err := reader.Learn(nil, f.Image, f.Meta.Area, f.Truth)
	if err != nil {
		t.Fatal(err)
	}
	alts := 0
	for _, a := range tpl.KindAlts {
		alts += len(a)
	}
	if len(tpl.KindAlts[vision.Movable]) == 0 {
		t.Errorf("learnt %d more templates, none of a movable tile: want one a state colour", alts)
	}
	path := filepath.Join(t.TempDir(), "flat.json")
	if err := tpl.Save(path); err != nil {
		t.Fatal(err)
	}
	if tpl, err = vision.LoadTemplates(path); err != nil {
		t.Fatal(err)
	}
	checkRead(t, f, tpl)
	// another board of the look, its locked tiles in a colour no locked
	// tile of the start had (the right number: ivory): read exact, their
	// lock learnt from the movable tiles' colours (crossColours)
	checkRead(t, load(t, "swf/flat-level38-z100"), tpl)

	wrong := f.Truth.Clone()
	from, to := -1, -1
	for i, c := range wrong.Cells {
		switch {
		case from < 0 && c.Movable():
			from = i
		case to < 0 && c.Free():
			to = i
		}
	}
	wrong.Cells[from], wrong.Cells[to] = wrong.Cells[to], wrong.Cells[from]
	if _, err := reader.Learn(nil, f.Image, f.Meta.Area, wrong); err == nil {
		t.Errorf("learnt from a picture that does not show the level (cell %d's tile on cell %d)", from, to)
	}
}
