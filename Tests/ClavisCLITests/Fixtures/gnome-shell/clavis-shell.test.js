// The GNOME Shell extension's body (data/gnome-shell/clavis-shell.js) under gjs with fakes of the Shell:
//   gjs clavis-shell.test.js PATH/TO/clavis-shell.js
// Prints one line per check that failed and exits 1 if any did (GnomeShellScriptTests runs it).
const {GLib} = imports.gi;

const [, bytes] = GLib.file_get_contents(ARGV[0]);
// eslint-disable-next-line no-new-func
const ClavisShell = new Function(`${new TextDecoder().decode(bytes)}\nreturn ClavisShell;`)();

let failures = 0;
function check(condition, what) {
    if (!condition) {
        print(`FAILED: ${what}`);
        failures++;
    }
}
function throws(action, what) {
    try {
        action();
    } catch (error) {
        return;
    }
    check(false, what);
}

// GNOME's keyboard, as far as the extension touches it.
class Keyboard {
    open() {
        this.opened = true;
    }

    gestureProgress() {
        this.dragged = true;
    }

    close() {
        this.closed = true;
    }

    get visible() {
        return !!this.opened && !this.closed;
    }
}
const originalOpen = Keyboard.prototype.open;
const gnomeKeyboard = new Keyboard();

const sources = {
    currentSource: {type: 'ibus', id: 'clavis'},
    handlers: new Map(),
    connect(name, handler) {
        this.handlers.set(1, handler);
        return 1;
    },
    disconnect(id) {
        this.handlers.delete(id);
    },
    choose(type, id) {
        this.currentSource = {type, id};
        this.handlers.forEach(handler => handler());
    },
};

const events = [];
const device = {notify_keyval: (_time, keyval, state) => events.push(`${state ? '+' : '-'}${keyval.toString(16)}`)};
const timers = new Map();
let nextTimer = 1;
let owned = false, exported = false;
const shell = {
    Main: {keyboard: {keyboardActor: gnomeKeyboard}},
    Keyboard,
    inputSources: () => sources,
    Clutter: {
        get_default_backend: () => ({get_default_seat: () => ({create_virtual_device: () => device})}),
        InputDeviceType: {KEYBOARD_DEVICE: 1},
        KeyState: {RELEASED: 0, PRESSED: 1},
    },
    Gio: {
        DBus: {session: {}},
        DBusExportedObject: {
            wrapJSObject: () => ({
                export: () => (exported = true), unexport: () => (exported = false), emit_property_changed: () => {},
            }),
        },
        BusNameOwnerFlags: {NONE: 0},
        bus_own_name_on_connection: () => (owned = true) && 5,
        bus_unown_name: () => (owned = false),
    },
    GLib: {
        PRIORITY_DEFAULT: 0,
        SOURCE_REMOVE: false,
        Variant: GLib.Variant,
        get_monotonic_time: () => 1,
        timeout_add: (_priority, _ms, callback) => {
            timers.set(nextTimer, callback);
            return nextTimer++;
        },
        source_remove: id => timers.delete(id),
    },
};
function runTimers() {
    const due = [...timers.values()];
    timers.clear();
    due.forEach(callback => callback());
}
function takeEvents() {
    return events.splice(0).join(' ');
}

const clavis = new ClavisShell(shell);
clavis.enable();
check(owned && exported, 'the bus name owned and the object exported');

// GNOME's keyboard stays closed while Clavis is the source, and opens with another one.
gnomeKeyboard.open();
gnomeKeyboard.gestureProgress(10);
check(!gnomeKeyboard.opened && !gnomeKeyboard.dragged, "GNOME's keyboard neither opens nor is dragged up while Clavis types");
sources.choose('xkb', 'us');
gnomeKeyboard.open();
check(gnomeKeyboard.opened, "GNOME's keyboard opens with another input source");
throws(() => clavis.PressKeys([0x61]), 'no keys pressed while Clavis is not the source');
sources.choose('ibus', 'clavis');
check(gnomeKeyboard.closed, "GNOME's keyboard closed when Clavis is chosen again");

// A chord: the modifier held a moment after its key, kept for the next chord that holds it too.
clavis.PressKeys([0xffe3, 0x61]);
check(takeEvents() === '+ffe3 +61 -61', `Ctrl+A presses Control, then a (${events})`);
clavis.PressKeys([0xffe3, 0x63]);
check(takeEvents() === '+63 -63', 'Ctrl+C right after keeps Control down');
runTimers();
check(takeEvents() === '-ffe3', 'Control let go a moment later');
clavis.PressKeys([0xffe3, 0xffe1, 0xff51]);
clavis.PressKeys([0xff0d]);
check(takeEvents() === '+ffe3 +ffe1 +ff51 -ff51 -ffe1 -ffe3 +ff0d -ff0d',
    'a plain key first lets go of the modifiers still held, the last first');
check(timers.size === 0, 'no timer for a key without modifiers');

// What the bus may send is checked.
throws(() => clavis.PressKeys([]), 'no keys refused');
throws(() => clavis.PressKeys([1, 2, 3, 4, 5, 6, 7]), 'seven keys refused');
throws(() => clavis.PressKeys('a'), 'a string refused');
check(events.length === 0, 'nothing pressed for refused calls');

// Disabled: nothing held, nothing patched, nothing owned.
clavis.PressKeys([0xffe9, 0x66]);
takeEvents();
clavis.disable();
check(takeEvents() === '-ffe9', 'disable lets go of Alt');
check(Keyboard.prototype.open === originalOpen, 'Keyboard.open as it was');
check(!owned && !exported && sources.handlers.size === 0, 'name, object and signal given back');
const again = new Keyboard();
again.open();
check(again.opened, "GNOME's keyboard opens after disable");

// Enabled again (the Shell disables extensions on the lock screen and enables them after).
clavis.enable();
again.opened = false;
again.open();
check(!again.opened && owned, 'enabled again, it works again');
clavis.disable();

if (failures > 0)
    imports.system.exit(1);
print('ok');
