// Lets tsc check the UI's .ts modules that import components (components themselves are checked by the compiler).
declare module "*.svelte" {
  import type { Component } from "svelte";
  const component: Component<any>;
  export default component;
}
declare module "*.css";
