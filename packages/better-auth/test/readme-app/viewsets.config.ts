import { authCommands } from "@viewsets/better-auth";
import { defineConfig } from "@viewsets/core";
import { auth } from "./src/auth.js";

export default defineConfig({ commands: authCommands(auth) });
