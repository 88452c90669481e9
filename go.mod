module hexiom

go 1.26
