#!/usr/bin/python3
"""Pointer and keys for a headless GNOME Shell, through mutter's own RemoteDesktop API on the
session bus (no consent dialog, no device): one session for the whole run, commands read from
standard input, one per line, each answered by `ok` on standard output once mutter took it.

    key KEYSYM          press and release a keysym (a number, e.g. 65307 for Escape)
    move X Y            put the pointer at X, Y of the 1280×800 monitors side by side (pushed
                        into the bottom-right corner first, then moved back: relative motion is
                        exact, absolute motion would need a screen-cast stream)
    click               press and release the left button (answered `ok TIME`, the press's
                        CLOCK_MONOTONIC time, for timing what it caused)
    eval JS             run JavaScript in the shell (--unsafe-mode) and print its result

It prints `ready` once the session has started. MONITORS in the environment says how many
monitors there are (1 unless said)."""
import os
import sys
import time
import gi
from gi.repository import Gio, GLib

MONITORS = int(os.environ.get("MONITORS", "1"))
WIDTH, HEIGHT = 1280 * MONITORS, 800
bus = Gio.bus_get_sync(Gio.BusType.SESSION)

def call(path, interface, method, args=None, dest="org.gnome.Mutter.RemoteDesktop", reply=None):
    return bus.call_sync(dest, path, interface, method, args, reply and GLib.VariantType(reply),
                         Gio.DBusCallFlags.NONE, 5000, None)

session = call("/org/gnome/Mutter/RemoteDesktop", "org.gnome.Mutter.RemoteDesktop", "CreateSession",
               reply="(o)").unpack()[0]
interface = "org.gnome.Mutter.RemoteDesktop.Session"
call(session, interface, "Start")
print("ready", flush=True)

for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "key":
        for pressed in (True, False):
            call(session, interface, "NotifyKeyboardKeysym", GLib.Variant("(ub)", (int(words[1]), pressed)))
        print("ok", flush=True)
    elif words[0] == "move":
        if MONITORS > 1:
            # Relative motion never leaves the monitor it starts on: the seat puts the
            # pointer on the monitor of the corner, then it moves as below.
            call("/org/gnome/Shell", "org.gnome.Shell", "Eval", GLib.Variant("(s)", (
                "imports.gi.Clutter.get_default_backend().get_default_seat().warp_pointer(%d, %d)" % (WIDTH - 1, HEIGHT - 1),)),
                dest="org.gnome.Shell", reply="(bs)")
        call(session, interface, "NotifyPointerMotionRelative", GLib.Variant("(dd)", (4 * WIDTH, 4 * HEIGHT)))
        x, y = float(words[1]), float(words[2])
        call(session, interface, "NotifyPointerMotionRelative", GLib.Variant("(dd)", (x - (WIDTH - 1), y - (HEIGHT - 1))))
        print("ok", flush=True)
    elif words[0] == "click":
        pressed_at = time.monotonic()
        for pressed in (True, False):
            call(session, interface, "NotifyPointerButton", GLib.Variant("(ib)", (272, pressed)))
        print("ok %.6f" % pressed_at, flush=True)
    elif words[0] == "eval":
        result = call("/org/gnome/Shell", "org.gnome.Shell", "Eval", GLib.Variant("(s)", (line[5:].strip(),)),
                      dest="org.gnome.Shell", reply="(bs)").unpack()
        print("ok", result[1] if result[0] else "error " + result[1], flush=True)
    else:
        print("unknown", flush=True)
