import type { VitePluginConfig } from "@remix-run/dev";

declare const config: VitePluginConfig;
export default config;
