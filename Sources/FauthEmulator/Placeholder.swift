// Placeholder until the FauthEmulator sources land; removed with the first real file.
