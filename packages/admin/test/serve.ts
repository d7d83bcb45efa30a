/** The admin's suites serve it on each framework through the repository's shared test kit. */
export { FRAMEWORKS, type Framework, type Served, serve } from "@viewsets/testkit";
