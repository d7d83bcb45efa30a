#!/usr/bin/env node
// The `viewsets-openapi` command (docs/cli.ts once built), a committed file so that installing the workspace never links a missing dist/.
await import("../dist/docs/cli.js");
