// Lets tsc check the UI's .ts modules that import components (components themselves are checked by the compiler).
declare module "*.svelte" {
  import type { Component } from "svelte";
  // biome-ignore lint/suspicious/noExplicitAny: any component's props; each import site narrows them
  const component: Component<any>;
  export default component;
}
declare module "*.css";
