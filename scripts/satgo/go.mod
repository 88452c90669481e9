module hexiom/scripts/satgo

go 1.26

require (
	github.com/crillab/gophersat v1.4.0
	github.com/go-air/gini v1.0.4
)
