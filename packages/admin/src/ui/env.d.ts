/** esbuild bundles imported stylesheets into app-[hash].css. */
declare module "*.css" {}
