//go:build !windows && !darwin

package clicks

// Default is the way to hear clicks on this platform: X RECORD.
const Default = ViaX11

func listenX11(display string) (Listener, error) {
	l, err := ListenRecord(display)
	if err != nil {
		return nil, err
	}
	return l, nil
}
