package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"hexiom/calibration"
	"hexiom/game"
	"hexiom/internal/desktop"
	"hexiom/internal/tier"
	"hexiom/internal/xconn"
	"hexiom/play/desk"
)

// TestMain lets the test binary stand in for hexiom when a test starts
// hexiom as a child process (os.Args[0] with HEXIOM_TEST_AS_MAIN=1).
func TestMain(m *testing.M) {
	if os.Getenv("HEXIOM_TEST_AS_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// How long a drag may take to show, and to show no change before it counts
// as not taken, in these tests: generous, as on a busy machine Chromium can
// take seconds to draw a drag, and the tests count repairs.
const slowSettle, slowNotTaken = "1m", "10s"

// TestPlayCommand runs `hexiom play` as a user would, on Xvfb with the clone
// in Chromium, after a calibration by XTest clicks; the game's API says
// whether the board got solved. A missing Xvfb or Chromium fails it.
func TestPlayCommand(t *testing.T) {
	tier.Heavy(t, tier.Xvfb, tier.Chromium, tier.OpenCV)
	d, err := desk.Start(desk.Options{Start: game.Spec{Mode: game.ModeLevel, Level: 22}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	area, err := d.Calibrate()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cal := filepath.Join(dir, "calibration.json")
	if err := calibration.SaveFile(cal, area); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DISPLAY", d.X.Display)

	t.Run("dry run", func(t *testing.T) {
		if _, err := d.New(game.Spec{Mode: game.ModeLevel, Level: 25}); err != nil {
			t.Fatal(err)
		}
		png := filepath.Join(dir, "plan.png")
		var out, errOut strings.Builder
		if st := run([]string{"play", "-dry-run", "-plan", png, "-calibration", cal}, &out, &errOut); st != exitOK {
			t.Fatalf("exit %d: %s", st, errOut.String())
		}
		if !strings.Contains(errOut.String(), "drags planned") || !strings.Contains(out.String(), "1: ") {
			t.Errorf("dry run printed\n%s\n%s", out.String(), errOut.String())
		}
		if fi, err := os.Stat(png); err != nil || fi.Size() < 10000 {
			t.Errorf("plan picture: %v", err)
		}
		st, err := d.State()
		if err != nil {
			t.Fatal(err)
		}
		if st.Moves != 0 {
			t.Errorf("a dry run made %d moves", st.Moves)
		}
	})

	t.Run("play", func(t *testing.T) {
		seed := uint64(31)
		if _, err := d.New(game.Spec{Mode: game.ModeChallenge, Seed: &seed}); err != nil {
			t.Fatal(err)
		}
		var out, errOut strings.Builder
		if st := run([]string{"play", "-json", "-calibration", cal, "-settle", slowSettle, "-not-taken", slowNotTaken}, &out, &errOut); st != exitOK {
			t.Fatalf("exit %d: %s", st, errOut.String())
		}
		var rep playLine
		if err := json.Unmarshal([]byte(strings.TrimSpace(out.String())), &rep); err != nil {
			t.Fatalf("-json printed %q: %v", out.String(), err)
		}
		// The page sends a drop to the server behind the picture the bot
		// saw solved: wait for the game to have it.
		var st game.State
		err := desktop.WaitFor(desktop.Patience, 20*time.Millisecond, "the game to say solved", func() (bool, error) {
			var err error
			st, err = d.State()
			return err == nil && (!rep.Solved || st.Solved), err
		})
		if err != nil {
			t.Log(err)
		}
		if !rep.Solved || !st.Solved || rep.Size != 6 || rep.Drags != st.Moves || (!rep.Early && rep.Drags != rep.Planned) {
			t.Errorf("report %+v; the game: solved %v, %d moves", rep, st.Solved, st.Moves)
		}
		if !strings.Contains(errOut.String(), "size-6 board solved") {
			t.Errorf("no summary on stderr:\n%s", errOut.String())
		}
		t.Log(strings.TrimSpace(errOut.String()))
	})

	t.Run("watch two boards", func(t *testing.T) {
		if _, err := d.New(game.Spec{Mode: game.ModeLevel, Level: 5}); err != nil {
			t.Fatal(err)
		}
		next := make(chan error, 1)
		go func() {
			// When the first board is solved and its panel shows, the
			// user asks for the next one.
			err := desktop.WaitFor(5*time.Minute, 20*time.Millisecond, "the first board solved and its panel shown", func() (bool, error) {
				st, err := d.State()
				if err != nil {
					return false, err
				}
				if st.Layout == nil {
					return false, nil
				}
				_, panel := st.Layout.Controls["solved"]
				return st.Solved && panel && st.Level == 5, nil
			})
			if err == nil {
				_, err = d.New(game.Spec{Mode: game.ModeLevel, Level: 6})
			}
			next <- err
		}()
		var out, errOut strings.Builder
		if st := run([]string{"play", "-watch", "-boards", "2", "-json", "-calibration", cal, "-settle", slowSettle, "-not-taken", slowNotTaken}, &out, &errOut); st != exitOK {
			t.Fatalf("exit %d: %s", st, errOut.String())
		}
		if err := <-next; err != nil {
			t.Fatal(err)
		}
		st, err := d.State()
		if err != nil {
			t.Fatal(err)
		}
		if st.Level != 6 || !st.Solved {
			t.Errorf("level %d solved %v, want level 6 solved", st.Level, st.Solved)
		}
		if n := strings.Count(strings.TrimSpace(out.String()), "\n") + 1; n != 2 {
			t.Errorf("%d JSON reports, want 2:\n%s", n, out.String())
		}
	})

	t.Run("signal during a drag", func(t *testing.T) {
		for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGTERM} {
			signalDuringDrag(t, d, cal, sig)
		}
	})

	t.Run("bad input", func(t *testing.T) {
		t.Setenv("XDG_CONFIG_HOME", t.TempDir())
		t.Setenv("HOME", t.TempDir())
		var out, errOut strings.Builder
		if st := run([]string{"play"}, &out, &errOut); st != exitFailed || !strings.Contains(errOut.String(), "calibrate") {
			t.Errorf("without a calibration: exit %d, %q; want 2 and a hint to calibrate", st, errOut.String())
		}
		errOut.Reset()
		if st := run([]string{"play", "-boards", "3", "-calibration", cal}, &out, &errOut); st != exitUsage {
			t.Errorf("-boards without -watch: exit %d, want 2", st)
		}
	})
}

// signalDuringDrag starts `hexiom play` with slow drags (15 steps, 20 ms
// apart), sends sig once the X server holds button 1 down (a drag under
// way), and checks hexiom exits by itself with the button up (issue 42:
// SIGHUP, which closing the terminal sends, and SIGQUIT killed it with the
// XTest press held, and the user's next move dragged whatever was under the
// pointer).
func signalDuringDrag(t *testing.T, d *desk.Desk, cal string, sig syscall.Signal) {
	t.Helper()
	seed := uint64(8)
	if _, err := d.New(game.Spec{Mode: game.ModeChallenge, Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "play", "-calibration", cal, "-pace", "20ms", "-steps", "15")
	cmd.Env = append(os.Environ(), "HEXIOM_TEST_AS_MAIN=1", "DISPLAY="+d.X.Display)
	var errOut strings.Builder
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	err := desktop.WaitFor(time.Minute, 2*time.Millisecond, "a drag to press button 1", func() (bool, error) {
		b, err := xconn.ButtonsDown(d.X.Display)
		return b&1 != 0, err
	})
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("%v: %v; stderr:\n%s", sig, err, errOut.String())
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) && !ee.Exited() {
		t.Errorf("%v during a drag killed hexiom (%v), want it to finish the drag and exit", sig, err)
	}
	if b, err := xconn.ButtonsDown(d.X.Display); err != nil || b != 0 {
		t.Errorf("%v during a drag left buttons %#x down on the X server (%v)", sig, b, err)
		_ = d.Robot.Release() // for the tests after
	}
	t.Logf("%v: %v; stderr ends: %s", sig, err, lastLine(errOut.String()))
}
