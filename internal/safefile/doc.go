// Package safefile reads and writes the files the commands take and make,
// safely: ReadLimited refuses a file larger than its kind ever is before
// reading it, and Write replaces a file through a temporary file beside it
// and a rename, so that a crash never leaves half a file, and removes the
// temporary files a killed save left behind. Replace does the same in a
// directory others may write to: it never writes through a symbolic link
// (or into a device or pipe) at the path, replacing the link itself. Clip
// bounds an error about a file's content, which may quote the file.
package safefile
