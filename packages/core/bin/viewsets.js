#!/usr/bin/env node
// The `viewsets` command (cli/main.ts once built), a committed file so that installing the workspace never links a missing dist/.
await import("../dist/cli/main.js");
