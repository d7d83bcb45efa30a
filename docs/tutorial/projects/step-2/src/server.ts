// Serves the library's API with Express: `npm start`, then http://localhost:3000/api/v1/books/.
import { registerRoutes } from "@viewsets/express";
import express from "express";
import { createRouter } from "./app.js";
import { openDatabase } from "./db.js";

const app = express();
registerRoutes(createRouter(openDatabase()), app);
const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`http://localhost:${port}/api/v1/`));
