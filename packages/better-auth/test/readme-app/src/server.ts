import { betterAuthentication, modelPermissions } from "@viewsets/better-auth";
import { Router } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import { registerRoutes } from "@viewsets/express";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { auth, db, todos } from "./auth.js";

const router = new Router("/api/v1", {
  authentication: betterAuthentication(auth), // the bearer token, then the session cookie
  permissions: [modelPermissions(auth)], // or modelPermissionsOrAnonReadOnly(auth): anyone may read
});
router.register("todos", modelViewSet(db, todos));

const app = express();
app.all("/api/auth/*splat", toNodeHandler(auth)); // better-auth's routes: sign-up, sign-in, sign-out, ...
registerRoutes(router, app);
app.listen(Number(process.env.PORT ?? 3000));
