// Clavis in GNOME Shell: the part of Clavis that has to live inside the Shell.
//
// This file is the extension's body, shared by both forms GNOME loads: scripts/gnome-extension.sh puts it between
// legacy.js's header and footer (GNOME 43 and 44: `imports.*`, init/enable/disable) or module.js's (GNOME 45 and
// later: ES modules), so it names no module itself: everything it needs comes in `shell`.
//
// While Clavis is the input source (Settings → Keyboard → Input Sources), it
//   1. keeps GNOME's own keyboard closed, in touch mode and with the accessibility switch alike, so a touchscreen
//      shows one keyboard, not two; with another input source, or the extension off, GNOME's keyboard is back as it
//      was (nothing stays patched after disable());
//   2. presses Clavis's keys that are not text on a virtual keyboard device in the Shell's seat, as GNOME's own
//      keyboard does: its modifiers are the seat's, so Ctrl+A reaches a Wayland application as Ctrl+A (a key an IBus
//      engine forwards reaches it with the seat's modifiers, which a forwarded Control never changes). Clavis calls
//      `PressKeys` on the session bus name `io.github.clavis.Shell` when it is there, IBus's forwarding otherwise.
//      Text keeps going through IBus (preedit, surrounding text, content types).
//   3. shows Clavis above the Shell's own UI while the Shell holds the input (the overview and its search, the run
//      dialog, password dialogs: no click reaches an application's window then) and hands the presses over it to
//      Clavis (`Touch` on `io.github.clavis.Keyboard`), which types into the Shell's field through IBus as into any.
//   4. hands Clavis the password fields GNOME takes from IBus: on a password field the Shell switches IBus off (to the
//      first keyboard layout among the input sources), so no engine sees it and GNOME's keyboard would be the one to
//      type there. The extension tells Clavis instead (`SecureFocus(true)` on `io.github.clavis.Keyboard`), Clavis shows
//      its secure keyboard and its text comes back in `Commit`, which types it into the field as GNOME's keyboard
//      does (`Main.inputMethod.commit`: the Shell's own entries and Wayland applications; an X11 application's field
//      gets the characters as key presses); its other keys come through `PressKeys` as always.
//
// Example (what Clavis sends for Ctrl+A):
//     gdbus call --session --dest io.github.clavis.Shell --object-path /io/github/clavis/Shell \
//       --method io.github.clavis.Shell.PressKeys "[0xffe3, 0x61]"

const CLAVIS_BUS_NAME = 'io.github.clavis.Shell';
const CLAVIS_OBJECT_PATH = '/io/github/clavis/Shell';
const CLAVIS_INTERFACE = `<node>
  <interface name="io.github.clavis.Shell">
    <!-- Presses a chord: modifiers held (a moment longer than the key), then the key, the last. -->
    <method name="PressKeys"><arg name="keyvals" type="au" direction="in"/></method>
    <!-- Types text into the password field the Shell handed Clavis (SecureFocus), and nowhere else. -->
    <method name="Commit"><arg name="text" type="s" direction="in"/></method>
    <!-- Whether Clavis is the input source (IBus switched off for a password field included): keys are pressed only then. -->
    <property name="Active" type="b" access="read"/>
  </interface>
</node>`;
// Clavis's keyboard window says so in its role (WM_WINDOW_ROLE).
const CLAVIS_WINDOW_ROLE = 'clavis-keyboard';
const CLAVIS_KEYBOARD_NAME = 'io.github.clavis.Keyboard';
const CLAVIS_KEYBOARD_PATH = '/io/github/clavis/Keyboard';
const CLAVIS_IBUS_PASSWORD_PURPOSE = 8;
// What one Commit may type: a password, a pasted line; more is no key of Clavis's.
const CLAVIS_MOST_TEXT = 4096;
// A chord is a few modifiers and one key; anything longer is no key of Clavis's.
const CLAVIS_MOST_KEYS = 6;
// How long a chord's modifiers stay down after its key: longer than a key's way through IBus and back.
const CLAVIS_MODIFIERS_HELD_MS = 250;

/** Whether an input source is Clavis. */
function isClavis(source) {
    return !!source && source.type === 'ibus' && source.id === 'clavis';
}

class ClavisShell {
    /**
     * @param {object} shell what the Shell offers, named once by each entry point: `Main`, `Keyboard` (ui/keyboard.js's
     *   Keyboard class), `inputSources()` (ui/status/keyboard.js's manager), `ibusManager()` (misc/ibusManager.js's),
     *   `global` (the Shell's), and the `Clutter`, `Gio` and `GLib` modules.
     */
    constructor(shell) {
        this._shell = shell;
        this._patched = [];
        this._held = [];
        this._letGoLater = 0;
        this._clone = null;
        this._touches = new Map();
        this._raiseSignals = [];
        this._grab = null;
        this._grabSignal = 0;
        this._ibusFocused = false;
        this._ibusPurpose = 0;
        this._secure = false;
        this._ibusSignals = [];
        this._clavisRuns = false;
    }

    enable() {
        const {Keyboard, Clutter, Gio} = this._shell;
        this._sources = this._shell.inputSources();
        this._sourceChanged = this._sources.connect('current-source-changed', () => this._sourceDidChange());

        // GNOME's keyboard opens through Keyboard.open (a focused entry, the input panel's state, the bottom edge's
        // gesture ends there) and shows part-way while the bottom edge is dragged: both wait while Clavis types.
        const extension = this;
        this._patch(Keyboard.prototype, 'open', original => function (...args) {
            if (extension.servesTheFocus)
                return;
            original.apply(this, args);
        });
        this._patch(Keyboard.prototype, 'gestureProgress', original => function (...args) {
            if (extension.servesTheFocus)
                return;
            original.apply(this, args);
        });

        this._device = Clutter.get_default_backend().get_default_seat()
            .create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
        this._service = Gio.DBusExportedObject.wrapJSObject(CLAVIS_INTERFACE, this);
        this._service.export(Gio.DBus.session, CLAVIS_OBJECT_PATH);
        this._name = Gio.bus_own_name_on_connection(Gio.DBus.session, CLAVIS_BUS_NAME,
            Gio.BusNameOwnerFlags.NONE, null, null);
        // Whether Clavis is there to take a password handed over (it owns its name while it runs).
        this._clavisWatch = Gio.bus_watch_name_on_connection(Gio.DBus.session, CLAVIS_KEYBOARD_NAME,
            Gio.BusNameWatcherFlags.NONE, () => (this._clavisRuns = true), () => (this._clavisRuns = false));
        this._sourceDidChange();

        // Which field has the focus, and whether it is a password, as IBus's panel hears it: for the Shell's entries and
        // every application's field alike, also while the Shell has switched IBus off for a password.
        const ibus = this._shell.ibusManager();
        this._ibusSignals = [
            [ibus, ibus.connect('focus-in', () => this._ibusFocusDidChange(true))],
            [ibus, ibus.connect('focus-out', () => this._ibusFocusDidChange(false))],
            [ibus, ibus.connect('set-content-type', (_manager, purpose) => this._ibusPurposeDidChange(purpose))],
        ];

        // Clavis above the Shell's UI while the Shell holds the input.
        const {global, Main} = this._shell;
        this._raiseSignals = [
            [global.stage, global.stage.connect('notify::key-focus', () => this._syncRaised())],
            // Clavis's window comes and goes with the fields (it is mapped again each time).
            [global.window_manager, global.window_manager.connect('map', () => this._syncRaisedSoon())],
            [Main.overview, Main.overview.connect('shown', () => this._syncRaised())],
            [Main.overview, Main.overview.connect('hidden', () => this._syncRaised())],
            [global.stage, global.stage.connect('captured-event', (_stage, event) => this._capturedEvent(event))],
        ];
        this._syncRaised();
    }

    disable() {
        for (const [object, id] of [...this._raiseSignals, ...this._ibusSignals])
            object.disconnect(id);
        this._raiseSignals = [];
        this._ibusSignals = [];
        this._ibusFocused = false;
        this._syncSecure();
        this._lower();
        const {Gio, GLib} = this._shell;
        if (this._letGoLater)
            GLib.source_remove(this._letGoLater);
        this._letGoLater = 0;
        this._letGo(this._held);
        Gio.bus_unown_name(this._name);
        Gio.bus_unwatch_name(this._clavisWatch);
        this._clavisRuns = false;
        this._service.unexport();
        this._service = null;
        this._device = null;
        this._sources.disconnect(this._sourceChanged);
        this._sources = null;
        for (const [object, name, original] of this._patched.reverse())
            object[name] = original;
        this._patched = [];
    }

    /** Whether Clavis is the input source, IBus switched off for a password field included. */
    get Active() {
        return this.active;
    }

    /**
     * Whether Clavis is the input source the user chose: the current one, or the one the Shell put aside while a
     * password field has the focus (it then makes the first keyboard layout current and backs up the sources' order,
     * Clavis first, to put back when the focus leaves the password).
     */
    get active() {
        const sources = this._sources;
        return isClavis(sources?.currentSource) || (!!sources?._disableIBus && isClavis(sources._mruSourcesBackup?.[0]));
    }

    /**
     * Whether Clavis types into the focused field, so GNOME's keyboard stays closed: Clavis is the input source, and
     * for a password handed over, Clavis runs to take it (otherwise GNOME's keyboard is the one that can type there).
     */
    get servesTheFocus() {
        return this.active && (!this.handsOverPassword || this._clavisRuns);
    }

    /**
     * Whether the focused field is a password the Shell has taken from IBus while Clavis is the input source: Clavis
     * types there through `Commit` and `PressKeys`.
     */
    get handsOverPassword() {
        return this.active && !isClavis(this._sources?.currentSource) && this._ibusFocused &&
            this._ibusPurpose === CLAVIS_IBUS_PASSWORD_PURPOSE;
    }

    /**
     * Types `text` into the password field handed over to Clavis: into the Shell's own entry or a Wayland
     * application's field through the Shell's input method, as GNOME's keyboard types; into an X11 application's
     * field (which has no input method then) as the characters' keys on the Shell's keyboard device.
     * @param {string} text what the user typed, e.g. "p"
     */
    Commit(text) {
        if (!this._secure)
            throw new Error('Clavis was handed no password field');
        if (typeof text !== 'string' || text.length === 0 || text.length > CLAVIS_MOST_TEXT)
            throw new Error(`Commit takes 1 to ${CLAVIS_MOST_TEXT} characters`);
        const {Main, Clutter} = this._shell;
        if (Main.inputMethod.currentFocus) {
            Main.inputMethod.commit(text);
            return;
        }
        for (const character of text) {
            const keyval = Clutter.unicode_to_keysym(character.codePointAt(0));
            this._notify(keyval, Clutter.KeyState.PRESSED);
            this._notify(keyval, Clutter.KeyState.RELEASED);
        }
    }

    _ibusFocusDidChange(focused) {
        this._ibusFocused = focused;
        this._syncSecure();
    }

    _ibusPurposeDidChange(purpose) {
        this._ibusPurpose = purpose;
        this._syncSecure();
    }

    /** Tells Clavis when a password field is handed over to it, and when it is no more. */
    _syncSecure() {
        const secure = this.handsOverPassword;
        if (secure === this._secure)
            return;
        this._secure = secure;
        const {Gio, GLib} = this._shell;
        Gio.DBus.session.call(CLAVIS_KEYBOARD_NAME, CLAVIS_KEYBOARD_PATH, CLAVIS_KEYBOARD_NAME, 'SecureFocus',
            new GLib.Variant('(b)', [secure]), null, Gio.DBusCallFlags.NO_AUTO_START, 1000, null, null);
    }

    /**
     * Presses `keyvals` on the Shell's virtual keyboard: all but the last are modifiers, held while the last goes down
     * and up. The modifiers are let go a moment later (or at the next chord that does not hold them): a key passes
     * through IBus on its way to a Wayland application, and mutter gives it the seat's modifiers as they are when IBus
     * hands it back, so a Control let go at once would be gone by then.
     * @param {number[]} keyvals keysyms, e.g. [0xffe3, 0x61] for Ctrl+A
     */
    PressKeys(keyvals) {
        if (!this.active)
            throw new Error('Clavis is not the input source');
        if (!Array.isArray(keyvals) || keyvals.length === 0 || keyvals.length > CLAVIS_MOST_KEYS)
            throw new Error(`PressKeys takes 1 to ${CLAVIS_MOST_KEYS} keys, not ${keyvals?.length}`);
        const {Clutter, GLib} = this._shell;
        const modifiers = keyvals.slice(0, -1);
        const key = keyvals[keyvals.length - 1];
        this._letGo(this._held.filter(held => !modifiers.includes(held)));
        for (const modifier of modifiers.filter(modifier => !this._held.includes(modifier)))
            this._notify(modifier, Clutter.KeyState.PRESSED);
        this._held = modifiers;
        this._notify(key, Clutter.KeyState.PRESSED);
        this._notify(key, Clutter.KeyState.RELEASED);
        if (this._letGoLater)
            GLib.source_remove(this._letGoLater);
        this._letGoLater = 0;
        if (modifiers.length > 0) {
            this._letGoLater = GLib.timeout_add(GLib.PRIORITY_DEFAULT, CLAVIS_MODIFIERS_HELD_MS, () => {
                this._letGoLater = 0;
                this._letGo(this._held);
                return GLib.SOURCE_REMOVE;
            });
        }
    }

    _letGo(modifiers) {
        const {Clutter} = this._shell;
        for (const modifier of [...modifiers].reverse())
            this._notify(modifier, Clutter.KeyState.RELEASED);
        this._held = this._held.filter(held => !modifiers.includes(held));
    }

    _notify(keyval, state) {
        // mutter wants the time in microseconds of the monotonic clock, as events from devices have it.
        this._device.notify_keyval(this._shell.GLib.get_monotonic_time(), keyval, state);
    }

    _sourceDidChange() {
        const {Main, GLib} = this._shell;
        if (this.active)
            this._closeGnomeKeyboard(Main.keyboard.keyboardActor);
        if (this._raiseSignals.length > 0)
            this._syncRaised();
        this._service?.emit_property_changed('Active', new GLib.Variant('b', this.active));
        if (this._ibusSignals.length > 0)
            this._syncSecure();
    }

    /** Clavis's keyboard window's actor while it is on screen, or null. */
    _clavisActor() {
        return this._shell.global.get_window_actors().find(actor =>
            actor.meta_window?.get_role() === CLAVIS_WINDOW_ROLE && actor.meta_window.showing_on_its_workspace()) ?? null;
    }

    /**
     * While the Shell holds the input (a grab on its stage: the overview, a modal dialog) and Clavis shows, a clone of
     * Clavis's window goes on top of the Shell's UI, where its window would be, following it; otherwise there is none.
     */
    _syncRaised() {
        const {global, Main, Clutter} = this._shell;
        const actor = this.active && global.stage.get_grab_actor() !== null ? this._clavisActor() : null;
        if (!actor) {
            this._lower();
            return;
        }
        if (this._clone?.source !== actor) {
            this._lower();
            this._clone = new Clutter.Clone({source: actor, reactive: false});
            this._clone.add_constraint(new Clutter.BindConstraint({source: actor, coordinate: Clutter.BindCoordinate.POSITION}));
            this._cloneSignals = [actor.connect('destroy', () => this._lower())];
            Main.layoutManager.uiGroup.add_child(this._clone);
        }
        Main.layoutManager.uiGroup.set_child_above_sibling(this._clone, null);
        // Under a grab Clutter hands events only to the grab actor and what it holds: a dialog's grab keeps them
        // from the stage, so the presses are caught where they go.
        const grab = global.stage.get_grab_actor();
        if (grab !== this._grab) {
            this._releaseGrab();
            if (grab !== global.stage) {
                this._grab = grab;
                this._grabSignal = grab.connect('captured-event', (_actor, event) => this._capturedEvent(event));
            }
        }
    }

    _releaseGrab() {
        if (this._grab)
            this._grab.disconnect(this._grabSignal);
        this._grab = null;
        this._grabSignal = 0;
    }

    _syncRaisedSoon() {
        const {GLib} = this._shell;
        GLib.idle_add(GLib.PRIORITY_DEFAULT, () => {
            if (this._raiseSignals.length > 0)
                this._syncRaised();
            return GLib.SOURCE_REMOVE;
        });
    }

    _lower() {
        for (const [, sequence] of this._touches)
            this._touch(sequence.id, 3, 0, 0);
        this._touches.clear();
        this._releaseGrab();
        if (!this._clone)
            return;
        const source = this._clone.source;
        for (const id of this._cloneSignals)
            source?.disconnect(id);
        this._clone.destroy();
        this._clone = null;
    }

    /**
     * Presses, moves and releases over the raised keyboard go to Clavis (in its window's coordinates) and no further;
     * a press that began there is followed until it ends, wherever it goes.
     * @returns {boolean} Clutter.EVENT_STOP for events Clavis takes
     */
    _capturedEvent(event) {
        const {Clutter} = this._shell;
        const type = event.type();
        const kinds = {
            [Clutter.EventType.BUTTON_PRESS]: 0, [Clutter.EventType.TOUCH_BEGIN]: 0,
            [Clutter.EventType.MOTION]: 1, [Clutter.EventType.TOUCH_UPDATE]: 1,
            [Clutter.EventType.BUTTON_RELEASE]: 2, [Clutter.EventType.TOUCH_END]: 2,
            [Clutter.EventType.TOUCH_CANCEL]: 3,
        };
        const phase = kinds[type];
        if (phase === undefined)
            return Clutter.EVENT_PROPAGATE;
        const isButton = type === Clutter.EventType.BUTTON_PRESS || type === Clutter.EventType.BUTTON_RELEASE;
        const isTouch = !isButton && type !== Clutter.EventType.MOTION;
        if (isButton && event.get_button() > 1)
            return Clutter.EVENT_PROPAGATE;
        const key = isTouch ? event.get_event_sequence() : 'pointer';
        const [x, y] = event.get_coords();
        let sequence = this._touches.get(key);
        if (phase === 0) {
            if (!this._clone || !this._contains(x, y))
                return Clutter.EVENT_PROPAGATE;
            sequence = {id: isTouch ? this._nextTouchId() : 0};
            this._touches.set(key, sequence);
        } else if (!sequence) {
            return Clutter.EVENT_PROPAGATE;
        }
        if (phase >= 2)
            this._touches.delete(key);
        const [left, top] = this._clone ? this._clone.get_transformed_position() : [0, 0];
        this._touch(sequence.id, phase, x - left, y - top);
        return Clutter.EVENT_STOP;
    }

    _contains(x, y) {
        const [left, top] = this._clone.get_transformed_position();
        const [width, height] = this._clone.get_transformed_size();
        return x >= left && x < left + width && y >= top && y < top + height;
    }

    _nextTouchId() {
        const used = new Set([...this._touches.values()].map(sequence => sequence.id));
        let id = 1;
        while (used.has(id))
            id++;
        return id;
    }

    _touch(id, phase, x, y) {
        const {Gio, GLib} = this._shell;
        Gio.DBus.session.call(CLAVIS_KEYBOARD_NAME, CLAVIS_KEYBOARD_PATH, CLAVIS_KEYBOARD_NAME, 'Touch',
            new GLib.Variant('(uudd)', [id, phase, x, y]), null, Gio.DBusCallFlags.NO_AUTO_START, 1000, null, null);
    }

    _closeGnomeKeyboard(keyboard) {
        if (!keyboard?.visible)
            return;
        try {
            keyboard.close(true);
        } catch (error) {
            // GNOME 43 without ibus-typing-booster's settings schema throws in close() (turning the booster's
            // completion off) after it has stopped asking for the keyboard and before it hides it: hide it then.
            keyboard._close?.();
        }
    }

    _patch(object, name, wrap) {
        const original = object[name];
        this._patched.push([object, name, original]);
        object[name] = wrap(original);
    }
}
