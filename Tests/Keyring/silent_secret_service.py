"""A Secret Service that never answers, for fauth's keyring tests: it owns org.freedesktop.secrets on the session
bus (DBUS_SESSION_BUS_ADDRESS), prints "ready" once it does, then reads nothing and answers nothing until killed."""
import sys
import time

from jeepney import DBusAddress, new_method_call
from jeepney.io.blocking import open_dbus_connection

connection = open_dbus_connection(bus="SESSION")
bus = DBusAddress("/org/freedesktop/DBus", bus_name="org.freedesktop.DBus", interface="org.freedesktop.DBus")
# Flag 4: DBUS_NAME_FLAG_DO_NOT_QUEUE; the reply's 1 is DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER.
reply = connection.send_and_get_reply(new_method_call(bus, "RequestName", "su", ("org.freedesktop.secrets", 4)))
if reply.body != (1,):
    sys.exit(f"could not own org.freedesktop.secrets: {reply.body}")
print("ready", flush=True)
while True:
    time.sleep(3600)
