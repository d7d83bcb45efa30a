// Serves the library with Express: better-auth under /api/auth, the API under /api/v1, the admin under /admin.
import { registerRoutes } from "@viewsets/express";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { createLibraryAdmin } from "./admin.js";
import { createRouter, libraryViewSets } from "./app.js";
import { createAuth } from "./auth.js";
import { openDatabase } from "./db.js";

const db = openDatabase();
export const auth = createAuth(db);

const app = express();
app.all("/api/auth/*splat", toNodeHandler(auth)); // sign-up, sign-in, sign-out, ...
registerRoutes(createRouter(db, auth), app);
registerRoutes(createLibraryAdmin(db, auth, libraryViewSets(db)), app);
const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`http://localhost:${port}/api/v1/ and http://localhost:${port}/admin/`));
