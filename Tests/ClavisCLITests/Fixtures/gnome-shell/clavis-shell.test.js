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

// Signals, as GObject's connect/disconnect/emit would have them.
class Emitter {
    constructor() {
        this.handlers = new Map();
        this.next = 1;
    }

    connect(name, handler) {
        this.handlers.set(this.next, [name, handler]);
        return this.next++;
    }

    disconnect(id) {
        this.handlers.delete(id);
    }

    emit(name, ...args) {
        let result;
        for (const [signal, handler] of [...this.handlers.values()]) {
            if (signal === name)
                result = handler(this, ...args);
        }
        return result;
    }
}

// The Shell's stage, UI group, Clavis's window actor and the overview.
const stage = new Emitter();
stage.grab = null;
stage.get_grab_actor = () => stage.grab;
const uiGroup = {
    children: [],
    add_child(actor) {
        this.children.push(actor);
    },
    set_child_above_sibling(actor) {
        this.children = this.children.filter(child => child !== actor).concat([actor]);
    },
};
const clavisWindow = new Emitter();
Object.assign(clavisWindow, {
    x: 0, y: 600, width: 1280, height: 200,
    meta_window: {get_role: () => 'clavis-keyboard', showing_on_its_workspace: () => true},
});
const otherWindow = Object.assign(new Emitter(), {meta_window: {get_role: () => null, showing_on_its_workspace: () => true}});
let windowActors = [otherWindow, clavisWindow];
class Clone {
    constructor({source}) {
        this.source = source;
    }

    add_constraint() {}

    get_transformed_position() {
        return [this.source.x, this.source.y];
    }

    get_transformed_size() {
        return [this.source.width, this.source.height];
    }

    destroy() {
        this.destroyed = true;
        uiGroup.children = uiGroup.children.filter(child => child !== this);
    }
}
const EventType = {MOTION: 3, BUTTON_PRESS: 5, BUTTON_RELEASE: 6, KEY_PRESS: 7, TOUCH_BEGIN: 10, TOUCH_UPDATE: 11, TOUCH_END: 12, TOUCH_CANCEL: 13};
function event(type, x, y, {button = 1, sequence = null} = {}) {
    return {
        type: () => type, get_coords: () => [x, y], get_event_sequence: () => sequence,
        get_button: () => {
            // Clutter asserts it is asked of a button's event only.
            check(type === EventType.BUTTON_PRESS || type === EventType.BUTTON_RELEASE, `the button of an event of type ${type}`);
            return button;
        },
    };
}
const touches = [];
const raised = () => uiGroup.children.find(child => child.source === clavisWindow && !child.destroyed);

const events = [];
const device = {notify_keyval: (_time, keyval, state) => events.push(`${state ? '+' : '-'}${keyval.toString(16)}`)};
const timers = new Map();
let nextTimer = 1;
let owned = false, exported = false;
// Clavis's own name on the bus, as the extension watches it.
const clavisName = {watched: false, appeared: null, vanished: null};
const idles = [];
// The Shell's input method (what GNOME's keyboard commits to) and IBus's panel as the Shell hears it.
const inputMethod = {currentFocus: null, committed: [], commit(text) {
    this.committed.push(text);
}};
const ibus = new Emitter();
const shell = {
    Main: {keyboard: {keyboardActor: gnomeKeyboard}, overview: new Emitter(), layoutManager: {uiGroup}, inputMethod},
    Keyboard,
    inputSources: () => sources,
    ibusManager: () => ibus,
    global: {stage, window_manager: new Emitter(), get_window_actors: () => windowActors},
    Clutter: {
        Clone,
        Text: class {
            constructor(purpose) {
                this.input_purpose = purpose;
            }
        },
        InputContentPurpose: {NORMAL: 0, PASSWORD: 8},
        BindConstraint: class {},
        BindCoordinate: {POSITION: 1},
        EventType,
        EVENT_PROPAGATE: false,
        EVENT_STOP: true,
        get_default_backend: () => ({get_default_seat: () => ({create_virtual_device: () => device})}),
        InputDeviceType: {KEYBOARD_DEVICE: 1},
        KeyState: {RELEASED: 0, PRESSED: 1},
        unicode_to_keysym: code => code < 0x100 ? code : 0x1000000 + code,
    },
    Gio: {
        DBus: {session: {call: (_name, _path, _interface, method, parameters) => touches.push(`${method}${JSON.stringify(parameters.deepUnpack())}`)}},
        DBusCallFlags: {NO_AUTO_START: 1},
        DBusExportedObject: {
            wrapJSObject: () => ({
                export: () => (exported = true), unexport: () => (exported = false), emit_property_changed: () => {},
            }),
        },
        BusNameOwnerFlags: {NONE: 0},
        bus_own_name_on_connection: () => (owned = true) && 5,
        bus_unown_name: () => (owned = false),
        BusNameWatcherFlags: {NONE: 0},
        bus_watch_name_on_connection: (_connection, name, _flags, appeared, vanished) => {
            clavisName.watched = true;
            clavisName.appeared = appeared;
            clavisName.vanished = vanished;
            return 6;
        },
        bus_unwatch_name: () => (clavisName.watched = false),
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
        idle_add: (_priority, callback) => idles.push(callback),
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
check(owned && exported && clavisName.watched, 'the bus name owned, the object exported, Clavis watched');
clavisName.appeared();

// GNOME's keyboard stays closed while Clavis is the source, and opens with another one.
gnomeKeyboard.open();
gnomeKeyboard.gestureProgress(10);
check(!gnomeKeyboard.opened && !gnomeKeyboard.dragged, "GNOME's keyboard neither opens nor is dragged up while Clavis types");
// A password field: the Shell switches IBus off (the first layout current, the sources' order backed up, Clavis
// first) and the extension hands the field to Clavis, which types there through Commit; GNOME's keyboard stays closed.
const secureCalls = () => touches.splice(0).filter(call => call.startsWith('SecureFocus'));
ibus.emit('focus-in');
ibus.emit('set-content-type', 8, 0);
check(secureCalls().length === 0, 'nothing handed over while Clavis is still the engine (only IBus sources)');
throws(() => clavis.Commit('p'), 'no text committed for a field IBus still serves');
sources._disableIBus = true;
sources._mruSourcesBackup = [{type: 'ibus', id: 'clavis'}, {type: 'xkb', id: 'us'}];
sources.choose('xkb', 'us');
check(secureCalls().join(' ') === 'SecureFocus[true]', 'the password field handed to Clavis');
check(clavis.Active && clavis.handsOverPassword, 'Clavis is still the input source the user chose');
gnomeKeyboard.open();
check(!gnomeKeyboard.opened, "GNOME's keyboard stays closed for the password Clavis types");
inputMethod.currentFocus = {};
clavis.Commit('pw');
check(inputMethod.committed.join() === 'pw', `a Wayland or Shell field gets the text from the Shell's input method (${inputMethod.committed})`);
inputMethod.currentFocus = null;
clavis.Commit('é');
check(takeEvents() === '+e9 -e9', `an X11 application's field gets the characters' keys (${events})`);
clavis.PressKeys([0xff08]);
check(takeEvents() === '+ff08 -ff08', 'BackSpace pressed on the device for the password');
throws(() => clavis.Commit(''), 'no empty text');
throws(() => clavis.Commit('x'.repeat(5000)), 'no page of text');
// Clavis gone (ended, crashed): GNOME's keyboard may type the password after all.
clavisName.vanished();
gnomeKeyboard.open();
check(gnomeKeyboard.opened, "GNOME's keyboard opens for the password when Clavis is not there to take it");
gnomeKeyboard.opened = false;
clavisName.appeared();
ibus.emit('focus-out');
check(secureCalls().join(' ') === 'SecureFocus[false]', 'the field gone, Clavis told');
throws(() => clavis.Commit('p'), 'no text once the password lost the focus');
ibus.emit('focus-in');
check(secureCalls().join(' ') === 'SecureFocus[true]', 'the password focused again');
// Another field: the Shell puts IBus back, Clavis current again.
sources._disableIBus = false;
sources._mruSourcesBackup = null;
ibus.emit('set-content-type', 0, 0);
sources.choose('ibus', 'clavis');
check(secureCalls().join(' ') === 'SecureFocus[false]', 'a field that is no password: IBus again');
// A password with another input source chosen: GNOME's keyboard, as before.
sources.choose('xkb', 'us');
ibus.emit('set-content-type', 8, 0);
check(secureCalls().length === 0 && !clavis.handsOverPassword, 'nothing handed over with another source chosen');
ibus.emit('set-content-type', 0, 0);
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

// Raised above the Shell's UI only while the Shell holds the input and Clavis shows.
check(!raised(), 'no copy of Clavis without a grab');
stage.grab = stage;
shell.Main.overview.emit('shown');
check(raised() && uiGroup.children[uiGroup.children.length - 1] === raised(), 'a copy of Clavis on top of the overview');
check(stage.emit('captured-event', event(EventType.BUTTON_PRESS, 100, 100)) === false, 'a click above the keyboard stays the Shell\'s');
check(stage.emit('captured-event', event(EventType.BUTTON_PRESS, 100, 650)) === true, 'a click on the keyboard is Clavis\'s');
stage.emit('captured-event', event(EventType.MOTION, 130, 550));
stage.emit('captured-event', event(EventType.BUTTON_RELEASE, 130, 550));
check(stage.emit('captured-event', event(EventType.MOTION, 130, 650)) === false, 'a pointer passing over is not a press');
check(stage.emit('captured-event', event(EventType.BUTTON_PRESS, 100, 650, {button: 3})) === false, 'the right button is not a press');
check(stage.emit('captured-event', event(EventType.KEY_PRESS, 100, 650)) === false, 'keys are not presses');
const finger = {}, thumb = {};
stage.emit('captured-event', event(EventType.TOUCH_BEGIN, 10, 610, {sequence: finger}));
stage.emit('captured-event', event(EventType.TOUCH_BEGIN, 20, 620, {sequence: thumb}));
stage.emit('captured-event', event(EventType.TOUCH_END, 10, 610, {sequence: finger}));
check(touches.join(' ') === 'Touch[0,0,100,50] Touch[0,1,130,-50] Touch[0,2,130,-50] Touch[1,0,10,10] Touch[2,0,20,20] Touch[1,2,10,10]',
    `presses in the window's coordinates, followed outside it, each finger its own id (${touches.join(' ')})`);
touches.length = 0;
sources.choose('xkb', 'us');
check(!raised(), 'no copy with another input source');
check(touches.join(' ') === 'Touch[2,3,0,0]', `the finger still down is cancelled (${touches.join(' ')})`);
touches.length = 0;
sources.choose('ibus', 'clavis');
windowActors = [otherWindow];
stage.emit('notify::key-focus');
check(!raised(), 'no copy once Clavis\'s window is gone');
windowActors = [otherWindow, clavisWindow];
shell.global.window_manager.emit('map', clavisWindow);
idles.splice(0).forEach(callback => callback());
check(raised(), 'a copy again once Clavis\'s window is mapped again');
stage.grab = null;
shell.Main.overview.emit('hidden');
check(!raised(), 'no copy once the overview is gone');

// A dialog's grab: Clutter hands events to the dialog, not the stage.
const dialog = new Emitter();
stage.grab = dialog;
stage.emit('notify::key-focus');
check(raised() && dialog.handlers.size === 1, 'a copy above the dialog, its events watched');
check(dialog.emit('captured-event', event(EventType.BUTTON_PRESS, 5, 605)) === true, 'a click on the keyboard over a dialog is Clavis\'s');
dialog.emit('captured-event', event(EventType.BUTTON_RELEASE, 5, 605));
const handedOver = touches.splice(0).join(' ');
check(handedOver === 'Touch[0,0,5,5] Touch[0,2,5,5]', `the click handed over (${handedOver})`);
stage.grab = null;
stage.emit('notify::key-focus');
check(!raised() && dialog.handlers.size === 0, 'the dialog closed: no copy, nothing watched');
stage.grab = stage;
stage.emit('notify::key-focus');

// Disabled: nothing held, nothing patched, nothing owned.
clavis.PressKeys([0xffe9, 0x66]);
takeEvents();
clavis.disable();
check(takeEvents() === '-ffe9', 'disable lets go of Alt');
check(Keyboard.prototype.open === originalOpen, 'Keyboard.open as it was');
check(!owned && !exported && !clavisName.watched && sources.handlers.size === 0 && ibus.handlers.size === 0,
    'name, watch, object and signals given back');
check(!raised() && stage.handlers.size === 0 && shell.Main.overview.handlers.size === 0, 'no copy and no signal of the stage or overview left');
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
