// Placeholder until the FauthCore sources land; removed with the first real file.
