import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webappDir = fileURLToPath(new URL(".", import.meta.url));
const apiUrl = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  root: webappDir,
  plugins: [react()],
  resolve: {
    alias: { "@domain": fileURLToPath(new URL("../server/domain", import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // The server owns /assets/ (product images, documents), so the bundle lives under /static/.
    assetsDir: "static",
  },
  server: {
    proxy: {
      "/api": apiUrl,
      "/assets": apiUrl,
    },
  },
});
