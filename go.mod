module hexiom

go 1.26

require (
	github.com/go-vgo/robotgo v1.1.0
	github.com/godbus/dbus/v5 v5.2.2
	github.com/jezek/xgb v1.3.1
	github.com/kbinani/screenshot v0.0.0-20250624051815-089614a94018
	github.com/robotn/gohook v0.42.3
	gocv.io/x/gocv v0.31.0
	golang.org/x/image v0.43.0
	golang.org/x/sys v0.46.0
)

require (
	github.com/dblohm7/wingoes v0.0.0-20260526185140-fb298caac7ca // indirect
	github.com/ebitengine/purego v0.10.1 // indirect
	github.com/gen2brain/shm v0.2.2 // indirect
	github.com/go-ole/go-ole v1.3.0 // indirect
	github.com/jezek/xgbutil v0.0.0-20260124183602-9fd151d6a51a // indirect
	github.com/lufia/plan9stats v0.0.0-20260627054121-477a66015f15 // indirect
	github.com/lxn/win v0.0.0-20210218163916-a377121e959e // indirect
	github.com/otiai10/gosseract/v2 v2.4.1 // indirect
	github.com/power-devops/perfstat v0.0.0-20240221224432-82ca36839d55 // indirect
	github.com/shirou/gopsutil/v4 v4.26.6 // indirect
	github.com/tailscale/win v0.0.0-20260619195133-2d76c33a64c1 // indirect
	github.com/tklauser/go-sysconf v0.4.0 // indirect
	github.com/tklauser/numcpus v0.12.0 // indirect
	github.com/vcaesar/go-wayland v0.40.0 // indirect
	github.com/vcaesar/gops v0.42.0 // indirect
	github.com/vcaesar/imgo v0.42.0 // indirect
	github.com/vcaesar/keycode v0.20.0 // indirect
	github.com/vcaesar/screenshot v0.11.1 // indirect
	github.com/vcaesar/tt v0.30.0 // indirect
	github.com/yusufpapurcu/wmi v1.2.4 // indirect
	golang.org/x/exp v0.0.0-20260611194520-c48552f49976 // indirect
	golang.org/x/text v0.38.0 // indirect
)
