#!/usr/bin/python3
"""A GTK 3 window that copies its argument to the clipboard once it has the keyboard focus, as
an application's Copy would, for the clipboard tests: `copy-text.py TEXT`. It prints `copied`
when it has, and stays open (a Wayland clipboard is served by the application that owns it)."""
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk

text = sys.argv[1] if len(sys.argv) > 1 else "copied text"
window = Gtk.Window(title="copier")
entry = Gtk.Entry()
window.add(entry)
done = False

def copy():
    global done
    if not done:
        Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD).set_text(text, -1)
        Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD).store()
        done = True
        print("copied", flush=True)
    return False

def focused(_widget, _event):
    GLib.timeout_add(500, copy)
    return False

entry.connect("focus-in-event", focused)
window.set_default_size(300, 40)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
