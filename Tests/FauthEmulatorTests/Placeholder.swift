// Placeholder until the FauthEmulatorTests tests land.
