/// The Firebase-compatible emulator is what `fauth-emulator` serves.
extension AuthEmulator: EmulatorBackend {}
