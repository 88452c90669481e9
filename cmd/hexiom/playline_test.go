package main

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"hexiom/board"
	"hexiom/play"
)

// A line of `hexiom play -json` is play.Report's own JSON (durations in
// nanoseconds) with whether the board was solved, the error, the board read
// and its solution; it reads back into a play.Report, as bench-play reads
// it.
func TestPlayJSONLine(t *testing.T) {
	start, err := board.Level(10)
	if err != nil {
		t.Fatal(err)
	}
	r := play.Report{Size: 3, Start: start, Planned: 7, Drags: 8, Repairs: 1, Looks: 12, Grabs: 30,
		Capture: 15 * time.Millisecond, Read: 40 * time.Millisecond, Drag: time.Second, Total: 2 * time.Second, Nodes: 99}
	b, err := json.Marshal(newPlayLine(r, nil))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{"size": 3.0, "solved": true, "planned": 7.0, "drags": 8.0, "repairs": 1.0,
		"looks": 12.0, "capture_ns": 15e6, "read_ns": 40e6, "drag_ns": 1e9, "total_ns": 2e9, "nodes": 99.0, "board": start.Format()} {
		if m[k] != want {
			t.Errorf("%s: %v, want %v in %s", k, m[k], want, b)
		}
	}
	for _, k := range []string{"error", "solution", "Start", "Moves", "early"} {
		if _, ok := m[k]; ok {
			t.Errorf("%s in %s", k, b)
		}
	}
	var back play.Report
	if err := json.Unmarshal(b, &back); err != nil || back.Drags != 8 || back.Capture != r.Capture || back.Total != r.Total {
		t.Errorf("read back: %+v, %v", back, err)
	}
	b, _ = json.Marshal(newPlayLine(play.Report{}, errors.New("play: gave up")))
	if err := json.Unmarshal(b, &m); err != nil || m["solved"] != false || m["error"] != "play: gave up" {
		t.Errorf("a failure: %s", b)
	}
}
