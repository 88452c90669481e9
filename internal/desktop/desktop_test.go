//go:build linux

package desktop

import (
	"encoding/json"
	"image"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/kbinani/screenshot"

	"hexiom/actuate"
	"hexiom/internal/tier"
)

// A page that paints its left half pure blue and logs pointer events: the
// harness works when a real XTest drag reaches Chromium at the right client
// coordinates and a capture shows the page's pixels where the window is.
const page = `<!doctype html><html><body style="margin:0;background:#fff">
<canvas id=c style="position:fixed;left:0;top:0"></canvas><script>
const c=document.getElementById('c');c.width=innerWidth;c.height=innerHeight;
const g=c.getContext('2d');g.fillStyle='#0000ff';g.fillRect(0,0,innerWidth/2,innerHeight);
function log(e){fetch('/log',{method:'POST',body:JSON.stringify({t:e.type,x:e.clientX,y:e.clientY})})}
for(const t of ['pointerdown','pointermove','pointerup'])addEventListener(t,log);
requestAnimationFrame(()=>requestAnimationFrame(()=>fetch('/log',{method:'POST',body:JSON.stringify({t:'painted',x:innerWidth,y:innerHeight})})));
</script></body></html>`

type event struct {
	T    string
	X, Y float64
}

func TestChromiumDragAndCapture(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.Chromium)
	x, err := StartX(1024, 768)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if err := x.Use(); err != nil {
		t.Fatal(err)
	}
	mouse, err := actuate.NewRobot(x.Display)
	if err != nil {
		t.Fatal(err)
	}
	defer mouse.Close() // before X goes

	var mu sync.Mutex
	var events []event
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(page)) })
	mux.HandleFunc("/log", func(w http.ResponseWriter, r *http.Request) {
		var e event
		if json.NewDecoder(r.Body).Decode(&e) == nil {
			mu.Lock()
			events = append(events, e)
			mu.Unlock()
		}
	})
	srv, err := Serve(&http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	win := image.Rect(40, 30, 840, 630)
	b, err := StartChromium(x, srv.URL, win)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	has := func(typ string) func() (bool, error) {
		return func() (bool, error) {
			mu.Lock()
			defer mu.Unlock()
			for _, e := range events {
				if e.T == typ {
					return true, nil
				}
			}
			return false, nil
		}
	}
	if err := WaitFor(Patience, 50*time.Millisecond, "page painted", has("painted")); err != nil {
		t.Fatalf("%v\nchromium: %.2000s", err, b.Log.String())
	}
	i := 0
	if err := WaitFor(Patience, 50*time.Millisecond, "hover", func() (bool, error) {
		i++
		if err := mouse.Move(image.Pt(win.Min.X+100+i%2, win.Min.Y+100)); err != nil {
			return false, err
		}
		return has("pointermove")()
	}); err != nil {
		t.Fatal(err)
	}
	for _, step := range []func() error{
		func() error { return mouse.Move(image.Pt(win.Min.X+200, win.Min.Y+150)) },
		mouse.Press,
		func() error { return mouse.Move(image.Pt(win.Min.X+300, win.Min.Y+200)) },
		func() error { return mouse.Move(image.Pt(win.Min.X+400, win.Min.Y+250)) },
		mouse.Release,
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if err := WaitFor(Patience, 20*time.Millisecond, "pointerup", has("pointerup")); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	for _, e := range events {
		if e.T == "pointerdown" && (e.X != 200 || e.Y != 150) {
			t.Errorf("pointerdown at (%v,%v), want (200,150)", e.X, e.Y)
		}
		if e.T == "pointerup" && (e.X != 400 || e.Y != 250) {
			t.Errorf("pointerup at (%v,%v), want (400,250)", e.X, e.Y)
		}
	}
	mu.Unlock()

	img, err := screenshot.CaptureRect(win)
	if err != nil {
		t.Fatal(err)
	}
	if c := img.RGBAAt(img.Rect.Min.X+50, img.Rect.Min.Y+50); c.R != 0 || c.G != 0 || c.B != 255 {
		t.Errorf("left half of the window is %v, want pure blue", c)
	}
	if c := img.RGBAAt(img.Rect.Max.X-50, img.Rect.Min.Y+50); c.R != 255 || c.G != 255 || c.B != 255 {
		t.Errorf("right half of the window is %v, want white", c)
	}
}
