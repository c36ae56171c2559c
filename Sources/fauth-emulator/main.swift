print("fauth-emulator: not built yet")
