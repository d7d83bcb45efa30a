// How `npx viewsets createsuperuser` (and changepassword, setrole) reach the library's better-auth.
import { authCommands } from "@viewsets/better-auth";
import { defineConfig } from "@viewsets/core";
import { createAuth } from "./src/auth.js";
import { openDatabase } from "./src/db.js";

export default defineConfig({ commands: authCommands(createAuth(openDatabase())) });
