print("fauth: not built yet")
