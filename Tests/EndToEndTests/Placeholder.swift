// Placeholder until the EndToEndTests tests land.
