// Placeholder until the FauthJSON sources land; removed with the first real file.
