// GNOME Shell 45 and later load extension.js as an ES module whose default export is the extension.
// scripts/gnome-extension.sh writes extension.js as this header, clavis-shell.js, then the footer below.
import Clutter from 'gi://Clutter';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as KeyboardUI from 'resource:///org/gnome/shell/ui/keyboard.js';
import * as InputSources from 'resource:///org/gnome/shell/ui/status/keyboard.js';
import * as IBusManager from 'resource:///org/gnome/shell/misc/ibusManager.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';
// @clavis-shell@
export default class ClavisExtension extends Extension {
    enable() {
        this._clavis = new ClavisShell({
            Main, Keyboard: KeyboardUI.Keyboard, inputSources: () => InputSources.getInputSourceManager(),
            ibusManager: () => IBusManager.getIBusManager(),
            global, Clutter, Gio, GLib,
        });
        this._clavis.enable();
    }

    disable() {
        this._clavis.disable();
        this._clavis = null;
    }
}
