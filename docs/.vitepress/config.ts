import { defineConfig } from "vitepress";
export default defineConfig({ title: "viewsets" });
