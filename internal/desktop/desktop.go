//go:build linux

package desktop

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Patience is how long tests, the demo and the benchmarks wait for Xvfb,
// Chromium or the page to do what takes well under a second on an idle
// machine: paint a state, report a button, log a click, answer a move. It is
// generous on purpose: on a fresh 2-core machine running the whole test
// suite (and perhaps other work) a renderer can stall for seconds, and a
// wait for a condition costs nothing when the condition comes at once.
const Patience = 60 * time.Second

// X is a running Xvfb server.
type X struct {
	Display string // ":N"
	W, H    int
	cmd     *exec.Cmd
}

// StartX starts Xvfb on a free display with a w×h×24 screen.
func StartX(w, h int) (*X, error) {
	path, err := exec.LookPath("Xvfb")
	if err != nil {
		return nil, fmt.Errorf("start X: Xvfb not found (apt-get install xvfb): %w", err)
	}
	r, wr, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("start X: %w", err)
	}
	defer r.Close()
	cmd := exec.Command(path, "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", w, h),
		"-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{wr}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		wr.Close()
		return nil, fmt.Errorf("start X: %w", err)
	}
	wr.Close()
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return nil, fmt.Errorf("start X: Xvfb gave no display number: %s", stderr.String())
		}
		return &X{Display: ":" + n, W: w, H: h, cmd: cmd}, nil
	case <-time.After(Patience):
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, fmt.Errorf("start X: Xvfb did not start in %v: %s", Patience, stderr.String())
	}
}

// Env returns the environment for a child process on this display.
func (x *X) Env() []string {
	env := []string{"DISPLAY=" + x.Display}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "XDG_SESSION_TYPE=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	return env
}

// Use points this process's X clients (kbinani/screenshot, robotgo) at the
// display by setting DISPLAY. Call robotgo.SetXDisplayName as well if robotgo
// was already used, and robotgo.CloseMainDisplay before Close.
func (x *X) Use() error {
	os.Unsetenv("XDG_SESSION_TYPE") // kbinani/screenshot would go to the Wayland portal
	if err := os.Setenv("DISPLAY", x.Display); err != nil {
		return fmt.Errorf("set DISPLAY: %w", err)
	}
	return nil
}

// Freeze stops the server (SIGSTOP) without closing its connections, as a
// hung X server would be: it accepts nothing and answers nothing until Thaw.
func (x *X) Freeze() error {
	if err := x.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		return fmt.Errorf("freeze X %s: %w", x.Display, err)
	}
	return nil
}

// Thaw lets a frozen server go on (SIGCONT).
func (x *X) Thaw() error {
	if err := x.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		return fmt.Errorf("thaw X %s: %w", x.Display, err)
	}
	return nil
}

// Close stops the server with SIGTERM (SIGKILL leaves a stale socket),
// thawing it first if it was frozen.
func (x *X) Close() error {
	if x == nil || x.cmd == nil || x.cmd.Process == nil {
		return nil
	}
	_ = x.cmd.Process.Signal(syscall.SIGCONT)
	_ = x.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- x.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = x.cmd.Process.Kill()
		<-done
	}
	x.cmd = nil
	return nil
}

// ChromiumPath is Debian's Chromium binary. The /usr/bin/chromium wrapper
// adds flags of its own and breaks on some /dev/shm setups, so call it
// directly.
const ChromiumPath = "/usr/lib/chromium/chromium"

// Browser is a running Chromium.
type Browser struct {
	Window  image.Rectangle // screen rectangle asked for
	cmd     *exec.Cmd
	profile string
	done    chan struct{}
	Log     *strings.Builder // Chromium's stderr
}

// StartChromium opens url in a Chromium app window (no tabs, no address bar)
// at the screen rectangle win on display x. The window must lie inside the
// screen and be smaller than it.
func StartChromium(x *X, url string, win image.Rectangle) (*Browser, error) {
	return StartChromiumZoom(x, url, win, 1)
}

// StartChromiumZoom is StartChromium with the browser's page zoom set to
// zoom (0.75 for 75 %, 1.5 for 150 %), as a user sets it with Ctrl+minus or
// Ctrl+plus: the profile's default zoom level, so the first paint is already
// zoomed. Like a user's zoom, it changes the page's devicePixelRatio and its
// size in CSS pixels; the screen's scale factor stays 1.
func StartChromiumZoom(x *X, url string, win image.Rectangle, zoom float64) (*Browser, error) {
	return StartChromiumScaled(x, url, win, zoom, 1)
}

// StartChromiumScaled is StartChromiumZoom on a display scaled by scale
// (1.25 for 125 %, 2 for 200 %), as a user's display setting would: Chromium
// draws with devicePixelRatio scale (times zoom), window positions and sizes
// are in its device-independent pixels (screen pixels / scale), and the
// window still covers the screen rectangle win.
func StartChromiumScaled(x *X, url string, win image.Rectangle, zoom, scale float64) (*Browser, error) {
	return startChromium(x, url, win, zoom, scale, false)
}

// StartChromiumWebGL is StartChromium with WebGL, which Ruffle draws with:
// the GPU stays off (there is none under Xvfb) and ANGLE draws through
// SwiftShader, Chromium's software renderer, instead (TOOLCHAIN.md, "Flash
// in Ruffle"). The other StartChromium functions disable the GPU outright,
// as the canvas page needs no more.
func StartChromiumWebGL(x *X, url string, win image.Rectangle) (*Browser, error) {
	return startChromium(x, url, win, 1, 1, true)
}

// StartChromiumWebGLScaled is StartChromiumWebGL at a page zoom and on a
// scaled display, as StartChromiumScaled.
func StartChromiumWebGLScaled(x *X, url string, win image.Rectangle, zoom, scale float64) (*Browser, error) {
	return startChromium(x, url, win, zoom, scale, true)
}

func startChromium(x *X, url string, win image.Rectangle, zoom, scale float64, webgl bool) (*Browser, error) {
	if zoom <= 0 || zoom > 5 {
		return nil, fmt.Errorf("start Chromium: page zoom %v outside (0, 5]", zoom)
	}
	if scale < 1 || scale > 4 {
		return nil, fmt.Errorf("start Chromium: display scale %v outside [1, 4]", scale)
	}
	dip := func(v int) int { return int(math.Round(float64(v) / scale)) }
	if _, err := os.Stat(ChromiumPath); err != nil {
		return nil, fmt.Errorf("start Chromium: %s missing (apt-get install chromium): %w", ChromiumPath, err)
	}
	screen := image.Rect(0, 0, x.W, x.H)
	if !win.In(screen) || win.Eq(screen) {
		return nil, fmt.Errorf("start Chromium: window %v must lie inside and be smaller than the screen %v", win, screen)
	}
	profile, err := os.MkdirTemp("", "hexiom-chromium-")
	if err != nil {
		return nil, fmt.Errorf("start Chromium: %w", err)
	}
	if zoom != 1 {
		if err := writeZoom(profile, zoom); err != nil {
			os.RemoveAll(profile)
			return nil, fmt.Errorf("start Chromium: %w", err)
		}
	}
	flags := chromiumFlags(profile)
	if webgl {
		flags = append(withoutFlag(flags, "--disable-gpu"), swiftShaderFlags...)
	}
	args := append(flags,
		"--disable-quic", "--disable-features=Translate,MediaRouter", "--disable-extensions", "--hide-scrollbars",
		fmt.Sprintf("--force-device-scale-factor=%v", scale),
		fmt.Sprintf("--window-position=%d,%d", dip(win.Min.X), dip(win.Min.Y)),
		fmt.Sprintf("--window-size=%d,%d", dip(win.Dx()), dip(win.Dy())),
		"--app="+url,
	)
	cmd := exec.Command(ChromiumPath, args...)
	cmd.Env = x.Env()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	b := &Browser{Window: win, cmd: cmd, profile: profile, done: make(chan struct{}), Log: &strings.Builder{}}
	cmd.Stderr = &limitedWriter{b: b.Log, n: 1 << 20}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, fmt.Errorf("start Chromium: %w", err)
	}
	go func() { _ = cmd.Wait(); close(b.done) }()
	return b, nil
}

// chromiumFlags are the flags every Chromium the tests start takes, with
// its own profile: a quiet test browser (no sandbox, GPU, first-run
// questions, background traffic or keyring) that keeps its state in
// profile.
func chromiumFlags(profile string) []string {
	return []string{"--no-sandbox", "--test-type", "--disable-gpu", "--no-first-run",
		"--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--disable-dev-shm-usage", "--password-store=basic",
		"--user-data-dir=" + profile}
}

// swiftShaderFlags give Chromium WebGL without a GPU: ANGLE on SwiftShader.
var swiftShaderFlags = []string{"--use-gl=angle", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"}

func withoutFlag(flags []string, drop string) []string {
	out := make([]string, 0, len(flags))
	for _, f := range flags {
		if f != drop {
			out = append(out, f)
		}
	}
	return out
}

// Exited reports whether Chromium has exited.
func (b *Browser) Exited() bool {
	select {
	case <-b.done:
		return true
	default:
		return false
	}
}

// Close kills Chromium's whole process group and removes its profile.
func (b *Browser) Close() error {
	if b == nil || b.cmd == nil || b.cmd.Process == nil {
		return nil
	}
	_ = syscall.Kill(-b.cmd.Process.Pid, syscall.SIGTERM)
	select {
	case <-b.done:
	case <-time.After(3 * time.Second):
		_ = syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
		<-b.done
	}
	// Renderers of the group may outlive the parent for a moment.
	_ = syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
	for i := 0; i < 20; i++ {
		if os.RemoveAll(b.profile) == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.cmd = nil
	return nil
}

type limitedWriter struct {
	b *strings.Builder
	n int
}

func (w *limitedWriter) Write(p []byte) (int, error) {
	if room := w.n - w.b.Len(); room > 0 {
		if len(p) > room {
			w.b.Write(p[:room])
		} else {
			w.b.Write(p)
		}
	}
	return len(p), nil
}

// Server is an HTTP handler served on a free loopback port.
type Server struct {
	URL string // "http://127.0.0.1:PORT/"
	srv *http.Server
}

// Serve serves srv (its handler and timeouts, e.g. game.Game.HTTPServer) on
// 127.0.0.1 at a free port.
func Serve(srv *http.Server) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	s := &Server{URL: "http://" + ln.Addr().String() + "/", srv: srv}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// Close stops the server.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return s.srv.Shutdown(ctx)
}

// ErrTimeout is returned by WaitFor when the condition did not hold in time.
var ErrTimeout = errors.New("timed out")

// WaitFor polls cond every interval until it returns true, returns an error,
// or timeout passes. The last error or state is in the returned error.
func WaitFor(timeout, interval time.Duration, what string, cond func() (bool, error)) error {
	deadline := time.Now().Add(timeout)
	var last error
	for {
		ok, err := cond()
		if ok {
			return nil
		}
		if err != nil {
			last = err
		}
		if time.Now().After(deadline) {
			if last != nil {
				return fmt.Errorf("waiting for %s: %w after %v (last error: %v)", what, ErrTimeout, timeout, last)
			}
			return fmt.Errorf("waiting for %s: %w after %v", what, ErrTimeout, timeout)
		}
		time.Sleep(interval)
	}
}

// writeZoom writes a Chromium profile whose default page zoom is zoom.
// Chromium keeps zoom as a level: the factor is 1.2 to the power of the level.
func writeZoom(profile string, zoom float64) error {
	dir := filepath.Join(profile, "Default")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("page zoom: %w", err)
	}
	level := math.Log(zoom) / math.Log(1.2)
	prefs := fmt.Sprintf(`{"partition":{"default_zoom_level":{"x":%v}}}`, level)
	if err := os.WriteFile(filepath.Join(dir, "Preferences"), []byte(prefs), 0o600); err != nil {
		return fmt.Errorf("page zoom: %w", err)
	}
	return nil
}

// SilentDisplay is an X display name ("127.0.0.1:N") whose TCP port accepts
// connections and never answers, as a hung X server would; for tests that
// connecting gives up. Close stops it.
type SilentDisplay struct {
	Display string
	ln      net.Listener
	conns   chan net.Conn
}

// StartSilentDisplay listens on a loopback port that maps to an X display
// number (6000+N).
func StartSilentDisplay() (*SilentDisplay, error) {
	for i := 0; i < 20; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("silent display: %w", err)
		}
		port := ln.Addr().(*net.TCPAddr).Port
		if port <= 6000 {
			ln.Close()
			continue
		}
		s := &SilentDisplay{Display: fmt.Sprintf("127.0.0.1:%d", port-6000), ln: ln, conns: make(chan net.Conn, 64)}
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				select {
				case s.conns <- c: // held open, never read nor written
				default:
					c.Close()
				}
			}
		}()
		return s, nil
	}
	return nil, errors.New("silent display: no free port above 6000")
}

// Close stops listening and drops the connections it held.
func (s *SilentDisplay) Close() {
	s.ln.Close()
	for {
		select {
		case c := <-s.conns:
			c.Close()
		default:
			return
		}
	}
}
