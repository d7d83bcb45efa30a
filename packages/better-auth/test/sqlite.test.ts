import { runApiSuite } from "./api-suite.js";
import { sqliteFixture } from "./fixture.js";

runApiSuite("SQLite", sqliteFixture);
