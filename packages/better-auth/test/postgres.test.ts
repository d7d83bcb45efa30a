import { runApiSuite } from "./api-suite.js";
import { postgresFixture } from "./fixture.js";

runApiSuite("PostgreSQL", postgresFixture);
