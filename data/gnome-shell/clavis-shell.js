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
    <!-- Whether Clavis is the input source now: keys are pressed only then. -->
    <property name="Active" type="b" access="read"/>
  </interface>
</node>`;
// A chord is a few modifiers and one key; anything longer is no key of Clavis's.
const CLAVIS_MOST_KEYS = 6;
// How long a chord's modifiers stay down after its key: longer than a key's way through IBus and back.
const CLAVIS_MODIFIERS_HELD_MS = 250;

class ClavisShell {
    /**
     * @param {object} shell what the Shell offers, named once by each entry point: `Main`, `Keyboard` (ui/keyboard.js's
     *   Keyboard class), `inputSources()` (ui/status/keyboard.js's manager), and the `Clutter`, `Gio` and `GLib` modules.
     */
    constructor(shell) {
        this._shell = shell;
        this._patched = [];
        this._held = [];
        this._letGoLater = 0;
    }

    enable() {
        const {Keyboard, Clutter, Gio} = this._shell;
        this._sources = this._shell.inputSources();
        this._sourceChanged = this._sources.connect('current-source-changed', () => this._sourceDidChange());

        // GNOME's keyboard opens through Keyboard.open (a focused entry, the input panel's state, the bottom edge's
        // gesture ends there) and shows part-way while the bottom edge is dragged: both wait while Clavis types.
        const extension = this;
        this._patch(Keyboard.prototype, 'open', original => function (...args) {
            if (extension.active)
                return;
            original.apply(this, args);
        });
        this._patch(Keyboard.prototype, 'gestureProgress', original => function (...args) {
            if (extension.active)
                return;
            original.apply(this, args);
        });

        this._device = Clutter.get_default_backend().get_default_seat()
            .create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
        this._service = Gio.DBusExportedObject.wrapJSObject(CLAVIS_INTERFACE, this);
        this._service.export(Gio.DBus.session, CLAVIS_OBJECT_PATH);
        this._name = Gio.bus_own_name_on_connection(Gio.DBus.session, CLAVIS_BUS_NAME,
            Gio.BusNameOwnerFlags.NONE, null, null);
        this._sourceDidChange();
    }

    disable() {
        const {Gio, GLib} = this._shell;
        if (this._letGoLater)
            GLib.source_remove(this._letGoLater);
        this._letGoLater = 0;
        this._letGo(this._held);
        Gio.bus_unown_name(this._name);
        this._service.unexport();
        this._service = null;
        this._device = null;
        this._sources.disconnect(this._sourceChanged);
        this._sources = null;
        for (const [object, name, original] of this._patched.reverse())
            object[name] = original;
        this._patched = [];
    }

    /** Whether Clavis is the input source now. */
    get Active() {
        return this.active;
    }

    get active() {
        const source = this._sources?.currentSource;
        return !!source && source.type === 'ibus' && source.id === 'clavis';
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
        this._service?.emit_property_changed('Active', new GLib.Variant('b', this.active));
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
