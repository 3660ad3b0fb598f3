// Lets tsc check the UI's .ts modules that import components; the components themselves, and every import of one
// from another, are checked by svelte-check (npm run check), which reads their real props.
declare module "*.svelte" {
  import type { Component } from "svelte";
  const component: Component<Record<string, unknown>>;
  export default component;
}
declare module "*.css";
