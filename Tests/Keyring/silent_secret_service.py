"""A Secret Service that never answers, for fauth's keyring tests: it owns org.freedesktop.secrets on the session
bus (DBUS_SESSION_BUS_ADDRESS), prints "ready" once it does, then answers nothing until killed.

With `--slow SECONDS` it answers what a check of the default collection asks (the service's and the collection's
properties, ReadAlias "default": unlocked), each answer after SECONDS, and never answers anything else (opening a
session, searching, storing): a Secret Service that passes the check, then stalls."""
import sys
import time

from jeepney import DBusAddress, MessageType, new_method_return, new_method_call
from jeepney.io.blocking import open_dbus_connection

slow = float(sys.argv[2]) if len(sys.argv) == 3 and sys.argv[1] == "--slow" else None
connection = open_dbus_connection(bus="SESSION")
bus = DBusAddress("/org/freedesktop/DBus", bus_name="org.freedesktop.DBus", interface="org.freedesktop.DBus")
# Flag 4: DBUS_NAME_FLAG_DO_NOT_QUEUE; the reply's 1 is DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER.
reply = connection.send_and_get_reply(new_method_call(bus, "RequestName", "su", ("org.freedesktop.secrets", 4)))
if reply.body != (1,):
    sys.exit(f"could not own org.freedesktop.secrets: {reply.body}")
print("ready", flush=True)
if slow is None:
    while True:
        time.sleep(3600)

collection = "/org/freedesktop/secrets/collection/login"
properties = {
    "org.freedesktop.Secret.Service": {"Collections": ("ao", [collection])},
    "org.freedesktop.Secret.Collection": {
        "Items": ("ao", []), "Label": ("s", "Login"), "Locked": ("b", False), "Created": ("t", 0),
        "Modified": ("t", 0),
    },
}
while True:
    message = connection.receive()
    fields = message.header.fields
    if message.header.message_type != MessageType.method_call:
        continue
    member = fields.get(3)  # HeaderFields.member
    answer = None
    if member == "GetAll" and message.body[0] in properties:
        answer = ("a{sv}", (properties[message.body[0]],))
    elif member == "ReadAlias" and message.body == ("default",):
        answer = ("o", (collection,))
    if answer is not None:
        time.sleep(slow)
        connection.send(new_method_return(message, *answer))
