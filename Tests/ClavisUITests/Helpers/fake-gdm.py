#!/usr/bin/python3
"""GDM as far as GNOME Shell's lock screen asks it, for the tests: the display manager's `Version`
on the system bus (the Shell offers a lock screen only when it answers), and re-authentication:
`OpenReauthenticationChannel` gives the address of a private bus where a user verifier asks for
the password of the `gdm-password` service. The answer `unlock` is verified; any other fails.
Each call to the verifier is printed on standard output, with its arguments."""
import os
import sys
from gi.repository import Gio, GLib

MANAGER = """<node><interface name="org.gnome.DisplayManager.Manager">
  <property name="Version" type="s" access="read"/>
  <method name="RegisterSession"><arg name="details" type="a{sv}" direction="in"/></method>
  <method name="OpenReauthenticationChannel"><arg name="username" type="s" direction="in"/>
    <arg name="address" type="s" direction="out"/></method>
</interface></node>"""

VERIFIER = """<node><interface name="org.gnome.DisplayManager.UserVerifier">
  <method name="EnableExtensions"><arg name="extensions" type="as" direction="in"/></method>
  <method name="BeginVerification"><arg name="service_name" type="s" direction="in"/></method>
  <method name="BeginVerificationForUser"><arg name="service_name" type="s" direction="in"/>
    <arg name="username" type="s" direction="in"/></method>
  <method name="AnswerQuery"><arg name="service_name" type="s" direction="in"/>
    <arg name="answer" type="s" direction="in"/></method>
  <method name="Cancel"/>
  <signal name="ConversationStarted"><arg name="service_name" type="s"/></signal>
  <signal name="SecretInfoQuery"><arg name="service_name" type="s"/><arg name="query" type="s"/></signal>
  <signal name="VerificationComplete"><arg name="service_name" type="s"/></signal>
  <signal name="VerificationFailed"><arg name="service_name" type="s"/></signal>
  <signal name="Problem"><arg name="service_name" type="s"/><arg name="problem" type="s"/></signal>
</interface></node>"""
PATH = "/org/gnome/DisplayManager/Session"
verifier = Gio.DBusNodeInfo.new_for_xml(VERIFIER).interfaces[0]


def verify(connection, _sender, _path, _interface, method, parameters, invocation):
    print(method, parameters, flush=True)
    invocation.return_value(None)
    if method == "BeginVerificationForUser" and parameters[0] == "gdm-password":
        connection.emit_signal(None, PATH, verifier.name, "ConversationStarted", GLib.Variant("(s)", ("gdm-password",)))
        connection.emit_signal(None, PATH, verifier.name, "SecretInfoQuery", GLib.Variant("(ss)", ("gdm-password", "Password:")))
    elif method == "AnswerQuery":
        ok = parameters[1] == "unlock"
        connection.emit_signal(None, PATH, verifier.name, "VerificationComplete" if ok else "VerificationFailed",
                               GLib.Variant("(s)", (parameters[0],)))


# The private connections, kept: a connection nothing holds is closed.
clients = []


def connected(_server, connection):
    connection.register_object(PATH, verifier, verify, None, None)
    clients.append(connection)
    return True


server = Gio.DBusServer.new_sync(f"unix:dir={os.environ.get('XDG_RUNTIME_DIR', '/tmp')}", Gio.DBusServerFlags.NONE,
                                 Gio.dbus_generate_guid(), None, None)
server.connect("new-connection", connected)
server.start()


def manage(_connection, _sender, _path, _interface, method, _parameters, invocation):
    if method == "RegisterSession":
        invocation.return_value(None)
    else:
        invocation.return_value(GLib.Variant("(s)", (server.get_client_address(),)))


def get(_connection, _sender, _path, _interface, name):
    return GLib.Variant("s", "43.0") if name == "Version" else None


def acquired(connection, _name):
    node = Gio.DBusNodeInfo.new_for_xml(MANAGER)
    connection.register_object("/org/gnome/DisplayManager/Manager", node.interfaces[0], manage, get, None)
    print("ready", flush=True)


Gio.bus_own_name(Gio.BusType.SYSTEM, "org.gnome.DisplayManager", Gio.BusNameOwnerFlags.NONE, acquired, None,
                 lambda *_: sys.exit(1))
GLib.MainLoop().run()
