// The documentation site's VitePress configuration: the navigation, the sidebars and the checks on links.
import { defineConfig } from "vitepress";

const guides = [
  ["Getting started", "getting-started"],
  ["Models and managers", "models"],
  ["Viewsets and custom actions", "viewsets"],
  ["Serializers", "serializers"],
  ["Routes and the wire format", "routes"],
  ["Filtering, ordering and search", "filtering"],
  ["Pagination", "pagination"],
  ["Authentication and permissions", "authentication"],
  ["Users with better-auth", "users"],
  ["Throttling", "throttling"],
  ["OpenAPI", "openapi"],
  ["The admin", "admin"],
  ["SQLite and PostgreSQL", "databases"],
  ["Migrations", "migrations"],
  ["Deployment", "deployment"],
  ["Developing viewsets", "development"],
] as const;

const tutorial = [
  ["Introduction", ""],
  ["1. Models and migrations", "1-models"],
  ["2. Viewsets and the router", "2-viewsets"],
  ["3. Filters, search and ordering", "3-filters"],
  ["4. Users and permissions", "4-users"],
  ["5. Custom actions and the admin", "5-actions-admin"],
  ["6. OpenAPI and a typed client", "6-openapi-client"],
] as const;

export default defineConfig({
  title: "viewsets",
  description: "A REST framework for TypeScript in the spirit of Django REST Framework.",
  // Every internal link must lead to a page: a dead one fails the build (VitePress's default, kept on purpose).
  // Only the URLs of a server running on your machine (http://localhost:3000/admin/) are not pages of the site.
  ignoreDeadLinks: [/^https?:\/\/localhost[:/]/],
  cleanUrls: true,
  // The tutorial's projects are code, not pages; their files are shown through snippet imports.
  srcExclude: ["tutorial/projects/**", "README.md"],
  themeConfig: {
    nav: [
      { text: "Tutorial", link: "/tutorial/" },
      { text: "Guides", link: "/guides/getting-started" },
      { text: "Coming from DRF", link: "/coming-from-drf" },
      { text: "API reference", link: "/api/" },
      { text: "Admin contract", link: "/reference/admin-contract" },
    ],
    sidebar: {
      "/tutorial/": [
        { text: "Tutorial", items: tutorial.map(([text, page]) => ({ text, link: `/tutorial/${page}` })) },
      ],
      "/guides/": [{ text: "Guides", items: guides.map(([text, page]) => ({ text, link: `/guides/${page}` })) }],
      "/reference/": [
        {
          text: "Reference",
          items: [
            { text: "The admin contract", link: "/reference/admin-contract" },
            { text: "API reference (TypeDoc)", link: "/api/" },
          ],
        },
      ],
    },
    search: { provider: "local" },
    outline: [2, 3],
  },
});
