//go:build linux

package desktop

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/godbus/dbus/v5"
)

// Wayland is a headless Wayland desktop with the desktop portal: sway on
// wlroots' headless backend (software rendering) with XWayland, a D-Bus
// session bus of its own, PipeWire, and xdg-desktop-portal with its wlroots
// backend, whose Screenshot runs grim. It is where the portable capture's
// Wayland path (kbinani/screenshot asks the portal for a screenshot) is
// tested and timed.
//
// Traps it handles: sway refuses to start as root, so as root it runs as
// nobody (65534); xdg-desktop-portal 1.16 exports its Screenshot interface
// only where some backend offers the Access interface too (gtk's is
// installed for that; it need not start); the wlroots backend exits when it
// finds no PipeWire; XWayland takes the first free display, which sway names
// only to the programs it starts (a script in its config writes it down).
type Wayland struct {
	Display    string // XWayland's DISPLAY
	Socket     string // WAYLAND_DISPLAY, in RuntimeDir
	RuntimeDir string // XDG_RUNTIME_DIR
	Bus        string // DBUS_SESSION_BUS_ADDRESS
	W, H       int    // the output's size

	dir   string
	lock  *os.File       // portalLock, held while the desktop runs
	procs []*waylandProc // in the order started
}

// portalLock is the file StartWayland locks (flock) for as long as its
// desktop runs: xdg-desktop-portal-wlr 0.7 writes every screenshot to the
// one path /tmp/out.png, so two portal desktops on one machine (two test
// runs, or two test packages of one run) would read each other's pictures,
// or find the file gone. The lock goes with the process that held it.
const portalLock = "/tmp/hexiom-wayland-portal.lock"

// PortalWait is how long StartWayland waits for another desktop on the
// machine to close.
const PortalWait = 20 * time.Minute

// lockPortal takes portalLock, waiting up to PortalWait; it says on stderr,
// once, when it has to wait.
func lockPortal() (*os.File, error) {
	f, err := os.OpenFile(portalLock, os.O_RDONLY|os.O_CREATE, 0o666)
	if err != nil {
		return nil, fmt.Errorf("start Wayland: %w", err)
	}
	said := false
	for end := time.Now().Add(PortalWait); ; {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("start Wayland: lock %s: %w", portalLock, err)
		}
		if time.Now().After(end) {
			f.Close()
			return nil, fmt.Errorf("start Wayland: another Wayland desktop with the portal kept %s locked for %v (its screenshots go to /tmp/out.png, one machine-wide path)", portalLock, PortalWait)
		}
		if !said {
			fmt.Fprintf(os.Stderr, "start Wayland: waiting for another Wayland desktop on this machine to close (%s): the portal's screenshots all go to /tmp/out.png\n", portalLock)
			said = true
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waylandProc is a running part of the desktop; done is closed when it has
// exited.
type waylandProc struct {
	name string
	cmd  *exec.Cmd
	done chan struct{}
}

// Programs StartWayland runs, and the Debian packages that have them.
var waylandParts = []struct{ path, pkg string }{
	{"sway", "sway"},
	{"Xwayland", "xwayland"},
	{"xhost", "x11-xserver-utils"},
	{"dbus-daemon", "dbus-daemon"},
	{"pipewire", "pipewire"},
	{"grim", "grim"},
	{"/usr/libexec/xdg-desktop-portal", "xdg-desktop-portal"},
	{"/usr/libexec/xdg-desktop-portal-wlr", "xdg-desktop-portal-wlr"},
	{"/usr/share/xdg-desktop-portal/portals/gtk.portal", "xdg-desktop-portal-gtk"},
}

const (
	portalName   = "org.freedesktop.portal.Desktop"
	portalPath   = "/org/freedesktop/portal/desktop"
	screenshotIf = "org.freedesktop.portal.Screenshot"
	wlrName      = "org.freedesktop.impl.portal.desktop.wlr"
)

// StartWayland starts the headless desktop with one w×h output. Close stops
// it. One runs on a machine at a time (the portal's screenshots have one
// path): it waits for another to close first, up to PortalWait.
func StartWayland(w, h int) (wl *Wayland, err error) {
	if err := checkWaylandParts(); err != nil {
		return nil, err
	}
	lock, err := lockPortal()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "hexiom-wayland-")
	if err != nil {
		lock.Close()
		return nil, fmt.Errorf("start Wayland: %w", err)
	}
	wl = &Wayland{dir: dir, lock: lock, RuntimeDir: filepath.Join(dir, "run"), W: w, H: h}
	defer func() {
		if err != nil {
			wl.Close()
			wl = nil
		}
	}()
	cred, err := wl.makeDirs()
	if err != nil {
		return nil, err
	}
	base, err := wl.startSway(cred)
	if err != nil {
		return nil, err
	}
	env := append(base, "WAYLAND_DISPLAY="+wl.Socket, "DISPLAY="+wl.Display)
	if err := wl.startPortal(env); err != nil {
		return nil, err
	}
	return wl, nil
}

// checkWaylandParts reports the first program or file of waylandParts
// missing.
func checkWaylandParts() error {
	var err error
	for _, p := range waylandParts {
		if strings.HasPrefix(p.path, "/") {
			_, err = os.Stat(p.path)
		} else {
			_, err = exec.LookPath(p.path)
		}
		if err != nil {
			return fmt.Errorf("start Wayland: %s missing (apt-get install %s): %w", p.path, p.pkg, err)
		}
	}
	return nil
}

// makeDirs makes the runtime directory, and returns the credential the
// programs run with: nobody's when this process is root (sway refuses
// root; the directories become nobody's), else nil.
func (wl *Wayland) makeDirs() (*syscall.Credential, error) {
	if err := os.Mkdir(wl.RuntimeDir, 0o700); err != nil {
		return nil, fmt.Errorf("start Wayland: %w", err)
	}
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		cred = &syscall.Credential{Uid: 65534, Gid: 65534, Groups: []uint32{}}
		for _, d := range []string{wl.dir, wl.RuntimeDir} {
			if err := os.Chown(d, 65534, 65534); err != nil {
				return nil, fmt.Errorf("start Wayland: %w", err)
			}
		}
	}
	return cred, nil
}

// startSway starts sway, which starts XWayland and then runs ready.sh,
// which writes down the displays (wl.Display, wl.Socket). It returns the
// environment the programs share.
func (wl *Wayland) startSway(cred *syscall.Credential) ([]string, error) {
	dir := wl.dir
	ready := filepath.Join(dir, "ready")
	// XWayland runs as sway's user and lets only that user in: let the
	// local users in (this process, when it is root).
	script := fmt.Sprintf("#!/bin/sh\nxhost +local: >/dev/null &&\necho \"$DISPLAY $WAYLAND_DISPLAY\" > %[1]s.tmp && mv %[1]s.tmp %[1]s\n", ready)
	config := fmt.Sprintf("xwayland enable\noutput HEADLESS-1 resolution %dx%d position 0 0\nexec /bin/sh %s\n",
		wl.W, wl.H, filepath.Join(dir, "ready.sh"))
	for name, text := range map[string]string{"ready.sh": script, "sway.config": config} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return nil, fmt.Errorf("start Wayland: %w", err)
		}
	}
	base := []string{"HOME=" + dir, "XDG_RUNTIME_DIR=" + wl.RuntimeDir, "PATH=" + os.Getenv("PATH"),
		"XDG_CURRENT_DESKTOP=sway", "XDG_SESSION_TYPE=wayland"}
	if err := wl.start("sway", cred, append(slices.Clone(base), "WLR_BACKENDS=headless",
		"WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman"), "sway", "-c", filepath.Join(dir, "sway.config")); err != nil {
		return nil, err
	}
	err := wl.waitFor("sway to start XWayland", func() (bool, error) {
		b, err := os.ReadFile(ready)
		if errors.Is(err, os.ErrNotExist) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		f := strings.Fields(string(b))
		if len(f) != 2 {
			return false, fmt.Errorf("sway gave DISPLAY and WAYLAND_DISPLAY %q", b)
		}
		wl.Display, wl.Socket = f[0], f[1]
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	return base, nil
}

// startPortal starts the session bus, then PipeWire, the portal's wlroots
// backend and the portal, each once the one before is up, and checks that
// the portal offers screenshots.
func (wl *Wayland) startPortal(env []string) error {
	wl.Bus = "unix:path=" + filepath.Join(wl.dir, "bus")
	if err := wl.start("dbus-daemon", nil, env, "dbus-daemon", "--session", "--nofork", "--address="+wl.Bus); err != nil {
		return err
	}
	var conn *dbus.Conn
	err := wl.waitFor("the D-Bus session bus", func() (bool, error) {
		c, err := dbus.Connect(wl.Bus)
		if err != nil {
			return false, nil // not listening yet
		}
		conn = c
		return true, nil
	})
	if err != nil {
		return err
	}
	defer conn.Close()
	env = append(env, "DBUS_SESSION_BUS_ADDRESS="+wl.Bus)
	if err := wl.start("pipewire", nil, env, "pipewire"); err != nil {
		return err
	}
	if err := wl.waitFor("PipeWire", func() (bool, error) {
		_, err := os.Stat(filepath.Join(wl.RuntimeDir, "pipewire-0"))
		return err == nil, nil
	}); err != nil {
		return err
	}
	if err := wl.start("xdg-desktop-portal-wlr", nil, env, "/usr/libexec/xdg-desktop-portal-wlr"); err != nil {
		return err
	}
	if err := wl.waitFor("xdg-desktop-portal-wlr on the bus", func() (bool, error) { return hasOwner(conn, wlrName) }); err != nil {
		return err
	}
	if err := wl.start("xdg-desktop-portal", nil, env, "/usr/libexec/xdg-desktop-portal"); err != nil {
		return err
	}
	if err := wl.waitFor("xdg-desktop-portal on the bus", func() (bool, error) { return hasOwner(conn, portalName) }); err != nil {
		return err
	}
	var xml string
	err = conn.Object(portalName, portalPath).Call("org.freedesktop.DBus.Introspectable.Introspect", 0).Store(&xml)
	if err != nil {
		return fmt.Errorf("start Wayland: introspect the portal: %w", err)
	}
	if !strings.Contains(xml, screenshotIf) {
		return fmt.Errorf("start Wayland: the portal offers no %s (xdg-desktop-portal 1.16 offers it only where a backend with the Access interface is installed: apt-get install xdg-desktop-portal-gtk)", screenshotIf)
	}
	return nil
}

// start runs a part of the desktop in its own process group, killed with
// this process.
func (wl *Wayland) start(what string, cred *syscall.Credential, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Env = env
	cmd.Dir = wl.dir
	log, err := os.Create(filepath.Join(wl.dir, what+".log"))
	if err != nil {
		return fmt.Errorf("start Wayland: %w", err)
	}
	defer log.Close()
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Credential: cred}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start Wayland: %s: %w", what, err)
	}
	p := &waylandProc{name: what, cmd: cmd, done: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.done)
	}()
	wl.procs = append(wl.procs, p)
	return nil
}

// exited returns an error, with the end of its log, for a part that is no
// longer running.
func (wl *Wayland) exited() error {
	for _, p := range wl.procs {
		select {
		case <-p.done:
			b, _ := os.ReadFile(filepath.Join(wl.dir, p.name+".log"))
			if len(b) > 600 {
				b = b[len(b)-600:]
			}
			return fmt.Errorf("%s exited (%v): %s", p.name, p.cmd.ProcessState, strings.TrimSpace(string(b)))
		default:
		}
	}
	return nil
}

// waitFor waits until cond holds, up to Patience; it gives up at once when
// cond fails or a part of the desktop has exited.
func (wl *Wayland) waitFor(what string, cond func() (bool, error)) error {
	deadline := time.Now().Add(Patience)
	for {
		ok, err := cond()
		if ok {
			return nil
		}
		if err == nil {
			err = wl.exited()
		}
		if err == nil && time.Now().After(deadline) {
			err = fmt.Errorf("not ready after %v", Patience)
		}
		if err != nil {
			return fmt.Errorf("start Wayland: waiting for %s: %w", what, err)
		}
		time.Sleep(20 * time.Millisecond) // a poll; the limit is Patience
	}
}

func hasOwner(c *dbus.Conn, name string) (bool, error) {
	var ok bool
	err := c.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, name).Store(&ok)
	return ok, err
}

// Env returns the environment for a program on this desktop: XWayland's
// DISPLAY, WAYLAND_DISPLAY, the session bus, XDG_SESSION_TYPE=wayland.
func (wl *Wayland) Env() map[string]string {
	return map[string]string{
		"DISPLAY":                  wl.Display,
		"WAYLAND_DISPLAY":          wl.Socket,
		"XDG_RUNTIME_DIR":          wl.RuntimeDir,
		"DBUS_SESSION_BUS_ADDRESS": wl.Bus,
		"XDG_SESSION_TYPE":         "wayland",
	}
}

// Close stops every part, the last started first, each with its process
// group (what the bus started, XWayland), and removes the directory.
func (wl *Wayland) Close() error {
	if wl == nil {
		return nil
	}
	for i := len(wl.procs) - 1; i >= 0; i-- {
		p := wl.procs[i]
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
			<-p.done
		}
	}
	wl.procs = nil
	err := os.RemoveAll(wl.dir)
	if wl.lock != nil {
		wl.lock.Close() // and with it the lock
		wl.lock = nil
	}
	return err
}
