# SwiftPM repeats "warning: prohibited flag(s): -pthread, …" for every target that reads GTK's
# pkg-config flags, screens of it on a first build: it drops a flag it does not need (Swift
# links with -pthread anyway), so the scripts leave the line out. Source it, then pipe a
# build through it:
#   swift build 2>&1 | without_pkg_config_notes
without_pkg_config_notes() {
  grep --line-buffered -v '^warning: prohibited flag(s): -pthread' || true
}
