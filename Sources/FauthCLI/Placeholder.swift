// Placeholder until the FauthCLI sources land; removed with the first real file.
