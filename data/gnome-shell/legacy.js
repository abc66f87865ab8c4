// GNOME Shell 43 and 44 load extension.js as a script with `imports.*` and init()/enable()/disable().
// scripts/gnome-extension.sh writes extension.js as this header, clavis-shell.js, then the footer below.
/* exported init */
const {Clutter, Gio, GLib} = imports.gi;
const Main = imports.ui.main;
const KeyboardUI = imports.ui.keyboard;
const InputSources = imports.ui.status.keyboard;
const IBusManager = imports.misc.ibusManager;
// @clavis-shell@
function init() {
    return new ClavisShell({
        Main, Keyboard: KeyboardUI.Keyboard, inputSources: () => InputSources.getInputSourceManager(),
        ibusManager: () => IBusManager.getIBusManager(),
        global, Clutter, Gio, GLib,
    });
}
