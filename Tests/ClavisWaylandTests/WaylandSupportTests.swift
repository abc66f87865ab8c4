import ClavisWayland
import Testing

@Suite struct WaylandSupportTests {
    @Test func aWlrootsCompositorOffersEverything() {
        let sway = WaylandSupport(interfaces: ["wl_seat", "zwp_input_method_manager_v2", "zwp_virtual_keyboard_manager_v1", "zwlr_layer_shell_v1"])
        #expect(sway.canType && sway.problem == nil)
    }

    @Test func gnomeShellOffersNothingAndTheMessageSaysWhatToUse() throws {
        let mutter = WaylandSupport(interfaces: ["wl_seat", "zwp_text_input_manager_v3", "xdg_wm_base"])
        #expect(!mutter.canType)
        let message = try #require(mutter.problem)
        #expect(message.contains("zwp_input_method_manager_v2") && message.contains("zwp_virtual_keyboard_manager_v1"))
        #expect(message.contains("GNOME") && message.contains("Input Sources") && message.contains("--ibus"))
    }

    @Test func whatIsMissingIsNamedWithWhatItCosts() throws {
        let keysOnly = WaylandSupport(interfaces: ["zwp_virtual_keyboard_manager_v1"])
        #expect(keysOnly.canType)
        let message = try #require(keysOnly.problem)
        #expect(message.contains("input-method v2") && message.contains("key presses"))
        #expect(message.contains("layer-shell"))
        #expect(!message.contains("virtual keyboard ("))
    }
}
