#!/usr/bin/python3
"""A GTK 3 window of text entries for the IBus tests: `ibus-entries.py PURPOSE...` makes one entry
per purpose (free-form, password, digits, email, … as Gtk.InputPurpose names them; `hidden` is a
free-form entry with its text hidden: GTK 3 keeps IBus away from it under X11, so a password
entry here has the purpose alone).
Return in an entry prints `PURPOSE<TAB>TEXT` on standard output and moves the focus to the next
entry (after the last one the window closes); a focus change prints `focus<TAB>PURPOSE`, and the
input method's preedit `preedit<TAB>TEXT` whenever it changes."""
import sys
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk

purposes = sys.argv[1:] or ["free-form"]
window = Gtk.Window(title="entries")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
window.add(box)
entries = []

def activated(entry, index):
    print(f"{purposes[index]}\t{entry.get_text()}", flush=True)
    if index + 1 < len(entries):
        entries[index + 1].grab_focus()
    else:
        Gtk.main_quit()

for index, purpose in enumerate(purposes):
    entry = Gtk.Entry()
    if purpose == "hidden":
        entry.set_visibility(False)
    if purpose != "hidden":
        entry.set_input_purpose(getattr(Gtk.InputPurpose, purpose.upper().replace("-", "_")))
    entry.connect("activate", activated, index)
    entry.connect("focus-in-event", lambda _w, _e, p=purpose: print(f"focus\t{p}", flush=True) and False)
    entry.connect("preedit-changed", lambda _w, text: print(f"preedit\t{text}", flush=True))
    box.pack_start(entry, False, False, 0)
    entries.append(entry)

window.set_default_size(400, 40 * len(purposes))
window.connect("destroy", Gtk.main_quit)
window.show_all()
window.move(100, 100)
Gtk.main()
